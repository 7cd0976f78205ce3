"""The 6502 disassembler: text our assembler reads back, symbols, cycles, ranges."""

from __future__ import annotations

import random

import pytest

from retroscope.asm import assemble
from retroscope.cpu.dis6502 import Count, decode, disassemble, symbol_names
from retroscope.cpu.isa6502 import ENCODE, OPCODES


def reader(code: bytes, at: int):
    mem = bytearray(0x10000)
    for i, byte in enumerate(code):
        mem[(at + i) & 0xFFFF] = byte
    return mem.__getitem__


@pytest.mark.parametrize("opcode", sorted(set(ENCODE.values())), ids=lambda op: f"{op:02x}")
def test_every_encodable_opcode_reassembles_to_the_same_bytes(opcode: int) -> None:
    rng = random.Random(opcode)
    for _ in range(4):
        code = bytes([opcode, rng.randrange(256), rng.randrange(256)])
        at = 0x8000 + rng.randrange(0x100)
        line = decode(reader(code, at), at)
        program = assemble(f" .org ${at:04x}\n {line.text}\n", "6502")
        assert program.chunks == [(at, line.data)], line.text


def test_undocumented_duplicates_decode_under_their_common_names() -> None:
    assert decode(reader(b"\x1a", 0), 0).text == "nop"
    assert decode(reader(b"\xeb\x10", 0), 0).text == "sbc #$10"
    assert not decode(reader(b"\xeb\x10", 0), 0).documented
    assert decode(reader(b"\x02", 0), 0).text == "jam"


def test_symbols_replace_addresses_and_branch_targets() -> None:
    # loop: lda table,x ; sta $10 ; bne loop ; jmp (vector)
    code = bytes.fromhex("bd 00 90 85 10 d0 f9 6c fe ff")
    symbols = {"loop": 0x8000, "table": 0x9000, "ptr": 0x10, "vector": 0xFFFE, "loop@x": 0x8000}
    lines = disassemble(reader(code, 0x8000), 0x8000, 0x800A, symbols)
    assert [line.text for line in lines] == ["lda table,x", "sta ptr", "bne loop", "jmp (vector)"]
    assert lines[0].label == "loop" and lines[1].label is None
    assert lines[2].target == 0x8000


def test_cycles_and_penalties_come_from_the_opcode_table() -> None:
    code = bytes.fromhex("bd 00 90 9d 00 90 f0 00 ea")
    lines = disassemble(reader(code, 0), 0, Count(4))
    assert [(line.cycles, line.cycles_text) for line in lines] == [
        (4, "4*"), (5, "5"), (2, "2**"), (2, "2")]
    assert lines[0].penalty == "+1 if page crossed"
    assert lines[2].penalty.startswith("+1 if taken")


def test_absolute_operands_below_0100_keep_their_width() -> None:
    line = decode(reader(bytes.fromhex("ad 12 00"), 0), 0)
    assert line.text == "lda.w $0012"
    assert assemble(line.text, "6502").chunks == [(0, line.data)]


def test_a_range_may_wrap_past_ffff() -> None:
    code = bytes.fromhex("ea ea a9 01 e8")
    lines = disassemble(reader(code, 0xFFFE), 0xFFFE, 0x0003)
    assert [line.address for line in lines] == [0xFFFE, 0xFFFF, 0x0000, 0x0002]
    assert str(lines[2]) == "0000  a9 01     lda #$01"


def test_an_instruction_straddling_ffff_reads_its_operand_from_0000() -> None:
    line = decode(reader(bytes.fromhex("4c 34 12"), 0xFFFF), 0xFFFF)
    assert line.text == "jmp $1234" and line.data == bytes.fromhex("4c 34 12")


def test_any_byte_sequence_disassembles_without_error() -> None:
    rng = random.Random(6502)
    memory = bytes(rng.randrange(256) for _ in range(0x10000))
    lines = disassemble(memory.__getitem__, 0, 0x10000)
    assert sum(len(line.data) for line in lines) >= 0x10000
    assert all(OPCODES[line.data[0]] is not None for line in lines)


def test_symbol_names_prefer_globals_then_alphabetical_order() -> None:
    assert symbol_names({"b": 1, "a": 1, "g@l": 2, "z": 2, "big": 0x12345}) == {1: "a", 2: "z"}
