"""The profiler against a count made by hand: on the toy machines, whose
routines each fill one stretch of code, every instruction stepped one at a
time is put to the routine its address lies in (an interrupt's entry to its
handler, found by `CpuInfo.interrupted`), and the calls are counted where a
call instruction lands on its routine. The profiler, which follows calls and
returns instead, must give the same cycles per routine, the same calls, the
whole frame's cycles, and the same executed counts; switched off, nothing of
it is left in the machine."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from harness.debug_machines import Debug6502Machine, DebugTMS9900Machine, DebugZ80Machine
from retroscope.debug import DebugError, Session
from retroscope.debug.cpuinfo import CALL

# Per toy: the routines (entry label) and where each one's code begins; the
# first is where the machine starts (the root), which may own several stretches.
ROUTINES: dict[str, tuple[type, list[tuple[str, list[tuple[str, str | None]]]]]] = {
    "6502": (Debug6502Machine, [
        ("reset", [("reset", "outer")]), ("outer", [("outer", "inner")]),
        ("inner", [("inner", "rng")]), ("rng", [("rng", "fact")]), ("nmi", [("nmi", "irq")])]),
    "z80": (DebugZ80Machine, [
        ("$0000", [("$0000", "rst10"), ("start", "outer")]), ("rst10", [("rst10", "irq")]),
        ("irq", [("irq", "start")]), ("outer", [("outer", "inner")]),
        ("inner", [("inner", "fact")])]),
    "tms9900": (DebugTMS9900Machine, [
        ("START", [("START", "OUTER")]), ("OUTER", [("OUTER", "INNER")]),
        ("INNER", [("INNER", "SUB2")]), ("SUB2", [("SUB2", "IRQ")]), ("IRQ", [("IRQ", "VEC")])]),
}
FRAMES = 3


def addr(machine: Any, name: str) -> int:
    return int(name[1:], 16) if name.startswith("$") else machine.symbols[name]


def routine_of(machine: Any, routines: list) -> dict[int, str]:
    """Address -> the routine whose code holds it."""
    owner = {}
    for name, stretches in routines:
        for lo, hi in stretches:
            for a in range(addr(machine, lo), addr(machine, hi) if hi else 0x10000):
                owner[a] = name
    return owner


def by_hand(family: str) -> tuple[Counter, Counter, Counter, int]:
    """Cycles and calls per routine and executions per address, FRAMES
    frames from power-on, one step at a time."""
    cls, routines = ROUTINES[family]
    machine = cls()
    session = Session(machine)
    info = session.info
    owner = routine_of(machine, routines)
    entries = {addr(machine, name): name for name, _ in routines}
    cycles: Counter = Counter()
    calls: Counter = Counter()
    execs: Counter = Counter()
    cpu = machine.cpu

    def runner(budget: int) -> int:
        ran = 0
        while ran < budget:
            pc, depth = cpu.pc, info.depth()
            kind = info.kind_at(machine.bus.peek, pc)
            n = cpu.step()
            if not n:
                break
            ran += n
            if cpu.pc in entries and info.interrupted(pc, depth):
                cycles[entries[cpu.pc]] += n
                calls[entries[cpu.pc]] += 1
                continue
            cycles[owner[pc]] += n
            execs[pc] += 1
            if kind == CALL and cpu.pc in entries:
                calls[entries[cpu.pc]] += 1
        return ran
    machine.runner = runner
    start = cpu.cycles
    for _ in range(FRAMES):
        machine.run_frame(0)
    return cycles, calls, execs, cpu.cycles - start


@pytest.mark.parametrize("family", list(ROUTINES))
def test_cycles_and_calls_per_routine_are_those_counted_by_hand(family):
    cls, routines = ROUTINES[family]
    cycles, calls, execs, total = by_hand(family)
    session = Session(cls())
    session.profile_start(frames=10)
    for _ in range(FRAMES):
        session.run_frame(0)
    report = session.profile()
    assert report["frames"] == FRAMES and report["cycles"] == total
    rows = {r["name"]: r for r in report["routines"]}
    for name, _ in routines:
        assert rows[name]["self"] == cycles[name], name
        assert rows[name]["calls"] == calls[name], name
    assert sum(r["self"] for r in rows.values()) == total
    # Inclusive: the root holds everything but the interrupts' handlers.
    root = routines[0][0]
    handlers = [name for name, row in rows.items() if row["interrupt"]]
    assert handlers, "the interrupt handler was not seen as one"
    assert rows[root]["inclusive"] == total - sum(rows[h]["inclusive"] for h in handlers)
    counts = [session.heat_at(a)["exec"] for a in sorted(execs)]
    assert counts == [execs[a] for a in sorted(execs)]


def test_the_call_tree_nests_routines_under_their_callers():
    session = Session(Debug6502Machine())
    session.profile_start(frames=4)
    session.run_frames(2)
    tree = session.profile()["tree"]
    root = next(n for n in tree if n["name"] == "reset")
    outer = next(n for n in root["children"] if n["name"] == "outer")
    inner = next(n for n in outer["children"] if n["name"] == "inner")
    assert [n["name"] for n in inner["children"]] == ["rng"]
    assert outer["calls"] * 2 == inner["calls"] == inner["children"][0]["calls"]
    assert inner["inclusive"] == inner["self"] + inner["children"][0]["inclusive"]


def test_the_window_keeps_the_last_frames_and_the_heatmaps_follow_it():
    session = Session(Debug6502Machine())
    session.profile_start(frames=2)
    session.run_frames(5)
    report = session.profile()
    assert report["frames"] == 2 and report["window"] == 2
    assert session.profile(frames=1)["cycles"] * 2 == pytest.approx(report["cycles"], rel=0.01)
    inc = session.symbols["inner"]
    per_frame = session.heat_at(inc)["exec"] / 2
    assert per_frame == int(per_frame) > 0
    heat = session.heatmap("write")
    assert heat["frames"] == 2 and heat["max"] > 0
    with pytest.raises(DebugError):
        session.heatmap("sideways")


def test_switched_off_nothing_is_left_in_the_machine():
    machine = Debug6502Machine()
    session = Session(machine)
    bare = machine.runner
    session.profile_start(frames=3)
    assert machine.runner == session.control.run_checked and session.slowed_by() == ["profiler"]
    assert None not in (machine.cpu.watch_mask("write"), machine.cpu.watch_mask("read"))
    session.run_frame(0)
    session.profile_stop()
    assert machine.runner == bare and session.slowed_by() == []
    assert machine.cpu.watch_mask("write") is None and machine.cpu.watch_mask("read") is None
    assert session.profile()["frames"] == 1  # what it saw stays to be read


def test_code_bytes_are_not_counted_as_reads_but_data_is():
    machine = Debug6502Machine()
    session = Session(machine)
    session.profile_start(frames=3)
    session.run_frames(2)
    assert session.heat_at("inner")["read"] == 0  # fetched, as code
    assert session.heat_at(0x0012)["read"] > 0 and session.heat_at(0x0012)["write"] > 0
