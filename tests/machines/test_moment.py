"""Share the moment: a link carries the machine, its parameters, its state a
few frames before the moment and the inputs and edits since (or, asked, the
inputs and edits since power-on); opening it replays to the same frame and
state hash. A damaged, edited or newer link says so and shows the nearest
safe state. (The state in the link: test_moment_state.py.)"""

from __future__ import annotations

import json
import random

import pytest

from retroscope import machines, share
from retroscope.worker_api import WorkerAPI

pytestmark = pytest.mark.skipif("tetris" not in machines.available(),
                                reason="the tetris machine is not built yet")


def call(api: WorkerAPI, op: str, **args):
    reply = json.loads(api.call(op, json.dumps(args)))
    assert reply["ok"], reply
    return reply["result"]


def debug(api: WorkerAPI, verb: str, **args):
    return call(api, "debug", verb=verb, args=args)


def params_of(hash_: str) -> tuple[str, dict[str, str]]:
    path, _, query = hash_.lstrip("#/").partition("?")
    return path, dict(pair.split("=", 1) for pair in query.split("&") if pair)


def reopen(hash_: str, save=None) -> tuple[WorkerAPI, dict]:
    machine_id, params = params_of(hash_)
    api = WorkerAPI()
    result = call(api, "load", id=machine_id, params=params, save=save)
    return api, result


def opened_at(result: dict, frame: int) -> None:
    """The load's answer: the moment at `frame`, exact, after a few frames' replay."""
    moment = result["moment"]
    assert (moment["frame"], moment["exact"]) == (frame, True), result["messages"]
    assert moment["from"] + moment["replayed"] == frame and moment["replayed"] <= 4, moment


