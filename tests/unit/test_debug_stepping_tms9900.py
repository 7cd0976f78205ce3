"""Stepping on the real TMS9900 core: BL and BLWP stepped over, B *R11 /
B *Rn / RTWP stepped out of (BL keeps no stack: nesting is counted), and the
level-1 interrupt (a context switch) arriving during a step."""

from __future__ import annotations

import pytest

from harness.debug_machines import DebugTMS9900Machine
from retroscope.debug import Session

COUNT, CALLS, INTS, BLWPS = 0x8360, 0x8362, 0x8364, 0x8366


@pytest.fixture
def session() -> Session:
    s = Session(DebugTMS9900Machine())
    s.step("cursor", target="MAIN")
    return s


def sym(session: Session, name: str) -> int:
    return session.symbols[name]


def word(session: Session, addr: int) -> int:
    return session.bus.ram[addr] << 8 | session.bus.ram[addr + 1]


def test_step_over_bl_runs_the_nested_bl_calls(session: Session) -> None:
    calls = word(session, CALLS)
    status = session.step("over")
    assert status["pc"] == sym(session, "MAIN") + 4
    assert word(session, CALLS) == calls + 2


def test_step_over_blwp_runs_the_context_switched_routine(session: Session) -> None:
    blwp = sym(session, "MAIN") + 8
    session.step("cursor", target=blwp)
    wp, n = session.cpu.wp, word(session, BLWPS)
    assert session.step("over")["pc"] == blwp + 4
    assert session.cpu.wp == wp and word(session, BLWPS) == n + 1


def test_step_into_blwp_switches_workspace(session: Session) -> None:
    session.step("cursor", target=sym(session, "MAIN") + 8)
    assert session.step("into")["pc"] == sym(session, "SUB2")
    assert session.cpu.wp == sym(session, "WS2")


def test_step_out_of_a_bl_routine_returns_through_r11(session: Session) -> None:
    session.step("cursor", target="INNER")
    assert session.step("out")["pc"] == sym(session, "OUTER") + 6


def test_step_out_counts_bl_nesting_and_returns_through_the_saved_link(
        session: Session) -> None:
    session.step("cursor", target="OUTER")
    calls = word(session, CALLS)
    # OUTER runs two BL @INNER (each ending in B *R11) before its own B *R10.
    assert session.step("out")["pc"] == sym(session, "MAIN") + 4
    assert word(session, CALLS) == calls + 2


def test_step_out_of_a_blwp_routine_returns_through_rtwp(session: Session) -> None:
    session.step("cursor", target="SUB2")
    status = session.step("out")
    assert status["pc"] == sym(session, "MAIN") + 12
    assert session.cpu.wp == sym(session, "WS0")


def test_step_into_follows_the_interrupt_context_switch(session: Session) -> None:
    session.cpu.interrupt(1)
    assert session.step("into")["pc"] == sym(session, "IRQ")
    assert session.cpu.wp == sym(session, "WSI")


def test_step_over_runs_an_interrupt_taken_before_the_bl(session: Session) -> None:
    ints, calls = word(session, INTS), word(session, CALLS)
    session.cpu.interrupt(1)
    assert session.step("over")["pc"] == sym(session, "MAIN") + 4
    assert word(session, INTS) == ints + 1 and word(session, CALLS) == calls + 2


def test_an_interrupt_in_the_middle_of_a_stepped_over_bl_does_not_end_it(
        session: Session) -> None:
    ints = word(session, INTS)
    session.machine.interrupt_in(40)
    assert session.step("over")["pc"] == sym(session, "MAIN") + 4
    assert word(session, INTS) == ints + 1


def test_step_out_is_not_fooled_by_an_interrupt_at_the_return(session: Session) -> None:
    ret = sym(session, "INNER") + 4  # B *R11
    session.step("cursor", target=ret)
    ints = word(session, INTS)
    session.cpu.interrupt(1)
    assert session.step("out")["pc"] == sym(session, "OUTER") + 6
    assert word(session, INTS) == ints + 1


def test_the_call_stack_shows_r11_and_the_blwp_chain(session: Session) -> None:
    session.step("cursor", target="INNER")
    frames = session.call_stack()
    assert frames[0]["return"] == sym(session, "OUTER") + 6
    assert frames[0]["text"].startswith("BL")
    session.step("cursor", target="SUB2")
    frames = session.call_stack()
    assert any(f["return"] == sym(session, "MAIN") + 12 and f["text"].startswith("BLWP")
               for f in frames)


def test_workspace_registers_read_and_edit_through_memory(session: Session) -> None:
    session.set_register("r3", 0xBEEF)
    assert session.registers()["registers"]["r3"] == 0xBEEF
    assert word(session, session.cpu.wp + 6) == 0xBEEF
    with pytest.raises(ValueError, match="holds 0-65535"):
        session.set_register("r3", 0x10000)


def test_a_condition_on_a_workspace_register(session: Session) -> None:
    session.add_breakpoint("exec", "INNER", condition="r11 == $011C + 4")
    status = session.run_frame()
    assert status["pc"] == sym(session, "INNER")
    assert session.registers()["registers"]["r11"] == 0x0120


def test_tms9900_rewind_replays_to_the_same_hash() -> None:
    session = Session(DebugTMS9900Machine())
    hashes = []
    for _ in range(10):
        session.run_frame()
        hashes.append(session.state_hash())
    session.seek(3)
    assert session.state_hash() == hashes[2]
    for _ in range(3, 10):
        session.run_frame()
    assert session.state_hash() == hashes[-1]



@pytest.mark.parametrize("delay", range(2, 134, 6))  # the BL takes ~140 cycles
def test_step_over_lands_after_the_bl_wherever_the_interrupt_falls(
        session: Session, delay: int) -> None:
    wp, ints = session.cpu.wp, word(session, INTS)
    session.machine.interrupt_in(delay)
    assert session.step("over")["pc"] == sym(session, "MAIN") + 4
    assert session.cpu.wp == wp and word(session, INTS) == ints + 1


def test_register_widths_cover_the_workspace_registers(session: Session) -> None:
    regs = session.registers()
    assert regs["widths"]["r15"] == 16 and regs["widths"]["wp"] == 16
    assert set(regs["widths"]) == set(regs["registers"])
