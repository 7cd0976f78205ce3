"""A script in a link: encoded and decoded unchanged; a hostile one refused
with a clear message, fuzzed as every link parameter is; the worker's script
verbs in its verb table. (On a machine: tests/machines/test_script_worker.py.)"""

from __future__ import annotations

import base64
import json
import random
import re
import string
import zlib

import pytest

from harness.script_links import HOSTILE
from retroscope import share
from retroscope.worker_api import verb_table

FUZZ = 10_000  # as the contract suite fuzzes each link parameter


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


def test_the_script_verbs_are_in_the_verb_table():
    """The worker sends a frame after the verbs that may change the machine:
    a script's top level may write memory, press or pause; the rest do not."""
    table = {v["name"]: v["frame"] for v in json.loads(verb_table())["verbs"]}
    assert {name: table[name] for name in ("run_script", "stop_script", "script_news",
                                           "script_examples")} == {
        "run_script": True, "stop_script": False, "script_news": False,
        "script_examples": False}


