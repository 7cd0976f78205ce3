"""Memory accesses in generated handler code: one method per access style.

A generator writes the memory accesses of its handler templates as objects,
not as text to find again later: `Read(addr, into)` (into None: a dummy read,
made for its bus cycle alone) and `Write(addr, value)`, of a byte or (`word`)
a big-endian word of two bytes at an even address. An access style renders
each one as statements, so that one template serves every handler set:

- "bus" (`Bus`): every access calls the bus's `read(a)` / `write(a, v)`;
- "ram" (`Bus("ram")`): the bus is plain RAM (nothing mapped or watched): accesses
  index `mem`, its bytearray, and what nothing could see (a dummy read, the
  write-back of an unchanged value) is left out;
- "paged" (`Paged`): per page, the tables `reads` and `writes` say whether
  the page is plain RAM (`Bus.direct_pages()`): those pages as "ram", the
  others through the bus. Where the generator knows more (the 6502's zero
  page, stack and code are plain RAM on the buses that take its paged
  handlers; a compiled block knows the pages of its constant addresses),
  `direct` says which accesses surely are, and those index `mem` outright.

`Watched` follows another style's accesses with the core's own watches: the
mask at the address tested after each write and each read (dummy ones too,
which the bus would have seen), the hook called with the value where it is
set; a word is tested once, in the word masks (either byte watched), and
reported byte by byte by the word hooks.

Accesses say what they touch (`space`): the 6502's program bytes at PC
(`FETCH`), its zero page (`ZERO_PAGE`) and stack (`STACK`), or anywhere
(`DATA`: could be a device). A generator that writes reads inside larger
expressions (the 6502's) asks a style for a read's value as a term
(`term`, None where the read needs statements of its own: under the read
watch) and which of an access's parts it uses more than once (`repeated`),
so that it names those first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from . import stmts

FETCH, ZERO_PAGE, STACK, DATA = "fetch", "zp", "stack", "data"


@dataclass(frozen=True)
class Read:
    """A read of `addr` (a name) into `into` (None: a dummy read)."""

    addr: str
    into: str | None = None
    pad: str = ""  # the statement's indentation in its template
    word: bool = False
    space: str = DATA


@dataclass(frozen=True)
class Write:
    """A write of `value` to `addr` (a name). `unchanged`: the value is what
    the address holds (a read-modify-write's write-back of the value it
    read), which a device sees and plain RAM does not."""

    addr: str
    value: str
    pad: str = ""
    word: bool = False
    space: str = DATA
    unchanged: bool = False


Access = Read | Write
Item = str | Read | Write  # a template's statement: text, or a memory access


def indent(items: list[Item], levels: int = 1) -> list[Item]:
    """Template statements one level (or `levels`) deeper."""
    pad = "    " * levels
    return [pad + item if isinstance(item, str) else replace(item, pad=pad + item.pad)
            for item in items]


class Bus:
    """The "bus" style: every access through the bus's `read` and `write`;
    with `mode` "ram", the "ram" style: every access indexes `mem`, and what
    nothing could see is left out."""

    def __init__(self, mode: str = "bus") -> None:
        self.mode = mode

    def plain(self, access: Access) -> bool:
        """Whether the access surely reaches plain RAM (indexes `mem`)."""
        return self.mode == "ram"

    def repeated(self, access: Access) -> frozenset[str]:
        """The parts of the access ("addr", "value") its rendering uses more
        than once: a generator names them first unless they are names."""
        return frozenset()

    def term(self, r: Read) -> str | None:
        """A read's value as a term of a larger expression."""
        value = _ram_value(r) if self.plain(r) else _bus_value(r)
        return f"({value})" if r.word else value

    def read(self, r: Read) -> list[str]:
        if r.into is not None:
            return [f"{r.pad}{r.into} = {_ram_value(r) if self.plain(r) else _bus_value(r)}"]
        return [] if self.plain(r) else [r.pad + call for call in _bus_calls(r)]

    def write(self, w: Write) -> list[str]:
        if self.plain(w):
            return [] if w.unchanged else [w.pad + store for store in _ram_stores(w)]
        return [w.pad + store for store in _bus_stores(w)]


class Paged(Bus):
    """The "paged" style: `reads[page]` / `writes[page]` say where `mem`
    serves; `direct(access)`, where given, the accesses that surely do."""

    def __init__(self, reads: str = "rdir", writes: str = "wdir",
                 direct: Callable[[Access], bool] | None = None) -> None:
        super().__init__("paged")
        self.reads, self.writes = reads, writes
        self.direct = direct

    def plain(self, access: Access) -> bool:
        return self.direct is not None and self.direct(access)

    def repeated(self, access: Access) -> frozenset[str]:
        return frozenset() if self.plain(access) else frozenset(("addr",))

    def term(self, r: Read) -> str | None:
        if self.plain(r):
            return super().term(r)
        return f"({_ram_value(r)} if {self.reads}[{r.addr} >> 8] else {_bus_value(r)})"

    def read(self, r: Read) -> list[str]:
        if self.plain(r):
            return super().read(r)
        page = f"{self.reads}[{r.addr} >> 8]"
        if r.into is not None:
            return [f"{r.pad}{r.into} = {_ram_value(r)} if {page} else {_bus_value(r)}"]
        return [f"{r.pad}if not {page}:", *(f"{r.pad}    {c}" for c in _bus_calls(r))]

    def write(self, w: Write) -> list[str]:
        if self.plain(w):
            return super().write(w)
        page = f"{self.writes}[{w.addr} >> 8]"
        if w.unchanged:
            return [f"{w.pad}if not {page}:", *(f"{w.pad}    {s}" for s in _bus_stores(w))]
        return [f"{w.pad}if {page}:", *(f"{w.pad}    {s}" for s in _ram_stores(w)),
                f"{w.pad}else:", *(f"{w.pad}    {s}" for s in _bus_stores(w))]


