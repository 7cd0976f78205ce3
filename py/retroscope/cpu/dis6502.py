"""6502 / 2A03 disassembler over the shared opcode table (`isa6502.py`).

    lines = disassemble(bus.peek, 0x8000, 0x8040, symbols=program.symbols)
    lines = disassemble(bus.peek, cpu.pc, Count(12))

The range is given either as an exclusive end address (`end_or_count` an
int, wrapping past $FFFF when it is not above `start`) or as a number of
instructions (`Count(n)`). `read` should be side-effect free (`Bus.peek`).
The text is in the syntax our assembler reads back (`lda.w` where an
absolute operand would otherwise shrink to zero page), with symbol names in
place of addresses when `symbols` (name -> address) has one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from .disasm import Count, symbol_names, walk
from .isa6502 import OPCODES, OPERAND_BYTES

# How each mode prints its operand; {} is the address or value.
_FORMAT = {
    "imp": "", "acc": "a", "imm": "#{}", "zp": "{}", "zpx": "{},x", "zpy": "{},y",
    "abs": "{}", "abx": "{},x", "aby": "{},y", "ind": "({})", "izx": "({},x)",
    "izy": "({}),y", "rel": "{}",
}
_ZERO_PAGE_MODES = frozenset({"zp", "zpx", "zpy", "izx", "izy"})


@dataclass(frozen=True)
class Line:
    """One disassembled instruction."""

    address: int
    data: bytes  # the instruction's bytes
    mnemonic: str
    mode: str
    text: str  # e.g. "lda player_x,x" or "bne $8004"
    cycles: int  # base cycles
    penalty: str  # "" | "+1 if page crossed" | "+1 if taken, +2 if to another page"
    target: int | None  # the operand address (zp/abs/indirect) or branch target
    label: str | None  # the symbol naming this address, if any
    documented: bool

    @property
    def cycles_text(self) -> str:
        """Cycle count with its penalty marker, e.g. "4*" or "2**"."""
        return f"{self.cycles}{'*' * self.penalty.count('+')}"

    def __str__(self) -> str:
        raw = " ".join(f"{b:02x}" for b in self.data)
        return f"{self.address:04x}  {raw:<8}  {self.text}"


def decode(read: Callable[[int], int], address: int,
           names: Mapping[int, str] | None = None) -> Line:
    """Disassemble the one instruction at `address`."""
    op = OPCODES[read(address & 0xFFFF)]
    assert op is not None  # every NMOS opcode byte has an entry
    size = 1 + OPERAND_BYTES[op.mode]
    data = bytes(read((address + i) & 0xFFFF) for i in range(size))
    names = names or {}
    value = data[1] | (data[2] << 8 if size == 3 else 0) if size > 1 else 0
    target: int | None = None
    mnemonic = op.mnemonic
    if op.mode == "imm":
        operand = f"${value:02x}"
    elif op.mode == "rel":
        target = (address + 2 + value - (value & 0x80) * 2) & 0xFFFF
        operand = names.get(target, f"${target:04x}")
    elif op.mode in ("imp", "acc"):
        operand = ""
    else:
        target = value
        wide = size == 3
        operand = names.get(value) or (f"${value:04x}" if wide else f"${value:02x}")
        if wide and value < 0x100 and op.mode != "ind":
            mnemonic += ".w"  # keep the absolute form when reassembled
    text = f"{mnemonic} {_FORMAT[op.mode].format(operand)}".rstrip()
    if op.mnemonic in {"bpl", "bmi", "bvc", "bvs", "bcc", "bcs", "bne", "beq"}:
        penalty = "+1 if taken, +2 if to another page"
    elif op.page_penalty:
        penalty = "+1 if page crossed"
    else:
        penalty = ""
    return Line(address & 0xFFFF, data, op.mnemonic, op.mode, text, op.cycles, penalty,
                target, names.get(address & 0xFFFF), op.documented)


def disassemble(read: Callable[[int], int], start: int, end_or_count: int | Count,
                symbols: Mapping[str, int] | None = None) -> list[Line]:
    """Disassemble from `start` up to an end address (exclusive) or a `Count`."""
    names = symbol_names(symbols or {})
    return walk(lambda address: decode(read, address, names), start & 0xFFFF, end_or_count)
