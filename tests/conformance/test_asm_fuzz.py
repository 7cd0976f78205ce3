"""No input makes the assembler raise anything but AsmError.

Three generators, each with a fixed seed so a failure is reproducible: random
bytes, random sequences of plausible tokens, and mutations of valid sources
(a failing case is shown in the assertion message).  Plus a property test of
expressions against a reference evaluator (hypothesis, derandomized).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from harness.asm_fuzzing import check, mutations, random_bytes, token_soups
from retroscope.asm import AsmError, assemble
from retroscope.asm.errors import Problem
from retroscope.asm.lexer import fields, tokenize
from retroscope.asm.syntax import MOS, TI_EA, ZILOG

CASES = 1500  # per generator; the three together run in a few seconds

VALID = [
    """
zp = $10
        .org $8000
start:  lda #<table
        ldx #>table
        sta zp
@loop:  lda table,x
        sta (zp),y
        dex
        bne @loop
        jmp (vector)
table:  .byte 1, 2, "abc", 'z'
vector: .word start, * + 2
        .res 4, $EA
        .assert * < $9000, "fits"
""",
    """
* = $C000
reset:  sei
        cld
        ldx #$FF
        txs
        inc count
        lda.w count
        asl
        rol a
        bit $2002
        bpl reset
        jsr sub
count = $40
sub:    lda (count,x)
        adc #'0' + 1
        rts
        .dw reset
""",
    """
a_table = $0600
        .org $0200
        ldy #0
next:   lda a_table,y
        cmp #(1 << 3) | %101
        beq done
        iny
        cpy #a_table >> 8
        bcc next
done:   brk
        .res 3
        .db "end", 0
