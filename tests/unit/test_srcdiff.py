"""The source edit's diff (srcdiff.py): round trips, and hostile text refused
with a message, never an exception of another kind."""

from __future__ import annotations

import base64
import json
import random
import zlib

import pytest

from retroscope import srcdiff

BASE = "\n".join(f"        lda #{i}        ; line {i + 1}" for i in range(200)) + "\n"


def _pack(tree: object) -> str:
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = json.dumps(tree).encode()
    data = base64.urlsafe_b64encode(deflate.compress(raw) + deflate.flush()).rstrip(b"=").decode()
    return f"1.{data}.{zlib.crc32(data.encode()):08x}"


def _changed(lines: int, seed: int = 1) -> str:
    rng = random.Random(seed)
    out = srcdiff.lines_of(BASE)
    for at in rng.sample(range(len(out) - 1), lines):
        out[at] = f"        ldx #${rng.randrange(256):02X}   ; changed"
    return "\n".join(out)


@pytest.mark.parametrize("new", [
    BASE.replace("lda #7 ", "ldy #7 "),
    "; a new first line\n" + BASE,
    BASE + "extra:  rts\n",
    BASE.replace("        lda #3        ; line 4\n", ""),
    "",
    _changed(40),
])
def test_round_trip(new: str) -> None:
    diff = srcdiff.diff_file("a.asm", BASE, new)
    text = srcdiff.encode([diff])
    (back,) = srcdiff.decode(text)
    assert back == diff
    assert srcdiff.apply(BASE, back) == new


def test_same_text_is_no_diff() -> None:
    assert srcdiff.diff_file("a.asm", BASE, BASE) is None
    assert srcdiff.encode([]) == "" and srcdiff.decode("") == []


def test_forty_lines_fit_a_link() -> None:
    """Up to about 40 changed lines travel within a link's 5,120 characters."""
    text = srcdiff.encode([srcdiff.diff_file("a.asm", BASE, _changed(40))])
    assert len(text) < 2000


def test_another_base_is_named() -> None:
    diff = srcdiff.diff_file("a.asm", BASE, BASE + "x\n")
    with pytest.raises(srcdiff.DiffError, match="another build"):
        srcdiff.apply(BASE.replace("lda #5 ", "lda #6 "), diff)


def test_line_map_follows_lines() -> None:
    new = "; one\n; two\n" + BASE.replace("        lda #9        ; line 10\n", "")
    follow = srcdiff.line_map(srcdiff.diff_file("a.asm", BASE, new))
    assert follow(1) == 3 and follow(9) == 11 and follow(10) is None and follow(11) == 12


@pytest.mark.parametrize("tree, words", [
    ({}, "list of"),
    ([], "list of"),
    ([["a.asm", "0" * 12]], "file, base, hunks"),
    ([["../x", "0" * 12, [[0, 1, []]]]], "usable name"),
    ([["a.asm", "zz", [[0, 1, []]]]], "12 hex"),
    ([["a.asm", "0" * 12, [[0, 0, []]]]], "changes nothing"),
    ([["a.asm", "0" * 12, [[5, 2, ["x"]], [4, 1, ["y"]]]]], "in order"),
    ([["a.asm", "0" * 12, [[-1, 1, []]]]], "whole number"),
    ([["a.asm", "0" * 12, [[True, 1, []]]]], "whole number"),
    ([["a.asm", "0" * 12, [[0, 1, ["a\x00b"]]]]], "control"),
    ([["a.asm", "0" * 12, [[0, 1, ["x" * 5000]]]]], "at most"),
    ([["b.asm", "0" * 12, [[0, 1, []]]], ["a.asm", "0" * 12, [[0, 1, []]]]], "out of order"),
])
def test_bad_trees_refused(tree: object, words: str) -> None:
    with pytest.raises(srcdiff.DiffError, match=words):
        srcdiff.decode(_pack(tree))


def test_hunk_outside_the_file_refused() -> None:
    diff = srcdiff.FileDiff("a.asm", srcdiff.checksum(BASE), (srcdiff.Hunk(500, 1, ("x",)),))
    with pytest.raises(srcdiff.DiffError, match="outside"):
        srcdiff.apply(BASE, diff)


def test_fuzzed_text_only_diff_errors() -> None:
    """Damaged, truncated, bombed, random: a DiffError each, nothing else."""
    good = srcdiff.encode([srcdiff.diff_file("a.asm", BASE, _changed(10))])
    rng = random.Random(32)
    bomb = zlib.compressobj(9, zlib.DEFLATED, -15)
    bomb_data = base64.urlsafe_b64encode(bomb.compress(b"[" * 4_000_000) + bomb.flush())
    bomb_text = bomb_data.rstrip(b"=").decode()
    samples = [good[:n] for n in range(0, len(good), 7)] + [
        "1", "1..", "2.AAAA.00000000", "x" * 300_000, 17, None,
        f"1.{bomb_text}.{zlib.crc32(bomb_text.encode()):08x}",
        _pack([["a.asm", "0" * 12, [[0, 1, [1, 2]]]]]), _pack("text"), _pack([[1, 2, 3]])]
    for _ in range(300):
        chars = list(good)
        for _ in range(rng.randint(1, 4)):
            chars[rng.randrange(len(chars))] = rng.choice("AZaz09-_.=%\x00é")
        samples.append("".join(chars))
    for text in samples:
        try:
            srcdiff.decode(text)
        except srcdiff.DiffError as exc:
            assert str(exc)
