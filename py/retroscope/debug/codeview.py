"""Code for the panels: disassembly around an address, the assembler's source
(the listing is the source map), source-line addresses, the call stack."""

from __future__ import annotations

from typing import Any

from .callstack import call_stack
from .cpuinfo import CpuInfo
from .errors import DebugError, check_int


def programs_of(machine: Any) -> list[Any]:
    """The machine's assembled Program(s): `programs`, or one `program`."""
    programs = getattr(machine, "programs", None)
    if programs is None:
        program = getattr(machine, "program", None)
        programs = [] if program is None else [program]
    return list(programs)


DATA_PER_LINE = 8  # bytes on one `.byte` line of the disassembly


class DataMap:
    """Where the assembler's listing says the program holds data, not code.

    An instruction row is code; a data directive's bytes (`.byte`, `.word`,
    fills) are data, and so is any byte inside the program's span that no
    row emitted (ROM padding). Outside the span (RAM) nothing is known:
    everything decodes as code there. `kind[a]`: 0 unknown, 1 code, 2 data;
    `row_start[a]`: a data row begins at `a` (a data line stops before it).
    """

    def __init__(self, programs: list[Any]) -> None:
        self.kind = bytearray(0x10000)
        self.row_start = bytearray(0x10000)
        rows = [row for program in programs for row in program.listing if row.data]
        if not rows:
            return
        lo = min(row.address for row in rows)
        hi = max(row.address + len(row.data) for row in rows)
        self.kind[lo:hi] = b"\x02" * (hi - lo)  # padding unless a row says otherwise
        for row in rows:
            end = min(row.address + len(row.data), 0x10000)
            self.kind[row.address:end] = (b"\x01" if row.code else b"\x02") * (end - row.address)
            if not row.code:
                self.row_start[row.address] = 1

    def is_data(self, addr: int) -> bool:
        return self.kind[addr & 0xFFFF] == 2

    def data_length(self, addr: int, labels: dict[int, str]) -> int:
        """Bytes on the `.byte` line at `addr`: up to DATA_PER_LINE, stopping
        at code, at a label and at the start of the next data row."""
        n = 1
        while n < DATA_PER_LINE:
            a = addr + n
            if a > 0xFFFF or self.kind[a] != 2 or a in labels or self.row_start[a]:
                break
            n += 1
        return n