""",
]

TOKENS = [
    "lda", "LDA", "sta", "jmp", "bne", "asl", "lda.w", "lda.b", "stx", "nop", "brk", "jsr",
    ".org", ".byte", ".db", ".word", ".dw", ".res", ".ds", ".equ", ".include", ".assert",
    ".align", ".end", "=", "*", "#", "(", ")", ",", "x", "y", "a", "X", "Y", "A", ":",
    "label", "@loc", "foo", "$FF", "$10000", "%101", "12", "0", "-1", "65535", "'c'", "''",
    '"str"', '"', "'", "+", "-", "/", "<<", ">>", "<", ">", "&", "|", "^", "~", "!", "&&",
    "==", "[", "]", ";", "\t", " ", "\n", "\n", "\n", "label:", "@loc:", "$", "%", "\\",
    "99999999999999999999", "$FFFFFFFFFFFFFFFFFF", "1<<64", "*+2", "0/0",
]




INCLUDE_NAMES = ["x.asm", "boom.asm", "../up.asm", "/abs.asm", "", "b.inc"]


def _loader(name: str) -> str:
    if name == "boom.asm":
        raise RuntimeError("loader failed")
    return VALID[len(name) % len(VALID)] if name.endswith(".asm") else "garbage ) ( ,"


def test_the_valid_corpus_assembles():
    for source in VALID:
        assert assemble(source, "6502").chunks


def test_random_bytes_raise_nothing_but_asm_error():
    for source in random_bytes(1, CASES):
        check(source, "6502", _loader)


def test_random_token_soups_raise_nothing_but_asm_error():
    for source in token_soups(2, CASES, TOKENS):
        check(source, "6502", _loader)


def test_mutated_valid_sources_raise_nothing_but_asm_error():
    for source in mutations(3, CASES, VALID, TOKENS,
                            '\n.include "{}"\n', INCLUDE_NAMES):
        check(source, "6502", _loader)


OTHER_ISA_TOKENS = {
    "z80": "ld LD a b (ix+5) (iy-3) (hl) hl af af' ex jr djnz jp call ret nz c rst im bit "
           "set res out in (c) push pop $FF 0FFh 0x10 %101 1010b $ label: .loc: org db dw ds "
           "equ include + - ( ) , 'c' \"s\" ix iy ixh sll nop halt add sbc 99999 -200 300",
    "tms9900": "MOV LI R1 R2 *R3 *R3+ @>8300 @LABEL(R1) >1F BLWP B JMP JEQ DATA BYTE TEXT "
               "'AB' BSS BES EVEN AORG DORG RORG EQU END DEF COPY LABEL $ * , + - 5 -1 >FFFF "
               ">10000 SLA CB X LDCR SBO LWPI RTWP ( )",
}


@pytest.mark.parametrize("isa", sorted(OTHER_ISA_TOKENS))
def test_the_other_backends_raise_nothing_but_asm_error_either(isa):
    rng = random.Random(5)
    words = OTHER_ISA_TOKENS[isa].split() + ["\n", "\n      ", "\n*", "  "]
    for case in range(CASES // 2):
        if case % 3 == 0:
            source = bytes(rng.randrange(256) for _ in range(rng.randrange(80))).decode("latin-1")
        else:
            source = " ".join(rng.choice(words) for _ in range(rng.randrange(1, 30)))
        try:
            assemble(source, isa)
        except AsmError:
            pass


@pytest.mark.parametrize("syntax", [MOS, ZILOG, TI_EA], ids=lambda s: s.name)
def test_the_lexer_raises_only_problems_in_every_syntax_profile(syntax):
    rng = random.Random(4)
    alphabet = "ld(ix+5),af' $FF 0FFh 0x1F %1010 >1F @sym 'a' \"s\" ;*\t:=<>#-~!&|^"
    for _ in range(CASES):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(30)))
        for field in [(0, text), *fields(text, syntax)]:
            try:
                tokenize(field[1], syntax, field[0])
            except Problem:
                pass


def test_odd_arguments_give_asm_error_not_type_errors():
    for args in [(None, "6502"), (b"lda #1\xff", "6502"), ("nop", "6809"), ("nop", None),
                 ("nop", "z80"), ("nop", "tms9900")]:
        try:
            assemble(*args)
        except AsmError:
            pass
    with pytest.raises(AsmError):
        assemble("nop", "6502", origin=-1)
    with pytest.raises(AsmError):
        assemble("nop", "6502", include=42)


# -- expressions against a reference evaluator ---------------------------------

_REFERENCE = {
    "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
    "&": lambda a, b: a & b, "|": lambda a, b: a | b, "^": lambda a, b: a ^ b,
    "<<": lambda a, b: a << (b & 7), ">>": lambda a, b: a >> (b & 7),
    "/": lambda a, b: (abs(a) // abs(b)) * (1 if (a < 0) == (b < 0) else -1) if b else None,
}


def _tree(draw, depth):
    if depth == 0 or draw(st.booleans()):
        value = draw(st.integers(0, 300))
        spelled = draw(st.sampled_from([f"{value}", f"${value:X}", f"%{value:b}"]))
        return spelled, value
    op = draw(st.sampled_from(sorted(_REFERENCE)))
    left, lv = _tree(draw, depth - 1)
    right, rv = _tree(draw, depth - 1)
    if lv is None or rv is None:
        return f"({left}) {op} ({right})", None
    if op in ("<<", ">>"):
        right, rv = f"(({right}) & 7)", rv & 7
    return f"({left}) {op} ({right})", _REFERENCE[op](lv, rv)


@st.composite
def expressions(draw):
    return _tree(draw, 4)


@settings(max_examples=400, derandomize=True, deadline=None)
@given(expressions())
def test_fully_parenthesised_expressions_match_a_reference_evaluator(case):
    text, value = case
    if value is None:  # a division by zero somewhere inside
        with pytest.raises(AsmError, match="division by zero"):
            assemble(f"x = {text}\n", "6502")
    else:
        assert assemble(f"x = {text}\n", "6502").symbols["x"] == value
