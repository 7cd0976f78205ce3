"""The Z80 disassembler: prefixes, undocumented names, symbols, T-states."""

from __future__ import annotations

import pytest

from retroscope.cpu.bus import Bus
from retroscope.cpu.disz80 import disassemble, disassemble_bytes

CASES = [
    ("00", "nop", "4"),
    ("3e ff", "ld a,$FF", "7"),
    ("22 00 4d", "ld ($4D00),hl", "16"),
    ("dd 7e 05", "ld a,(ix+5)", "19"),
    ("fd cb fe 9e", "res 3,(iy-2)", "23"),
    ("dd cb 05 00", "ld b,rlc (ix+5)", "23"),
    ("fd cb 80 d1", "ld c,set 2,(iy-128)", "23"),
    ("dd cb 05 46", "bit 0,(ix+5)", "20"),
    ("dd cb 05 40", "bit 0,(ix+5)", "20"),
    ("cb 30", "sll b", "8"),
    ("dd 7c", "ld a,ixh", "8"),
    ("fd 6f", "ld iyl,a", "8"),
    ("dd 66 01", "ld h,(ix+1)", "19"),
    ("ed 70", "in f,(c)", "12"),
    ("ed 71", "out (c),0", "12"),
    ("ed 4c", "neg", "8"),
    ("ed b0", "ldir", "21/16"),
    ("ed 52", "sbc hl,de", "15"),
    ("eb", "ex de,hl", "4"),
    ("dd eb", "ex de,hl", "8"),
    ("08", "ex af,af'", "4"),
    ("dd e9", "jp (ix)", "8"),
    ("c0", "ret nz", "11/5"),
    ("cc 34 12", "call z,$1234", "17/10"),
    ("10 fe", "djnz $0100", "13/8"),
    ("d3 00", "out ($00),a", "11"),
    ("ff", "rst $38", "11"),
    ("ed 5e", "im 2", "8"),
]


@pytest.mark.parametrize(("hexbytes", "text", "timing"), CASES, ids=[c[1] for c in CASES])
def test_each_prefix_and_undocumented_form_reads_as_common_references_write_it(
        hexbytes: str, text: str, timing: str):
    code = bytes.fromhex(hexbytes)
    (line,) = disassemble_bytes(code, 0x100)
    assert (line.text, line.timing, line.data) == (text, timing, code)


def test_symbols_name_addresses_and_jump_targets():
    code = bytes.fromhex("2a 00 4d 20 fb cd 00 80 dd 21 ff 32")
    symbols = {0x4D00: "curPosition", 0x0100: "check", 0x8000: "calcDistance",
               0x32FF: "offsetPointers"}
    lines = disassemble_bytes(code, 0x100, symbols)
    assert [line.text for line in lines] == [
        "ld hl,(curPosition)", "jr nz,check", "call calcDistance", "ld ix,offsetPointers"]
    assert [line.target for line in lines] == [None, 0x100, 0x8000, None]


def test_an_index_prefix_before_another_prefix_is_a_lone_nop():
    lines = disassemble_bytes(bytes.fromhex("dd fd 21 34 12"), 0)
    assert [(line.text, len(line.data)) for line in lines] == [("nop", 1), ("ld iy,$1234", 4)]


def test_disassembly_reads_through_the_bus_without_side_effects_and_wraps():
    bus = Bus()
    bus.load(0xFFFE, bytes.fromhex("c3 00"))
    bus.load(0x0000, bytes.fromhex("80"))
    reads = []
    bus.add_watch("read", lambda addr, value: reads.append(addr))
    (line,) = disassemble(bus.peek, 0xFFFE, 1)
    assert line.text == "jp $8000" and line.data == bytes.fromhex("c30080")
    assert reads == []


def test_a_whole_address_space_of_code_ends_even_when_the_last_instruction_wraps():
    # 64 KiB of code, then a 3-byte instruction whose operand runs past the end:
    # the listing stops instead of going round the address space again.
    assert len(disassemble_bytes(bytes(0x10000), 0)) == 0x10000
    lines = disassemble_bytes(bytes(0xFFFE) + b"\xc3", 0)
    assert len(lines) == 0xFFFF and lines[-1].text == "jp $0000"