class CodeView:
    def __init__(self, machine: Any, info: CpuInfo, symbols: dict[str, int]) -> None:
        self.machine = machine
        self.info = info
        self.symbols = symbols
        self.peek = machine.bus.peek
        self._data_map: DataMap | None = None
        self._data_version = 0

    @property
    def data_map(self) -> DataMap:
        # Built on first use, again once another program is put in (an edit).
        version = getattr(self.machine, "program_version", 0)
        if self._data_map is None or self._data_version != version:
            self._data_map = DataMap(programs_of(self.machine))
            self._data_version = version
        return self._data_map

    def _length(self, a: int, names: dict[int, str]) -> tuple[int, bool]:
        """(bytes, is data) of the disassembly line at `a`."""
        data = self.data_map
        if data.is_data(a):
            return data.data_length(a, names), True
        return self.info.decode(self.peek, a).length, False

    def disassemble(self, at: int, before: Any, after: Any, pc: int,
                    exec_mask: bytearray) -> list[dict[str, Any]]:
        """Lines around `at`, with labels, PC and breakpoint marks; where the
        listing says the bytes are data, `.byte` lines (marked "data")."""
        before = check_int("before", before, 256)
        after = check_int("after", after, 1024, 1)
        peek, text = self.peek, self.info.text
        names = self.info.names(self.symbols)
        peek_range = self.machine.bus.peek_range
        lines, a = [], self.start_before(at, before)
        for _ in range(before + after):
            length, data = self._length(a, names)
            if data and a == pc:  # the CPU runs it: show it as the CPU reads it
                length, data = self.info.decode(peek, a).length, False
            raw = peek_range(a, length)
            shown = (".byte " + ",".join(f"${b:02X}" for b in raw)) if data \
                else text(peek, a, self.symbols)
            lines.append({"addr": a, "bytes": raw.hex(), "text": shown, "label": names.get(a, ""),
                          "pc": a == pc, "breakpoint": bool(exec_mask[a]), "data": data})
            a = (a + length) & 0xFFFF
        return lines

    def start_before(self, at: int, before: int) -> int:
        """Where to start decoding so that `before` instructions precede `at`.

        Code cannot be decoded backwards, so try starts from far to near and
        take the first whose instructions land exactly on `at`; starts known
        to be instructions (listing rows, symbols) are tried first."""
        if before == 0:
            return at
        peek, decode = self.peek, self.info.decode
        data = self.data_map
        names = self.info.names(self.symbols)
        lo = max(0, at - DATA_PER_LINE * before)  # a data line holds up to 8 bytes
        known = {row.address for program in programs_of(self.machine)
                 for row in program.listing if row.data and lo <= row.address < at}
        known |= {v for v in self.symbols.values() if lo <= v < at}

        def lands(start: int) -> int:
            a, n = start, 0
            while a < at:
                if data.is_data(a):
                    a += data.data_length(a, names)
                else:
                    insn = decode(peek, a)
                    if not insn.valid:
                        return 0
                    a += insn.length
                n += 1
            return n if a == at else 0

        for candidates in (sorted(known), range(lo, at)):
            for start in candidates:
                n = lands(start)
                if n:
                    a = start  # too far back: skip whole lines forward
                    while n > before:
                        a += self._length(a, names)[0]
                        n -= 1
                    return a
        return at

    def source(self, at: int) -> dict[str, Any] | None:
        """The source line (file, line, text) whose code covers `at`."""
        for program in programs_of(self.machine):
            row = program.row_at(at)
            if row is not None:
                return {"addr": at, "file": row.file, "line": row.line, "text": row.text}
        return None

    def line_address(self, where: Any) -> Any:
        """"file.asm:123" -> the first address that source line emitted;
        anything else is given back as it came."""
        if not isinstance(where, str) or ":" not in where or where in self.symbols:
            return where
        file, _, line = where.rpartition(":")
        if not line.strip().isdigit():
            return where
        for program in programs_of(self.machine):
            addr = program.address_of(int(line), file.strip() or None)
            if addr is not None:
                return addr
        raise DebugError(f"source line {where!r} emitted no code")

    def source_lines(self, file: str | None, pc: int) -> dict[str, Any]:
        """A whole source file from the listing (default: the one holding PC):
        rows of line number, text and the address the line starts at (None
        for lines that emit nothing), and the line PC is on."""
        rows = [row for program in programs_of(self.machine) for row in program.listing]
        files = sorted({row.file for row in rows})
        here = self.source(pc)
        if file is None:
            file = here["file"] if here else (files[0] if files else None)
        if file is not None and file not in files:
            raise DebugError(f"no source file {file!r} (files: {', '.join(files)})")
        lines: dict[int, dict[str, Any]] = {}
        for row in rows:
            if row.file == file:
                entry = lines.setdefault(row.line, {"line": row.line, "text": row.text,
                                                    "addr": None})
                if row.data and entry["addr"] is None:
                    entry["addr"] = row.address
        current = here["line"] if here and here["file"] == file else None
        return {"files": files, "file": file, "current": current,
                "lines": [lines[n] for n in sorted(lines)]}

    def call_stack(self) -> list[dict[str, Any]]:
        programs = programs_of(self.machine)

        def starts(addr: int) -> bool:
            for program in programs:
                row = program.row_at(addr)
                if row is not None and row.address == addr:
                    return True
            return False
        return call_stack(self.info, self.peek, self.symbols, starts if programs else None)
