"""The worker's Python half: every request answered, bad ones with a message."""

from __future__ import annotations

import json

import pytest

from retroscope.worker_api import WorkerAPI


@pytest.fixture
def call():
    api = WorkerAPI()

    def _call(op: str, **args):
        return json.loads(api.call(op, json.dumps(args)))

    _call.api = api
    return _call


def test_requests_before_a_machine_is_loaded_say_so(call):
    for op in ("run_frames", "step", "read", "state", "debug"):
        reply = call(op)
        assert reply == {"ok": False, "error": "no machine is loaded"}, op


def test_bad_requests_get_messages_not_exceptions(call):
    assert not call("nonsense")["ok"]
    assert "not a machine id" in call("load", id="<b>")["error"]
    assert "no machine" in call("load", id="nosuch")["error"]
    call("load", id="tetris")
    assert "0-255" in call("write", addr=0x17, bytes=[256])["error"]
    assert "within 0-65535" in call("read", addr=-1)["error"]
    assert "unknown step kind" in call("step", kind="sideways")["error"]
    assert "unknown debugger request" in call("debug", verb="__init__")["error"]
    assert call("run_frames", n=1)["ok"]  # and the machine goes on


def test_a_link_with_bad_values_loads_with_messages_and_defaults(call):
    reply = call("load", id="tetris", params={"level": "99", "bogus": "1"})["result"]
    assert reply["values"]["level"] == 0
    assert any("level" in m for m in reply["messages"])
    assert any("unknown parameter" in m for m in reply["messages"])


def test_state_leaves_out_the_game_summary_when_asked(call):
    call("load", id="tetris")
    assert set(call("state", machine=False)["result"]) == {"frame", "pc", "cycles"}
    assert "mechanics" in call("state")["result"]["machine"]


def test_stepping_several_frames_stops_at_a_breakpoint(call):
    call("load", id="tetris")
    call("debug", verb="add_breakpoint", args={"kind": "exec", "where": "$AB47"})
    reply = call("step", kind="frame", n=30)["result"]
    assert reply["stopped"]["kind"] == "breakpoint"
    assert reply["pc"] == 0xAB47
    assert reply["frame"] < 30


def test_a_breakpoint_stops_the_run_loop_and_says_why(call):
    call("load", id="tetris")
    call("debug", verb="add_breakpoint", args={"kind": "exec", "where": "$AB47"})
    for _ in range(10):
        reply = call("run_frames", n=1)["result"]
        if reply["stopped"]:
            break
    assert reply["stopped"]["message"].startswith("breakpoint #1")
    assert call.api.frame_pixels()  # a frame to show where it stopped


def test_a_jammed_6502_stops_the_run_with_a_reason_and_reset_revives_it():
    from retroscope.asm import assemble
    from retroscope.cpu import MOS6502
    from retroscope.cpu.bus import Bus
    from retroscope.debug import Session
    from retroscope.machines.base import Machine, MachineInfo

    class Crashy(Machine):
        INFO = MachineInfo(id="crashy", title="crashy", cpu="6502", clock_hz=1e6, fps=60,
                           width=1, height=1)

        def frame_events(self):
            return [(1000, lambda: None)]

        def state(self):
            return {}

    bus = Bus()
    assemble(".org $0200\nstart: inc $10\n lda $10\n cmp #3\n bne start\n .byte $02\n"
             ".org $FFFC\n.word start", "6502").load_into(bus)
    machine = Crashy(bus, MOS6502(bus, "nmos"))
    machine.reset()
    session = Session(machine)
    status = session.run_frames(5)
    assert status["paused"] and status["reason"]["kind"] == "halt"
    assert status["halted"]
    session.reset()
    assert not session.status()["halted"]


def test_an_unfinished_machine_is_not_available_but_is_listed_as_unfinished() -> None:
    import types

    from retroscope import machines

    module = types.SimpleNamespace(INFO=machines.info("tetris"), create=lambda **_: None,
                                   UNFINISHED="no game yet")
    machines.register("halfbuilt", module)
    try:
        assert "halfbuilt" not in machines.available()
        assert machines.unfinished()["halfbuilt"] == "no game yet"
    finally:
        machines._EXTRA.pop("halfbuilt")


def test_a_controller_program_is_the_sessions_input_source_and_rewind_keeps_it(call):
    listing = call("machines")["result"]["machines"]
    tetris = next(m for m in listing if m["id"] == "tetris")
    assert tetris["input_sources"] == ["player", "ai"]
    call("load", id="tetris", params={"start": "legal"})
    assert call("controller", source="ai", options={"tap_hz": 30})["result"] == {"source": "ai"}
    for _ in range(8):
        assert call("run_frames", n=16, buttons=0)["ok"]
    session = call.api.session
    assert session.input_name == "ai"
    assert any(session.journal.current.buttons), "the program's presses are recorded"
    assert call("controller", source="player")["result"] == {"source": "player"}
    kinds = [e["payload"] for e in call("debug", verb="rewind_info")["result"]["events"]]
    assert kinds == [{"source": "ai"}, {"source": "player"}]


