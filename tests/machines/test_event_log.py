"""The event viewer's log on every machine: each device write it shows is
one the CPU made, in order, at its cycle, with the address of the very
instruction that made it, as a machine stepped one instruction at a time
with a bus watch of its own sees them (the log itself runs on the core's
own watch, compiled blocks and all); interrupts at the raster line the
hardware raises them; a rewind shows the frame as it ran; closed, nothing
of it is left in the machine."""

from __future__ import annotations

from typing import Any

import pytest

from retroscope import machines
from retroscope.debug import Session
from retroscope.debug.devices import hardware_of

MACHINES = ["tetris", "backgammon", "pacman", "crpg", "jmc"]
# Frames of play first (with these buttons), so that the frames looked at are busy.
WARM_UP = {"tetris": 90, "backgammon": 60, "pacman": 300, "crpg": 60, "jmc": 60}
# The line each machine's frame interrupt is raised at (their bus maps' docs):
# the NES's NMI at line 241, the board's INT at 224, the VDP's at the end of
# line 191 (192 lines of picture), the BBC's vertical sync at 272.
INTERRUPT_LINE = {"tetris": (241, "NMI"), "backgammon": (241, "NMI"), "pacman": (224, "INT"),
                  "crpg": (192, "INTREQ"), "jmc": (272, "IRQ")}


def busy(mid: str) -> Session:
    machine = machines.create(mid)
    session = Session(machine)
    for i in range(WARM_UP[mid]):
        session.run_frame(0x08 if i % 40 == 20 else (0x01 if mid == "crpg" and i % 9 else 0))
    return session


def stepped_writes(machine: Any, buttons: int) -> list[tuple[int, int, int, int]]:
    """One frame, instruction by instruction, with a bus watch on the device
    addresses: (cycle into the frame at the write, address, value, PC of the
    instruction)."""
    hardware = hardware_of(machine)
    cpu = machine.cpu
    seen: list[tuple[int, int, int, int]] = []
    at = [0]

    def watch(addr: int, value: int) -> None:
        if hardware.device_at(addr) is not None:
            seen.append((machine.frame_cycle, addr, value, at[0]))

    def runner(budget: int) -> int:
        ran = 0
        while ran < budget:
            at[0] = cpu.pc
            n = cpu.step()
            if not n:
                break
            ran += n
        return ran
    machine.bus.add_watch("write", watch)
    machine.runner = runner
    try:
        machine.run_frame(buttons)
    finally:
        machine.bus.remove_watch("write", watch)
    return seen


@pytest.mark.parametrize("mid", MACHINES)
def test_every_device_write_is_logged_with_its_cycle_and_instruction(mid):
    session = busy(mid)
    machine = session.machine
    start = machine.snapshot()
    session.set_events(True)
    frames = {}
    for _ in range(3):  # the frames differ: find one with writes in it
        frames[machine.frame] = machine.snapshot()
        session.run_frame(0)
        log = session.event_log()
        writes = [(e["cycle"], e["addr"], e["value"], e["pc"]) for e in log["events"]
                  if e["kind"] == "write"]
        if writes:
            break
    assert writes, "no device writes in three frames"
    assert log["complete"] and log["frame"] == machine.frame - 1
    check = machines.create(mid)
    check.restore(frames[log["frame"]])
    assert stepped_writes(check, 0) == writes
    del start


@pytest.mark.parametrize("mid", MACHINES)
def test_the_frame_interrupt_is_at_its_line_with_where_the_cpu_was(mid):
    session = busy(mid)
    session.set_events(True)
    session.run_frame(0)
    log = session.event_log()
    line, name = INTERRUPT_LINE[mid]
    found = [e for e in log["events"] if e["kind"] == "interrupt" and e["register"] == name]
    assert found and any(e["line"] == line for e in found), (line, found)
    for e in found:
        assert log["pcs"][str(e["pc"])]["text"]  # the instruction it interrupted


@pytest.mark.parametrize("mid", ["pacman", "crpg"])
def test_port_and_cru_writes_are_logged(mid):
    session = busy(mid)
    session.set_events(True)
    if mid == "pacman":
        session.reset()  # the program sets the interrupt vector (OUT port 0) at boot
        session.run_frames(2)
        want = "interrupt vector"
    else:
        session.run_frame(0)
        want = "TMS9901 (CRU)"
    log = session.event_log()
    ports = [e for e in log["events"] if e["kind"] == "port"]
    assert ports and {e["device"] for e in ports} == {want}
    texts = {log["pcs"][str(e["pc"])]["text"].split()[0].lower() for e in ports}
    assert texts <= {"out", "ldcr", "sbo", "sbz"}, texts


def test_a_partly_run_frame_shows_its_events_so_far_and_where_the_cpu_is():
    session = busy("tetris")
    session.set_events(True)
    session.run_frame(0)
    session.add_breakpoint("write", "$2006")
    session.run_frame(0)  # stops at the first write of the vertical blank
    log = session.event_log()
    assert not log["complete"] and log["frame"] == session.machine.frame
    assert log["events"][-1]["addr"] == 0x2006 and log["here"]["line"] >= 241


@pytest.mark.parametrize("mid", ["tetris", "crpg"])
def test_a_rewind_shows_the_frame_before_as_it_ran(mid):
    session = busy(mid)
    session.set_events(True)
    seen = {}
    for _ in range(8):
        session.run_frame(0)
        seen[session.machine.frame] = session.event_log()["events"]
    target = session.machine.frame - 4
    session.seek(target)
    log = session.event_log()
    assert log["frame"] == target - 1 and log["events"] == seen[target]
    session.run_frame(0)
    assert session.event_log()["events"] == seen[target + 1]


@pytest.mark.parametrize("mid", MACHINES)
def test_closed_nothing_is_left_in_the_machine(mid):
    machine = machines.create(mid)
    session = Session(machine)
    before = {name: dict(vars(obj)) for name, obj in (("machine", machine),
                                                       ("bus", machine.bus))}
    session.set_events(True)
    assert session.slowed_by() == ["event viewer"]
    session.run_frame(0)
    session.set_events(False)
    after = {name: dict(vars(obj)) for name, obj in (("machine", machine), ("bus", machine.bus))}
    assert set(after["machine"]) == set(before["machine"])
    assert after["machine"].get("_cpu_irq") == before["machine"].get("_cpu_irq")
    assert set(after["bus"]) == set(before["bus"])
    assert session._core_watched is None and session.slowed_by() == []
    if hasattr(type(machine.cpu), "nmi") and hasattr(machine.cpu, "__dict__"):
        assert "nmi" not in vars(machine.cpu) and "interrupt" not in vars(machine.cpu)
    if mid == "crpg":
        assert machine.cpu.cru_write == machine.tms9901.cru_write
    assert all(not isinstance(h, type(lambda: 0)) or h.__name__ != "interrupt"
               for _, h in machine._events)
