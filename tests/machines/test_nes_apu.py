"""The NES APU device (nes/apu.py): writes logged at their CPU cycle, the
length counters and frame sequencer behind $4015, snapshots."""

from __future__ import annotations

import pytest

from harness.tiny_nes import tiny_nes
from retroscope.machines.nes.apu import LENGTHS

PROGRAM = """
.org $8000
reset:  lda #$0F
        sta $4015           ; pulses, triangle, noise on
        lda #$BF
        sta $4000           ; duty 2, halt, constant volume 15
        lda #$FD
        sta $4002
        lda #$18
        sta $4003           ; timer $0FD, length index 3 (= 2)
loop:   jmp loop
.org $FFFA
        .word reset, reset, reset
"""


@pytest.fixture
def machine():
    return tiny_nes(PROGRAM)


def run_to(m, cycle):
    """Run the CPU (no frame events) until its counter reaches `cycle`."""
    m.cpu.run(cycle - m.cpu.cycles)


def test_writes_are_logged_at_the_cpu_cycle_of_the_frame(machine):
    machine.run_frame()
    (log,) = machine.sound_logs()
    assert log.chip == "apu" and log.clock_hz == pytest.approx(1_789_772.7, abs=1)
    # LDA # takes 2 cycles, STA abs 4 with its write on the 4th: 2+3, 8+3, ...
    assert log.triples() == [(5, 0x15, 0x0F), (11, 0x00, 0xBF), (17, 0x02, 0xFD),
                             (23, 0x03, 0x18)]
    machine.run_frame()
    assert log.writes == []  # nothing written in the second frame


def test_stamps_count_from_each_frame_start(machine):
    machine.run_frame()
    machine.sound_logs()[0].drain()
    start = machine.cpu.cycles - machine.frame_cycle
    run_to(machine, start + 1000)
    machine.write(0x4008, 0x81)  # as if the CPU wrote it now (an instruction begins here)
    assert machine.sound_logs()[0].triples() == [(machine.frame_cycle + 3, 0x08, 0x81)]


def test_length_counter_runs_out_on_the_second_half_frame(machine):
    run_to(machine, 200)
    apu = machine.apu
    assert LENGTHS[3] == 2
    # $4000 has the halt bit set: the length stays.
    run_to(machine, 40000)
    assert machine.read(0x4015) & 0x01
    machine.write(0x4000, 0x9F)  # halt off
    seq = apu.seq_start
    run_to(machine, seq + 14913 - 10)
    assert machine.read(0x4015) & 0x01  # one half frame so far since the halt went
    run_to(machine, seq + 29829 + 1)
    assert machine.read(0x4015) & 0x01 == 0


def test_disabled_channel_clears_and_ignores_length_loads(machine):
    run_to(machine, 200)
    machine.write(0x4015, 0x0E)
    assert machine.read(0x4015) & 0x01 == 0
    machine.write(0x4003, 0xF8)
    assert machine.read(0x4015) & 0x01 == 0
    machine.write(0x400B, 0x08)  # triangle: enabled, index 1 = 254
    assert machine.read(0x4015) & 0x04


def test_frame_irq_flag_set_in_4_step_mode_and_cleared_by_reading(machine):
    apu = machine.apu
    run_to(machine, apu.seq_start + 29828 + 5)
    assert machine.read(0x4015) & 0x40  # a peek: the flag stays
    assert machine.read(0x4015) & 0x40
    assert machine.bus.read(0x4015) & 0x40  # the CPU's read returns it and clears it
    assert machine.bus.read(0x4015) & 0x40 == 0
    machine.bus.write(0x4017, 0x40)  # inhibited: never set
    run_to(machine, machine.cpu.cycles + 3 * 29830)
    assert machine.read(0x4015) & 0x40 == 0


def test_five_step_mode_clocks_a_half_frame_at_once(machine):
    run_to(machine, 200)
    machine.write(0x4000, 0x9F)  # halt off; length 2
    machine.write(0x4017, 0x80)
    machine.write(0x4017, 0x80)
    assert machine.read(0x4015) & 0x01 == 0
    assert machine.apu.mode == 1


def test_snapshot_restores_registers_and_counters(machine):
    run_to(machine, 200)
    machine.write(0x4000, 0x9F)
    snap = machine.snapshot()
    assert snap["devices"]["apu"]["regs"][0] == 0x9F
    run_to(machine, 100000)
    assert machine.read(0x4015) & 0x01 == 0
    machine.restore(snap)
    assert machine.read(0x4015) & 0x01
    assert machine.snapshot() == snap
