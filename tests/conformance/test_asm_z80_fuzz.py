"""No input makes the Z80 assembler raise anything but AsmError.

The same three generators as the 6502 fuzz test (random bytes, token soups,
mutations of valid sources), with Z80 tokens and sources; fixed seeds, so a
failure is reproducible and shown in the assertion message.
"""

from __future__ import annotations

import random

from harness.asm_fuzzing import check, mutations, random_bytes, token_soups
from retroscope.asm import assemble

CASES = 1500  # per generator

VALID = [
    """
curPosition = $4D00
        org $2966
start:  ld (curPosition),hl
        ld ix,offsets
        ld iy,curPosition
        ld a,(ix+5)
        res 3,(iy-2)
.loop:  cp (hl)
        jr nz,.loop
        ex de,hl
        and a
        sbc hl,de
        jp c,start
        ret
offsets: db 0,-1, 1,0, 0,1, -1,0
""",
    """
        org 0
        di
        ld sp,$4FF0
        im 2
        ld a,0xFF
        out ($00),a
        ei
wait:   halt
        djnz wait
        ld bc,0FFh
        ldir
        ld b,rlc (ix+7)
        in f,(c)
        out (c),0
        ex af,af'
        exx
        rst 38h
        dw wait, $ + 2
        ds 4, $76
""",
    """
count   equ 3
        org $8000
        ld b,count
next:   ld a,(de)
        add a,%1010
        daa
        ld (de),a
        inc de
        bit 7,a
        set 0,(ix+0)
        call z,sub
        djnz next
sub:    push af
        pop af
        ret nc
        assert $ < $9000, "fits"
""",
]

TOKENS = [
    "ld", "LD", "jr", "jp", "call", "ret", "djnz", "push", "pop", "ex", "exx", "bit", "res",
    "set", "rlc", "sll", "in", "out", "im", "rst", "nop", "halt", "add", "adc", "sbc", "and",
    "org", "db", "dw", "ds", "equ", "include", "assert", "align", "end", ".db",
    "a", "b", "c", "h", "l", "hl", "de", "bc", "sp", "ix", "iy", "ixh", "iyl", "af", "af'",
    "i", "r", "f", "nz", "z", "nc", "po", "pe", "p", "m", "(", ")", "(hl)", "(ix+", "(iy-",
    "(c)", ",", "+", "-", "*", "/", "<<", ">>", "<", ">", "&", "|", "^", "~", "!", "==",
    "label", ".loc", "label:", ".loc:", "$", "$FF", "0xFF", "0FFh", "%101", "101b", "12",
    "-129", "65536", "'c'", '"str"', "'", '"', ";", "\t", " ", "\n", "\n", "\n", "\\",
    "99999999999999999999", "0x" + "F" * 20, "1<<64", "$+2", "0/0",
]




INCLUDE_NAMES = ["x.asm", "boom.asm", "../up.asm", "/abs.asm", "", "b.inc"]


def _loader(name: str) -> str:
    if name == "boom.asm":
        raise RuntimeError("loader failed")
    return VALID[len(name) % len(VALID)] if name.endswith(".asm") else "garbage ) ( ,"


def test_the_valid_z80_corpus_assembles():
    for source in VALID:
        assert assemble(source, "z80").chunks


def test_random_bytes_raise_nothing_but_asm_error():
    for source in random_bytes(11, CASES):
        check(source, "z80", _loader)


def test_random_token_soups_raise_nothing_but_asm_error():
    for source in token_soups(12, CASES, TOKENS):
        check(source, "z80", _loader)


def test_random_instruction_lines_raise_nothing_but_asm_error():
    rng = random.Random(14)
    for _ in range(CASES):
        parts = [rng.choice(TOKENS[:20])]
        for i in range(rng.randrange(4)):
            parts.append(("," if i else " ") + "".join(rng.choice(TOKENS[36:])
                                                       for _ in range(rng.randrange(1, 4))))
        check("".join(parts), "z80", _loader)


def test_mutated_valid_sources_raise_nothing_but_asm_error():
    for source in mutations(13, CASES, VALID, TOKENS,
                            '\ninclude "{}"\n', INCLUDE_NAMES):
        check(source, "z80", _loader)
