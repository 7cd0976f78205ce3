"""The 6502's own read watch (`set_watch("read", ...)`) in run() and step(): exactly a
bus read watch with single stepping.

The random self-modifying programs of `harness.random_6502` (plain RAM, and with
a ROM page and an I/O page that raises interrupts) run through run() with a
read watch on some addresses (zero page, stack, data, I/O, ROM, the code
itself, the interrupt vectors) and compiled blocks, the hook asking for a
stop as the debugger's does; a twin core single-steps with a bus read watch
and stops after each instruction (or interrupt entry) that read a watched
address. At every stop and every budget's end the cycles, registers, memory,
I/O log and the reads the hook saw (address and value, dummy reads and
fetches included) agree. Some runs also have a write watch (both checked).
"""

from __future__ import annotations

import random

import pytest

from harness.random_6502 import (
    CODE,
    HANDLER,
    IO,
    ROM,
    machine,
    pair,
    raise_interrupts,
    random_budget,
    steps_to_a_hit,
)
from retroscope.cpu.mos6502 import MOS6502


def watched_addresses(rng: random.Random, code: bool = True) -> bytearray:
    mask = bytearray(0x10000)
    for _ in range(rng.randrange(1, 6)):
        mask[rng.choice((rng.choice((0x10, 0x11, 0x12, 0xF0, 0xF4, 0xF5)),
                         0x0100 + rng.randrange(0xF0, 0x100), 0x0300 + rng.randrange(256),
                         0x0310, 0x0311, IO + rng.randrange(256), IO + 1,
                         ROM + rng.randrange(256), 0xFFFE, HANDLER + 2,
                         CODE + rng.randrange(64) if code else 0x0380))] = 1
    return mask


def check(seed: int, mapped: bool, calls: int = 60, stepping: bool = False,
          bus_calls: bool = False) -> int:
    rng = random.Random(seed)
    fast, slow = pair(rng, mapped)
    if bus_calls:  # a bus watch of its own: the core runs its bus-call handlers
        fast.bus.add_watch("write", lambda addr, value: None)
    mask = watched_addresses(rng, code=rng.random() < 0.5)
    writes = bytearray(0x10000)
    writes[0x0310] = writes[0x10] = 1
    both = rng.random() < 0.3
    seen_fast: list[tuple[str, int, int]] = []
    seen_slow: list[tuple[str, int, int]] = []

    def hook(addr: int, value: int) -> None:
        seen_fast.append(("r", addr, value))
        fast.request_stop()

    def write_hook(addr: int, value: int) -> None:
        seen_fast.append(("w", addr, value))
        fast.request_stop()

    def bus_read(addr: int, value: int) -> None:
        if mask[addr]:
            seen_slow.append(("r", addr, value))

    def bus_write(addr: int, value: int) -> None:
        if both and writes[addr]:
            seen_slow.append(("w", addr, value))

    fast.set_watch("read", mask, hook)
    if both:
        fast.set_watch("write", writes, write_hook)
    slow.bus.add_watch("read", bus_read)
    slow.bus.add_watch("write", bus_write)
    hits = 0
    for call in range(calls):
        raise_interrupts(rng, (fast, slow))
        if rng.random() < 0.05:  # the debugger changes its watches
            mask = watched_addresses(rng)
            fast.set_watch("read", mask, hook)
        budget = random_budget(rng)
        if stepping:  # step() on the watched handlers: one instruction, every hit
            start = fast.cycles
            fast.step()
            ran = fast.cycles - start
            budget = 1
        else:
            ran = fast.run(budget)
        where = f"seed {seed}, call {call}, after {fast.cycles} cycles, PC ${fast.pc:04X}"
        stopped = steps_to_a_hit(fast, slow, ran, budget, seen_fast,
                                                  seen_slow, where, stepping)
        hits += stopped
    return hits


@pytest.mark.parametrize("mapped", [False, True], ids=["plain_ram", "with_io"])
@pytest.mark.parametrize("seed", range(25))
def test_read_watch_equals_single_steps(seed: int, mapped: bool, compiled) -> None:  # noqa: F811
    check(seed, mapped)


@pytest.mark.parametrize("seed", range(8))
def test_read_watch_on_the_bus_call_handlers_equals_single_steps(seed: int) -> None:
    check(seed, mapped=seed % 2 == 1, bus_calls=True)


@pytest.mark.parametrize("seed", range(6))
def test_read_watch_in_step_equals_a_bus_watch(seed: int) -> None:
    check(seed, mapped=seed % 2 == 1, calls=150, stepping=True)


