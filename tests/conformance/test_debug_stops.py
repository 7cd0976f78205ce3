"""Breakpoints inside the core (`RunControl.run_stops`) stop exactly where single
stepping (`run_checked`) stops: on random programs and on Tetris, the state
hash, PC, cycle count and reason agree at every stop, and again after
running on. Also: step over a call and run to cursor ride on the stops."""

from __future__ import annotations

import random

import pytest

from harness.debug_machines import Debug6502Machine
from harness.debug_stops import checked, same_stops
from retroscope import machines, runcontrol
from retroscope.debug import Session


@pytest.mark.skipif("tetris" not in machines.available(), reason="no tetris machine")
@pytest.mark.parametrize(("where", "frames"), [
    ([("exec", "$AB47", "")], 240),  # the documented PRNG
    ([("exec", "isPositionValid", ""), ("exec", "nmi", "")], 120),
    ([("exec", "lockTetrimino", ""), ("exec", "shiftTetrimino@check", "x == 1")], 240),
    ([("write", "$0017", "")], 120),  # the RNG's state, written by the PRNG
    ([("write", "$0017", "value & 1")], 120),
    ([("write", "$0400", "", "$04FF")], 120),  # the playfield
    ([("write", "$01F0", "", "$01FF"), ("exec", "nmi", "frame & 1")], 30),  # stack, NMI pushes
    ([("write", "$2000", "", "$2007")], 20),  # the PPU's registers (I/O)
    # inside the wait-for-NMI loop that the machine's runner skips over
    ([("exec", "waitForVBlank@wait", "cycles & $FFF < 8")], 40),
    # there with conditions that read no clock: turns skipped, checked alike
    ([("exec", "waitForVBlank@wait", "[$33] != 0 || x == 7")], 40),
    ([("exec", "waitForVBlank@wait", "pc == $10000"), ("write", "$0017", "")], 60),
    ([("read", "$0400", "", "$04FF"), ("exec", "nmi@oam", "")], 60),
])
def test_tetris_stops_where_single_stepping_stops(where, frames) -> None:
    rnd = random.Random(7)
    # the game plays from its third frame: random presses, down held most
    buttons = [rnd.choice([0x01, 0x02, 0x80, 0x40, 0]) if f % 9 == 0 else 0x04
               for f in range(300)]
    fast = Session(machines.create("tetris"), record=False)
    slow = checked(Session(machines.create("tetris"), record=False))
    for session in (fast, slow):
        for item in where:
            kind, at, condition = item[:3]
            end = item[3] if len(item) > 3 else None
            session.add_breakpoint(kind, at, end=end, condition=condition)
    if slow.machine.runner != slow.control.run_checked:
        checked(slow)
    same_stops(fast, slow, frames, buttons, stops_wanted=1)


@pytest.mark.parametrize("seed", range(6))
def test_random_breakpoints_on_the_debug_machine_stop_alike(seed: int) -> None:
    rnd = random.Random(seed)
    fast = Session(Debug6502Machine(), record=False)
    slow = checked(Session(Debug6502Machine(), record=False))
    symbols = [name for name, addr in fast.symbols.items() if addr >= 0x0200]
    for _ in range(rnd.randrange(1, 4)):
        kind = rnd.choice(["exec", "exec", "write", "read"])
        at = rnd.choice(symbols) if kind == "exec" else f"${rnd.randrange(0x10, 0x30):04X}"
        condition = rnd.choice(["", "", "a & 1", f"x == {rnd.randrange(8)}"])
        for session in (fast, slow):
            session.add_breakpoint(kind, at, condition=condition)
    checked(slow)
    same_stops(fast, slow, 20, [0], stops_wanted=0)


def test_run_to_cursor_and_step_over_ride_on_stops() -> None:
    session = Session(Debug6502Machine(), record=False)
    rng = session.symbols["rng"]
    session.step("cursor", target="rng")
    assert session.cpu.stops == frozenset()  # taken out again once there
    assert session.status()["pc"] == rng
    status = session.step("cursor", target="rng")  # from there: the next time round
    assert status["pc"] == rng and status["reason"]["kind"] == "step"


def hot_addresses(machine_id: str) -> list[int]:
    """Where the machine's PC is after a few frames: instructions it runs often."""
    probe = machines.create(machine_id)
    where = []
    for _ in range(4):
        probe.run_frame(0)
        where.append(probe.cpu.pc)
    return sorted(set(where))


@pytest.mark.parametrize("machine_id", sorted(machines.available()))
def test_a_breakpoint_that_never_holds_changes_nothing(machine_id: str) -> None:
    """Every machine: with exec breakpoints on hot code whose condition never
    holds, the core stops there and is passed each time, and the machine runs
    exactly as with no debugger (the same state after every frame)."""
    bare = machines.create(machine_id)
    fast = Session(machines.create(machine_id), record=False)
    for at in hot_addresses(machine_id):
        fast.add_breakpoint("exec", at, condition="pc == $10000")
    assert fast.machine.runner == fast.control.run_stops
    for frame in range(6):
        bare.run_frame(0)
        status = fast.run_frame(0)
        assert not status["reason"] or status["reason"]["kind"] != "breakpoint"
        assert (bare.cpu.snapshot(), bytes(bare.bus.ram)) == (
            fast.cpu.snapshot(), bytes(fast.bus.ram)), f"frame {frame}"
    assert fast.list_breakpoints()[0]["hits"] == 0


