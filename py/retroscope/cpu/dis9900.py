"""TMS9900 disassembler over the shared instruction table (`isa9900.py`).

    lines = disassemble(bus.peek, 0xA000, 0xA040, symbols=program.symbols)
    lines = disassemble(bus.peek, cpu.pc, Count(12), wp=cpu.wp)

The range is an exclusive end address (an int; wrapping past >FFFF when it is
not above `start`) or a number of instructions (`Count(n)`). `read` should be
side-effect free (`Bus.peek`). The text is TI Editor/Assembler syntax that our
assembler reads back, with symbol names in place of addresses where `symbols`
(name -> address) has one.

Each line carries its data-manual clock count on a flat bus (`cycles`) and
with a board's wait states (`cycles_waited`: `waits`, the board's extra
cycles per access for each 256-byte page, as the core takes them; the
TI-99/4A's are `machines.ti99.memory.WAIT_STATES`). The accesses are the
chip's own (instruction and extension fetches, register reads and writes,
read-before-write). Where an access's address is not in the instruction
(indirect, indexed, the new workspace of BLWP/XOP) it is counted as in the
slowest page; the workspace is taken at `wp` (default >8300). `note` says
where the real count depends on data: jumps not taken, shift counts from R0,
DIV, ABS, X.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from . import isa9900 as isa
from .disasm import Count, symbol_names, walk

UNKNOWN = -1  # an access whose address depends on run-time data


@dataclass(frozen=True)
class Line:
    """One disassembled instruction."""

    address: int
    data: bytes  # the instruction's words, big-endian
    mnemonic: str  # "DATA" for a word that is no instruction
    text: str  # e.g. "MOV  *R1+,@TABLE(R2)"
    cycles: int  # data-manual clock cycles on a flat bus
    cycles_waited: int  # the same with the board's wait states (`waits`; none: `cycles`)
    accesses: tuple[int, ...]  # memory accesses by address (UNKNOWN: data-dependent)
    note: str  # "" or how the count varies at run time
    target: int | None  # jump/branch target or symbolic operand address
    label: str | None  # the symbol naming this address, if any

    def __str__(self) -> str:
        raw = " ".join(f"{self.data[i]:02X}{self.data[i + 1]:02X}"
                       for i in range(0, len(self.data), 2))
        return (f"{self.address:04X}  {raw:<14}  {self.text:<28}"
                f" {self.cycles:>3} / {self.cycles_waited}")


class _Walker:
    """Reads one instruction's words and tallies its accesses and cycles."""

    def __init__(self, read: Callable[[int], int], address: int, wp: int,
                 names: Mapping[int, str]) -> None:
        self.read, self.pc, self.wp, self.names = read, address, wp, names
        self.words: list[int] = []
        self.accesses: list[int] = []
        self.cycles = 0
        self.target: int | None = None

    def fetch(self) -> int:
        a = (self.pc + 2 * len(self.words)) & 0xFFFE
        word = (self.read(a) << 8) | self.read(a | 1)
        self.words.append(word)
        self.accesses.append(a)
        return word

    def reg(self, n: int, times: int = 1) -> None:
        self.accesses += [(self.wp + 2 * n) & 0xFFFE] * times

    def mem(self, address: int = UNKNOWN, times: int = 1) -> None:
        self.accesses += [address] * times

    def general(self, t: int, r: int, byte: bool) -> tuple[str, int]:
        """Operand text and its address (UNKNOWN if data-dependent)."""
        self.cycles += (isa.MODE_CYCLES_BYTE if byte else isa.MODE_CYCLES_WORD)[t]
        if t == 0:
            return f"R{r}", (self.wp + 2 * r) & 0xFFFE
        if t == 1:
            self.reg(r)
            return f"*R{r}", UNKNOWN
        if t == 3:
            self.reg(r, 2)
            return f"*R{r}+", UNKNOWN
        if r:
            self.reg(r)
        value = self.fetch()
        shown = self.names.get(value, f">{value:04X}")
        if r:
            return f"@{shown}(R{r})", UNKNOWN
        self.target = value
        return f"@{shown}", value & 0xFFFE  # words, and bytes within them


def _signed8(v: int) -> int:
    return (v & 0xFF) - ((v & 0x80) << 1)


def decode(read: Callable[[int], int], address: int, names: Mapping[int, str] | None = None,
           wp: int = 0x8300, waits: Sequence[int] | None = None) -> Line:
    """Disassemble the one instruction at `address` (even; bit 0 is ignored);
    `waits`: the board's wait states (256 per-page counts), if any."""
    names = names or {}
    w = _Walker(read, address & 0xFFFE, wp & 0xFFFE, names)
    word = w.fetch()
    op = isa.DECODE[word]
    note = ""
    if op is None:
        text, mnemonic = f"DATA >{word:04X}", "DATA"
        w.cycles = isa.ILLEGAL_CYCLES
        note = "not an instruction (executes as a no-op)"
    else:
        mnemonic = op.mnemonic
        w.cycles = op.cycles
        operands, note = _operands(op, word, w)
        text = f"{mnemonic:<4} {operands}".rstrip()
    waited = sum(max(waits) if a == UNKNOWN else waits[a >> 8] for a in w.accesses) \
        if waits else 0
    data = b"".join(x.to_bytes(2, "big") for x in w.words)
    return Line(w.pc, data, mnemonic, text, w.cycles, w.cycles + waited, tuple(w.accesses),
                note, w.target, names.get(w.pc))


