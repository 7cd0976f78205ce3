"""Z80 core behaviour the single-instruction vectors do not cover: interrupts,
HALT, NMI, the EI delay, ports, run(), register views and snapshots."""

from __future__ import annotations

import json

from retroscope.asm import assemble
from retroscope.cpu import Z80
from retroscope.cpu.bus import Bus


def cpu_with(source: str, origin: int = 0) -> Z80:
    cpu = Z80()
    assemble(source, "z80", origin=origin).load_into(cpu.bus)
    cpu.pc = origin
    cpu.sp = 0xF000
    return cpu


def test_im1_interrupt_pushes_pc_and_jumps_to_0038_in_13_t_states():
    cpu = cpu_with("ei\nnop\nnop\nnop")
    cpu.step()  # ei
    cpu.interrupt()
    cpu.step()  # nop: EI's delay holds the interrupt off for one instruction
    assert cpu.pc == 2
    cpu.im = 1
    assert cpu.step() == 13
    assert (cpu.pc, cpu.sp, cpu.iff1, cpu.iff2) == (0x0038, 0xEFFE, 0, 0)
    assert cpu.bus.read(0xEFFE) | cpu.bus.read(0xEFFF) << 8 == 2
    assert not cpu.irq


def test_im2_interrupt_reads_the_vector_table_at_i_and_the_bus_byte():
    cpu = cpu_with("im 2\nld a,$3F\nld i,a\nei\nnop\nnop")
    cpu.bus.load(0x3F10, bytes([0x34, 0x12]))
    for _ in range(5):
        cpu.step()
    cpu.interrupt(0x10)  # Pac-Man: the byte written by OUT to port 0
    assert cpu.step() == 19
    assert cpu.pc == 0x1234 and cpu.wz == 0x1234


def test_im0_interrupt_executes_the_rst_on_the_bus():
    cpu = cpu_with("ei\nnop")
    cpu.step()
    cpu.step()
    cpu.interrupt(0xD7)  # rst $10
    assert cpu.step() == 13
    assert cpu.pc == 0x10


def test_masked_interrupt_stays_raised_until_ei():
    cpu = cpu_with("di\nnop\nnop\nei\nnop\nnop")
    cpu.im = 1
    cpu.interrupt()
    assert cpu.run(16) == 16  # di, nop, nop, ei: not taken
    cpu.step()  # the instruction after ei
    assert cpu.step() == 13 and cpu.pc == 0x38


def test_halt_stops_run_early_and_an_interrupt_resumes_after_the_halt():
    cpu = cpu_with("ei\nhalt\nnop")
    cpu.im = 1
    assert cpu.run(1000) == 8
    assert cpu.halted and cpu.pc == 2
    assert cpu.run(1000) == 0
    r = cpu.r
    assert cpu.step() == 4 and cpu.r == r + 1 and cpu.pc == 2  # halted: refresh only
    cpu.interrupt()
    assert cpu.run(13) == 13
    assert not cpu.halted and cpu.pc == 0x38
    assert cpu.bus.read(cpu.sp) == 2  # returns past the HALT


def test_nmi_is_taken_with_interrupts_disabled_and_retn_restores_iff1():
    cpu = cpu_with("ei\nnop\nnop")
    cpu.bus.load(0x66, bytes([0xED, 0x45]))  # retn
    cpu.step()
    cpu.step()
    cpu.nmi()
    assert cpu.step() == 11
    assert (cpu.pc, cpu.iff1, cpu.iff2) == (0x66, 0, 1)
    cpu.step()
    assert (cpu.pc, cpu.iff1) == (2, 1)


def test_an_interrupt_right_after_ld_a_i_clears_parity_overflow():
    cpu = cpu_with("ei\nnop\nld a,i\nnop")
    cpu.im = 1
    for _ in range(3):
        cpu.step()
    assert cpu.f & 0x04  # P/V = IFF2 = 1
    cpu.interrupt()
    cpu.step()
    assert cpu.pc == 0x38 and not cpu.f & 0x04


