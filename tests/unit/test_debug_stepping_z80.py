"""Stepping on the real Z80 core: CALL (conditional too) and RST stepped over,
RET/RETI stepped out of, recursion with a conditional return, and the IM 1
interrupt arriving during a step."""

from __future__ import annotations

import pytest

from harness.debug_machines import DebugZ80Machine
from retroscope.debug import Session

COUNTER, CALLS, INTS, RSTS, DEPTH = 0x8000, 0x8001, 0x8002, 0x8003, 0x8004


@pytest.fixture
def session() -> Session:
    s = Session(DebugZ80Machine())
    s.step("cursor", target="main")
    s.step("cursor", target="main")  # once round: past EI's one-instruction delay
    return s


def sym(session: Session, name: str) -> int:
    return session.symbols[name]


def test_step_over_a_call_runs_the_nested_calls(session: Session) -> None:
    ram, sp = session.bus.ram, session.cpu.sp
    calls = ram[CALLS]
    status = session.step("over")
    assert status["pc"] == sym(session, "main") + 3
    assert session.cpu.sp == sp and ram[CALLS] == (calls + 2) & 0xFF


def test_step_over_a_conditional_call_not_taken_is_one_instruction(session: Session) -> None:
    call_nz = sym(session, "main") + 8
    session.step("cursor", target=call_nz)
    assert session.disassemble(before=0, after=1)[0]["text"] == "call nz,outer"
    assert session.cpu.f & 0x40  # Z set by `xor a`: the call is not taken
    assert session.step("over")["pc"] == call_nz + 3


def test_step_over_an_rst_runs_its_routine(session: Session) -> None:
    rst = sym(session, "main") + 11
    session.step("cursor", target=rst)
    rsts = session.bus.ram[RSTS]
    assert session.step("over")["pc"] == rst + 1
    assert session.bus.ram[RSTS] == (rsts + 1) & 0xFF


def test_step_into_an_rst_enters_its_routine(session: Session) -> None:
    session.step("cursor", target=sym(session, "main") + 11)
    assert session.step("into")["pc"] == sym(session, "rst10")


def test_step_out_climbs_through_nested_calls(session: Session) -> None:
    session.step("cursor", target="inner")
    assert session.step("out")["pc"] == sym(session, "outer") + 3
    assert session.step("out")["pc"] == sym(session, "main") + 3


def test_step_out_of_recursion_skips_a_conditional_return_that_does_not_go(
        session: Session) -> None:
    fact = sym(session, "fact")
    session.write_memory(0x0200, [0xCD, fact & 0xFF, fact >> 8, 0x00])  # call fact / nop
    session.set_register("pc", 0x0200)
    session.set_register("a", 5)
    session.bus.ram[DEPTH] = 0
    sp = session.cpu.sp
    status = session.step("over")
    assert status["pc"] == 0x0203 and session.cpu.sp == sp and session.bus.ram[DEPTH] == 4
    # Into the recursion, three levels down, then out one level at a time.
    session.set_register("pc", 0x0200)
    session.set_register("a", 5)
    bp = session.add_breakpoint("exec", "fact", condition="a == 3")
    session.run_frame()
    session.remove_breakpoint(bp["id"])
    sp_inner = session.cpu.sp
    # `ret c` is not taken here (A = 3): step out must not stop after it.
    assert session.step("out")["pc"] == sym(session, "fact_e")
    assert session.cpu.sp == sp_inner + 2


def test_step_into_follows_the_interrupt_into_its_handler(session: Session) -> None:
    session.cpu.interrupt(0xFF)
    assert session.step("into")["pc"] == 0x0038


def test_step_over_runs_an_interrupt_taken_before_the_call(session: Session) -> None:
    ram = session.bus.ram
    ints, calls = ram[INTS], ram[CALLS]
    session.cpu.interrupt(0xFF)
    status = session.step("over")
    assert status["pc"] == sym(session, "main") + 3
    assert ram[INTS] == ints + 1 and ram[CALLS] == (calls + 2) & 0xFF