def play(api: WorkerAPI, frames: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    buttons = 0
    for _ in range(frames):
        if rng.random() < 0.1:
            buttons = rng.choice([0, 1, 2, 4, 0x80, 0x40, 0x41])
        call(api, "run_frames", n=1, buttons=buttons)


def test_a_shared_moment_replays_to_the_same_frame_and_state_hash() -> None:
    api = WorkerAPI()
    call(api, "load", id="tetris", params={"seed": "1234"})
    play(api, 400)
    link = call(api, "share")
    assert len(link["hash"]) < share.MAX_LINK
    want = debug(api, "state_hash")
    other, result = reopen(link["hash"])
    opened_at(result, 400)
    assert result["messages"] == []
    assert debug(other, "state_hash") == want
    assert bytes(other.session.machine.framebuffer) == bytes(api.session.machine.framebuffer)
    # The replayed session goes on as the first would, and can be rewound.
    assert debug(other, "rewind_info")["last"] == 400
    call(api, "run_frames", n=5, buttons=1)
    call(other, "run_frames", n=5, buttons=1)
    assert debug(other, "state_hash") == debug(api, "state_hash")


def test_edits_resets_mid_frame_stops_and_saved_data_travel_with_the_moment() -> None:
    api = WorkerAPI()
    saved = {"high_scores": "00" * 32}
    call(api, "load", id="tetris", params={}, save=saved)
    play(api, 90, seed=2)
    debug(api, "write_memory", addr=0x17, values=[0x12, 0x34])
    debug(api, "set_register", name="a", value=0x42)
    play(api, 30, seed=3)
    call(api, "reset")
    play(api, 50, seed=4)
    debug(api, "write_memory", addr=0x2300, values=[0xAB], space="ppu")
    bp = debug(api, "add_breakpoint", kind="exec", where="$AB47")
    for _ in range(8):  # stops in the PRNG, part-way into a frame
        if call(api, "run_frames", n=16)["stopped"]:
            break
    status = debug(api, "status")
    assert status["reason"]["kind"] == "breakpoint" and status["frame_cycle"] > 0
    debug(api, "remove_breakpoint", bp_id=bp["id"])
    link = call(api, "share")
    other, result = reopen(link["hash"], save={"high_scores": "11" * 32})
    assert result["moment"]["exact"], result["messages"]
    assert debug(other, "state_hash") == debug(api, "state_hash")
    assert debug(other, "status")["frame_cycle"] == status["frame_cycle"]
    # Both go on the same way from the middle of that frame.
    call(api, "run_frames", n=3)
    call(other, "run_frames", n=3)
    assert debug(other, "state_hash") == debug(api, "state_hash")


def test_an_edit_just_before_sharing_is_in_the_moment() -> None:
    api = WorkerAPI()
    call(api, "load", id="tetris", params={})
    call(api, "step", kind="frame", n=24)
    debug(api, "write_memory", addr=0x2100, values=[1, 2, 3], space="ppu")
    debug(api, "set_register", name="x", value=7)
    other, result = reopen(call(api, "share")["hash"])
    opened_at(result, 24)
    assert debug(other, "read_memory", addr=0x2100, length=3, space="ppu")["data"] == "010203"


def test_a_moment_after_a_seek_back_holds_what_was_on_screen_then() -> None:
    api = WorkerAPI()
    call(api, "load", id="tetris", params={})
    play(api, 200, seed=5)
    debug(api, "write_memory", addr=0x0300, values=[9])  # undone by the seek below
    debug(api, "seek", frame=150)
    want = debug(api, "state_hash")
    link = call(api, "share")
    other, result = reopen(link["hash"])
    opened_at(result, 150)
    assert debug(other, "state_hash") == want


def test_an_edit_made_mid_game_survives_a_rewind_and_a_share_round_trip() -> None:
    """The rewind's history and the link's moment are one record: the edits
    the rewind lists are the ones the link carries, seeking back to an edit's
    frame and playing on keeps it, and the link replays to the same state."""
    api = WorkerAPI()
    call(api, "load", id="tetris", params={"seed": "77"})
    play(api, 120, seed=8)
    debug(api, "write_memory", addr=0x0017, values=[0x5A, 0xA5])  # at frame 120's start
    edited = debug(api, "state_hash")
    play(api, 60, seed=9)
    call(api, "step", kind="instruction", n=40)  # part-way into frame 180
    debug(api, "set_register", name="y", value=3)
    play(api, 30, seed=10)
    kinds = [(e["frame"], e["kind"]) for e in debug(api, "rewind_info")["events"]]
    assert kinds == [(120, "write"), (180, "register")]
    # Rewind to the edit's frame: the machine is as it was right after the edit.
    debug(api, "seek", frame=120)
    assert debug(api, "state_hash") == edited
    assert debug(api, "read_memory", addr=0x17, length=2)["data"] == "5aa5"
    # Play on from there (a new future): the edit stays in the one record.
    play(api, 45, seed=11)
    kinds = [(e["frame"], e["kind"]) for e in debug(api, "rewind_info")["events"]]
    assert kinds == [(120, "write")]
    session = api.session
    assert session.rewind.events() == session.journal.events_since(session.rewind.first_frame())
    other, result = reopen(call(api, "share")["hash"])
    opened_at(result, 165)
    assert debug(other, "state_hash") == debug(api, "state_hash")
    # A link from power-on carries the whole record: the replayed session
    # lists the same edits and rewinds to the edit as the first did.
    other, result = reopen(call(api, "share", **{"from": "power-on"})["hash"])
    assert result["moment"] == {"frame": 165, "exact": True, "from": 0, "replayed": 165}
    assert debug(other, "state_hash") == debug(api, "state_hash")
    assert debug(other, "rewind_info")["events"] == debug(api, "rewind_info")["events"]
    debug(other, "seek", frame=120)
    assert debug(other, "state_hash") == edited


def test_a_seek_back_before_a_reset_then_playing_on_shares_one_history() -> None:
    api = WorkerAPI()
    call(api, "load", id="tetris", params={})
    play(api, 60, seed=12)
    call(api, "reset")
    play(api, 40, seed=13)
    debug(api, "seek", frame=50)  # before the reset: it is undone by playing on
    play(api, 30, seed=14)
    assert [e["kind"] for e in debug(api, "rewind_info")["events"]] == []
    other, result = reopen(call(api, "share")["hash"])
    opened_at(result, 80)
    assert debug(other, "state_hash") == debug(api, "state_hash")


def long_moment(frames: int) -> tuple[WorkerAPI, str]:
    """A moment `frames` into play, as a link that replays from power-on."""
    api = WorkerAPI()
    call(api, "load", id="tetris", params={"seed": "4321"})
    rng = random.Random(15)
    for _ in range(frames // 16):
        call(api, "run_frames", n=16, buttons=rng.choice([0, 0, 1, 2, 0x80]))
    return api, call(api, "share", **{"from": "power-on"})["hash"]


def test_a_long_replay_goes_in_slices_with_its_progress() -> None:
    api, link = long_moment(1600)
    machine_id, params = params_of(link)
    other = WorkerAPI()
    started = call(other, "load", id=machine_id, params=params, sliced=True)
    assert started["moment"] == {"replaying": True, "frame": 0, "of": 1600}
    seen = []
    while True:
        step = call(other, "replay", budget_ms=20)
        if step["done"]:
            break
        assert step["of"] == 1600 and 0 <= step["frame"] <= 1600
        seen.append(step["frame"])
    assert len(seen) >= 3 and seen == sorted(seen), "the progress goes forward, in slices"
    result = step["load"]
    assert result["moment"] == {"frame": 1600, "exact": True, "from": 0, "replayed": 1600}
    assert "moment=" in result["hash"] and result["messages"] == []
    assert debug(other, "state_hash") == debug(api, "state_hash")
    reply = json.loads(other.call("replay", "{}"))
    assert not reply["ok"] and "no replay" in reply["error"]


def test_a_long_replay_stopped_part_way_shows_the_frame_it_reached() -> None:
    _, link = long_moment(1600)
    machine_id, params = params_of(link)
    other = WorkerAPI()
    call(other, "load", id=machine_id, params=params, sliced=True)
    step = call(other, "replay", budget_ms=20)
    assert not step["done"]
    stopped = call(other, "replay", stop=True)
    assert stopped["done"]
    result = stopped["load"]
    frame = result["moment"]["frame"]
    assert 0 < frame < 1600 and result["moment"]["exact"] is False
    assert any(f"stopped at frame {frame} of 1600" in m for m in result["messages"])
    assert "moment=" not in result["hash"]
    status = debug(other, "status")
    assert status["paused"] and status["frame"] == frame
    # The machine goes on from there, and can be rewound to where it stopped.
    call(other, "run_frames", n=10)
    debug(other, "seek", frame=frame)
    call(other, "share")


def test_any_other_request_finishes_a_replay_under_way_first() -> None:
    api, link = long_moment(320)
    machine_id, params = params_of(link)
    other = WorkerAPI()
    call(other, "load", id=machine_id, params=params, sliced=True)
    assert debug(other, "state_hash") == debug(api, "state_hash")


def test_backgammon_begun_from_the_title_screen_with_presses_and_commands() -> None:
    api = WorkerAPI()
    call(api, "load", id="backgammon", params={})
    play(api, 37, seed=6)            # wait at the title: the sequence moves on
    start = 1 << machines.info("backgammon").buttons.index("Start")
    call(api, "run_frames", n=1, buttons=start)
    call(api, "run_frames", n=3, buttons=0)
    assert call(api, "state")["machine"]["mode"] == "game"
    call(api, "pointer", x=40, y=100, down=True)
    call(api, "pointer", x=40, y=100, down=False)
    call(api, "command", verb="players", args={"white": "computer", "black": "computer"})
    for _ in range(8):
        call(api, "run_frames", n=16, buttons=0)
    link = call(api, "share")
    other, result = reopen(link["hash"])
    assert result["moment"]["exact"], result["messages"]
    assert debug(other, "state_hash") == debug(api, "state_hash")
    assert call(other, "state")["machine"] == call(api, "state")["machine"]


def test_a_damaged_link_says_so_and_starts_from_power_on_with_its_settings() -> None:
    api = WorkerAPI()
    call(api, "load", id="tetris", params={"level": "5"})
    play(api, 30)
    link = call(api, "share")["hash"]
    machine_id, params = params_of(link)
    data = params["moment"]
    broken = {**params, "moment": data[:10] + ("A" if data[10] != "A" else "B") + data[11:]}
    for bad, words in ((broken, "damaged"), ({**params, "level": "6"}, "do"),
                       ({**params, "moment": "9" + data[1:]}, "newer Retroscope"),
                       ({**params, "moment": "garbage"}, "damaged")):
        other = WorkerAPI()
        result = call(other, "load", id=machine_id, params=bad)
        (message,) = result["messages"]
        assert words in message and "power-on" in message, message
        assert result["moment"] is None
        assert other.session.machine.frame == 0


def test_a_moment_that_cannot_be_replayed_to_its_end_stops_cleanly() -> None:
    api = WorkerAPI()
    call(api, "load", id="tetris", params={})
    play(api, 20)
    machine_id, values = api.opened.machine_id, api.opened.values
    body = {"j": api.session.journal.to_json(*api.session.position()), "h": "0" * 16}
    body["j"]["f"] = 500  # past the inputs it carries
    moment = share.encode_moment(machine_id, values, body)
    other = WorkerAPI()
    result = call(other, "load", id=machine_id, params={**params_of(
        share.encode(machine_id, values))[1], "moment": moment})
    assert any("could not be replayed" in m for m in result["messages"]), result["messages"]
    assert result["moment"]["exact"] is False


def test_a_moment_file_reads_back_and_refuses_what_is_not_one() -> None:
    api = WorkerAPI()
    call(api, "load", id="tetris", params={})
    play(api, 10)
    file = call(api, "share")["file"]
    opened = call(WorkerAPI(), "open_moment_file", data=json.loads(json.dumps(file)))
    assert opened["id"] == "tetris" and opened["params"]["moment"] == file["moment"]
    # A file written before moment files had their name says "retroscope-session".
    older = {**json.loads(json.dumps(file)), "kind": "retroscope-session"}
    assert call(WorkerAPI(), "open_moment_file", data=older) == opened
    reply = json.loads(WorkerAPI().call("open_moment_file", json.dumps({"data": {"x": 1}})))
    assert not reply["ok"] and "not a Retroscope moment file" in reply["error"]


def test_a_replayed_reset_is_not_why_the_moment_stands_still() -> None:
    """The replay runs the moment's resets; the machine then waits at the
    moment, not stopped by a reset (the status line said "stopped: reset")."""
    api = WorkerAPI()
    call(api, "load", id="tetris", params={})
    play(api, 20)
    call(api, "reset")
    play(api, 10, seed=2)
    other, result = reopen(call(api, "share")["hash"])
    assert result["moment"]["exact"], result["messages"]
    status = debug(other, "status")
    assert status["paused"] and status["reason"] is None
