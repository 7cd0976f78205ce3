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

    def to_json(self) -> dict[str, Any]:
        """Everything the assembly made, as JSON (a prebuilt image in the wheel)."""
        return {
            "isa": self.isa,
            "chunks": [[address, data.hex()] for address, data in self.chunks],
            "symbols": self.symbols,
            "listing": [[row.address, row.data.hex(), row.line, row.text, row.file,
                         int(row.code)] for row in self.listing],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Program:
        """The Program `to_json` described, equal to the one assembled."""
        fromhex = bytes.fromhex
        # One string per file name, not one per row (JSON gives each its own copy).
        files: dict[str, str] = {}
        return cls(
            data["isa"],
            [(address, fromhex(text)) for address, text in data["chunks"]],
            dict(data["symbols"]),
            [ListingRow(address, fromhex(text), line, source, files.setdefault(file, file),
                        bool(code))
             for address, text, line, source, file, code in data["listing"]],
        )

    def patched(self, values: dict[int, int], symbols: dict[str, int] | None = None,
                sources: dict[str, str] | None = None) -> Program:
        """This program with single bytes replaced (address -> byte) in its
        output and its listing alike, `symbols` given new values and the
        listing's lines of the files in `sources` read from the new text: a
        link's parameters set into a prebuilt image, equal to assembling with them."""
        if not values and not symbols and not sources:
            return self
        lines = {name: text.splitlines() for name, text in (sources or {}).items()}
        chunks = []
        for address, data in self.chunks:
            hits = [(a, b) for a, b in values.items() if address <= a < address + len(data)]
            if hits:
                out = bytearray(data)
                for a, b in hits:
                    out[a - address] = b
                data = bytes(out)
            chunks.append((address, data))
        placed = sum(1 for a in values for address, data in self.chunks
                     if address <= a < address + len(data))
        if placed != len(values):
            raise ValueError("a patched address lies outside the program's output")
        lo, hi = min(values, default=0), max(values, default=-1)
        listing = []
        for row in self.listing:
            end = row.address + len(row.data)
            if row.data and row.address <= hi and end > lo and any(
                    row.address <= a < end for a in values):
                out = bytearray(row.data)
                for a, b in values.items():
                    if row.address <= a < row.address + len(row.data):
                        out[a - row.address] = b
                row = ListingRow(row.address, bytes(out), row.line, row.text, row.file, row.code)
            if row.file in lines and 0 < row.line <= len(lines[row.file]):
                row = ListingRow(row.address, row.data, row.line, lines[row.file][row.line - 1],
                                 row.file, row.code)
            listing.append(row)
        return Program(self.isa, chunks, {**self.symbols, **(symbols or {})}, listing)
