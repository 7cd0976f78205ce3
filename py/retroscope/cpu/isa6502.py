"""The NMOS 6502 / Ricoh 2A03 instruction set: the one opcode table.

The core (`mos6502.py`), the disassembler (`dis6502.py`) and the assembler
(`retroscope.asm`) all read this table; nothing else lists opcodes.

The grid below lists opcodes in order, eight to a row labelled by the first
opcode's hex (as Mesen2's NesCpu.cpp lays out its table), each cell
"mnemonic mode cycles" with a trailing `*` when a page cross on the
effective address (or a taken branch) adds cycles.  Undocumented
opcodes use their common names (lax sax dcp isc slo rla sre rra anc alr arr
sbx ane lxa las sha shx shy tas jam, and the nop forms).
"""

from __future__ import annotations

from dataclasses import dataclass

MODES: tuple[str, ...] = (
    "imp", "acc", "imm", "zp", "zpx", "zpy", "abs", "abx", "aby", "ind", "izx", "izy", "rel",
)

OPERAND_BYTES: dict[str, int] = {
    "imp": 0, "acc": 0, "imm": 1, "zp": 1, "zpx": 1, "zpy": 1, "abs": 2, "abx": 2,
    "aby": 2, "ind": 2, "izx": 1, "izy": 1, "rel": 1,
}

# Status register bits (NV-BDIZC).
FLAG_C = 0x01
FLAG_Z = 0x02
FLAG_I = 0x04
FLAG_D = 0x08
FLAG_B = 0x10
FLAG_U = 0x20  # always reads as 1
FLAG_V = 0x40
FLAG_N = 0x80

# Vectors.
NMI_VECTOR = 0xFFFA
RESET_VECTOR = 0xFFFC
IRQ_VECTOR = 0xFFFE

# The instructions that call and return, for stepping over and out and for the
# call stack: JSR, and BRK, which comes back through RTI (to the byte after its
# signature byte); RTS and RTI.
CALLS: frozenset[str] = frozenset({"jsr", "brk"})
RETURNS: frozenset[str] = frozenset({"rts", "rti"})

# The 151 documented opcodes' mnemonics (56 of them).
DOCUMENTED_MNEMONICS: frozenset[str] = frozenset(
    "adc and asl bcc bcs beq bit bmi bne bpl brk bvc bvs clc cld cli clv cmp cpx cpy "
    "dec dex dey eor inc inx iny jmp jsr lda ldx ldy lsr nop ora pha php pla plp rol "
    "ror rti rts sbc sec sed sei sta stx sty tax tay tsx txa txs tya".split()
)

# Opcodes of undocumented instructions that share a mnemonic/mode with a documented
# one (or with another undocumented duplicate), so ENCODE must not pick them.
_DUPLICATES: frozenset[int] = frozenset({
    0xEB,  # sbc #imm (undocumented copy of $E9)
    0x1A, 0x3A, 0x5A, 0x7A, 0xDA, 0xFA,  # nop implied (documented is $EA)
    0x82, 0x89, 0xC2, 0xE2,  # nop #imm (canonical $80)
    0x44, 0x64,  # nop zp (canonical $04)
    0x34, 0x54, 0x74, 0xD4, 0xF4,  # nop zp,x (canonical $14)
    0x3C, 0x5C, 0x7C, 0xDC, 0xFC,  # nop abs,x (canonical $1C)
    0x2B,  # anc #imm (canonical $0B)
})

