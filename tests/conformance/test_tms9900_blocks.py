"""The TMS9900's compiled blocks (`_tms9900blocks`): run() on blocks is
exactly single stepping.

Random programs as in `harness.random_tms9900` (memory full of random
instructions and pointers, so that they write over their own code and their
workspaces; ROM, the scratchpad's mirror and a device page mapped on odd
seeds; wait states on most), with loops planted in the code so that run()
compiles blocks: a few random instructions, mostly ones a block may hold
inside, and a JMP back. run() with random budgets, interrupts coming and
going and LOAD, and on some seeds stop addresses (breakpoints) in the
loops, against a twin that single-steps: at the end of every budget the
cycles, state, memory and device log (with the cycle count and PC at each
access) agree; on most seeds the device's writes change bytes of the code,
as a bank switch would. On some seeds both cores have the core's write
watch, read watch or both (the debugger's write and read breakpoints), whose
hooks log each access with the cycle count and PC they see and ask for a stop
on some: run() on watched blocks stops where the twin's single steps do. The
programs are held to compile and run blocks, watched ones too, to leave them
early for a write into their own code and for a device, to take interrupts
while blocks run, and to stop.
"""

from __future__ import annotations

import functools
import random
from collections import Counter

import pytest

from harness.random_tms9900 import CODE, make, random_image, runnable, watched_addresses
from retroscope.cpu import TMS9900, _tms9900blocks, _tms9900gen
from retroscope.cpu import isa9900 as isa


@functools.cache
def opcode_kinds() -> tuple[list[int], list[int]]:
    """(opcodes a block may hold inside, opcodes that end one), worked out once
    and only when a test plants loops (not at collection: it takes seconds)."""
    inside, last = [], []
    for w in range(0x10000):
        if isa.DECODE[w] is None:
            continue
        lines = _tms9900gen.handler_lines(_tms9900gen.handler_name(w), True, "paged")
        (inside if _tms9900blocks.straight(lines) else last).append(w)
    return inside, last


def plant_loops(rng: random.Random, image: bytearray) -> list[int]:
    """Loops of 2-12 instructions (and their operand words, LIMI and
    conditional jumps forward among them) ending in JMP back."""
    at = CODE + 0x40
    starts = []
    while at < CODE + 0x1C0:
        start = at
        starts.append(start)
        for _ in range(rng.randrange(2, 13)):
            if rng.random() < 0.1:  # LIMI: a pending interrupt may be taken after it
                image[at:at + 4] = bytes((0x03, 0x00, 0x00, rng.randrange(16)))
                at += 4
                continue
            if rng.random() < 0.1:  # a conditional jump forward: a block's side exit
                image[at:at + 2] = bytes((rng.randrange(0x11, 0x1D), rng.randrange(1, 4)))
                at += 2
                continue
            inside, last = opcode_kinds()
            word = rng.choice(inside) if rng.random() < 0.9 else rng.choice(last)
            image[at:at + 2] = word.to_bytes(2, "big")
            at += 2 + 2 * rng.choice((0, 0, 1, 2))  # random operand words follow
        back = (start - (at + 2)) // 2
        if back < -128:
            break
        image[at:at + 2] = (0x1000 | (back & 0xFF)).to_bytes(2, "big")
        at += 2 + 2 * rng.randrange(4)
    return starts


