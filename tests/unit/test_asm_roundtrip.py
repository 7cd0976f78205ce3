"""Assembler and disassembler agree: disassembled text reassembles to the same
bytes, for every opcode the assembler can produce and a spread of operands."""

from __future__ import annotations

import pytest

from retroscope.asm import assemble
from retroscope.cpu.isa6502 import ENCODE, OPCODES, OPERAND_BYTES

dis6502 = pytest.importorskip("retroscope.cpu.dis6502")

OPERANDS = {0: [b""], 1: [bytes([v]) for v in (0x00, 0x12, 0x7F, 0x80, 0xFF)],
            2: [bytes([lo, hi]) for lo, hi in ((0x12, 0x00), (0xFF, 0x00), (0x34, 0x12),
                                               (0xFF, 0xFF))]}


@pytest.mark.parametrize("opcode", sorted(set(ENCODE.values())), ids=lambda o: f"{o:02X}")
def test_disassembled_text_reassembles_to_the_same_bytes(opcode):
    op = OPCODES[opcode]
    for operand in OPERANDS[OPERAND_BYTES[op.mode]]:
        data = bytes([opcode]) + operand
        memory = dict(enumerate(data, 0x8000))
        line = dis6502.decode(lambda a, m=memory: m.get(a, 0), 0x8000)
        program = assemble(f"  {line.text}\n", "6502", origin=0x8000)
        assert program.chunks == [(0x8000, data)], line.text


def test_a_disassembly_with_symbol_names_reassembles_to_the_same_program():
    source = """
ptr = $10
        .org $C000
main:   lda (ptr),y
@loop:  sta.w ptr,x
        dex
        bne @loop
        jmp (vector)
vector: .word main
"""
    program = assemble(source, "6502")
    image = dict(enumerate(program.image(), 0xC000))
    lines = dis6502.disassemble(lambda a: image.get(a, 0), 0xC000, program.symbols["vector"],
                                symbols=program.symbols)
    assert "sta.w ptr,x" in [line.text for line in lines]
    assert "bne main@loop" in [line.text for line in lines]
    text = "".join(f"{name} = ${value:04X}\n" for name, value in program.symbols.items())
    text += "  .org $C000\n" + "".join(f"  {line.text}\n" for line in lines)
    text += "  .word main\n"
    assert assemble(text, "6502").image() == program.image()
