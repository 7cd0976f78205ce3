"""The TMS9900 instruction set as data: one table for the core, the
disassembler and the assembler.

Each of the 69 instructions is one `Op` row: mnemonic, canonical encoding,
operand format and the data manual's base clock cycles (column C) and memory
accesses (column M). Formats name how the opcode word is laid out; `MASKS`
gives, per format, the bits that select the instruction (the rest are
operand fields or, as on the chip, don't-care bits).

Timing (TMS9900 Data Manual, table 3): an instruction's clock count is its
base count plus the address-modification table for each general operand
(`MODE_CYCLES`), and on the TI-99/4A four extra cycles for every memory access
that goes through the console's 8-bit multiplexer.
"""

from __future__ import annotations

from dataclasses import dataclass

# -- status register (TI bit 0 is the MSB) ---------------------------------------
ST_LGT = 0x8000  # L>  logical greater than
ST_AGT = 0x4000  # A>  arithmetic greater than
ST_EQ = 0x2000   # EQ  equal
ST_C = 0x1000    # C   carry
ST_OV = 0x0800   # OV  overflow
ST_OP = 0x0400   # OP  odd parity (byte results)
ST_X = 0x0200    # X   extended operation in progress
ST_MASK = 0x000F  # interrupt mask
ST_NAMES = (("L>", ST_LGT), ("A>", ST_AGT), ("EQ", ST_EQ), ("C", ST_C),
            ("OV", ST_OV), ("OP", ST_OP), ("X", ST_X))

# -- operand formats -------------------------------------------------------------
TWO = "two"          # I:    general source and destination (Td D Ts S)
JUMP = "jump"        # II:   signed 8-bit word displacement
CRUBIT = "crubit"    # II:   SBO SBZ TB, signed 8-bit CRU bit displacement
REGSRC = "regsrc"    # III/IX: general source, register destination (COC CZC XOR MPY DIV)
XOPF = "xop"         # IX:   general source, XOP number 0-15
CRU = "cru"          # IV:   general source, bit count (0 means 16)
SHIFT = "shift"      # V:    register and count (0: count from R0)
ONE = "one"          # VI:   one general operand
IMM = "imm"          # VIII: register and immediate word
REG = "reg"          # VIII: register only (STWP STST)
IMMONLY = "immonly"  # VIII: immediate word only (LWPI LIMI)
NONE = "none"        # VII:  no operand

# Bits that identify the instruction within each format. Format VIII/VII have
# don't-care bits (bit 11 of LI..CI, the low nibble of LWPI/LIMI, the low five
# bits of IDLE..LREX), which the chip ignores and so does the decoder.
MASKS = {
    TWO: 0xF000, JUMP: 0xFF00, CRUBIT: 0xFF00, REGSRC: 0xFC00, XOPF: 0xFC00,
    CRU: 0xFC00, SHIFT: 0xFF00, ONE: 0xFFC0, IMM: 0xFFE0, REG: 0xFFE0,
    IMMONLY: 0xFFE0, NONE: 0xFFE0,
}

# -- the workspace (the data manual's section 3: registers live in memory) ------------
WORKSPACE_REGISTERS = 16  # R0-R15: big-endian words at WP, WP + 2, ... WP + 30
LINK = 11  # BL leaves the return address in R11
# BLWP, XOP, interrupts and LOAD keep the old WP, PC and ST in the new
# workspace's R13, R14 and R15; RTWP loads them back.
SAVED_WP, SAVED_PC, SAVED_ST = 13, 14, 15


def register_address(wp: int, n: int) -> int:
    """Where register Rn of the workspace at `wp` lies in memory."""
    return (wp + 2 * n) & 0xFFFE


# The instructions that call and return, for stepping over and out and for the
# call stack: BL (the return in R11), BLWP and XOP (a new workspace); RTWP, and
# B *Rn, the opcode words >0450->045F, which is how a routine returns through
# its link, B *R11, or through a link it saved from R11 (as nested BL code must).
CALLS: frozenset[str] = frozenset({"BL", "BLWP", "XOP"})
RETURNS: frozenset[str] = frozenset({"RTWP"})
RETURN_WORDS = range(0x0450, 0x0460)


@dataclass(frozen=True)
class Op:
    """One instruction: canonical encoding, format and data-manual timing."""

    mnemonic: str
    opcode: int
    fmt: str
    cycles: int    # base clock cycles (C); see `variable_cycles` for exceptions
    accesses: int  # base memory accesses (M)
    byte: bool = False  # byte operand(s): *Rn+ steps by 1, byte address-mode timing

    @property
    def mask(self) -> int:
        return MASKS[self.fmt]


