"""A script in a link or a session file: carried, shown, never run by itself;
a hostile one refused with a clear message, fuzzed as every link parameter
is; and the worker's script verbs."""

from __future__ import annotations

import base64
import json
import random
import re
import string
import zlib

import pytest

from retroscope import share
from retroscope.worker_api import WorkerAPI, verb_table

FUZZ = 10_000  # as the contract suite fuzzes each link parameter
HOSTILE = [
    "", " ", ".", "..", "1", "1.", "1..", "1.x", "1.x.y", "0.AA.00000000", "9999.AA.0",
    "99999.AA.0", "-1.AA.0", "1.AA.0.0", "１.AA.0", "NaN", "null", "[]", "{}", "__proto__",
    "<script>alert(1)</script>", "1.<img src=x onerror=alert(1)>.0", "javascript:alert(1)",
    "\x00", "1.\x00.0", "\u202e", "\ud800", "%00", "1.%ZZ.0", "1." + "A" * 300_000 + ".0",
    "1." + "/" * 5000 + ".0", "1.====.0", "1.AAAA", "A" * 100_000,
]


def call(api: WorkerAPI, op: str, **args) -> dict:
    reply = json.loads(api.call(op, json.dumps(args)))
    assert "detail" not in reply, reply  # a bug comes with a traceback
    return reply


def _deflate(data: bytes) -> bytes:
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    return c.compress(data) + c.flush()


def forged(raw: bytes, check: int | None = None) -> str:
    """A well-formed parameter around any bytes (its checksum right unless given)."""
    data = base64.urlsafe_b64encode(_deflate(raw)).rstrip(b"=").decode()
    return f"1.{data}.{(zlib.crc32(raw) if check is None else check):08x}"


def fuzz_texts(count: int, seed: int):
    rng = random.Random(seed)
    yield from HOSTILE
    good = share.encode_script("print('hello')\n@on_frame\ndef f(n):\n    pass\n")
    for _ in range(count - len(HOSTILE)):
        pick = rng.random()
        if pick < 0.3:  # a good one damaged: a character changed, cut, doubled
            i = rng.randrange(len(good))
            yield good[:i] + rng.choice(string.printable) + good[i + 1:]
        elif pick < 0.4:
            yield good[:rng.randrange(len(good))]
        elif pick < 0.6:  # well formed, hostile inside: bytes, controls, huge
            raw = bytes(rng.randrange(256) for _ in range(rng.choice((1, 8, 64, 512))))
            yield forged(raw)
        elif pick < 0.65:
            yield forged(b"print(1)\x00" * rng.randrange(1, 5))
        elif pick < 0.7:
            yield forged(b"#" * (share.MAX_SCRIPT_TEXT * 4 + rng.randrange(1, 100)))
        elif pick < 0.85:
            pool = rng.choice((string.printable, string.ascii_letters + "._-", "0123456789."))
            yield "".join(rng.choice(pool) for _ in range(rng.choice((1, 3, 16, 200))))
        else:
            yield "".join(chr(rng.randrange(1, 0x30000)) for _ in range(rng.choice((1, 9, 64))))


def test_a_script_goes_into_a_link_and_comes_back_unchanged():
    for text in ["", "print('é ✓ 🂡')\n", "\tx = 1\r\n" * 500, "#" * share.MAX_SCRIPT_TEXT]:
        assert share.decode_script(share.encode_script(text)) == text


def test_hostile_script_parameters_give_a_clear_message():
    seen = 0
    for text in fuzz_texts(FUZZ, seed=33):
        try:
            script = share.decode_script(text)
        except share.ScriptLinkError as exc:
            message = str(exc)
            assert 0 < len(message) <= 200 and message.startswith("the script in this link")
            assert "<" not in message and "\x00" not in message
            continue
        seen += 1
        assert isinstance(script, str) and len(script) <= share.MAX_SCRIPT_TEXT
        share.check_script_text(script)
    assert seen < FUZZ // 2  # most are refused; those taken are texts a script may be


def test_the_refusals_say_why():
    cases = {
        "2.AA.00000000": "made by a newer Retroscope",
        forged(b"x", check=1): "its checksum does not match",
        forged(b"print(1)\x00"): "control character (U+0000)",
        forged(b"\xff\xfe"): "does not unpack",
        forged(b"#" * (4 * share.MAX_SCRIPT_TEXT + 5)): "longer than",
        forged("é".encode() * (share.MAX_SCRIPT_TEXT + 1)): "characters long",
        "a.b": "not version.data.check",
    }
    for text, words in cases.items():
        with pytest.raises(share.ScriptLinkError, match=re.escape(words)):
            share.decode_script(text)
    with pytest.raises(share.ScriptLinkError, match="characters long"):
        share.encode_script("#" * (share.MAX_SCRIPT_TEXT + 1))


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


def test_the_script_verbs_are_in_the_verb_table():
    """The worker sends a frame after the verbs that may change the machine:
    a script's top level may write memory, press or pause; the rest do not."""
    table = {v["name"]: v["frame"] for v in json.loads(verb_table())["verbs"]}
    assert {name: table[name] for name in ("run_script", "stop_script", "script_news",
                                           "script_examples")} == {
        "run_script": True, "stop_script": False, "script_news": False,
        "script_examples": False}


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