def _operands(op: isa.Op, word: int, w: _Walker) -> tuple[str, str]:  # noqa: C901
    """Operand text and a note on data-dependent timing; tallies accesses."""
    fmt, name = op.fmt, op.mnemonic
    ts, s = (word >> 4) & 3, word & 15
    field = (word >> 6) & 15
    if fmt == isa.TWO:
        src, saddr = w.general(ts, s, op.byte)
        w.mem(saddr)
        dst, daddr = w.general((word >> 10) & 3, field, op.byte)
        w.mem(daddr, 1 if name in ("C", "CB") else 2)  # read-before-write
        return f"{src},{dst}", ""
    if fmt == isa.JUMP:
        target = isa.jump_target(w.pc, word)
        w.target = target
        note = "" if name == "JMP" else f"{isa.JUMP_NOT_TAKEN} if not taken"
        return w.names.get(target, f">{target:04X}"), note
    if fmt == isa.CRUBIT:
        w.reg(12)
        return str(_signed8(word)), ""
    if fmt in (isa.REGSRC, isa.XOPF, isa.CRU):
        byte = fmt == isa.CRU and 1 <= field <= 8
        src, saddr = w.general(ts, s, byte)
        w.mem(saddr)
        note = ""
        if fmt == isa.REGSRC:
            w.reg(field)
            if name == "XOR":
                w.reg(field)
            elif name == "MPY":
                w.reg(field)
                w.reg(field + 1)
            elif name == "DIV":
                w.reg(field + 1, 3)  # Rd+1 read, then both written
                note = f"92-124 by data; {isa.DIV_OVERFLOW} + operand on overflow"
            return f"{src},R{field}", note
        if fmt == isa.XOPF:
            vector = 0x40 + 4 * field
            w.mem(vector)
            w.mem(UNKNOWN, 4)
            w.mem(vector + 2)
            return f"{src},{field}", ""
        count = field or 16
        w.reg(12)
        if name == "LDCR":
            w.cycles += 2 * count
        else:
            w.cycles += isa.stcr_cycles(count) - op.cycles
            w.mem(saddr)
        return f"{src},{field or 16}", ""
    if fmt == isa.SHIFT:
        count = (word >> 4) & 15
        w.reg(s, 2)
        if count:
            w.cycles += 2 * count
            return f"R{s},{count}", ""
        w.reg(0)
        w.cycles += isa.SHIFT_BY_R0 - op.cycles
        return f"R{s},0", "+ 2N: N from R0 bits 12-15 (0 means 16)"
    if fmt == isa.ONE:
        operand, addr = w.general(ts, s, False)
        note = ""
        if name in ("B", "BL"):
            w.mem(addr)
            if name == "BL":
                w.reg(11)
        elif name == "BLWP":
            w.mem(addr)
            w.mem(UNKNOWN, 3)
            w.mem(UNKNOWN if addr == UNKNOWN else (addr + 2) & 0xFFFF)
        elif name == "X":
            w.mem(addr)
            note = f"{isa.X_OVERHEAD:+d} + the executed instruction's time"
        elif name == "ABS":
            w.mem(addr)
            note = f"{isa.ABS_NEGATED - op.cycles:+d} and one more write if negative"
        else:
            w.mem(addr, 2)
        return operand, note
    if fmt in (isa.IMM, isa.REG):
        if name in ("AI", "ANDI", "ORI", "CI"):
            w.reg(s)
        if fmt == isa.REG:
            w.reg(s)
            return f"R{s}", ""
        value = w.fetch()
        if name != "CI":
            w.reg(s)
        return f"R{s},>{value:04X}", ""
    if fmt == isa.IMMONLY:
        value = w.fetch()
        return (str(value) if name == "LIMI" and value < 16 else f">{value:04X}"), ""
    if name == "RTWP":
        w.reg(15)
        w.reg(14)
        w.reg(13)
    return "", ""


def disassemble(read: Callable[[int], int], start: int, end_or_count: int | Count,
                symbols: Mapping[str, int] | None = None, wp: int = 0x8300,
                waits: Sequence[int] | None = None) -> list[Line]:
    """Disassemble from `start` up to an end address (exclusive) or a `Count`."""
    names = symbol_names(symbols or {})
    return walk(lambda address: decode(read, address, names, wp, waits), start & 0xFFFE,
                end_or_count)