OPS: tuple[Op, ...] = (
    # Format I: dual operand, multiple addressing
    Op("SZC", 0x4000, TWO, 14, 4), Op("SZCB", 0x5000, TWO, 14, 4, True),
    Op("S", 0x6000, TWO, 14, 4), Op("SB", 0x7000, TWO, 14, 4, True),
    Op("C", 0x8000, TWO, 14, 3), Op("CB", 0x9000, TWO, 14, 3, True),
    Op("A", 0xA000, TWO, 14, 4), Op("AB", 0xB000, TWO, 14, 4, True),
    Op("MOV", 0xC000, TWO, 14, 4), Op("MOVB", 0xD000, TWO, 14, 4, True),
    Op("SOC", 0xE000, TWO, 14, 4), Op("SOCB", 0xF000, TWO, 14, 4, True),
    # Format II: jumps (10 cycles when taken, 8 when not) and CRU single bit
    Op("JMP", 0x1000, JUMP, 10, 1), Op("JLT", 0x1100, JUMP, 10, 1),
    Op("JLE", 0x1200, JUMP, 10, 1), Op("JEQ", 0x1300, JUMP, 10, 1),
    Op("JHE", 0x1400, JUMP, 10, 1), Op("JGT", 0x1500, JUMP, 10, 1),
    Op("JNE", 0x1600, JUMP, 10, 1), Op("JNC", 0x1700, JUMP, 10, 1),
    Op("JOC", 0x1800, JUMP, 10, 1), Op("JNO", 0x1900, JUMP, 10, 1),
    Op("JL", 0x1A00, JUMP, 10, 1), Op("JH", 0x1B00, JUMP, 10, 1),
    Op("JOP", 0x1C00, JUMP, 10, 1),
    Op("SBO", 0x1D00, CRUBIT, 12, 2), Op("SBZ", 0x1E00, CRUBIT, 12, 2),
    Op("TB", 0x1F00, CRUBIT, 12, 2),
    # Formats III and IX: general source, workspace register destination
    Op("COC", 0x2000, REGSRC, 14, 3), Op("CZC", 0x2400, REGSRC, 14, 3),
    Op("XOR", 0x2800, REGSRC, 14, 4), Op("XOP", 0x2C00, XOPF, 36, 8),
    Op("MPY", 0x3800, REGSRC, 52, 5), Op("DIV", 0x3C00, REGSRC, 92, 6),
    # Format IV: CRU multiple bits (20 + 2C for LDCR; STCR by count)
    Op("LDCR", 0x3000, CRU, 20, 3), Op("STCR", 0x3400, CRU, 42, 4),
    # Format V: shifts (12 + 2C; count 0 takes R0: 20 + 2N)
    Op("SRA", 0x0800, SHIFT, 12, 3), Op("SRL", 0x0900, SHIFT, 12, 3),
    Op("SLA", 0x0A00, SHIFT, 12, 3), Op("SRC", 0x0B00, SHIFT, 12, 3),
    # Format VI: single operand
    Op("BLWP", 0x0400, ONE, 26, 6), Op("B", 0x0440, ONE, 8, 2),
    Op("X", 0x0480, ONE, 8, 2), Op("CLR", 0x04C0, ONE, 10, 3),
    Op("NEG", 0x0500, ONE, 12, 3), Op("INV", 0x0540, ONE, 10, 3),
    Op("INC", 0x0580, ONE, 10, 3), Op("INCT", 0x05C0, ONE, 10, 3),
    Op("DEC", 0x0600, ONE, 10, 3), Op("DECT", 0x0640, ONE, 10, 3),
    Op("BL", 0x0680, ONE, 12, 3), Op("SWPB", 0x06C0, ONE, 10, 3),
    Op("SETO", 0x0700, ONE, 10, 3), Op("ABS", 0x0740, ONE, 12, 2),
    # Format VIII: immediates and internal registers
    Op("LI", 0x0200, IMM, 12, 3), Op("AI", 0x0220, IMM, 14, 4),
    Op("ANDI", 0x0240, IMM, 14, 4), Op("ORI", 0x0260, IMM, 14, 4),
    Op("CI", 0x0280, IMM, 14, 3),
    Op("STWP", 0x02A0, REG, 8, 2), Op("STST", 0x02C0, REG, 8, 2),
    Op("LWPI", 0x02E0, IMMONLY, 10, 2), Op("LIMI", 0x0300, IMMONLY, 16, 2),
    # Format VII: control (external instructions pulse CRUCLK with a code)
    Op("IDLE", 0x0340, NONE, 12, 1), Op("RSET", 0x0360, NONE, 12, 1),
    Op("RTWP", 0x0380, NONE, 14, 4), Op("CKON", 0x03A0, NONE, 12, 1),
    Op("CKOF", 0x03C0, NONE, 12, 1), Op("LREX", 0x03E0, NONE, 12, 1),
)

