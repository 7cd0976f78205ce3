"""TMS9900 behaviour the per-instruction corpus does not cover, from the data
manual: reset, interrupts and their hold-off, IDLE, odd addresses,
read-before-write, wait-state options, snapshots. Programs are hand-encoded
words with their assembly beside them.
"""

from __future__ import annotations

import pytest

from retroscope.cpu import TMS9900
from retroscope.cpu import isa9900 as isa
from retroscope.cpu.bus import Bus
from retroscope.cpu.tms9900 import wait_table
from retroscope.machines.ti99.memory import WAIT_STATES, slow


def words(*ws: int) -> bytes:
    return b"".join(w.to_bytes(2, "big") for w in ws)


def make(code: bytes, at: int = 0x1000, wp: int = 0x8300, **kw) -> TMS9900:
    cpu = TMS9900(**kw)
    cpu.bus.load(at, code)
    cpu.pc, cpu.wp = at, wp
    return cpu


def test_reset_loads_wp_and_pc_from_the_vector_at_zero_and_clears_st() -> None:
    cpu = TMS9900()
    cpu.bus.load(0, words(0x83E0, 0x0024))
    cpu.st, cpu.wp, cpu.pc = 0xFFFF, 0x2000, 0x3000
    cpu.reset()
    assert (cpu.wp, cpu.pc, cpu.st) == (0x83E0, 0x0024, 0)
    assert (cpu.reg(13), cpu.reg(14), cpu.reg(15)) == (0x2000, 0x3000, 0)


def test_registers_live_in_memory_at_the_workspace_pointer() -> None:
    cpu = make(b"", wp=0x8300)
    cpu.set_reg(3, 0x1234)
    assert cpu.bus.ram[0x8306:0x8308] == b"\x12\x34"
    cpu.wp = 0x8302
    assert cpu.reg(2) == 0x1234


def test_registers_are_also_attributes_r0_to_r15() -> None:
    cpu = make(b"", wp=0x8300)
    cpu.r15 = 0xABCD
    assert cpu.reg(15) == 0xABCD and cpu.r15 == 0xABCD and cpu.r0 == 0
    assert cpu.bus.ram[0x831E:0x8320] == b"\xab\xcd"


def test_a_word_operand_at_an_odd_address_uses_the_even_word() -> None:
    cpu = make(words(0xC060, 0x2001))            # MOV @>2001,R1
    cpu.bus.load(0x2000, words(0xBEEF))
    cpu.step()
    assert cpu.reg(1) == 0xBEEF


def test_a_byte_operand_at_an_odd_address_is_the_low_byte() -> None:
    cpu = make(words(0xD060, 0x2001))            # MOVB @>2001,R1
    cpu.bus.load(0x2000, words(0xBEEF))
    cpu.set_reg(1, 0x0055)
    cpu.step()
    assert cpu.reg(1) == 0xEF55                  # high byte replaced, low kept


def test_a_byte_write_to_an_odd_address_leaves_the_even_byte_alone() -> None:
    cpu = make(words(0xD801, 0x2001))            # MOVB R1,@>2001
    cpu.bus.load(0x2000, words(0xBEEF))
    cpu.set_reg(1, 0x4200)
    cpu.step()
    assert cpu.bus.ram[0x2000:0x2002] == b"\xbe\x42"


def test_odd_pc_and_wp_lose_bit_zero_as_the_chip_has_no_a15() -> None:
    cpu = make(b"")
    cpu.pc, cpu.wp = 0x1235, 0x8301
    assert (cpu.pc, cpu.wp) == (0x1234, 0x8300)


def test_every_destination_is_read_before_it_is_written() -> None:
    cpu = make(words(0xC801, 0x2000))            # MOV R1,@>2000
    seen: list[tuple[str, int]] = []
    cpu.bus.add_watch("read", lambda a, v: seen.append(("r", a)))
    cpu.bus.add_watch("write", lambda a, v: seen.append(("w", a)))
    cpu.step()
    at_dest = [kind for kind, addr in seen if addr in (0x2000, 0x2001)]
    assert at_dest == ["r", "r", "w", "w"]


def test_watches_added_between_runs_are_seen_by_the_next_run() -> None:
    cpu = make(words(0x0580, 0x0580))            # INC R0 ; INC R0
    cpu.step()
    writes: list[int] = []
    cpu.bus.add_watch("write", lambda a, v: writes.append(a))
    cpu.step()
    assert writes == [0x8300, 0x8301]


# -- interrupts ---------------------------------------------------------------
ISR_WP, ISR_PC = 0x8380, 0x3000