def test_panel_commands_and_pointer_clicks_are_kept_in_the_rewind_history(call):
    call("load", id="backgammon", params={"seed": "3"})
    call("run_frames", n=2)
    assert call("command", verb="players", args={"white": "computer"})["ok"]
    assert call("pointer", x=10, y=10, down=True)["ok"]
    events = call("debug", verb="rewind_info")["result"]["events"]
    assert [(e["kind"], e["payload"]) for e in events] == [
        ("command", {"verb": "players", "args": {"white": "computer"}}),
        ("pointer", {"x": 10, "y": 10, "down": True})]
    assert "no command" in call("command", verb="fly", args={})["error"]


def test_the_tetris_ai_can_hold_the_pad_and_give_it_back(call):
    call("load", id="tetris", params={"level": "18"})
    bad = call("controller", source="nobody")
    assert not bad["ok"] and "offers" in bad["error"]
    assert not call("controller", source="ai", options={"tap_hz": 7})["ok"]
    assert call("controller", source="ai", options={"tap_hz": 30})["result"] == {"source": "ai"}
    for _ in range(10):
        assert call("run_frames", n=16)["ok"]
    ai = call("state")["result"]["machine"]["ai"]
    assert ai["decisions"] >= 2 and isinstance(ai["ghost"], list)
    assert len(ai["chosen"]["cells"]) == 4 and ai["chosen"]["piece"] in "TJZOSLI"
    assert call("controller", source="player")["result"] == {"source": "player"}
    assert "ai" not in call("state")["result"]["machine"]
    backgammon = call("load", id="backgammon", params={})
    assert backgammon["ok"] and not call("controller", source="ai")["ok"]


def test_a_stepped_frame_sees_the_buttons_held(call):
    """The page passes the held buttons with a step (setButtons while paused):
    every frame the step starts latches them, and the journal records them."""
    call("load", id="tetris", params={"seed": "8988", "level": "18"})
    assert call("step", kind="frame", n=3)["ok"]
    def x() -> int:
        return int(call("read", addr=0x40, length=1)["result"]["data"], 16)

    x0 = x()
    left = 1 << 1  # the NES pad's Left
    assert call("step", kind="frame", n=20, buttons=left)["ok"]
    journal = call.api.session.journal
    assert [journal.buttons_at(f) for f in range(3, 23)] == [left] * 20
    assert x() <= x0 - 2
    assert call("step", kind="frame", n=2, buttons=0)["ok"]  # let go
    assert journal.buttons_at(23) == 0
    reply = call("step", kind="frame", n=1, buttons=-1)
    assert not reply["ok"] and "buttons" in reply["error"]


def test_run_frames_takes_one_press_per_frame(call):
    call("load", id="tetris", params={})
    presses = [0, 1, 2, 4, 8, 0x80, 0x40, 0, 3, 5, 0, 0, 1, 1, 2, 0]
    assert call("run_frames", buttons=presses)["result"]["frame"] == 16
    journal = call.api.session.journal
    assert [journal.buttons_at(f) for f in range(16)] == presses
    for bad in ([], list(range(17)), [0x10000], ["1"], [True]):
        reply = call("run_frames", buttons=bad)
        assert not reply["ok"] and "buttons" in reply["error"], bad


def test_one_list_of_verbs_dispatches_them_and_says_which_change_the_frame():
    import shutil
    import subprocess
    from pathlib import Path

    from retroscope.debug import Session
    from retroscope.worker_api import DEBUG_VERBS, VERBS, verb_table

    assert set(WorkerAPI().verbs) == {verb.name for verb in VERBS}
    assert all(callable(getattr(Session, verb.name)) for verb in DEBUG_VERBS)
    requests = [("load", {}), ("run_frames", {}), ("step", {}), ("reset", {}), ("write", {}),
                ("read", {}), ("state", {}), ("command", {}), ("share", {}),
                ("debug", {"verb": "seek"}), ("debug", {"verb": "write_memory"}),
                ("debug", {"verb": "set_register"}), ("debug", {"verb": "registers"}),
                ("debug", {"verb": "add_breakpoint"}), ("debug", {})]
    want = [True] * 5 + [False] * 4 + [True] * 3 + [False] * 3
    node = shutil.which("node")
    if node is None:
        pytest.skip("node runs web/protocol.js")
    protocol = (Path(__file__).resolve().parents[2] / "web" / "protocol.js").as_uri()
    script = (f"import {{ frameChanging }} from {json.dumps(protocol)};\n"
              "const [table, requests] = JSON.parse(process.argv[1]);\n"
              "const test = frameChanging(table);\n"
              "console.log(JSON.stringify(requests.map(([op, args]) => test(op, args))));\n")
    done = subprocess.run([node, "--input-type=module", "-e", script,
                           json.dumps([json.loads(verb_table()), requests])],
                          capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == want