BY_NAME: dict[str, Op] = {op.mnemonic: op for op in OPS}

# Address modification (data manual table 3, part A), indexed by the T field:
# Rn, *Rn, @addr / @addr(Rn), *Rn+ (byte / word).
MODE_CYCLES_WORD = (0, 4, 8, 8)
MODE_CYCLES_BYTE = (0, 4, 8, 6)
# Extra memory accesses per mode; T=2 is 1 for @addr and 2 for @addr(Rn).
MODE_ACCESSES = (0, 1, 1, 2)

# Timing that depends on operands rather than on the mode alone.
JUMP_NOT_TAKEN = 8
SHIFT_BY_R0 = 20       # + 2N, N from R0 (0 means 16); + the R0 read
DIV_OVERFLOW = 16      # M = 3
ABS_NEGATED = 14       # M = 3: the negated value is written back
INTERRUPT_CYCLES = 22  # context switch for an interrupt or LOAD, M = 5
RESET_CYCLES = 26
IDLE_STEP = 12         # what one step() lets pass while the CPU idles
ILLEGAL_CYCLES = 6     # an unassigned opcode: fetched, then nothing happens
X_OVERHEAD = -4        # X costs 8 + its operand + the target's time - 4


def stcr_cycles(count: int) -> int:
    """STCR base cycles for a bit count 1-16 (table 3)."""
    if count <= 7:
        return 42
    if count == 8:
        return 44
    return 58 if count < 16 else 60


# Jump conditions as (must be set, must be clear, or-set) over ST's top bits:
# taken when (all `set` bits are 1 and all `clear` bits are 0) or any `orset` is 1.
JUMP_CONDITIONS: dict[str, tuple[int, int, int]] = {
    "JMP": (0, 0, 0),
    "JLT": (0, ST_AGT | ST_EQ, 0),
    "JLE": (0, ST_LGT, ST_EQ),
    "JEQ": (ST_EQ, 0, 0),
    "JHE": (ST_LGT, 0, ST_EQ),
    "JGT": (ST_AGT, 0, 0),
    "JNE": (0, ST_EQ, 0),
    "JNC": (0, ST_C, 0),
    "JOC": (ST_C, 0, 0),
    "JNO": (0, ST_OV, 0),
    "JL": (0, ST_LGT | ST_EQ, 0),
    "JH": (ST_LGT, ST_EQ, 0),
    "JOP": (ST_OP, 0, 0),
}


def jump_target(addr: int, word: int) -> int:
    """Where the jump instruction `word` at `addr` goes when taken: the word
    after it plus twice its signed 8-bit displacement."""
    return (addr + 2 + 2 * (((word & 0xFF) ^ 0x80) - 0x80)) & 0xFFFF


def jump_taken(mnemonic: str, st: int) -> bool:
    must_set, must_clear, or_set = JUMP_CONDITIONS[mnemonic]
    if st & or_set:
        return True
    return (st & must_set) == must_set and not st & must_clear


def _build_decode() -> list[Op | None]:
    """The 65,536-entry opcode -> Op map; refuses overlaps at import."""
    table: list[Op | None] = [None] * 0x10000
    for op in OPS:
        mask = op.mask
        free = ~mask & 0xFFFF
        # Enumerate every word that matches this op's fixed bits.
        sub = free
        while True:
            word = op.opcode | sub
            if table[word] is not None:
                raise AssertionError(f"{op.mnemonic} and {table[word].mnemonic} "
                                     f"both claim >{word:04X}")
            table[word] = op
            if sub == 0:
                break
            sub = (sub - 1) & free
    return table


DECODE: list[Op | None] = _build_decode()


def parity_odd(byte: int) -> bool:
    return bin(byte & 0xFF).count("1") & 1 == 1