def interrupt_rig(code: bytes) -> TMS9900:
    cpu = make(code)
    cpu.bus.load(0x0004, words(ISR_WP, ISR_PC))  # level 1 vector
    cpu.bus.load(ISR_PC, words(0x0380))          # RTWP
    return cpu


def test_an_enabled_interrupt_switches_context_through_its_vector() -> None:
    cpu = interrupt_rig(words(0x0580, 0x0580))   # INC R0 ; INC R0
    cpu.st = 0x2002                              # EQ, mask 2
    cpu.interrupt(1)
    assert cpu.step() == 22
    assert (cpu.wp, cpu.pc, cpu.st & 15) == (ISR_WP, ISR_PC, 0)
    assert (cpu.reg(13), cpu.reg(14), cpu.reg(15)) == (0x8300, 0x1000, 0x2002)


def test_an_interrupt_above_the_mask_waits_until_limi_lets_it_in() -> None:
    cpu = interrupt_rig(words(0x0580, 0x0300, 0x0001, 0x0580))  # INC R0; LIMI 1; INC R0
    cpu.interrupt(1)
    cpu.step()
    cpu.step()
    assert cpu.pc == 0x1006 and cpu.reg(0) == 1
    cpu.step()
    assert cpu.pc == ISR_PC


def test_rtwp_returns_from_the_interrupt_to_the_interrupted_code() -> None:
    cpu = interrupt_rig(words(0x0580, 0x0580))
    cpu.st = 0x0002
    cpu.interrupt(1)
    cpu.step()
    cpu.interrupt(None)
    cpu.step()                                   # RTWP
    assert (cpu.wp, cpu.pc, cpu.st) == (0x8300, 0x1000, 0x0002)


def test_interrupts_wait_for_the_first_instruction_after_blwp() -> None:
    # BLWP @>2000 -> WP >8340, PC >2100: INC R0 there must run first.
    cpu = interrupt_rig(words(0x0420, 0x2000))
    cpu.bus.load(0x2000, words(0x8340, 0x2100))
    cpu.bus.load(0x2100, words(0x0580, 0x0580))
    cpu.st = 0x0002
    cpu.step()                                   # BLWP
    cpu.interrupt(1)
    cpu.step()                                   # held off: INC R0 runs
    assert cpu.pc == 0x2102 and cpu.reg(0) == 1
    cpu.step()
    assert cpu.pc == ISR_PC


def test_interrupts_wait_for_the_first_instruction_after_xop() -> None:
    cpu = interrupt_rig(words(0x2C60, 0x2222))   # XOP @>2222,1
    cpu.bus.load(0x0044, words(0x8340, 0x2100))  # XOP 1 vector
    cpu.bus.load(0x2100, words(0x0580))
    cpu.st = 0x0002
    cpu.interrupt(1)
    cpu.step()                                   # hold-off starts only after XOP
    assert cpu.pc == ISR_PC
    cpu.step()                                   # RTWP back to the XOP
    cpu.interrupt(None)
    cpu.step()
    cpu.interrupt(1)
    assert cpu.pc == 0x2100 and cpu.st & 0x0200  # X bit set
    assert cpu.reg(11) == 0x2222
    cpu.step()
    assert cpu.pc == 0x2102 and cpu.reg(0) == 1
    cpu.step()
    assert cpu.pc == ISR_PC


def test_a_pending_interrupt_that_stays_masked_is_never_taken_by_run() -> None:
    cpu = interrupt_rig(words(0x10FF))           # JMP $
    cpu.interrupt(3)
    cpu.st = 0x0002
    cpu.run(1000)
    assert cpu.pc == 0x1000


def test_idle_stops_run_early_and_an_interrupt_wakes_it() -> None:
    cpu = interrupt_rig(words(0x0340, 0x0580))   # IDLE ; INC R0
    cpu.st = 0x0001
    ran = cpu.run(10_000)
    assert cpu.idle and ran == 12 and cpu.pc == 0x1002
    assert cpu.run(10_000) == 0
    cpu.interrupt(1)
    cpu.step()
    assert not cpu.idle and cpu.pc == ISR_PC


def test_a_step_while_idle_lets_time_pass_without_executing() -> None:
    cpu = make(words(0x0340, 0x0580))
    cpu.step()
    before = cpu.cycles
    assert cpu.step() == 12 and cpu.cycles == before + 12 and cpu.reg(0) == 0


