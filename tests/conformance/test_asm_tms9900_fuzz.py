"""No input makes the TMS9900 assembler raise anything but AsmError, and random
valid instructions survive assemble -> disassemble -> assemble.

The same three generators as the 6502 fuzz test (random bytes, token soups,
mutations of valid sources), with TI Editor/Assembler tokens and sources;
fixed seeds, so a failure is reproducible and shown in the assertion message.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from harness.asm_fuzzing import check, mutations, random_bytes, token_soups
from retroscope.asm import assemble
from retroscope.cpu import isa9900 as isa
from retroscope.cpu.dis9900 import decode

CASES = 1500  # per generator

VALID = [
    """\
* Copy a block, then checksum it
       AORG >A000
WS     EQU  >8300
START  LWPI WS
       LI   R1,SRC
       LI   R2,DST
       LI   R3,LEN/2
COPY   MOV  *R1+,*R2+
       DEC  R3
       JNE  COPY
       CLR  R0
       LI   R1,DST
SUM    A    *R1+,R0          add a word
       CI   R1,DST+LEN
       JL   SUM
       MOVB @TBL(R1),@>8C00
       B    *R11
SRC    DATA >1234,>5678,-1,0
LEN    EQU  $-SRC
TBL    BYTE 1,2,>FF
       EVEN
DST    BSS  LEN
       END
""",
    """\
       DEF  MAIN
       REF  VSBW
       DORG >8300
REGS   BSS  32
       RORG
       AORG >6000
MAIN   LIMI 0
       LWPI REGS
       BLWP @VEC
       XOP  @TEXT,1
       SBO  -1
       TB   5
       LDCR @FLAGS,8
       STCR R4,16
       SRA  R5,0
       SLA  R6,15
       X    R7
       COC  @MASK,R8
       CZC  *R9,R10
       MPY  R11,R12
       DIV  @TEN,R12
       IDLE
VEC    DATA REGS,MAIN
TEXT   TEXT 'HELLO'
FLAGS  BYTE >A5
       EVEN
MASK   DATA >8000
TEN    DATA 10
TOP    BES  16
       END  MAIN
""",
]

TOKENS = (
    "MOV MOVB LI AI CI A S C CB SOC SZCB JMP JEQ JNE JL JH JOP B BL BLWP RTWP X XOP "
    "LDCR STCR SBO SBZ TB SLA SRA SRC SRL MPY DIV COC CZC XOR CLR SETO INV NEG ABS "
    "SWPB INC INCT DEC DECT LWPI LIMI STWP STST IDLE RSET CKON CKOF LREX RT NOP "
    "DATA BYTE TEXT BSS BES EVEN AORG RORG DORG EQU END DEF REF COPY IDT "
    "R0 R1 R15 R16 *R1 *R2+ *R15+ @>8300 @LABEL @LABEL(R1) @LABEL(R0) @>10(R3) "
    ">1F >FFFF >10000 >0 $ $+2 -1 -128 127 256 65535 99999999999999999999 "
    "'AB' '' ' 'IT''S' LABEL LOOP X1 ( ) , + - * / @ > < & | ~ ! ;"
).split()




def _loader(name: str) -> str:
    if name == "BOOM":
        raise RuntimeError("loader failed")
    return VALID[len(name) % len(VALID)]


def test_the_valid_corpus_assembles() -> None:
    for source in VALID:
        assert assemble(source, "tms9900").chunks


def test_random_bytes_raise_nothing_but_asm_error() -> None:
    for source in random_bytes(11, CASES):
        check(source, "tms9900", _loader)


def test_random_token_soups_raise_nothing_but_asm_error() -> None:
    separators = [" ", " ", "  ", "\n", "\n       ", "\n* ", ","]
    for source in token_soups(12, CASES, TOKENS, separators):
        check(source, "tms9900", _loader)


def test_mutated_valid_sources_raise_nothing_but_asm_error() -> None:
    for source in mutations(13, CASES, VALID, TOKENS,
                            "\n       COPY '{}'\n", ['A', 'BOOM', '../X', '', 'B.ASM']):
        check(source, "tms9900", _loader)


# -- property: any instruction word that decodes round-trips ----------------------
@settings(max_examples=400, derandomize=True, deadline=None)
@given(st.integers(0, 0xFFFF), st.integers(0, 0xFFFF), st.integers(0, 0xFFFF))
def test_any_instruction_word_disassembles_to_text_that_assembles_back(
        word: int, ext1: int, ext2: int) -> None:
    op = isa.DECODE[word]
    canonical = word
    if op is not None:
        canonical = op.opcode | (word & ~op.mask & 0xFFFF)
        if op.fmt in (isa.IMM, isa.REG):
            canonical &= ~0x0010  # bit 11 is a don't-care bit: the assembler writes 0
        elif op.fmt in (isa.IMMONLY, isa.NONE):
            canonical = op.opcode
    image = bytearray(0x10000)
    image[0xA000:0xA006] = b"".join(w.to_bytes(2, "big") for w in (canonical, ext1, ext2))
    line = decode(image.__getitem__, 0xA000)
    program = assemble(f"       AORG >A000\n       {line.text}\n", "tms9900")
    assert program.chunks == [(0xA000, line.data)], line.text
