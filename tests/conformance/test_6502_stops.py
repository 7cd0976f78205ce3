"""Stop addresses (`set_stops`) and stalls in the 6502's run(): exactly single stepping.

The random self-modifying programs of `harness.random_6502` (plain RAM, and with
a ROM page and an I/O page that raises interrupts) run through run() with
stop addresses and compiled blocks, and through step() with the test "is PC a
stop?" before each instruction, as the debugger's checking runner does. At
every stop (and every budget's end) the cycles, registers, memory and I/O log
agree; a stop is passed by one step(), as the debugger resumes.
"""

from __future__ import annotations

import random

import pytest

from harness.random_6502 import CODE, HANDLER, pair, raise_interrupts, random_budget
from retroscope.cpu.bus import Bus
from retroscope.cpu.mos6502 import MOS6502


def run_by_steps(cpu: MOS6502, budget: int, stops: set[int]) -> tuple[int, bool]:
    start = cpu.cycles
    while cpu.cycles < start + budget and not cpu.halted:
        if cpu.pc in stops:
            return cpu.cycles - start, True
        cpu.step()
    return cpu.cycles - start, False


def stops_for(rng: random.Random, cpu: MOS6502) -> set[int]:
    """Some instruction starts in the program and the handler (and misses)."""
    chosen = set()
    for _ in range(rng.randrange(1, 5)):
        chosen.add(rng.choice((CODE + rng.randrange(64), HANDLER + rng.randrange(12), CODE)))
    return chosen


def check(seed: int, mapped: bool, calls: int = 60) -> int:
    rng = random.Random(seed)
    fast, slow = pair(rng, mapped)
    stops = stops_for(rng, fast)
    fast.set_stops(stops)
    hits = 0
    for call in range(calls):
        raise_interrupts(rng, (fast, slow))
        if rng.random() < 0.1:  # the debugger changes its breakpoints
            stops = stops_for(rng, fast) if rng.random() < 0.8 else set()
            fast.set_stops(stops)
        budget = random_budget(rng)
        ran = fast.run(budget)
        expect, stopped = run_by_steps(slow, budget, stops)
        where = f"seed {seed}, call {call}, after {fast.cycles} cycles, PC ${fast.pc:04X}"
        assert (ran, fast.at_stop) == (expect, stopped), where
        assert slow.snapshot() == fast.snapshot(), where
        assert slow.bus.ram == fast.bus.ram, where
        assert slow.bus.io_log == fast.bus.io_log, where
        if stopped:
            hits += 1
            assert fast.run(5) == 0 and fast.at_stop, where  # still there: stops at once
            assert fast.step() == slow.step(), where  # resume: pass the stop
    return hits


@pytest.mark.parametrize("mapped", [False, True], ids=["plain_ram", "with_io"])
@pytest.mark.parametrize("seed", range(25))
def test_stops_equal_single_steps(seed: int, mapped: bool, compiled) -> None:  # noqa: F811
    check(seed, mapped)


def test_stops_are_hit() -> None:
    """The random programs do reach their stops (the tests above are not vacuous)."""
    assert sum(check(seed, mapped) for seed in range(10) for mapped in (False, True)) > 50


def test_stop_inside_a_compiled_block_splits_it() -> None:
    cpu = MOS6502()
    # loop: inx / iny / inx / iny / jmp loop, hot enough to be compiled first
    cpu.bus.load(0x0400, bytes((0xE8, 0xC8, 0xE8, 0xC8, 0x4C, 0x00, 0x04)))
    cpu.pc = 0x0400
    cpu.run(2000)
    cpu.set_stops({0x0402})
    cpu.run(2000)
    assert cpu.at_stop and cpu.pc == 0x0402
    assert cpu.x == cpu.y  # INX and INY both ran before the stop
    cpu.set_stops(())
    cpu.step()
    assert cpu.run(100) >= 100 and not cpu.at_stop


def test_request_stop_ends_run_after_the_instruction() -> None:
    bus = Bus()
    cpu = MOS6502(bus)
    seen = []

    def watch(addr: int, value: int) -> None:
        if addr == 0x0300:
            seen.append(cpu.pc)
            cpu.request_stop()

    # lda #1 / sta $0300 / inx / jmp $0400
    bus.load(0x0400, bytes((0xA9, 0x01, 0x8D, 0x00, 0x03, 0xE8, 0x4C, 0x00, 0x04)))
    cpu.pc = 0x0400
    bus.add_watch("write", watch)
    cpu.run(1000)
    assert cpu.at_stop and cpu.pc == 0x0405 and seen == [0x0402]
    assert cpu.run(1000) < 1000 and cpu.pc == 0x0405  # stopped again after the next store
    assert seen == [0x0402, 0x0402]


def test_stall_counts_at_the_write() -> None:
    """A device's stall() lands on the instruction that caused it, in run() and step()."""
    for use_run in (True, False):
        bus = Bus()
        cpu = MOS6502(bus)
        bus.map(0x4000, 0x40FF, name="dma", write=lambda a, v, cpu=cpu: cpu.stall(513))
        # sta $4014 / nop / nop ...
        bus.load(0x0400, bytes((0x8D, 0x14, 0x40)) + bytes((0xEA,)) * 600)
        cpu.pc = 0x0400
        if use_run:
            ran = cpu.run(1)
        else:
            ran = cpu.step()
        assert ran == 4 + 513 and cpu.pc == 0x0403 and cpu.cycles == 517