class Counting:
    """Counts what the blocks do, by wrapping `build`'s blocks."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.counts: Counter[str] = Counter()
        build = _tms9900blocks.build

        def counted(cells, mem, pc, wp, stops, folds, **variant):  # type: ignore[no-untyped-def]
            block = build(cells, mem, pc, wp, stops, folds, **variant)
            if block is None:
                return None
            self.counts["built"] += 1
            watched = variant.get("watch") or variant.get("read_watch")
            fn, code, wp = block
            size = len(code)

            def run(end: int) -> None:
                fn(end)
                self.counts["ran"] += 1
                self.counts["ran watched"] += bool(watched)
                if pc <= cells["pc"].cell_contents < pc + size:
                    self.counts["left early"] += 1
            return run, code, wp
        monkeypatch.setattr(_tms9900blocks, "build", counted)


def check(seed: int, counts: Counter[str], calls: int = 60) -> None:
    rng = random.Random(seed)
    image = random_image(rng)
    starts = plant_loops(rng, image)
    mapped, waits = seed % 2 == 1, seed % 3 != 0
    fast_log: list = []
    slow_log: list = []
    pokes = seed % 5 < 3  # device writes change the code (a bank switched in)
    fast = make(image, mapped, waits, fast_log, timed=True, pokes=pokes)
    slow = make(image, mapped, waits, slow_log, timed=True, pokes=pokes)
    for cpu in (fast, slow):
        cpu.pc = CODE + 0x40
    stops: set[int] = set()
    if seed % 4 == 3:  # stop addresses (breakpoints): run_stops on blocks that end before them
        stops = {CODE + 0x40 + 2 * rng.randrange(0xC0) for _ in range(6)}
        stops |= set(rng.sample(starts, min(2, len(starts))))  # a loop's first instruction
        fast.set_stops(stops)
    asked = watch(rng, seed, fast, slow, counts)
    for call in range(calls):
        if rng.random() < 0.15:
            level = rng.choice((None, 1, 2, 4, 15))
            fast.interrupt(level)
            slow.interrupt(level)
            counts["interrupts"] += level is not None
        if rng.random() < 0.03 or fast.idle and not runnable(fast):
            fast.load_interrupt()
            slow.load_interrupt()
        budget = rng.choice((1, 20, rng.randrange(1, 400), rng.randrange(400, 5000)))
        ran = fast.run(budget)
        start = slow.cycles
        at_stop = False
        asked["slow"] = False
        while slow.cycles < start + budget and runnable(slow) and not asked["slow"]:
            if slow.pc in stops and not slow.idle:
                at_stop = True
                break
            slow.step()
        where = f"seed {seed}, call {call}, after {fast.cycles} cycles, PC >{fast.pc:04X}"
        assert ran == slow.cycles - start, where
        assert asked["fast log"] == asked["slow log"], where
        assert fast.at_stop == (at_stop or asked["slow"]), where
        assert slow.snapshot() == fast.snapshot(), where
        assert slow.bus.ram == fast.bus.ram, where
        assert slow_log == fast_log, where
        if at_stop:  # passed as the debugger passes a breakpoint: one step
            counts["stops"] += 1
            assert fast.step() == slow.step(), where


def watch(rng: random.Random, seed: int, fast: TMS9900, slow: TMS9900,
          counts: Counter[str]) -> dict:
    """The core's write and/or read watch on both cores, on some seeds (by
    `seed % 6`: 2 both, 4 reads, 5 writes). Their hooks log each access with
    the cycle count and PC they see, and ask for a stop on some (by address
    and value); the slow twin's `asked["slow"]` says its last step asked."""
    asked: dict = {"fast log": [], "slow log": [], "slow": False}
    kinds = {2: ("write", "read"), 4: ("read",), 5: ("write",)}.get(seed % 6, ())

    def hook(cpu: TMS9900, name: str, kind: str):  # type: ignore[no-untyped-def]
        def seen(addr: int, value: int) -> None:
            asked[f"{name} log"].append((kind, addr, value, cpu.cycles, cpu.pc))
            counts[f"{kind} hooks"] += 1
            if (addr * 7 + value) % 5 == 0:
                counts["stops asked"] += 1
                cpu.request_stop()
                if name == "slow":
                    asked["slow"] = True
        return seen
    for kind in kinds:
        mask = watched_addresses(rng)
        mask[CODE + 0x40 + 2 * rng.randrange(0xC0)] = 1  # an opcode in a loop, at times
        for cpu, name in ((fast, "fast"), (slow, "slow")):
            cpu.set_watch(kind, mask, hook(cpu, name, kind))
    return asked


@pytest.mark.parametrize("seed", range(60))
def test_run_on_blocks_equals_single_steps(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    counting = Counting(monkeypatch)
    check(seed, counting.counts)


def test_the_random_programs_run_blocks_and_leave_them_early(monkeypatch) -> None:
    counting = Counting(monkeypatch)
    for seed in range(12):
        check(seed, counting.counts)
    counts = counting.counts
    assert counts["built"] >= 50 and counts["ran"] >= 1000, counts
    assert counts["left early"] >= 20 and counts["stops"] >= 10, counts
    assert counts["ran watched"] >= 200 and counts["stops asked"] >= 20, counts
    assert counts["write hooks"] >= 50 and counts["read hooks"] >= 50, counts
