"""The debugger's two runners stop alike: a session on the core's own stops
and watches (`RunControl.run_stops`) against the same session forced onto
the instruction-by-instruction runner (`run_checked`), compared at every stop."""

from __future__ import annotations

from harness.debug_machines import BusWatcher
from harness.pacman import PLAY_BUTTONS
from retroscope import machines
from retroscope.debug import Session


def checked(session: Session) -> Session:
    """The same session forced onto the instruction-by-instruction runner,
    with read and write breakpoints through a bus watch (not the core's own)."""
    session.control.stop_in_core = False
    session.control.watch_through(BusWatcher(session.bus))
    return session


def fingerprint(session: Session) -> object:
    """The machine's state hash; the CPU and memory where a machine's snapshot
    cannot be hashed (that is for its own tests to mind)."""
    try:
        return session.state_hash()
    except TypeError:
        return session.cpu.snapshot(), bytes(session.bus.ram)


def same_stops(fast: Session, slow: Session, frames: int, buttons: list[int],
               stops_wanted: int) -> int:
    assert fast.machine.runner == fast.control.run_stops
    assert slow.machine.runner == slow.control.run_checked
    stops = 0
    frame = 0
    while frame < frames:
        press = buttons[frame % len(buttons)]
        a, b = fast.run_frame(press), slow.run_frame(press)
        # (What costs speed differs by design: the checked runner is slower.)
        a.pop("slowed_by"), b.pop("slowed_by")
        assert a == b, f"frame {frame}"
        assert fingerprint(fast) == fingerprint(slow), f"frame {frame}: {a}"
        if a["paused"] and a["reason"]["kind"] in ("breakpoint", "read", "write"):
            stops += 1
        else:
            frame += 1
    assert fast.list_breakpoints() == slow.list_breakpoints()
    assert stops >= stops_wanted
    return stops


def stop_point(session: Session) -> tuple:
    """Where a session stopped: the reason (what was written where), the
    instruction, the frame, the registers and memory. (Not the cycle count
    nor R: the checking runner steps through HALT's NOPs, up to 3 T-states
    past an event, where the machine's runner lets the time pass.)"""
    status = session.status()
    regs = {k: v for k, v in session.cpu.snapshot().items() if k not in ("cycles", "r")}
    return status["reason"], status["pc"], status["frame"], regs, bytes(session.bus.ram)


def same_pacman_stops(where: list[tuple[str, str, str, str]], frames: int) -> None:
    """Pac-Man with the breakpoints `where` (kind, at, condition, end) on both
    runners over `frames` frames of play: they stop at the same points."""
    fast = Session(machines.create("pacman"), record=False)
    slow = checked(Session(machines.create("pacman"), record=False))
    for session in (fast, slow):
        for kind, at, condition, end in where:
            session.add_breakpoint(kind, at, end=end, condition=condition)
    checked(slow)
    assert fast.machine.runner == fast.control.run_stops
    assert slow.machine.runner == slow.control.run_checked
    stops = 0
    while fast.machine.frame < frames:
        press = PLAY_BUTTONS[fast.machine.frame % len(PLAY_BUTTONS)]
        a, b = fast.run_frame(press), slow.run_frame(press)
        assert a["paused"] == b["paused"]
        if a["paused"]:
            stops += 1
            assert stop_point(fast) == stop_point(slow), f"stop {stops}"
    assert stops > 5
