"""Stepping on the real 6502 core: into, over, out across nested and recursive
calls, with interrupts arriving during the step; run to cursor; frame; halt."""

from __future__ import annotations

import pytest

from harness.debug_machines import Debug6502Machine
from retroscope.debug import Session


@pytest.fixture(params=["nmos", "2a03"])
def session(request: pytest.FixtureRequest) -> Session:
    s = Session(Debug6502Machine(request.param))
    s.step("cursor", target="main")
    return s


def sym(session: Session, name: str) -> int:
    return session.symbols[name]


def after_call(session: Session, label: str, nth: int = 0) -> int:
    """The address after the nth JSR in the routine at `label`."""
    addr = sym(session, label)
    peek = session.bus.peek
    seen = 0
    while True:
        length = session.info.decode(peek, addr).length
        if peek(addr) == 0x20:
            if seen == nth:
                return addr + 3
            seen += 1
        addr += length


def test_run_to_cursor_stops_at_the_address(session: Session) -> None:
    status = session.step("cursor", target="rng")
    assert status["pc"] == sym(session, "rng")
    assert status["reason"]["kind"] == "step"


def test_step_into_runs_exactly_one_instruction(session: Session) -> None:
    s0 = session.cpu.s
    status = session.step("into")
    assert status["pc"] == sym(session, "outer")  # into the JSR's target
    assert session.cpu.s == (s0 - 2) & 0xFF
    assert session.step("into", count=2)["pc"] == sym(session, "inner") + 2


def test_step_over_a_jsr_runs_the_whole_nested_call(session: Session) -> None:
    ram = session.bus.ram
    s0, calls_before = session.cpu.s, ram[0x12]
    status = session.step("over")
    assert status["pc"] == sym(session, "main") + 3
    assert session.cpu.s == s0
    assert ram[0x12] == (calls_before + 2) & 0xFF  # outer called inner twice


def test_step_over_an_ordinary_instruction_is_one_step(session: Session) -> None:
    session.step("over")
    status = session.step("over")  # inc $10
    assert status["pc"] == sym(session, "main") + 5


def test_step_out_climbs_one_level_at_a_time(session: Session) -> None:
    session.step("cursor", target="rng")
    assert session.step("out")["pc"] == after_call(session, "inner")
    assert session.step("out")["pc"] == after_call(session, "outer")
    assert session.step("out")["pc"] == after_call(session, "main")


def test_step_over_a_recursive_call_returns_at_the_callers_depth(session: Session) -> None:
    # At $0200: jsr fact / nop, with A = 6: fact recurses 5 levels deep.
    fact = sym(session, "fact")
    session.write_memory(0x0200, [0x20, fact & 0xFF, fact >> 8, 0xEA])
    session.set_register("pc", 0x0200)
    session.set_register("a", 6)
    session.bus.ram[0x30] = 0
    s0 = session.cpu.s
    status = session.step("over")
    assert status["pc"] == 0x0203
    assert session.cpu.s == s0
    assert session.bus.ram[0x30] == 5


def test_step_out_of_a_recursive_call_leaves_only_the_innermost_level(session: Session) -> None:
    fact = sym(session, "fact")
    session.write_memory(0x0200, [0x20, fact & 0xFF, fact >> 8, 0xEA])
    session.set_register("pc", 0x0200)
    session.set_register("a", 6)
    bp = session.add_breakpoint("exec", "fact", condition="a == 2")
    session.run_frame()
    session.remove_breakpoint(bp["id"])
    s_inner = session.cpu.s
    status = session.step("out")
    assert status["pc"] == sym(session, "fact_e")  # back in the calling fact
    assert session.cpu.s == (s_inner + 2) & 0xFF
    depth = len(session.call_stack())
    assert session.step("out")["pc"] == sym(session, "fact_e")
    assert len(session.call_stack()) == depth - 1


def test_step_into_follows_an_interrupt_into_its_handler(session: Session) -> None:
    session.cpu.nmi()
    status = session.step("into")
    assert status["pc"] == sym(session, "nmi")


def test_step_over_runs_an_interrupt_taken_before_the_call_then_the_call(
        session: Session) -> None:
    ram = session.bus.ram
    nmis, calls = ram[0x20], ram[0x12]
    session.cpu.nmi()  # taken at the next instruction boundary, before the JSR
    status = session.step("over")
    assert status["pc"] == sym(session, "main") + 3
    assert ram[0x20] == nmis + 1
    assert ram[0x12] == (calls + 2) & 0xFF