def test_step_over_an_ordinary_instruction_runs_the_interrupt_through(
        session: Session) -> None:
    session.step("over")
    ints = session.bus.ram[INTS]
    session.cpu.interrupt(0xFF)
    assert session.step("over")["pc"] == sym(session, "main") + 6  # after ld hl,counter
    assert session.bus.ram[INTS] == ints + 1


def test_an_interrupt_in_the_middle_of_a_stepped_over_call_does_not_end_it(
        session: Session) -> None:
    ints = session.bus.ram[INTS]
    session.machine.interrupt_in(60)
    assert session.step("over")["pc"] == sym(session, "main") + 3
    assert session.bus.ram[INTS] == ints + 1


def test_step_out_is_not_fooled_by_an_interrupt_at_the_ret(session: Session) -> None:
    ret = sym(session, "fact") - 1  # inner's RET
    assert session.bus.peek(ret) == 0xC9
    session.step("cursor", target=ret)
    ints = session.bus.ram[INTS]
    session.cpu.interrupt(0xFF)
    assert session.step("out")["pc"] == sym(session, "outer") + 3
    assert session.bus.ram[INTS] == ints + 1


def test_step_out_of_the_interrupt_handler_returns_to_the_interrupted_code(
        session: Session) -> None:
    session.step("over")
    pc = session.cpu.pc
    session.cpu.interrupt(0xFF)
    session.step("into")
    assert session.cpu.pc == 0x0038
    assert session.step("out")["pc"] == pc  # RETI back where it came


def test_the_call_stack_reads_return_addresses_from_the_stack(session: Session) -> None:
    session.step("cursor", target="inner")
    frames = session.call_stack()
    assert [f["return"] for f in frames] == [sym(session, "outer") + 3,
                                             sym(session, "main") + 3]
    assert frames[0]["text"] == "call inner"


def test_a_write_breakpoint_stops_after_the_z80_wrote(session: Session) -> None:
    session.add_breakpoint("write", "$8001")
    status = session.run_frame()
    assert status["reason"]["kind"] == "write" and status["reason"]["addr"] == CALLS
    assert session.cpu.pc == sym(session, "inner") + 7  # after ld (calls),a


def test_z80_registers_edit_with_validation(session: Session) -> None:
    session.set_register("hl", 0x1234)
    regs = session.registers()
    assert regs["registers"]["h"] == 0x12 and regs["registers"]["l"] == 0x34
    with pytest.raises(ValueError, match="holds 0-255"):
        session.set_register("a", 0x100)
    with pytest.raises(ValueError, match="holds 0-2"):
        session.set_register("im", 3)


def test_z80_rewind_replays_to_the_same_hash() -> None:
    session = Session(DebugZ80Machine())
    hashes = []
    for b in range(12):
        session.run_frame(b * 17 & 0xFF)
        hashes.append(session.state_hash())
    session.seek(4)
    assert session.state_hash() == hashes[3]
    for b in range(4, 12):
        session.run_frame(b * 17 & 0xFF)
    assert session.state_hash() == hashes[-1]



@pytest.mark.parametrize("delay", range(1, 130, 5))
def test_step_over_lands_after_the_call_wherever_the_interrupt_falls(
        session: Session, delay: int) -> None:
    sp, ints = session.cpu.sp, session.bus.ram[INTS]
    session.machine.interrupt_in(delay)
    assert session.step("over")["pc"] == sym(session, "main") + 3
    assert session.cpu.sp == sp and session.bus.ram[INTS] == ints + 1


def test_a_pending_interrupt_survives_a_restore(session: Session) -> None:
    """What rewind relies on: a snapshot taken with the interrupt line raised
    restores with it still raised (Z80.restore() re-arms it)."""
    session.cpu.interrupt(0xFF)
    snap = session.machine.snapshot()
    assert session.step("into")["pc"] == 0x0038
    session.machine.restore(snap)
    assert session.step("into")["pc"] == 0x0038