def test_load_is_taken_through_fffc_whatever_the_mask() -> None:
    cpu = make(words(0x0580))
    cpu.bus.load(0xFFFC, words(0x8340, 0x2400))
    cpu.load_interrupt()
    assert (cpu.wp, cpu.pc, cpu.reg(14)) == (0x8340, 0x2400, 0x1000)


def test_interrupt_levels_outside_one_to_fifteen_are_refused() -> None:
    with pytest.raises(ValueError):
        TMS9900().interrupt(0)


# -- CRU --------------------------------------------------------------------
def test_cru_callables_see_the_bits_at_r12_over_two_plus_the_displacement() -> None:
    cpu = make(words(0x1D05, 0x1FFE))            # SBO 5 ; TB -2
    cpu.set_reg(12, 0x0100)                      # CRU base bit >80
    out: list[tuple[int, int]] = []
    cpu.cru_write = lambda bit, v: out.append((bit, v))
    cpu.cru_read = lambda bit: 1 if bit == 0x7E else 0
    cpu.step()
    cpu.step()
    assert out == [(0x85, 1)] and cpu.st & 0x2000


# -- timing -----------------------------------------------------------------
def test_wait_states_cost_four_cycles_per_access_outside_rom_and_scratchpad() -> None:
    code = words(0xC060, 0x2000)                 # MOV @>2000,R1: 22 cycles, M=5
    flat = make(code, at=0xA000, wp=0x8300)
    waited = make(code, at=0xA000, wp=0x8300, wait_states=WAIT_STATES)
    # fetch, @addr fetch and the operand read are slow; the register is not.
    assert flat.step() == 22
    assert waited.step() == 22 + 3 * 4


def test_wait_states_are_the_boards_table_of_cycles_per_page() -> None:
    assert wait_table(None) is None
    assert wait_table(WAIT_STATES) == [4 if slow(page << 8) else 0 for page in range(256)]
    cpu = make(words(0x0580), at=0xF000, wait_states=[8] * 256)  # INC R0
    assert cpu.step() == 10 + 3 * 8  # fetch, read, write
    for wrong, error in ((True, TypeError), (slow, TypeError), ([4] * 10, ValueError),
                         ([-1] * 256, ValueError)):
        with pytest.raises(error):
            make(words(0x0580), wait_states=wrong)


def test_the_ti99_scratchpad_mirrors_at_8000_are_fast_as_the_corpus_says() -> None:
    assert not slow(0x8000) and not slow(0x83FF) and slow(0x8400)
    assert not slow(0x1FFF) and slow(0x2000)


def test_an_unassigned_opcode_is_fetched_and_does_nothing() -> None:
    cpu = make(words(0x0000))
    assert cpu.step() == 6 and cpu.pc == 0x1002


def test_run_overshoots_by_at_most_one_instruction() -> None:
    cpu = make(words(0x10FF))                    # JMP $ (10 cycles)
    assert cpu.run(25) == 30 and cpu.cycles == 30


# -- state --------------------------------------------------------------------
def test_snapshot_and_restore_give_back_the_same_state() -> None:
    cpu = make(words(0x0580, 0x0580, 0x0580))
    cpu.st = 0x4003
    cpu.interrupt(5)                             # pending, masked
    cpu.step()
    snap = cpu.snapshot()
    ram = cpu.bus.snapshot()
    cpu.step()
    cpu.step()
    cpu.restore(snap)
    cpu.bus.restore(ram)
    assert cpu.snapshot() == snap
    cpu.step()
    assert cpu.reg(0) == 2


def test_the_core_works_over_a_bus_with_mapped_regions() -> None:
    bus = Bus()
    bus.map_rom(0x0000, words(0x8300, 0x0100) + bytes(0xFC) + words(0x0201, 0x1234))
    cpu = TMS9900(bus)
    cpu.reset()
    cpu.step()                                   # LI R1,>1234 from ROM
    assert cpu.reg(1) == 0x1234


@pytest.mark.parametrize("op", [o for o in isa.OPS if o.fmt == isa.JUMP], ids=lambda o: o.mnemonic)
def test_each_jump_is_taken_exactly_under_its_data_manual_condition(op: isa.Op) -> None:
    cpu = make(words(op.opcode | 0x05))          # Jxx $+12
    for high in range(64):                       # every L> A> EQ C OV OP combination
        cpu.pc, cpu.st = 0x1000, high << 10
        cycles = cpu.step()
        taken = isa.jump_taken(op.mnemonic, high << 10)
        assert (cpu.pc, cycles) == ((0x100C, 10) if taken else (0x1002, 8)), hex(high << 10)