def test_step_over_an_ordinary_instruction_runs_an_interrupt_through(session: Session) -> None:
    session.step("over")
    ram = session.bus.ram
    counter, nmis = ram[0x10], ram[0x20]
    session.cpu.nmi()
    status = session.step("over")  # inc $10, with the NMI taken first
    assert status["pc"] == sym(session, "main") + 5
    assert ram[0x10] == (counter + 1) & 0xFF
    assert ram[0x20] == nmis + 1


def test_an_interrupt_in_the_middle_of_a_stepped_over_call_does_not_end_it(
        session: Session) -> None:
    machine = session.machine
    nmis = session.bus.ram[0x20]
    machine.interrupt_in(40)  # lands inside outer/inner/rng
    status = session.step("over")
    assert status["pc"] == sym(session, "main") + 3
    assert session.bus.ram[0x20] == nmis + 1


def test_step_out_is_not_fooled_by_an_interrupt_at_the_return(session: Session) -> None:
    rts = sym(session, "rng") - 1  # the RTS ending inner
    assert session.bus.peek(rts) == 0x60
    session.step("cursor", target=rts)
    nmis = session.bus.ram[0x20]
    session.cpu.nmi()
    status = session.step("out")
    assert status["pc"] == after_call(session, "outer")
    assert session.bus.ram[0x20] == nmis + 1


def test_a_breakpoint_inside_a_stepped_over_call_stops_the_step(session: Session) -> None:
    session.add_breakpoint("exec", "rng")
    status = session.step("over")
    assert status["pc"] == sym(session, "rng")
    assert status["reason"]["kind"] == "breakpoint"
    assert status["stepping"] is None


def test_step_frame_runs_to_the_end_of_the_frame(session: Session) -> None:
    frame = session.machine.frame
    status = session.step("frame")
    assert status["frame"] == frame + 1 and status["paused"]
    assert session.machine.runner == session.control.bare


def test_a_step_that_takes_long_stays_pending_across_frames(session: Session) -> None:
    status = session.step("out", max_frames=2)  # main has no caller: never returns
    assert status["stepping"] == "out" and not status["paused"]
    session.add_breakpoint("exec", "rng")
    status = session.run_frame()
    assert status["paused"] and status["reason"]["kind"] == "breakpoint"
    assert session.machine.runner == session.control.run_stops  # the breakpoint remains


def test_a_jammed_cpu_stops_with_the_reason(session: Session) -> None:
    session.write_memory(0x0200, [0x02])  # JAM
    session.set_register("pc", 0x0200)
    session.add_breakpoint("exec", "$FFF0")  # any check installs the stepping runner
    status = session.run_frame()
    assert status["halted"]
    assert status["reason"]["kind"] == "halt"


def test_the_call_stack_lists_the_callers_innermost_first(session: Session) -> None:
    session.step("cursor", target="rng")
    frames = session.call_stack()
    assert [f["return"] for f in frames] == [after_call(session, "inner"),
                                             after_call(session, "outer"),
                                             after_call(session, "main")]
    assert [f["routine"] for f in frames] == ["inner", "outer", "main"]


def test_the_call_stack_shows_an_interrupt_frame_with_where_it_will_return(
        session: Session) -> None:
    session.step("cursor", target="inner")
    pc = session.cpu.pc
    session.cpu.nmi()
    session.step("into")
    assert session.cpu.pc == sym(session, "nmi")
    frames = session.call_stack()
    assert frames[0]["text"] == "interrupt" and frames[0]["return"] == pc
    assert frames[0]["call"] is None and frames[0]["routine"] == "inner"
    assert [f["routine"] for f in frames[1:]] == ["outer", "main"]


def test_step_over_lands_after_the_call_whenever_the_frames_own_nmi_falls(
        session: Session) -> None:
    """Hundreds of step-overs across frames: the machine's own NMI falls inside
    some of them, and every one still ends right after the JSR."""
    main, ram = sym(session, "main"), session.bus.ram
    interrupted = 0
    for _ in range(500):
        session.step("cursor", target="main")
        s0, nmis = session.cpu.s, ram[0x20]
        status = session.step("over")
        assert status["pc"] == main + 3 and session.cpu.s == s0
        interrupted += ram[0x20] != nmis
    assert interrupted >= 1


@pytest.mark.parametrize("delay", range(1, 120, 5))
def test_step_over_lands_after_the_jsr_wherever_the_nmi_falls(
        session: Session, delay: int) -> None:
    s0, nmis = session.cpu.s, session.bus.ram[0x20]
    session.machine.interrupt_in(delay)
    assert session.step("over")["pc"] == sym(session, "main") + 3
    assert session.cpu.s == s0 and session.bus.ram[0x20] == nmis + 1
