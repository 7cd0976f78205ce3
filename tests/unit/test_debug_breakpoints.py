"""Breakpoints on the real 6502 core: exec / read / write on an address, a range
or a symbol, conditions, hit counts, toggling, JSON, and no cost when absent."""

from __future__ import annotations

import json

import pytest

from harness.debug_machines import Debug6502Machine
from retroscope.debug import DebugError, Session


@pytest.fixture
def session() -> Session:
    return Session(Debug6502Machine())


def test_with_nothing_set_the_machine_runs_its_own_runner_and_the_bare_bus(
        session: Session) -> None:
    machine, bus = session.machine, session.bus
    assert machine.runner == session.control.bare
    assert bus.read == bus.ram.__getitem__ and bus.write == bus.ram.__setitem__
    bp = session.add_breakpoint("write", "$0012")
    # the machine's own runner goes on; the core watches its own writes (the
    # bus stays bare) and stops where the watch asks it to
    assert machine.runner == session.control.run_stops
    assert bus.write == bus.ram.__setitem__ and bus.read == bus.ram.__getitem__
    assert session.cpu.watch_mask("write") is not None
    read_bp = session.add_breakpoint("read", "$0012")  # reads: on the core too
    assert bus.read == bus.ram.__getitem__ and session.cpu.watch_mask("read") is not None
    session.remove_breakpoint(read_bp["id"])
    session.remove_breakpoint(bp["id"])
    assert machine.runner == session.control.bare
    assert bus.write == bus.ram.__setitem__ and session.cpu.watch_mask("write") is None
    assert session.cpu.watch_mask("read") is None


def test_an_exec_breakpoint_on_a_symbol_stops_before_that_instruction(session: Session) -> None:
    bp = session.add_breakpoint("exec", "rng")
    status = session.run_frame()
    assert status["paused"]
    assert status["pc"] == session.symbols["rng"]
    assert status["reason"]["kind"] == "breakpoint"
    assert status["reason"]["breakpoint"] == bp["id"]
    assert session.list_breakpoints()[0]["hits"] == 1
    assert bp["symbol"] == "rng"


def test_resuming_from_a_breakpoint_runs_on_to_its_next_hit(session: Session) -> None:
    session.add_breakpoint("exec", "inner")
    first = session.run_frame()
    second = session.run_frame()
    assert first["pc"] == second["pc"] == session.symbols["inner"]
    assert second["cycles"] > first["cycles"]
    assert session.list_breakpoints()[0]["hits"] == 2


def test_hit_counts_count_every_stop(session: Session) -> None:
    session.add_breakpoint("exec", "rng")
    for _ in range(5):
        session.run_frame()
    assert session.list_breakpoints()[0]["hits"] == 5


def test_a_condition_decides_whether_a_hit_stops(session: Session) -> None:
    session.add_breakpoint("exec", "inner", condition="[$0012] == 6")
    status = session.run_frame()
    assert status["pc"] == session.symbols["inner"]
    assert session.bus.ram[0x12] == 6
    assert session.list_breakpoints()[0]["hits"] == 1


def test_a_condition_that_never_holds_lets_the_frame_finish(session: Session) -> None:
    session.add_breakpoint("exec", "inner", condition="a == 1 && a == 2")
    status = session.run_frame()
    assert not status["paused"] and status["frame"] == 1
    assert session.list_breakpoints()[0]["hits"] == 0


def test_a_range_breakpoint_stops_anywhere_inside_it(session: Session) -> None:
    rng = session.symbols["rng"]
    session.add_breakpoint("exec", rng + 2, rng + 40)
    status = session.run_frame()
    assert rng + 2 <= status["pc"] <= rng + 40


def test_a_write_breakpoint_stops_after_the_instruction_that_wrote(session: Session) -> None:
    session.add_breakpoint("write", "$0012")
    status = session.run_frame()
    reason = status["reason"]
    assert reason["kind"] == "write" and reason["addr"] == 0x12 and reason["value"] == 1
    assert session.bus.ram[0x12] == 1
    # stopped after `sta $12`, before `jsr rng`
    assert session.bus.peek(status["pc"]) == 0x20


