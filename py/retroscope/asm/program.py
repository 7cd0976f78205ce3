"""What an assembly produces: bytes by address, symbols and a listing that
doubles as the debugger's source map."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class ListingRow:
    """One source line: where it landed and what it produced."""

    address: int  # the address at the start of the line
    data: bytes  # bytes emitted by the line (empty for labels, comments, .res)
    line: int  # 1-based line number in `file`
    text: str  # the source line as written
    file: str  # the main source's name or the included file's name
    code: bool = False  # an instruction (else data, a directive or nothing)


@dataclass(slots=True)
class Program:
    isa: str
    chunks: list[tuple[int, bytes]]  # contiguous runs, sorted by address
    symbols: dict[str, int]
    listing: list[ListingRow]
    _by_address: dict[int, ListingRow] | None = field(default=None, repr=False, compare=False)

    def load_into(self, bus: Any) -> None:
        """Write every chunk through `bus.load` (ROM pages included)."""
        for address, data in self.chunks:
            bus.load(address, data)

    def row_at(self, address: int) -> ListingRow | None:
        """The source row whose bytes cover `address` (the source map)."""
        if self._by_address is None:
            table: dict[int, ListingRow] = {}
            for row in self.listing:
                for offset in range(len(row.data)):
                    table.setdefault(row.address + offset, row)
            self._by_address = table
        return self._by_address.get(address)

    def address_of(self, line: int, file: str | None = None) -> int | None:
        """The first address emitted by a source line (for line breakpoints)."""
        for row in self.listing:
            if row.line == line and row.data and (file is None or row.file == file):
                return row.address
        return None

    def image(self) -> bytes:
        """All the output as one block from the lowest to the highest address."""
        if not self.chunks:
            return b""
        start = self.chunks[0][0]
        end = max(a + len(d) for a, d in self.chunks)
        out = bytearray(end - start)
        for address, data in self.chunks:
            out[address - start:address - start + len(data)] = data
        return bytes(out)

    def listing_text(self) -> str:
        """A printable listing: address, up to 8 bytes, source."""
        lines = []
        for row in self.listing:
            shown = " ".join(f"{b:02X}" for b in row.data[:8])
            more = "+" if len(row.data) > 8 else " "
            lines.append(f"{row.address:04X}  {shown:<23}{more} {row.text}")
        return "\n".join(lines)
