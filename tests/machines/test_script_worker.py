"""A script through the worker's API on a machine: a link's script shown and
never run by itself, a hostile one refused while the machine loads, Share
and the moment file carrying it, and the Script tab's verbs."""

from __future__ import annotations

import json

import pytest

from harness.script_links import HOSTILE
from retroscope import share
from retroscope.worker_api import WorkerAPI


def call(api: WorkerAPI, op: str, **args) -> dict:
    reply = json.loads(api.call(op, json.dumps(args)))
    assert "detail" not in reply, reply  # a bug comes with a traceback
    return reply


def test_a_link_with_a_script_shows_it_and_runs_nothing():
    api = WorkerAPI()
    text = "print('from the link')\non_frame(lambda f: print('ran'))\n"
    result = call(api, "load", id="tetris", params={"script": share.encode_script(text)})
    assert result["ok"] and result["result"]["script"] == text
    assert result["result"]["messages"] == []
    call(api, "run_frames", n=3)
    news = call(api, "script_news")["result"]["news"]
    assert news["status"] == "idle" and news["output"] == []
    assert api.session.script is None


@pytest.mark.parametrize("text", HOSTILE)
def test_a_link_with_a_hostile_script_loads_its_machine_with_a_message(text):
    api = WorkerAPI()
    result = call(api, "load", id="backgammon", params={"seed": "17", "script": text})
    assert result["ok"], result
    loaded = result["result"]
    assert loaded["script"] is None and loaded["values"]["seed"] == 17
    assert len(loaded["messages"]) == 1 and "it is not shown" in loaded["messages"][0]
    assert call(api, "run_frames", n=2)["ok"]


def test_share_and_moment_file_carry_the_script():
    api = WorkerAPI()
    call(api, "load", id="tetris", params={})
    call(api, "run_frames", n=5)
    text = "log(machine.read(0x17, 2).hex())\non_frame(lambda f: None)\n"
    shared = call(api, "share", script=text)["result"]
    params = dict(pair.split("=", 1) for pair in shared["hash"].split("?", 1)[1].split("&"))
    assert share.decode_script(params["script"]) == text
    assert shared["file"]["kind"] == share.FILE_KIND
    machine_id, file_params = share.read_moment_file(json.loads(json.dumps(shared["file"])))
    assert share.decode_script(file_params["script"]) == text
    # Opened again: the moment comes back, the script is shown, not run.
    other = WorkerAPI()
    loaded = call(other, "load", id=machine_id, params=file_params)["result"]
    assert loaded["script"] == text and loaded["moment"]["exact"]
    assert other.session.script is None
    refused = call(api, "share", script="x\x00")
    assert not refused["ok"] and "control character" in refused["error"]


def test_the_script_verbs():
    api = WorkerAPI()
    call(api, "load", id="tetris", params={})
    examples = call(api, "script_examples")["result"]["examples"]
    assert [e["name"] for e in examples] == ["tetris_ai", "tetris_rng"]
    run = call(api, "run_script", text="print('hi')\non_frame(lambda f: log(f))\n")
    assert run["ok"] and run["result"]["ok"] and run["result"]["news"]["status"] == "running"
    assert ["out", "hi\n"] in run["result"]["news"]["output"]
    call(api, "run_frames", n=2)
    state = call(api, "state")["result"]
    assert state["script"]["output"] == [["log", "[frame 1] 1\n[frame 2] 2\n"]]
    assert "script" not in call(api, "state")["result"]  # nothing new
    bad = call(api, "run_script", text="1/0")["result"]
    assert not bad["ok"] and bad["line"] == 1 and "ZeroDivisionError" in bad["error"]
    stopped = call(api, "stop_script")["result"]["news"]
    assert stopped["status"] == "error"  # (nothing ran: the error stands)
    assert not call(api, "run_script", text=5)["ok"]
    # Another machine loaded: a running script stops (its hooks were that machine's).
    call(api, "run_script", text="on_frame(lambda f: None)")
    call(api, "load", id="pacman", params={})
    news = call(api, "script_news")["result"]["news"]
    assert news["status"] == "stopped" and "another machine" in news["message"]