def test_read_watches_are_hit_and_blocks_run_while_watching(compiled) -> None:  # noqa: F811
    hits = sum(check(seed, mapped) for seed in range(10) for mapped in (False, True))
    assert hits > 50
    assert compiled


def test_a_watched_read_ends_a_compiled_block_after_it() -> None:
    cpu = MOS6502()
    # loop: inx / lda $0300,x / iny / jmp loop
    cpu.bus.load(0x0400, bytes((0xE8, 0xBD, 0x00, 0x03, 0xC8, 0x4C, 0x00, 0x04)))
    cpu.bus.ram[0x0380] = 0x77
    cpu.pc = 0x0400
    cpu.run(5000)  # hot: compiled
    mask = bytearray(0x10000)
    mask[0x0380] = 1
    seen = []
    cpu.set_watch("read", mask, lambda a, v: (seen.append((a, v)), cpu.request_stop()))
    cpu.run(100_000)
    assert cpu.at_stop and cpu.x == 0x80 and cpu.pc == 0x0404  # INY not yet run
    assert seen == [(0x0380, 0x77)] and cpu.a == 0x77
    cpu.set_watch("read", None)
    assert cpu.run(5000) >= 5000 and not cpu.at_stop


@pytest.mark.parametrize(("pointer", "watched"), [
    (IO + 0x10, 0xF0),     # its guard leaves the block: the pointer's reads seen once
    (0x0300, 0xF0),        # plain RAM: the block goes on
    (IO + 0x10, 0x0017),   # a watch elsewhere: blocks go on past LDA ($F0),Y
])
def test_a_guarded_load_in_a_block_reports_its_pointer_once(pointer: int, watched: int) -> None:
    """LDA ($F0),Y inside a block on a bus with an I/O page: the block tests
    the pointer's page (its guard) and leaves if it is not plain RAM. Where
    the watch covers the pointer, the block must not have shown its reads
    before leaving (the handler reads it again): one read of $F0 per turn."""
    memory = bytearray(0x10000)
    # loop: inx / lda ($F0),y / iny / jmp loop
    memory[CODE:CODE + 8] = bytes((0xE8, 0xB1, 0xF0, 0xC8, 0x4C, CODE & 0xFF, CODE >> 8, 0))
    memory[0xF0:0xF2] = pointer.to_bytes(2, "little")
    cpu = machine(bytes(memory), mapped=True)
    cpu.pc, cpu.x, cpu.y = CODE, 0, 0
    mask = bytearray(0x10000)
    mask[watched] = 1
    seen: list[int] = []
    cpu.set_watch("read", mask, lambda a, v: seen.append(a))
    cpu.run(10 * 14)  # hot: compiled with the watch
    turns, before = cpu.x, len(seen)
    cpu.run(200 * 14)  # 14 cycles a turn
    turns = (cpu.x - turns) & 0xFF
    assert turns > 100
    if watched == 0xF0:
        assert abs(len(seen) - before - turns) <= 1  # (each run() may end mid-turn)
    else:
        assert seen == []


def test_read_watch_equals_a_bus_watch_on_tetris() -> None:
    from retroscope import machines  # noqa: PLC0415

    if "tetris" not in machines.available():
        pytest.skip("the tetris machine is not built yet")
    fast_m, slow_m = machines.create("tetris"), machines.create("tetris")
    for _ in range(30):
        fast_m.run_frame(0)
        slow_m.run_frame(0)
    fast, slow = fast_m.cpu, slow_m.cpu
    mask = bytearray(0x10000)
    for addr in (0x0017, 0x0018, 0x00B1, 0x0033, 0x0100 + 0xFF, 0x2002, 0x4016, fast.pc):
        mask[addr] = 1
    seen_fast: list[tuple[int, int]] = []
    seen_slow: list[tuple[int, int]] = []

    def hook(addr: int, value: int) -> None:
        seen_fast.append((addr, value))
        fast.request_stop()

    slow_m.bus.add_watch("read", lambda a, v: mask[a] and seen_slow.append((a, v)))
    fast.set_watch("read", mask, hook)
    rng = random.Random(12)
    hits = 0
    for call in range(300):
        budget = random_budget(rng)
        ran = fast.run(budget)
        start, before = slow.cycles, len(seen_slow)
        while slow.cycles < start + budget and len(seen_slow) == before:
            slow.step()
        where = f"call {call}, PC ${fast.pc:04X}"
        assert ran == slow.cycles - start, where
        assert seen_fast == seen_slow, where
        assert fast.snapshot() == slow.snapshot(), where
        assert fast_m.bus.ram == slow_m.bus.ram, where
        hits += len(seen_slow) > before
    assert hits > 10