MODES = ("bus", "ram", "paged")


def style(mode: str) -> Bus:
    """The access style of a memory mode ("bus", "ram" or "paged")."""
    if mode not in MODES:
        raise ValueError(f"memory mode must be one of {MODES}, not {mode!r}")
    return Paged() if mode == "paged" else Bus(mode)


@dataclass(frozen=True)
class Watch:
    """One watch's names in generated code: its byte mask and hook, and the
    word mask (at an even address: either byte set) and word hook."""

    mask: str
    hook: str
    word_mask: str
    word_hook: str

    def check(self, addr: str, value: str, word: bool, pad: str) -> list[str]:
        mask, hook = (self.word_mask, self.word_hook) if word else (self.mask, self.hook)
        return [f"{pad}if {mask}[{addr}]:", f"{pad}    {hook}({addr}, {value})"]


WRITE_WATCH = Watch("wm", "whook", "wmw", "wword")
READ_WATCH = Watch("rm", "rhook", "rmw", "rword")


class Watched(Bus):
    """Another style's accesses, each followed by the watches' checks:
    `writes` after every write, `reads` after every read. With `masks`
    (the write and the read watch's, as they are when the code is made: a
    compiled block's), a check at a constant address that its mask does
    not cover is left out."""

    def __init__(self, inner: Bus, writes: Watch | None = WRITE_WATCH,
                 reads: Watch | None = None,
                 masks: tuple[bytearray | None, bytearray | None] = (None, None)) -> None:
        super().__init__(inner.mode)
        self.inner, self.writes, self.reads = inner, writes, reads
        self.masks = masks
        self.checked = 0  # the checks rendered so far

    def plain(self, access: Access) -> bool:
        return self.inner.plain(access)

    def repeated(self, access: Access) -> frozenset[str]:
        if not self._checks(access):
            return self.inner.repeated(access)
        return frozenset(("addr", "value")) if isinstance(access, Write) else frozenset(("addr",))

    def _checks(self, access: Access) -> bool:
        """Whether a check follows the access."""
        write = isinstance(access, Write)
        if (self.writes if write else self.reads) is None:
            return False
        mask = self.masks[0 if write else 1]
        return mask is None or _covered(mask, access.addr, access.word)

    def term(self, r: Read) -> str | None:
        return self.inner.term(r) if self.reads is None else None

    def write(self, w: Write) -> list[str]:
        lines = self.inner.write(w)
        if self.writes is not None:  # after the write, as the bus sees it
            lines += self._check(self.writes, self.masks[0], w.addr, w.value, w.word, w.pad)
        return lines

    def read(self, r: Read) -> list[str]:
        watch = self.reads
        if watch is None:
            return self.inner.read(r)
        if r.into is not None:
            return self.inner.read(r) + self.seen(r)
        # A dummy read: the value is the bus's, which a bus watch would have
        # seen (the read itself has no effect on plain RAM).
        if self.inner.plain(r):
            return self.seen(replace(r, into=_ram_value(r)))
        read = Bus().read(replace(r, into="dr"))
        if not isinstance(self.inner, Paged):
            return read + self.seen(replace(r, into="dr"))
        checks = self.seen(replace(r, into=_ram_value(r)))
        if not checks:
            return self.inner.read(r)
        test, *call = checks
        return [f"{r.pad}if not {self.inner.reads}[{r.addr} >> 8]:",
                *("    " + line for line in read),
                *self.seen(replace(r, into="dr", pad=r.pad + "    ")),
                f"{r.pad}el{test.lstrip()}", *call]

    def seen(self, r: Read) -> list[str]:
        """The read watch's check of a read whose value is `into` (made
        here, or by the run loop: an opcode fetch)."""
        assert self.reads is not None and r.into is not None
        return self._check(self.reads, self.masks[1], r.addr, r.into, r.word, r.pad)

    def _check(self, watch: Watch, mask: bytearray | None, addr: str, value: str, word: bool,
               pad: str) -> list[str]:
        if mask is not None and not _covered(mask, addr, word):
            return []
        self.checked += 1
        return watch.check(addr, value, word, pad)


def _covered(mask: bytearray, addr: str, word: bool) -> bool:
    """Whether `mask` may cover an access at `addr`: not at a constant
    address it does not cover."""
    at = stmts.literal(addr)
    return at is None or bool(mask[at & 0xFFFF] or word and mask[(at + 1) & 0xFFFF])


def _ram_value(r: Read) -> str:
    return f"(mem[{r.addr}] << 8) | mem[{r.addr} + 1]" if r.word else f"mem[{r.addr}]"


def _bus_value(r: Read) -> str:
    return f"(read({r.addr}) << 8) | read({r.addr} + 1)" if r.word else f"read({r.addr})"


def _bus_calls(r: Read) -> list[str]:
    return [f"read({r.addr})", f"read({r.addr} + 1)"] if r.word else [f"read({r.addr})"]


def _ram_stores(w: Write) -> list[str]:
    if w.word:
        return [f"mem[{w.addr}] = ({w.value}) >> 8", f"mem[{w.addr} + 1] = ({w.value}) & 0xFF"]
    return [f"mem[{w.addr}] = {w.value}"]


def _bus_stores(w: Write) -> list[str]:
    if w.word:
        return [f"write({w.addr}, ({w.value}) >> 8)", f"write({w.addr} + 1, ({w.value}) & 0xFF)"]
    return [f"write({w.addr}, {w.value})"]