def test_a_read_breakpoint_with_a_condition_on_the_value_read(session: Session) -> None:
    session.add_breakpoint("read", "$0012", condition="value == 3")
    status = session.run_frame()
    assert status["reason"]["kind"] == "read"
    assert status["reason"]["value"] == 3
    assert session.bus.ram[0x12] == 3  # read, not yet incremented and stored


def test_a_write_breakpoint_on_a_range_catches_the_nmi_handler_filling_a_page(
        session: Session) -> None:
    session.add_breakpoint("write", "$0300", "$03FF")
    status = session.run_frame()
    assert 0x300 <= status["reason"]["addr"] <= 0x3FF
    assert status["frame"] == 0  # the NMI comes near the end of frame 0


def test_disabled_breakpoints_do_not_stop_and_cost_nothing(session: Session) -> None:
    bp = session.add_breakpoint("exec", "inner")
    session.enable_breakpoint(bp["id"], False)
    assert session.machine.runner == session.control.bare
    assert not session.run_frame()["paused"]
    session.enable_breakpoint(bp["id"], True)
    assert session.run_frame()["paused"]


def test_breakpoints_round_trip_through_json(session: Session) -> None:
    session.add_breakpoint("exec", "inner", condition="x == 255")
    session.add_breakpoint("write", "$0300", "$03FF")
    b = session.add_breakpoint("read", "rng")
    session.enable_breakpoint(b["id"], False)
    saved = json.loads(json.dumps(session.list_breakpoints()))
    other = Session(Debug6502Machine())
    assert other.load_breakpoints(saved) == []
    assert other.list_breakpoints() == saved


def test_loading_saved_breakpoints_skips_and_explains_what_no_longer_applies(
        session: Session) -> None:
    saved = [{"kind": "exec", "start": 0x8000, "end": 0x8000, "symbol": "gone"},
             {"kind": "exec", "start": 0x8000, "end": 0x8000, "condition": "a =="},
             {"kind": "exec", "start": 0x8003, "end": 0x8003}]
    problems = session.load_breakpoints(saved)
    assert len(problems) == 2
    assert "'gone'" in problems[0] and "condition" in problems[1]
    assert [bp["start"] for bp in session.list_breakpoints()] == [0x8003]


@pytest.mark.parametrize(("kind", "where", "end", "condition", "words"), [
    ("exec", "nowhere", None, "", "neither an address nor a known symbol"),
    ("exec", 0x10000, None, "", "outside $0000-$FFFF"),
    ("exec", "$8010", "$8000", "", "ends before it starts"),
    ("jump", "$8000", None, "", "kind must be one of"),
    ("exec", "$8000", None, "a === 1", "condition"),
    ("exec", True, None, "", "a number or a symbol"),
])
def test_bad_breakpoints_are_refused_with_a_reason(session: Session, kind: str, where: object,
                                                   end: object, condition: str,
                                                   words: str) -> None:
    with pytest.raises(DebugError) as info:
        session.add_breakpoint(kind, where, end, condition)
    assert words in str(info.value)
    assert session.list_breakpoints() == []


def test_every_access_of_an_instruction_is_checked_not_only_the_first(
        session: Session) -> None:
    # `inc $10` reads $10, writes it back unchanged (the 6502's dummy write),
    # then writes the new value: a condition on the new value must still hit.
    session.step("cursor", target="main")
    session.step("over")
    new = (session.bus.ram[0x10] + 1) & 0xFF
    session.add_breakpoint("write", "$0010", condition=f"value == {new}")
    status = session.step("into")
    assert status["reason"]["kind"] == "write" and status["reason"]["value"] == new


