"""Stop addresses (`set_stops`) in the Z80's and the TMS9900's run(): exactly
single stepping with the test "is PC a stop?" before each instruction, as the
debugger's checking runner does (the 6502's are in test_6502_stops.py)."""

from __future__ import annotations

import random

import pytest

from harness.random_z80 import CODE, pair
from retroscope.asm import assemble
from retroscope.cpu import TMS9900
from retroscope.cpu.bus import Bus

pytestmark = pytest.mark.usefixtures("z80_compiles_soon")  # short programs run on blocks


def by_steps(cpu, budget: int, stops: set[int]) -> tuple[int, bool]:
    start = cpu.cycles
    while cpu.cycles - start < budget and not cpu.halt_state:
        if cpu.pc in stops:  # (a halted or idle core has stopped already)
            return cpu.cycles - start, True
        cpu.step()
    return cpu.cycles - start, False


def compare(fast, slow, rng: random.Random, stops_near: int, calls: int = 40) -> int:
    stops = {stops_near + rng.randrange(64) for _ in range(3)} | {stops_near}
    fast.set_stops(stops)
    hits = 0
    for call in range(calls):
        if rng.random() < 0.1:
            stops = {stops_near + rng.randrange(64) for _ in range(rng.randrange(4))}
            fast.set_stops(stops)
        budget = rng.choice((1, 20, rng.randrange(1, 400), rng.randrange(400, 20_000)))
        ran = fast.run(budget)
        expect, stopped = by_steps(slow, budget, stops)
        where = f"call {call}, PC ${fast.pc:04X}, cycles {fast.cycles}"
        if fast.halt_state:
            assert slow.halt_state, where  # run() returns early on HALT/IDLE
        else:
            assert (ran, fast.at_stop) == (expect, stopped), where
        assert slow.snapshot() == fast.snapshot(), where
        assert slow.bus.ram == fast.bus.ram, where
        if stopped:
            hits += 1
            assert fast.run(10) == 0 and fast.at_stop, where
            assert fast.step() == slow.step(), where
        if fast.halt_state:
            break
    return hits


@pytest.mark.parametrize("seed", range(20))
def test_z80_stops_equal_single_steps(seed: int) -> None:
    rng = random.Random(seed)
    fast, slow = pair(rng, mapped=seed % 2 == 1)
    compare(fast, slow, rng, CODE)


def test_z80_stops_are_hit_and_split_compiled_blocks() -> None:
    hits = compiled = 0
    for seed in range(20):
        rng = random.Random(seed)
        fast, slow = pair(rng)
        fast.run(50_000)  # hot: compiled blocks over the stops to come
        by_steps(slow, 50_000, set())
        assert slow.snapshot() == fast.snapshot()
        compiled += bool(fast.compiled_blocks())
        if not fast.halt_state:
            hits += compare(fast, slow, rng, CODE)
    assert compiled > 10 and hits > 20


TMS_PROGRAM = """
       AORG >0100
START  LWPI >8300
       LI   R1,>2000
       LI   R2,64
LOOP   MOV  R2,*R1+
       A    R2,R3
       SRC  R3,3
       DEC  R2
       JNE  LOOP
       BL   @SUB
       JMP  START
SUB    INC  R4
       XOR  R3,R4
       B    *R11
"""


@pytest.mark.parametrize("seed", range(8))
def test_tms9900_stops_equal_single_steps(seed: int) -> None:
    program = assemble(TMS_PROGRAM, "tms9900")
    cores = []
    for _ in range(2):
        bus = Bus()
        program.load_into(bus)
        cpu = TMS9900(bus)
        cpu.pc, cpu.wp = 0x0100, 0x8300
        cores.append(cpu)
    rng = random.Random(seed)
    assert compare(cores[0], cores[1], rng, 0x0100, calls=60) > 0
