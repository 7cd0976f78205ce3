"""Memory accesses in generated handler code: one method per access style.

A generator writes the memory accesses of its handler templates as objects,
not as text to find again later: `Read(addr, into)` (into None: a dummy read,
made for its bus cycle alone) and `Write(addr, value)`, of a byte or (`word`)
a big-endian word of two bytes at an even address. An access style renders
each one as statements, so that one template serves every handler set:

- "bus" (`Bus`): every access calls the bus's `read(a)` / `write(a, v)`;
- "ram" (`Bus("ram")`): the bus is plain RAM (nothing mapped or watched): accesses
  index `mem`, its bytearray, and a dummy read, which nothing could see, is
  left out;
- "paged" (`Paged`): per page, the tables `reads` and `writes` say whether
  the page is plain RAM (`Bus.direct_pages()`): those pages as "ram", the
  others through the bus.

`Watched` follows another style's accesses with the core's own watches: the
mask at the address tested after each write and each read (dummy ones too,
which the bus would have seen), the hook called with the value where it is
set; a word is tested once, in the word masks (either byte watched), and
reported byte by byte by the word hooks.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Read:
    """A read of `addr` (a name) into `into` (None: a dummy read)."""

    addr: str
    into: str | None = None
    pad: str = ""  # the statement's indentation in its template
    word: bool = False


@dataclass(frozen=True)
class Write:
    """A write of `value` to `addr` (a name)."""

    addr: str
    value: str
    pad: str = ""
    word: bool = False


Item = str | Read | Write  # a template's statement: text, or a memory access


def indent(items: list[Item], levels: int = 1) -> list[Item]:
    """Template statements one level (or `levels`) deeper."""
    pad = "    " * levels
    return [pad + item if isinstance(item, str) else replace(item, pad=pad + item.pad)
            for item in items]


class Bus:
    """The "bus" style: every access through the bus's `read` and `write`;
    with `mode` "ram", the "ram" style: every access indexes `mem`, and a
    dummy read, which nothing could see, is left out."""

    def __init__(self, mode: str = "bus") -> None:
        self.mode = mode
        ram = mode == "ram"
        self.value = _ram_value if ram else _bus_value  # what a read gives
        self.stores = _ram_stores if ram else _bus_stores  # a write's statements
        self.dummy = _unseen if ram else _bus_calls  # a dummy read's

    def read(self, r: Read) -> list[str]:
        if r.into is None:
            return [r.pad + call for call in self.dummy(r)]
        return [f"{r.pad}{r.into} = {self.value(r)}"]

    def write(self, w: Write) -> list[str]:
        return [w.pad + store for store in self.stores(w)]


class Paged(Bus):
    """The "paged" style: `reads[page]` / `writes[page]` say where `mem` serves."""

    def __init__(self, reads: str = "rdir", writes: str = "wdir") -> None:
        super().__init__("paged")
        self.reads, self.writes = reads, writes

    def read(self, r: Read) -> list[str]:
        page = f"{self.reads}[{r.addr} >> 8]"
        if r.into is not None:
            return [f"{r.pad}{r.into} = {_ram_value(r)} if {page} else {_bus_value(r)}"]
        return [f"{r.pad}if not {page}:", *(f"{r.pad}    {c}" for c in _bus_calls(r))]

    def write(self, w: Write) -> list[str]:
        return [f"{w.pad}if {self.writes}[{w.addr} >> 8]:",
                *(f"{w.pad}    {s}" for s in _ram_stores(w)), f"{w.pad}else:",
                *(f"{w.pad}    {s}" for s in _bus_stores(w))]


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
    `writes` after every write, `reads` after every read."""

    def __init__(self, inner: Bus, writes: Watch | None = WRITE_WATCH,
                 reads: Watch | None = None) -> None:
        super().__init__(inner.mode)
        self.inner, self.writes, self.reads = inner, writes, reads

    def write(self, w: Write) -> list[str]:
        lines = self.inner.write(w)
        if self.writes is not None:  # after the write, as the bus sees it
            lines += self.writes.check(w.addr, w.value, w.word, w.pad)
        return lines

    def read(self, r: Read) -> list[str]:
        watch = self.reads
        if watch is None:
            return self.inner.read(r)
        if r.into is not None:
            return self.inner.read(r) + watch.check(r.addr, r.into, r.word, r.pad)
        # A dummy read: the value is the bus's, which a bus watch would have
        # seen (the read itself has no effect on plain RAM).
        if self.inner.mode == "ram":
            return watch.check(r.addr, _ram_value(r), r.word, r.pad)
        read = Bus().read(replace(r, into="dr"))
        if self.inner.mode == "bus":
            return read + watch.check(r.addr, "dr", r.word, r.pad)
        test, *call = watch.check(r.addr, _ram_value(r), r.word, r.pad)
        assert isinstance(self.inner, Paged)
        return [f"{r.pad}if not {self.inner.reads}[{r.addr} >> 8]:",
                *("    " + line for line in read),
                *watch.check(r.addr, "dr", r.word, r.pad + "    "),
                f"{r.pad}el{test.lstrip()}", *call]


def _unseen(r: Read) -> list[str]:
    """A dummy read of plain RAM: nothing could see it (a `pass` in its place)."""
    return ["pass"]


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