def test_hit_counts_can_be_reset(session: Session) -> None:
    a = session.add_breakpoint("exec", "rng")
    b = session.add_breakpoint("exec", "inner")
    for _ in range(3):
        session.run_frame()
    assert [bp["hits"] for bp in session.list_breakpoints()] == [1, 2]
    assert [bp["hits"] for bp in session.reset_hits(b["id"])] == [1, 0]
    assert [bp["hits"] for bp in session.reset_hits()] == [0, 0]
    with pytest.raises(DebugError, match="no breakpoint #99"):
        session.reset_hits(99)
    assert a["id"] != b["id"]


def test_closing_a_session_takes_every_hook_out(session: Session) -> None:
    session.add_breakpoint("exec", "rng")
    session.add_breakpoint("read", "$0017")
    session.set_trace(True)
    session.close()
    bus = session.bus
    assert session.machine.runner == session.control.bare
    assert bus.read == bus.ram.__getitem__ and bus.write == bus.ram.__setitem__


def test_a_range_set_on_a_symbol_keeps_its_length_when_reloaded(session: Session) -> None:
    rng = session.symbols["rng"]
    session.add_breakpoint("write", "rng", rng + 7)
    saved = session.list_breakpoints()
    assert saved[0]["symbol"] == "rng" and saved[0]["end"] - saved[0]["start"] == 7
    other = Session(Debug6502Machine())
    other.symbols["rng"] = rng  # same program: same place
    assert other.load_breakpoints(saved) == []
    again = other.list_breakpoints()[0]
    assert (again["start"], again["end"], again["symbol"]) == (rng, rng + 7, "rng")


def test_a_write_breakpoint_on_a_read_modify_write_reports_the_value_left_in_memory():
    """INC $10 writes the old value, then the new one: the stop names the new."""
    from retroscope.asm import assemble
    from retroscope.cpu import MOS6502
    from retroscope.cpu.bus import Bus
    from retroscope.debug import Session
    from retroscope.machines.base import Machine, MachineInfo

    class Tiny(Machine):
        INFO = MachineInfo(id="tiny", title="tiny", cpu="6502", clock_hz=1e6, fps=60,
                           width=1, height=1)

        def frame_events(self):
            return [(1000, lambda: None)]

        def state(self):
            return {}

    bus = Bus()
    assemble(".org $0200\nloop: inc $10\n jmp loop\n.org $FFFC\n.word loop",
             "6502").load_into(bus)
    bus.ram[0x10] = 0x41
    machine = Tiny(bus, MOS6502(bus, "nmos"))
    machine.reset()
    session = Session(machine)
    session.add_breakpoint("write", "$0010")
    status = session.run_frame(0)
    assert status["reason"]["value"] == 0x42
    assert "wrote $42" in status["reason"]["message"]
    assert "dummy write of $41" in status["reason"]["message"]
    assert bus.ram[0x10] == 0x42


def test_a_stop_reason_is_one_typed_value_sent_with_the_keys_the_page_reads(
        session: Session) -> None:
    import json

    from retroscope.debug import StopKind

    bp = session.add_breakpoint("write", "$0012")
    status = session.run_frame()
    reason = session.control.reason
    assert reason is not None and reason.kind is StopKind.WRITE
    sent = json.loads(json.dumps(status["reason"]))
    assert set(sent) == {"kind", "pc", "message", "breakpoint", "addr", "value"}
    assert (sent["kind"], sent["breakpoint"], sent["addr"]) == ("write", bp["id"], 0x12)


def test_every_error_of_the_debugger_is_a_debug_error(session: Session) -> None:
    from retroscope.debug.breakpoints import BreakpointError
    from retroscope.debug.condition import ConditionError
    from retroscope.debug.journal import JournalError
    from retroscope.debug.replay import ReplayError
    from retroscope.debug.watches import WatchError

    for error in (BreakpointError, ConditionError, JournalError, ReplayError, WatchError):
        assert issubclass(error, DebugError), error
    for verb, args in [("set_register", ("a", 300)), ("set_register", ("q", 1)),
                       ("seek", (10_000,)), ("disassemble", ("nowhere",)),
                       ("run_frames", (1, None, "some"))]:
        with pytest.raises(DebugError):
            getattr(session, verb)(*args)