@pytest.mark.parametrize("machine_id", sorted(
    m for m in machines.available() if machines.create(m).INFO.cpu in ("6502", "2a03")))
def test_every_6502_machine_stops_where_single_stepping_stops(machine_id: str) -> None:
    """Breakpoints with a condition that holds now and then, hit alike by the
    core's stops and by single steps. (Z80 and TMS9900 machines wait in HALT
    and IDLE, where single stepping spends time in whole NOPs and the
    machine's own runner jumps to the next event: the test above holds them
    to the machine's own runner instead.)"""
    fast = Session(machines.create(machine_id), record=False)
    slow = Session(machines.create(machine_id), record=False)
    for session in (fast, slow):
        for at in hot_addresses(machine_id):
            session.add_breakpoint("exec", at, condition="(cycles & $7FFF) < 64")
    checked(slow)
    same_stops(fast, slow, 6, [0], stops_wanted=0)


WAIT_LOOPS = {"tetris": "waitForVBlank@wait", "backgammon": "MainLoop",
              "jmc": "mos_osbyte@wait", "crpg": "WAITF1"}


def inside_the_wait_loop(machine_id: str) -> int:
    """The address of an instruction of the machine's wait loop past its
    first (where a single-stepping machine comes to, once it waits)."""
    machine = machines.create(machine_id)
    loop = machine.idle_loop
    assert loop is not None
    for _ in range(10):  # past the start-up
        machine.run_frame(0)
    for _ in range(200_000):
        machine.cpu.step()
        if loop.start < machine.cpu.pc < loop.end:
            return machine.cpu.pc
    raise AssertionError(f"{machine_id} never came inside its wait loop")


@pytest.mark.parametrize("where", ["top", "inside"])
@pytest.mark.parametrize("machine_id", sorted(set(WAIT_LOOPS) & set(machines.available())))
def test_a_never_holding_breakpoint_in_the_wait_loop_keeps_the_skip(machine_id: str,
                                                                    where: str,
                                                                    monkeypatch) -> None:
    """A breakpoint inside the machine's wait loop (at its top, or on a later
    instruction: the session steps on to the top) whose condition reads no
    clock and no device, and never holds: the machine still skips whole turns
    (so it costs what a breakpoint elsewhere costs) and runs exactly as bare."""
    bare = machines.create(machine_id)
    fast = Session(machines.create(machine_id), record=False)
    loop = fast.machine.idle_loop
    assert loop is not None and loop.start == fast.symbols[WAIT_LOOPS[machine_id]]
    at = loop.start if where == "top" else inside_the_wait_loop(machine_id)
    fast.add_breakpoint("exec", at, condition="pc == $10000")
    skipped = []
    skip = runcontrol.skip_idle

    def counting(machine, cycles, passing=frozenset(), reads_checked=False):
        n = skip(machine, cycles, passing, reads_checked)
        if passing:
            skipped.append(n)
        return n
    monkeypatch.setattr(runcontrol, "skip_idle", counting)
    for frame in range(30):  # (the CRPG waits in its loop from its fourth frame)
        bare.run_frame(0)
        status = fast.run_frame(0)
        assert not status["reason"] or status["reason"]["kind"] != "breakpoint"
        assert (bare.cpu.snapshot(), bytes(bare.bus.ram)) == (
            fast.cpu.snapshot(), bytes(fast.bus.ram)), f"frame {frame}"
    assert sum(skipped) > 0
    # A condition that reads the clock: the turns are run one by one instead.
    fast.add_breakpoint("exec", at, condition="cycles == 0")
    skipped.clear()
    for _ in range(3):
        bare.run_frame(0)
        fast.run_frame(0)
    assert sum(skipped) == 0
    assert (bare.cpu.snapshot(), bytes(bare.bus.ram)) == (
        fast.cpu.snapshot(), bytes(fast.bus.ram))


@pytest.mark.parametrize("machine_id", sorted(
    m for m in set(WAIT_LOOPS) & set(machines.available())
    if machines.create(m).INFO.cpu in ("6502", "2a03")))
def test_a_read_breakpoint_in_the_wait_loop_stops_where_single_stepping_stops(
        machine_id: str) -> None:
    """A read watch on the wait loop's code (its opcode fetch is a read)
    whose condition holds now and then: the machine must not skip turns of
    the loop past a read the watch would see (the core's own read watch, as
    a bus watch, turns the skip off)."""
    fast = Session(machines.create(machine_id), record=False)
    slow = Session(machines.create(machine_id), record=False)
    loop = fast.machine.idle_loop
    assert loop is not None
    for session in (fast, slow):
        session.add_breakpoint("read", loop.start, condition="(cycles & $3FFF) < 200")
    assert fast.cpu.watch_mask("read") is not None
    checked(slow)
    same_stops(fast, slow, 8, [0], stops_wanted=1)
