"""The 6502 backend: every opcode the table knows, and golden programs.

Golden programs pair a source with the bytes it must produce, written out
with the assembly as comments (as Ophis' and py65's tests do).
"""

from __future__ import annotations

from collections import defaultdict

import pytest

from retroscope.asm import AsmError, assemble
from retroscope.cpu.isa6502 import ENCODE, OPCODES, OPERAND_BYTES

# One operand spelling per addressing mode, and the operand bytes it gives.
MODE_SOURCE = {
    "imp": ("", b""),
    "acc": ("a", b""),
    "imm": ("#$12", b"\x12"),
    "zp": ("$12", b"\x12"),
    "zpx": ("$12,x", b"\x12"),
    "zpy": ("$12,Y", b"\x12"),
    "abs": ("$1234", b"\x34\x12"),
    "abx": ("$1234,X", b"\x34\x12"),
    "aby": ("$1234,y", b"\x34\x12"),
    "ind": ("($1234)", b"\x34\x12"),
    "izx": ("($12,x)", b"\x12"),
    "izy": ("($12),y", b"\x12"),
    "rel": ("* + $12", b"\x10"),  # from the address after the 2-byte branch
}

BY_MNEMONIC: dict[str, list[str]] = defaultdict(list)
for _mnemonic, _mode in ENCODE:
    BY_MNEMONIC[_mnemonic].append(_mode)


@pytest.mark.parametrize("mnemonic", sorted(BY_MNEMONIC))
def test_every_addressing_mode_assembles_to_the_opcode_table(mnemonic):
    for mode in BY_MNEMONIC[mnemonic]:
        operand, tail = MODE_SOURCE[mode]
        for spelled in (mnemonic, mnemonic.upper()):
            program = assemble(f"  .org $0300\n  {spelled} {operand}\n", "6502")
            assert program.chunks == [(0x0300, bytes((ENCODE[(mnemonic, mode)],)) + tail)], \
                (spelled, mode)


def test_bare_shifts_mean_the_accumulator():
    program = assemble("asl\nlsr\nrol\nror\nASL A\n", "6502")
    assert program.image() == bytes([0x0A, 0x4A, 0x2A, 0x6A, 0x0A])


def _golden(source: str, start: int, expected: list[int]) -> None:
    program = assemble(source, "6502")
    assert program.chunks[0][0] == start
    assert list(program.image()) == expected


def test_values_that_fit_a_byte_use_zero_page_and_others_absolute():
    _golden("""
        .org $0200
        lda $10
        lda $0010+$100
        lda $FF,x
        ldx $10,y
        lda $10,y        ; lda has no zero page,Y: absolute,Y
        stx $FE,y
    """, 0x0200, [
        0xA5, 0x10,        # lda $10
        0xAD, 0x10, 0x01,  # lda $0110
        0xB5, 0xFF,        # lda $FF,x
        0xB6, 0x10,        # ldx $10,y
        0xB9, 0x10, 0x00,  # lda $0010,y
        0x96, 0xFE,        # stx $FE,y
    ])


def test_dot_w_forces_absolute_and_dot_b_zero_page():
    _golden("""
        .org $0200
        lda.w $10
        STA.W $10,X
        lda.b zp
zp = $20
    """, 0x0200, [
        0xAD, 0x10, 0x00,  # lda.w $10
        0x9D, 0x10, 0x00,  # sta.w $10,x
        0xA5, 0x20,        # lda.b zp
    ])


def test_forward_references_settle_into_zero_page_when_they_fit():
    _golden("""
        .org $8000
start:  lda var       ; unknown on the first pass, zero page in the end
        sta far
        jmp next
next:   rts
var = $44
far = $0444
    """, 0x8000, [
        0xA5, 0x44,        # lda var
        0x8D, 0x44, 0x04,  # sta far
        0x4C, 0x08, 0x80,  # jmp next: next moved down as lda shrank
        0x60,              # rts
    ])


def test_branches_reach_back_and_forward_through_local_labels():
    _golden("""
        * = $C000
first:  ldx #3
@loop:  dex
        bne @loop
        beq @out
        nop
@out:   rts
second: ldy #2
@loop:  dey            ; a different @loop, local to second
        bpl @loop
        bmi first
    """, 0xC000, [
        0xA2, 0x03,  # first: ldx #3
        0xCA,        # @loop: dex
        0xD0, 0xFD,  # bne @loop (-3)
        0xF0, 0x01,  # beq @out (+1)
        0xEA,        # nop
        0x60,        # @out: rts
        0xA0, 0x02,  # second: ldy #2
        0x88,        # @loop: dey
        0x10, 0xFD,  # bpl @loop
        0x30, 0xF0,  # bmi first (-16)
    ])


def test_expressions_low_high_bytes_and_characters():
    _golden("""
table = $1234
        .org $0600
        lda #<table
        ldx #>table
        ldy #<table+$100      ; < takes everything on its right
        lda #'A'
        lda #'A' | $80
        lda #-1
        cmp #(1 << 4) + %11 * 2
        lda table+1,x
        adc #~$0F & $FF
    """, 0x0600, [
        0xA9, 0x34,        # lda #<table
        0xA2, 0x12,        # ldx #>table
        0xA0, 0x34,        # ldy #<(table+$100)
        0xA9, 0x41,        # lda #'A'
        0xA9, 0xC1,        # lda #'A'|$80
        0xA9, 0xFF,        # lda #-1
        0xC9, 0x16,        # cmp #22
        0xBD, 0x35, 0x12,  # lda table+1,x
        0x69, 0xF0,        # adc #$F0
    ])


