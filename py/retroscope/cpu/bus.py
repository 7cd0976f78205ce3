"""The address space every core runs over: 64 KiB of RAM with mappable regions.

Speed matters more here than anywhere else, so the bus publishes its fastest
possible `read`/`write` as plain instance attributes and swaps them when the
mapping changes:

* nothing mapped, nothing watched: `read` is `bytearray.__getitem__` and `write`
  is `bytearray.__setitem__` (C calls, no Python frame);
* regions mapped: a per-256-byte-page handler table;
* a watch set: a wrapper that reports the access, then does the above.

Cores must therefore look `bus.read`/`bus.write` up at the start of each
`step()`/`run()` call and never keep them across calls. Values written must be
0-255 (cores mask before writing).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

ReadFn = Callable[[int], int]
WriteFn = Callable[[int, int], None]
WatchFn = Callable[[int, int], None]  # (address, value)

PAGE_SHIFT = 8
PAGES = 256


@dataclass(frozen=True)
class Region:
    """A mapped range of the address space, listed for memory panels."""

    start: int
    end: int  # inclusive
    name: str
    kind: str  # "ram" | "rom" | "io"


class Bus:
    """A 64 KiB byte-addressed bus: RAM unless a region says otherwise."""

    def __init__(self) -> None:
        self.ram = bytearray(0x10000)
        self._page_read: list[ReadFn | None] = [None] * PAGES
        self._page_write: list[WriteFn | None] = [None] * PAGES
        self._page_peek: list[ReadFn | None] = [None] * PAGES
        self._plain_peek: list[bool] = [True] * PAGES  # see direct_peek_pages
        self.regions: list[Region] = []
        self._read_watches: list[WatchFn] = []
        self._write_watches: list[WatchFn] = []
        self._ports_in: dict[int, ReadFn] = {}
        self._ports_out: dict[int, WriteFn] = {}
        self.port_mask = 0xFF
        self._install()

    # -- mapping -------------------------------------------------------------
    def map(
        self,
        start: int,
        end: int,
        *,
        name: str,
        read: ReadFn | None = None,
        write: WriteFn | None = None,
        peek: ReadFn | None = None,
        kind: str = "io",
    ) -> None:
        """Route whole pages start..end (inclusive, page-aligned) to handlers.

        `read`/`write` of None leave that direction as RAM. `peek` is the
        side-effect-free read used by memory panels; it defaults to `read`
        for ROM-like regions and to RAM contents otherwise.
        """
        if start & 0xFF or (end & 0xFF) != 0xFF or not 0 <= start <= end <= 0xFFFF:
            raise ValueError(f"region ${start:04X}-${end:04X} is not whole pages")
        for page in range(start >> PAGE_SHIFT, (end >> PAGE_SHIFT) + 1):
            self._page_read[page] = read
            self._page_write[page] = write
            self._page_peek[page] = peek
        # A later mapping replaces what was there: trim the regions it covers.
        kept = []
        for r in self.regions:
            if r.end < start or r.start > end:
                kept.append(r)
                continue
            if r.start < start:
                kept.append(Region(r.start, start - 1, r.name, r.kind))
            if r.end > end:
                kept.append(Region(end + 1, r.end, r.name, r.kind))
        kept.append(Region(start, end, name, kind))
        self.regions = sorted(kept, key=lambda r: r.start)
        self._plain_peek[:] = [h is None for h in self._page_peek]
        self._install()

    def map_rom(self, start: int, data: bytes, name: str = "ROM") -> None:
        """Load `data` at `start` and make those pages ignore writes."""
        end = start + len(data) - 1
        self.ram[start : end + 1] = data
        self.map(start, end | 0xFF, name=name, write=_ignore_write, kind="rom")

    def map_port(self, port: int, *, read: ReadFn | None = None,
                 write: WriteFn | None = None) -> None:
        """Attach I/O-port handlers (Z80 IN/OUT, TMS9900 CRU)."""
        if read is not None:
            self._ports_in[port] = read
        if write is not None:
            self._ports_out[port] = write

    # -- access ----------------------------------------------------------------
    def load(self, addr: int, data: bytes) -> None:
        """Put bytes straight into memory (ROM pages included): program loading."""
        end = addr + len(data)
        if addr < 0 or end > 0x10000:
            raise ValueError(f"{len(data)} bytes at ${addr:04X} run past $FFFF")
        self.ram[addr:end] = data

    def peek(self, addr: int) -> int:
        """Read without side effects (for debugger panels)."""
        handler = self._page_peek[addr >> PAGE_SHIFT]
        return self.ram[addr] if handler is None else handler(addr)

    def peek_range(self, addr: int, length: int) -> bytes:
        """Bulk side-effect-free read, wrapping at $FFFF."""
        end = addr + length
        # Pages of plain RAM are a slice (a script reading the NES's 2 KiB of
        # RAM each frame: no device's page is in the way).
        if 0 < length and end <= 0x10000 and all(
                self._plain_peek[addr >> PAGE_SHIFT:((end - 1) >> PAGE_SHIFT) + 1]):
            return bytes(self.ram[addr:end])
        return bytes(self.peek((addr + i) & 0xFFFF) for i in range(length))

    def read_page(self, page: int) -> bytes:
        """The 256 bytes of a page as the CPU reads them, one by one (a DMA):
        a slice of memory where no device and no read watch is there."""
        base = (page & 0xFF) << PAGE_SHIFT
        read = self.read
        if self._page_read[page & 0xFF] is None and read is self._published[0] \
                and not self._read_watches:
            return bytes(self.ram[base : base + 256])
        return bytes(read(base + i) for i in range(256))

    def direct_pages(self) -> tuple[tuple[bool, ...], tuple[bool, ...]] | None:
        """Per page, whether a core may read / write `ram` itself instead of
        calling `read`/`write` (no handler there); None while a watch is set
        or `read`/`write` were replaced from outside."""
        if self._read_watches or self._write_watches or (self.read, self.write) != self._published:
            return None
        return (tuple(h is None for h in self._page_read),
                tuple(h is None for h in self._page_write))

    def direct_peek_pages(self) -> list[bool]:
        """Per page, whether a peek there reads plain memory (no device). The
        list is live: it follows later mappings."""
        plain = self._plain_peek
        plain[:] = [h is None for h in self._page_peek]
        return plain

    def port_in(self, port: int) -> int:
        handler = self._ports_in.get(port & self.port_mask)
        return 0xFF if handler is None else handler(port)

    def port_out(self, port: int, value: int) -> None:
        handler = self._ports_out.get(port & self.port_mask)
        if handler is not None:
            handler(port, value)

    # -- watches -------------------------------------------------------------
    def add_watch(self, kind: str, fn: WatchFn) -> None:
        """Call fn(addr, value) on every 'read' or 'write' until removed."""
        self._watch_list(kind).append(fn)
        self._install()

    def remove_watch(self, kind: str, fn: WatchFn) -> None:
        watches = self._watch_list(kind)
        if fn in watches:
            watches.remove(fn)
        self._install()

    def watching(self, kind: str) -> bool:
        """Whether a watch of this kind ('read' or 'write') is set."""
        return bool(self._watch_list(kind))

    def _watch_list(self, kind: str) -> list[WatchFn]:
        if kind == "read":
            return self._read_watches
        if kind == "write":
            return self._write_watches
        raise ValueError(f"watch kind must be 'read' or 'write', not {kind!r}")

    # -- state -----------------------------------------------------------------
    def snapshot(self) -> bytes:
        return bytes(self.ram)

    def restore(self, data: bytes) -> None:
        self.ram[:] = data

    # -- the fast path -------------------------------------------------------
    def _install(self) -> None:
        """Publish the cheapest read/write that honours the current mapping."""
        ram = self.ram
        page_read, page_write = self._page_read, self._page_write
        if any(page_read):
            def read(addr: int) -> int:
                handler = page_read[addr >> 8]
                return ram[addr] if handler is None else handler(addr)
        else:
            read = ram.__getitem__
        if any(page_write):
            def write(addr: int, value: int) -> None:
                handler = page_write[addr >> 8]
                if handler is None:
                    ram[addr] = value
                else:
                    handler(addr, value)
        else:
            write = ram.__setitem__
        if self._read_watches:
            read = _watched_read(read, self._read_watches)
        if self._write_watches:
            write = _watched_write(write, self._write_watches)
        self.read = read
        self.write = write
        self._published = (read, write)


def _ignore_write(addr: int, value: int) -> None:
    """ROM: writes have no effect."""


def _watched_read(inner: ReadFn, watches: list[WatchFn]) -> ReadFn:
    def read(addr: int) -> int:
        value = inner(addr)
        for fn in watches:
            fn(addr, value)
        return value
    return read


def _watched_write(inner: WriteFn, watches: list[WatchFn]) -> WriteFn:
    def write(addr: int, value: int) -> None:
        for fn in watches:
            fn(addr, value)
        inner(addr, value)
    return write
