"""The TMS9900 disassembler: text, symbols, ranges, and cycle counts with and
without the TI-99/4A's wait states (the corpus test checks every case)."""

from __future__ import annotations

from retroscope.asm import assemble
from retroscope.cpu.dis9900 import UNKNOWN, Count, decode, disassemble
from retroscope.machines.ti99.memory import WAIT_STATES


def image(source: str) -> tuple[bytearray, dict[str, int]]:
    program = assemble(source, "tms9900")
    mem = bytearray(0x10000)
    for address, data in program.chunks:
        mem[address:address + len(data)] = data
    return mem, program.symbols


SOURCE = """\
       AORG >A000
START  LWPI >8300
LOOP   MOVB *R1+,*R2+
       DEC  R3
       JNE  LOOP
       MOV  @TABLE(R4),@TABLE
       SLA  R5,0
       BL   @START
       DATA >0000
TABLE  DATA 1
"""


def test_symbols_name_jump_targets_and_symbolic_operands() -> None:
    mem, symbols = image(SOURCE)
    lines = disassemble(mem.__getitem__, 0xA000, Count(7), symbols=symbols)
    assert [" ".join(line.text.split()) for line in lines] == [
        "LWPI >8300", "MOVB *R1+,*R2+", "DEC R3", "JNE LOOP",
        "MOV @TABLE(R4),@TABLE", "SLA R5,0", "BL @START"]
    assert [line.label for line in lines[:3]] == ["START", "LOOP", None]
    assert lines[3].target == symbols["LOOP"] and lines[6].target == symbols["START"]


def test_an_end_address_and_a_count_give_the_same_lines() -> None:
    mem, symbols = image(SOURCE)
    by_count = disassemble(mem.__getitem__, 0xA000, Count(8))
    by_end = disassemble(mem.__getitem__, 0xA000, symbols["TABLE"])
    assert by_count == by_end and by_end[-1].text == "DATA >0000"


def test_cycles_flat_and_with_wait_states_for_the_seed_copy_loop() -> None:
    mem, _ = image(SOURCE)
    movb, dec, jne = disassemble(mem.__getitem__, 0xA004, Count(3), wp=0x8300,
                                 waits=WAIT_STATES)
    # Registers in the scratch pad; code, source and destination on the 8-bit bus.
    assert (movb.cycles, movb.cycles_waited) == (26, 26 + 4 * 4)
    assert (dec.cycles, dec.cycles_waited) == (10, 14)
    assert (jne.cycles, jne.cycles_waited, jne.note) == (10, 14, "8 if not taken")
    slow_ws = decode(mem.__getitem__, 0xA006, wp=0xB800, waits=WAIT_STATES)  # DEC R3
    assert slow_ws.cycles_waited == 10 + 3 * 4
    flat = decode(mem.__getitem__, 0xA006, wp=0xB800)  # no board: no wait states
    assert flat.cycles_waited == flat.cycles == 10


def test_accesses_are_listed_with_their_addresses_where_known() -> None:
    mem, symbols = image(SOURCE)
    line = decode(mem.__getitem__, 0xA00A, wp=0x8300)  # MOV @TABLE(R4),@TABLE
    table = symbols["TABLE"]
    assert line.accesses == (0xA00A, 0x8308, 0xA00C, UNKNOWN, 0xA00E, table, table)
    assert line.cycles == 14 + 8 + 8


def test_data_dependent_timing_is_noted() -> None:
    mem, _ = image(SOURCE)
    shift = decode(mem.__getitem__, 0xA010)
    assert shift.cycles == 20 and "R0" in shift.note
    div = decode(bytes.fromhex("3C42").ljust(4, b"\0").__getitem__, 0)  # DIV R2,R1
    assert div.cycles == 92 and "92-124" in div.note


def test_a_word_that_is_no_instruction_shows_as_data() -> None:
    line = decode(bytes(4).__getitem__, 0)
    assert (line.mnemonic, line.text, line.cycles) == ("DATA", "DATA >0000", 6)


def test_the_line_prints_address_words_text_and_both_counts() -> None:
    mem, _ = image(SOURCE)
    assert str(decode(mem.__getitem__, 0xA004, waits=WAIT_STATES)) == (
        "A004  DCB1            MOVB *R1+,*R2+                26 / 42")


def test_access_counts_follow_the_data_manuals_m_column() -> None:
    """Register operands: the instruction's M; each other mode adds table A's M."""
    from retroscope.cpu import isa9900 as isa

    general = {isa.TWO: (4, 10), isa.REGSRC: (4,), isa.XOPF: (4,), isa.CRU: (4,),
               isa.ONE: (4,)}
    for op in isa.OPS:
        word = op.opcode | (0x0010 if op.fmt == isa.SHIFT else 0)  # shifts: count 1
        if op.fmt == isa.CRU:
            word |= 9 << 6                                  # a word transfer
        mem = bytearray(0x10000)
        mem[0xA000:0xA002] = word.to_bytes(2, "big")
        base = decode(mem.__getitem__, 0xA000)
        assert len(base.accesses) == op.accesses, op.mnemonic
        for shift in general.get(op.fmt, ()):
            for t in (1, 2, 3):                                   # *R0, @addr, *R0+
                mem[0xA000:0xA002] = (word | (t << shift)).to_bytes(2, "big")
                line = decode(mem.__getitem__, 0xA000)
                assert len(line.accesses) - op.accesses == isa.MODE_ACCESSES[t], op.mnemonic
            mem[0xA000:0xA002] = (word | (2 << shift) | (1 << (shift - 4))).to_bytes(2, "big")
            indexed = decode(mem.__getitem__, 0xA000)             # @addr(R1): M + 2
            assert len(indexed.accesses) - op.accesses == 2, op.mnemonic
