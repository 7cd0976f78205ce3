"""The Z80 assembler backend: Zilog syntax, every instruction form, errors."""

from __future__ import annotations

import pytest

from retroscope.asm import AsmError, assemble
from retroscope.cpu.disz80 import disassemble_bytes
from retroscope.cpu.isaz80 import PAGES, PREFIXES, Form

ORIGIN = 0x4000
FIELD_VALUES = {"d": (0x05, 0xFB), "n": (0x12, 0xC0), "nn": (0x1234, 0xBEEF), "rel": (0x10, 0xF0)}


def _bytes_of(form: Form, variant: int) -> bytes:
    fixed, fields = form.encoding
    out = bytearray(fixed)
    for field in fields:
        value = FIELD_VALUES[field][variant]
        out += value.to_bytes(2, "little") if field == "nn" else bytes((value,))
    if form.prefix in ("ddcb", "fdcb"):
        out.append(form.opcode)
    return bytes(out)


def _every_form() -> list:
    return [pytest.param(form, id=f"{form.prefix or 'main'}-{form.opcode:02x}")
            for prefix in PREFIXES for form in PAGES[prefix] if form.mnemonic]


def _one(text: str) -> tuple[bytes, str]:
    program = assemble(f"        org ${ORIGIN:04X}\n        {text}\n", "z80")
    (address, data), = program.chunks
    assert address == ORIGIN
    lines = disassemble_bytes(data, ORIGIN)
    assert len(lines) == 1, (text, [line.text for line in lines])
    return data, lines[0].text


@pytest.mark.parametrize("form", _every_form())
def test_every_form_disassembles_and_assembles_back_to_the_same_instruction(form: Form):
    for variant in (0, 1):
        code = _bytes_of(form, variant)
        (line,) = disassemble_bytes(code, ORIGIN)
        data, text = _one(line.text)
        assert text == line.text
        if form.documented or data[:len(code)] == code:
            # Documented forms come back byte for byte; undocumented duplicates
            # (ED 4C neg, DD 00 nop, ...) assemble to the documented opcode.
            assert data == code, (line.text, data.hex(), code.hex())


ARTICLE = [
    ("ld (curPosition),hl", "22 00 50"),
    ("ld a,(ix+5)", "dd 7e 05"),
    ("jr nz,here", "20 fe"),
    ("ex de,hl", "eb"),
    ("sbc hl,de", "ed 52"),
    ("res 3,(iy-2)", "fd cb fe 9e"),
    ("ld hl,$FFFF", "21 ff ff"),
    ("ld ix,offsetPointers", "dd 21 10 50"),
    ("ld (hl),0", "36 00"),
    ("cp (hl)", "be"),
    ("jp z,here", "ca 00 40"),
    ("and $C0", "e6 c0"),
    ("sub $C0", "d6 c0"),
    ("ld l,(ix+0)", "dd 6e 00"),
    ("ld h,(ix+1)", "dd 66 01"),
    ("srl a", "cb 3f"),
    ("add ix,de", "dd 19"),
    ("push iy", "fd e5"),
    ("inc (hl)", "34"),
    ("xor 2", "ee 02"),
]


@pytest.mark.parametrize(("text", "hexbytes"), ARTICLE, ids=[t for t, _ in ARTICLE])
def test_the_pac_man_article_syntax_assembles(text: str, hexbytes: str):
    source = (f"curPosition = $5000\noffsetPointers = $5010\n        org ${ORIGIN:04X}\n"
              f"here:   {text}\n")
    (_, data), = assemble(source, "z80").chunks
    assert data == bytes.fromhex(hexbytes)


@pytest.mark.parametrize("number", ["$FF", "0xFF", "0FFh", "%11111111", "255", "11111111b"])
def test_every_number_spelling_means_the_same_value(number: str):
    (_, data), = assemble(f"ld a,{number}", "z80").chunks
    assert data == b"\x3e\xff"


@pytest.mark.parametrize(("text", "hexbytes"), [
    ("ld hl,0BEEFH", "21efbe"),  # hex with a leading 0B: the H suffix makes it hex
    ("ld a,0B1H", "3eb1"),
    ("ld hl,0b10h", "21100b"),  # 0B10H is hex B10, not binary 10 followed by junk
    ("ld a,0b101", "3e05"),  # C-style binary still works when no suffix follows
    ("ld a,0B0H", "3eb0"),
])
def test_a_leading_0b_is_hex_when_an_h_suffix_follows(text: str, hexbytes: str):
    (_, data), = assemble(text, "z80").chunks
    assert data == bytes.fromhex(hexbytes)


def test_labels_locals_equates_and_data_directives_work_in_zilog_syntax():
    source = """
table   equ $0100
        org $8000
start:  ld b,4
.loop:  djnz .loop
        call sub
        jp start
sub:    ld hl,table + 2
        ret
        db 1, 2, "ab"
        dw start, $
"""
    program = assemble(source, "z80")
    assert program.symbols["start"] == 0x8000
    assert program.symbols["sub"] == 0x800A
    (_, data), = program.chunks
    assert data == bytes.fromhex("0604 10fe cd0a80 c30080 210201 c9 0102 6162 0080 1280")


@pytest.mark.parametrize(("source", "message"), [
    ("ld a,(ix+200)", "displacement"),
    ("jr far\n ds 300\nfar: nop", "out of range"),
    ("ld b,300", "byte"),
    ("ld hl,$12345", "16 bits"),
    ("bit 8,a", "bit"),
    ("rst 7", "rst"),
    ("im 3", "im"),
    ("ld (bc),b", "no form"),
    ("ex hl,de", "no form"),
    ("ld a,b+1", "register"),
    ("jp (de)", "no form"),
    ("ld a,undefined_symbol", "undefined"),
])
def test_bad_instructions_raise_asm_error_with_the_line(source: str, message: str):
    with pytest.raises(AsmError) as info:
        assemble("        nop\n" + source, "z80")
    assert info.value.line == 2
    assert message in str(info.value)
