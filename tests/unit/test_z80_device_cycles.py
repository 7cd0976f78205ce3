"""A device the Z80 reads or writes sees `cpu.cycles` at the start of the
instruction that accesses it (sound chips stamp their writes with it), in
step(), in run()'s fetch loop and inside compiled blocks alike.

A small loop writes and reads a port and a memory-mapped device at T-states
known from the instruction table; the devices note `cpu.cycles` at each
access, which must be the loop's start plus those offsets, turn after turn.
"""

from __future__ import annotations

import pytest

from retroscope.asm import assemble
from retroscope.cpu import Z80
from retroscope.cpu.bus import Bus

pytestmark = pytest.mark.usefixtures("z80_compiles_soon")  # short programs run on blocks

LOOP = """
        org $8000
        ld sp,$F000
loop:   ld a,$12        ;  7
        out ($10),a     ; 11  port write at +7
        ld ($5000),a    ; 13  device write at +18
        ld hl,$5001     ; 10
        ld (hl),a       ;  7  device write at +41
        inc (hl)        ; 11  device read, then write, at +48
        in a,($11)      ; 11  port read at +59
        push hl         ; 11
        ld a,($5002)    ; 13  device read at +81
        pop hl          ; 10
        ld bc,$0112     ; 10
        out (c),a       ; 12  port write at +114
        jp loop         ; 10
"""
TURN = 7 + 11 + 13 + 10 + 7 + 11 + 11 + 11 + 13 + 10 + 10 + 12 + 10  # 136
# (what, offset into the turn) of each device access, in order.
ACCESSES = [("out", 7), ("w", 18), ("w", 41), ("r", 48), ("w", 48), ("in", 59), ("r", 81),
            ("out", 114)]


def machine() -> tuple[Z80, list[tuple[str, int]]]:
    bus = Bus()
    assemble(LOOP, "z80").load_into(bus)
    seen: list[tuple[str, int]] = []
    cpu = Z80(bus)
    bus.map(0x5000, 0x50FF, name="device", read=lambda a: seen.append(("r", cpu.cycles)) or 0,
            write=lambda a, v: seen.append(("w", cpu.cycles)))
    bus.map_port(0x10, write=lambda p, v: seen.append(("out", cpu.cycles)))
    bus.map_port(0x12, write=lambda p, v: seen.append(("out", cpu.cycles)))
    bus.map_port(0x11, read=lambda p: seen.append(("in", cpu.cycles)) or 0)
    cpu.pc = 0x8000
    cpu.step()  # ld sp: the loop starts at cycle 10
    return cpu, seen


def expected(turns: int) -> list[tuple[str, int]]:
    return [(what, 10 + turn * TURN + at) for turn in range(turns) for what, at in ACCESSES]


def test_step_stamps_each_access_at_its_instruction() -> None:
    cpu, seen = machine()
    while cpu.cycles < 10 + 5 * TURN:
        cpu.step()
    assert seen == expected(5)


def test_run_stamps_each_access_at_its_instruction_in_blocks_and_loop() -> None:
    cpu, seen = machine()
    for budget in (TURN // 2, 5, 3 * TURN, 7 * TURN + 33, 40 * TURN):
        cpu.run(budget)
    turns = (cpu.cycles - 10) // TURN
    assert turns > 40
    assert cpu.compiled_blocks()  # the loop was compiled: the later turns ran as blocks
    assert seen[:len(ACCESSES) * turns] == expected(turns)


def test_a_slice_ending_mid_loop_stamps_what_follows_from_the_right_cycle() -> None:
    hot, seen = machine()
    hot.run(50 * TURN)  # compiled
    for budget in range(1, 3 * TURN, 7):  # slices end all over the loop
        hot.run(budget)
    turns = (hot.cycles - 10) // TURN
    assert seen[:len(ACCESSES) * turns] == expected(turns)