def test_in_and_out_pass_the_full_16_bit_port_to_the_bus():
    bus = Bus()
    seen = []
    bus.map_port(0x00, write=lambda port, value: seen.append((port, value)))
    bus.map_port(0x34, read=lambda port: seen.append(("in", port)) or 0x5A)
    cpu = Z80(bus)
    assemble("ld a,$12\nout ($00),a\nld bc,$7734\nin d,(c)\nout (c),d\nin a,($34)",
             "z80").load_into(bus)
    cpu.run(60)
    # out (c),d goes to port $34, which has only a read handler: nothing is seen.
    assert seen == [(0x1200, 0x12), ("in", 0x7734), ("in", 0x1234)]
    assert cpu.d == 0x5A and cpu.a == 0x5A


def test_run_executes_whole_instructions_and_counts_t_states():
    cpu = cpu_with("loop: inc a\njp loop")
    assert cpu.run(20) == 28  # 4 + 10 + 4 + 10: overshoots by the last instruction
    assert cpu.cycles == 28 and cpu.a == 1  # A starts at $FF after reset


def test_pairs_and_index_halves_are_views_of_the_8_bit_registers():
    cpu = Z80()
    cpu.hl, cpu.bc, cpu.de, cpu.af = 0x1234, 0xABCD, 0x0102, 0xFF00
    assert (cpu.h, cpu.l, cpu.b, cpu.c, cpu.d, cpu.e, cpu.a, cpu.f) == \
        (0x12, 0x34, 0xAB, 0xCD, 0x01, 0x02, 0xFF, 0x00)
    cpu.ix = 0x1122
    cpu.ixl = 0x99
    cpu.iyh = 0x77
    assert (cpu.ix, cpu.ixh, cpu.iy >> 8) == (0x1199, 0x11, 0x77)
    cpu.r = 0x85
    cpu.step()  # nop
    assert cpu.r == 0x86


def test_snapshot_is_json_and_restore_continues_identically():
    cpu = cpu_with("loop: add a,c\ninc c\nld (hl),a\ninc hl\nex af,af'\nexx\njr loop")
    cpu.run(500)
    state = json.loads(json.dumps(cpu.snapshot()))
    memory = cpu.bus.snapshot()
    cpu.run(777)
    after = cpu.snapshot()
    twin = Z80()
    twin.bus.restore(memory)
    twin.restore(state)
    twin.run(777)
    assert twin.snapshot() == after
    assert twin.bus.snapshot() == cpu.bus.snapshot()


def test_a_watch_added_between_runs_sees_the_core_accesses():
    cpu = cpu_with("ld hl,$4000\nloop: ld (hl),a\ninc a\njr loop")
    cpu.run(50)
    writes = []
    cpu.bus.add_watch("write", lambda addr, value: writes.append((addr, value)))
    cpu.run(50)
    assert writes and all(addr == 0x4000 for addr, _ in writes)


def test_a_restored_halted_cpu_with_an_interrupt_raised_takes_it():
    cpu = cpu_with("ei\nhalt")
    cpu.im = 1
    cpu.run(100)
    cpu.interrupt()
    state = json.loads(json.dumps(cpu.snapshot()))
    twin = Z80()
    twin.restore(state)
    assert twin.halted and twin.irq
    assert twin.step() == 13 and twin.pc == 0x38


def test_restore_holds_registers_to_their_widths():
    cpu = Z80()
    state = cpu.snapshot() | {"a": 0x1FF, "pc": 0x12345, "sp": -1}
    cpu.restore(state)
    assert (cpu.a, cpu.pc, cpu.sp) == (0xFF, 0x2345, 0xFFFF)
    cpu.step()  # runs, instead of an IndexError past the end of memory
    assert cpu.pc == 0x2346
