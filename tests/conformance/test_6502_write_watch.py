"""The 6502's own write watch (`set_watch("write", ...)`) in run(): exactly a bus watch
with single stepping.

The random self-modifying programs of `harness.random_6502` (plain RAM, and with
a ROM page and an I/O page that raises interrupts) run through run() with a
write watch on some addresses (zero page, stack, data, I/O, ROM, the code
itself) and compiled blocks, the hook asking for a stop as the debugger's
does; a twin core single-steps with a bus watch and stops after each
instruction (or interrupt entry) that wrote to a watched address. At every
stop and every budget's end the cycles, registers, memory, I/O log and the
writes the hook saw agree.
"""

from __future__ import annotations

import random

import pytest

from harness.random_6502 import CODE, IO, ROM, pair, raise_interrupts, random_budget, steps_to_a_hit
from retroscope.cpu.mos6502 import MOS6502


def watched_addresses(rng: random.Random) -> bytearray:
    mask = bytearray(0x10000)
    for _ in range(rng.randrange(1, 6)):
        mask[rng.choice((rng.choice((0x10, 0x11, 0x12, 0xF0, 0xF4)),
                         0x0100 + rng.randrange(0xF0, 0x100), 0x0300 + rng.randrange(256),
                         0x0310, 0x0311, IO + rng.randrange(256),
                         ROM + rng.randrange(256), CODE + rng.randrange(64)))] = 1
    return mask


def check(seed: int, mapped: bool, calls: int = 60) -> int:
    rng = random.Random(seed)
    fast, slow = pair(rng, mapped)
    mask = watched_addresses(rng)
    seen_fast: list[tuple[int, int]] = []
    seen_slow: list[tuple[int, int]] = []

    def hook(addr: int, value: int) -> None:
        seen_fast.append((addr, value))
        fast.request_stop()

    def bus_watch(addr: int, value: int) -> None:
        if mask[addr]:
            seen_slow.append((addr, value))

    fast.set_watch("write", mask, hook)
    slow.bus.add_watch("write", bus_watch)
    hits = 0
    for call in range(calls):
        raise_interrupts(rng, (fast, slow))
        if rng.random() < 0.05:  # the debugger changes its watches
            mask = watched_addresses(rng)
            fast.set_watch("write", mask, hook)
        budget = random_budget(rng)
        ran = fast.run(budget)
        where = f"seed {seed}, call {call}, after {fast.cycles} cycles, PC ${fast.pc:04X}"
        stopped = steps_to_a_hit(fast, slow, ran, budget, seen_fast,
                                                  seen_slow, where)
        hits += stopped
    return hits


@pytest.mark.parametrize("mapped", [False, True], ids=["plain_ram", "with_io"])
@pytest.mark.parametrize("seed", range(25))
def test_write_watch_equals_single_steps(seed: int, mapped: bool, compiled) -> None:  # noqa: F811
    check(seed, mapped)


def test_watches_are_hit_and_blocks_run_while_watching(compiled) -> None:  # noqa: F811
    hits = sum(check(seed, mapped) for seed in range(10) for mapped in (False, True))
    assert hits > 50
    assert compiled  # blocks were compiled with the checks in them


def test_a_watched_store_ends_a_compiled_block_after_it() -> None:
    cpu = MOS6502()
    # loop: inx / sta $0300,x / iny / jmp loop
    cpu.bus.load(0x0400, bytes((0xE8, 0x9D, 0x00, 0x03, 0xC8, 0x4C, 0x00, 0x04)))
    cpu.pc = 0x0400
    cpu.run(5000)  # hot: compiled
    mask = bytearray(0x10000)
    mask[0x0380] = 1
    seen = []
    cpu.set_watch("write", mask, lambda a, v: (seen.append((a, v)), cpu.request_stop()))
    cpu.run(100_000)
    assert cpu.at_stop and cpu.x == 0x80 and cpu.pc == 0x0404  # INY not yet run
    assert seen == [(0x0380, cpu.a)]
    cpu.set_watch("write", None)
    assert cpu.run(5000) >= 5000 and not cpu.at_stop


def test_a_stop_asked_for_in_the_last_thing_run_ran_is_at_stop() -> None:
    """An interrupt entry, or an instruction, that uses up run()'s budget and
    whose write asked for a stop: run() says so (`at_stop`), so that a
    machine's runner running in short pieces stops there too."""
    cpu = MOS6502()
    cpu.bus.load(0x0400, bytes((0x8D, 0x80, 0x03, 0x4C, 0x00, 0x04)))  # sta $0380 / jmp
    cpu.bus.load(0xFFFA, bytes((0x00, 0x04)))  # NMI -> $0400
    cpu.pc, cpu.s = 0x0400, 0xFF
    mask = bytearray(0x10000)
    mask[0x01FF] = mask[0x0380] = 1
    cpu.set_watch("write", mask, lambda a, v: cpu.request_stop())
    cpu.nmi()
    assert cpu.run(1) == 7 and cpu.at_stop  # the entry pushed PC's high byte at $01FF
    assert cpu.run(1) == 4 and cpu.at_stop  # STA $0380
    assert cpu.run(1) == 3 and not cpu.at_stop  # JMP