def test_indirect_forms_and_a_parenthesised_expression():
    _golden("""
        .org $0700
        jmp ($FFFC)
        lda ($20,X)
        sta ($22),Y
        lda (2+3)*4,x     ; not indirect: the parentheses do not hold the whole operand
    """, 0x0700, [
        0x6C, 0xFC, 0xFF,  # jmp ($FFFC)
        0xA1, 0x20,        # lda ($20,x)
        0x91, 0x22,        # sta ($22),y
        0xB5, 0x14,        # lda $14,x
    ])


def test_data_directives_and_reserved_space():
    program = assemble("""
        .org $0400
bytes:  .byte 1, $FF, -1, "Hi", 'c', "a\\"b\\n"
        .db 'x'
words:  .word $1234, words, -2
        .dw 7
gap:    .res 3             ; skipped: nothing emitted
filled: .ds 2, $EA
        .align 16
aligned: .byte >aligned, <aligned
    """, "6502")
    assert program.chunks == [
        (0x0400, bytes([
            0x01, 0xFF, 0xFF, 0x48, 0x69, 0x63, 0x61, 0x22, 0x62, 0x0A,  # .byte ...
            0x78,                                                        # .db 'x'
            0x34, 0x12, 0x0B, 0x04, 0xFE, 0xFF,                          # .word ...
            0x07, 0x00,                                                  # .dw 7
        ])),
        (0x0416, bytes([0xEA, 0xEA])),                                   # .ds 2, $EA
        (0x0420, bytes([0x04, 0x20])),                                   # aligned
    ]
    assert program.symbols["gap"] == 0x0413
    assert program.symbols["aligned"] == 0x0420


def test_org_makes_separate_chunks_in_address_order():
    program = assemble("""
        .org $FFFC
        .word reset, reset
        .org $8000
reset:  jmp reset
    """, "6502")
    assert program.chunks == [(0x8000, bytes([0x4C, 0x00, 0x80])),  # jmp reset
                              (0xFFFC, bytes([0x00, 0x80, 0x00, 0x80]))]


def test_equ_and_equals_define_constants_case_sensitively():
    program = assemble("""
Value .equ 3
value = Value * 2
        LDA #Value
        lda #value
    """, "6502")
    assert program.image() == bytes([0xA9, 3, 0xA9, 6])
    assert program.symbols == {"Value": 3, "value": 6}


def test_undocumented_opcodes_assemble_by_their_table_names():
    program = assemble("lax $10\nsax $1234\ndcp ($10),y\nalr #$0F\n", "6502")
    assert program.image() == bytes([ENCODE[("lax", "zp")], 0x10,
                                     ENCODE[("sax", "abs")], 0x34, 0x12,
                                     ENCODE[("dcp", "izy")], 0x10,
                                     ENCODE[("alr", "imm")], 0x0F])


def test_load_into_puts_every_chunk_on_the_bus():
    from retroscope.cpu.bus import Bus
    bus = Bus()
    assemble(".org $10\n.byte 1,2\n.org $FFFE\n.word $ABCD\n", "6502").load_into(bus)
    assert bus.ram[0x10:0x12] == b"\x01\x02" and bus.ram[0xFFFE:] == b"\xCD\xAB"


def test_origin_argument_sets_the_start_address():
    program = assemble("start: jmp start\n", "6502", origin=0xC000)
    assert program.chunks == [(0xC000, bytes([0x4C, 0x00, 0xC0]))]


def test_an_operand_of_a_means_the_accumulator_even_if_a_label_is_called_a():
    with pytest.raises(AsmError, match="lda has no accumulator"):
        assemble("a = 5\nlda a\n", "6502")
    assert assemble("a = 5\nlda a+0\n", "6502").image() == bytes([0xA5, 5])


PY65_OPERAND = {  # py65's spelling of each mode, for values that keep the mode
    "imp": "", "acc": "A", "imm": "#${:02X}", "zp": "${:02X}", "zpx": "${:02X},X",
    "zpy": "${:02X},Y", "abs": "${:04X}", "abx": "${:04X},X", "aby": "${:04X},Y",
    "ind": "(${:04X})", "izx": "(${:02X},X)", "izy": "(${:02X}),Y", "rel": "${:04X}",
}


def test_documented_instructions_match_py65s_assembler():
    py65 = pytest.importorskip("py65.assembler")
    from py65.devices.mpu6502 import MPU
    theirs = py65.Assembler(MPU())
    checked = 0
    for (mnemonic, mode), opcode in sorted(ENCODE.items()):
        op = OPCODES[opcode]
        if not op.documented:
            continue
        values = (0x10, 0xFE) if OPERAND_BYTES[mode] == 1 else (0x1234, 0xFFFE)
        for value in values:
            if mode == "rel":
                value = 0x0300 + 2 + (0x40 if value & 2 else -0x40)
            text = f"{mnemonic.upper()} {PY65_OPERAND[mode].format(value)}".strip()
            ours = assemble(f"  .org $0300\n  {text}\n", "6502").image()
            assert ours == bytes(theirs.assemble(text, pc=0x0300)), text
            checked += 1
    assert checked == 151 * 2