_GRID = """
00: brk imp 7 | ora izx 6 | jam imp 3 | slo izx 8 | nop zp 3  | ora zp 3  | asl zp 5  | slo zp 5
08: php imp 3 | ora imm 2 | asl acc 2 | anc imm 2 | nop abs 4 | ora abs 4 | asl abs 6 | slo abs 6
10: bpl rel 2* | ora izy 5* | jam imp 3 | slo izy 8 | nop zpx 4 | ora zpx 4 | asl zpx 6 | slo zpx 6
18: clc imp 2 | ora aby 4* | nop imp 2 | slo aby 7 | nop abx 4* | ora abx 4* | asl abx 7 | slo abx 7
20: jsr abs 6 | and izx 6 | jam imp 3 | rla izx 8 | bit zp 3  | and zp 3  | rol zp 5  | rla zp 5
28: plp imp 4 | and imm 2 | rol acc 2 | anc imm 2 | bit abs 4 | and abs 4 | rol abs 6 | rla abs 6
30: bmi rel 2* | and izy 5* | jam imp 3 | rla izy 8 | nop zpx 4 | and zpx 4 | rol zpx 6 | rla zpx 6
38: sec imp 2 | and aby 4* | nop imp 2 | rla aby 7 | nop abx 4* | and abx 4* | rol abx 7 | rla abx 7
40: rti imp 6 | eor izx 6 | jam imp 3 | sre izx 8 | nop zp 3  | eor zp 3  | lsr zp 5  | sre zp 5
48: pha imp 3 | eor imm 2 | lsr acc 2 | alr imm 2 | jmp abs 3 | eor abs 4 | lsr abs 6 | sre abs 6
50: bvc rel 2* | eor izy 5* | jam imp 3 | sre izy 8 | nop zpx 4 | eor zpx 4 | lsr zpx 6 | sre zpx 6
58: cli imp 2 | eor aby 4* | nop imp 2 | sre aby 7 | nop abx 4* | eor abx 4* | lsr abx 7 | sre abx 7
60: rts imp 6 | adc izx 6 | jam imp 3 | rra izx 8 | nop zp 3  | adc zp 3  | ror zp 5  | rra zp 5
68: pla imp 4 | adc imm 2 | ror acc 2 | arr imm 2 | jmp ind 5 | adc abs 4 | ror abs 6 | rra abs 6
70: bvs rel 2* | adc izy 5* | jam imp 3 | rra izy 8 | nop zpx 4 | adc zpx 4 | ror zpx 6 | rra zpx 6
78: sei imp 2 | adc aby 4* | nop imp 2 | rra aby 7 | nop abx 4* | adc abx 4* | ror abx 7 | rra abx 7
80: nop imm 2 | sta izx 6 | nop imm 2 | sax izx 6 | sty zp 3  | sta zp 3  | stx zp 3  | sax zp 3
88: dey imp 2 | nop imm 2 | txa imp 2 | ane imm 2 | sty abs 4 | sta abs 4 | stx abs 4 | sax abs 4
90: bcc rel 2* | sta izy 6 | jam imp 3 | sha izy 6 | sty zpx 4 | sta zpx 4 | stx zpy 4 | sax zpy 4
98: tya imp 2 | sta aby 5 | txs imp 2 | tas aby 5 | shy abx 5 | sta abx 5 | shx aby 5 | sha aby 5
a0: ldy imm 2 | lda izx 6 | ldx imm 2 | lax izx 6 | ldy zp 3  | lda zp 3  | ldx zp 3  | lax zp 3
a8: tay imp 2 | lda imm 2 | tax imp 2 | lxa imm 2 | ldy abs 4 | lda abs 4 | ldx abs 4 | lax abs 4
b0: bcs rel 2* | lda izy 5* | jam imp 3 | lax izy 5* | ldy zpx 4 | lda zpx 4 | ldx zpy 4 | lax zpy 4
b8: clv imp 2|lda aby 4*|tsx imp 2|las aby 4*|ldy abx 4*|lda abx 4*|ldx aby 4*|lax aby 4*
c0: cpy imm 2 | cmp izx 6 | nop imm 2 | dcp izx 8 | cpy zp 3  | cmp zp 3  | dec zp 5  | dcp zp 5
c8: iny imp 2 | cmp imm 2 | dex imp 2 | sbx imm 2 | cpy abs 4 | cmp abs 4 | dec abs 6 | dcp abs 6
d0: bne rel 2* | cmp izy 5* | jam imp 3 | dcp izy 8 | nop zpx 4 | cmp zpx 4 | dec zpx 6 | dcp zpx 6
d8: cld imp 2 | cmp aby 4* | nop imp 2 | dcp aby 7 | nop abx 4* | cmp abx 4* | dec abx 7 | dcp abx 7
e0: cpx imm 2 | sbc izx 6 | nop imm 2 | isc izx 8 | cpx zp 3  | sbc zp 3  | inc zp 5  | isc zp 5
e8: inx imp 2 | sbc imm 2 | nop imp 2 | sbc imm 2 | cpx abs 4 | sbc abs 4 | inc abs 6 | isc abs 6
f0: beq rel 2* | sbc izy 5* | jam imp 3 | isc izy 8 | nop zpx 4 | sbc zpx 4 | inc zpx 6 | isc zpx 6
f8: sed imp 2 | sbc aby 4* | nop imp 2 | isc aby 7 | nop abx 4* | sbc abx 4* | inc abx 7 | isc abx 7
"""


@dataclass(frozen=True)
class Op:
    """One opcode byte: what it does, how it addresses, what it costs."""

    opcode: int
    mnemonic: str
    mode: str
    cycles: int  # base cycles, no page-cross or branch penalty
    page_penalty: bool  # +1 on a page cross (reads); branches: +1 taken, +1 more on cross
    documented: bool

    @property
    def length(self) -> int:
        return 1 + OPERAND_BYTES[self.mode]


def _build() -> tuple[Op, ...]:
    ops: list[Op] = []
    for row in _GRID.strip().splitlines():
        label, cells = row.split(":")
        if int(label, 16) != len(ops):
            raise AssertionError(f"6502 opcode grid row {label} is misplaced")
        for cell in cells.split("|"):
            mnemonic, mode, cycles = cell.split()
            opcode = len(ops)
            documented = mnemonic in DOCUMENTED_MNEMONICS and opcode != 0xEB and not (
                mnemonic == "nop" and opcode != 0xEA
            )
            ops.append(Op(opcode, mnemonic, mode, int(cycles.rstrip("*")),
                          cycles.endswith("*"), documented))
    if len(ops) != 256 or any(op.mode not in OPERAND_BYTES for op in ops):
        raise AssertionError("6502 opcode grid is malformed")
    return tuple(ops)


OPCODES: tuple[Op | None, ...] = _build()


def _encode() -> dict[tuple[str, str], int]:
    table: dict[tuple[str, str], int] = {}
    # Documented first, so that they win; then undocumented non-duplicates.
    for want_documented in (True, False):
        for op in OPCODES:
            assert op is not None
            if op.documented != want_documented or op.opcode in _DUPLICATES:
                continue
            if op.mnemonic == "jam":
                table.setdefault(("jam", "imp"), 0x02)
                continue
            key = (op.mnemonic, op.mode)
            if key in table:
                raise AssertionError(f"two opcodes claim {key}: ${table[key]:02X}, "
                                     f"${op.opcode:02X}")
            table[key] = op.opcode
    return table


ENCODE: dict[tuple[str, str], int] = _encode()

if sum(op is not None and op.documented for op in OPCODES) != 151:
    raise AssertionError("expected 151 documented 6502 opcodes")
