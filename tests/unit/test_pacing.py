"""The run loop's pacing (web/pacing.js) under node, on a simulated clock
(tests/unit/data/pacing_sim.mjs runs the worker's turns): at "max" a turn runs
several frames in few calls and ends within a display refresh, the page then
getting its one picture; x1 and x4 keep to the clock."""

from __future__ import annotations

import json
import math
import shutil
import subprocess
from pathlib import Path

import pytest

SIM = Path(__file__).with_name("data") / "pacing_sim.mjs"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node runs the pacing module")


def simulate(speed: int, ms_per_frame: float, seconds: float = 10,
             spike_every: int = 0, spike_ms: float = 0) -> dict:
    args = [NODE, str(SIM), str(speed), str(ms_per_frame), str(seconds),
            str(spike_every), str(spike_ms)]
    done = subprocess.run(args, capture_output=True, text=True, timeout=60, check=True)
    return json.loads(done.stdout)


@pytest.mark.parametrize("ms_per_frame", [0.5, 2, 6])
def test_at_max_a_turn_fills_one_refresh_with_frames_in_few_calls(ms_per_frame):
    r = simulate(0, ms_per_frame)
    want = math.ceil(r["turnMs"] / ms_per_frame)  # the frames that last a refresh
    assert r["minFramesPerTurn"] == r["maxFramesPerTurn"] == want
    assert r["maxCallsPerTurn"] <= math.ceil(want / 16)  # calls of up to 16 frames
    assert r["maxTurnMs"] < r["turnMs"] + ms_per_frame + 0.5  # and the picture's posting
    # one picture a turn, so at most one a display refresh
    assert r["turnsWithFrames"] <= 60 * r["seconds"]


def test_at_max_a_slow_frame_still_makes_one_turn_of_one_frame():
    r = simulate(0, 30)
    assert r["minFramesPerTurn"] == r["maxFramesPerTurn"] == 1
    assert r["maxCallsPerTurn"] == 1


def test_at_max_a_decision_frame_only_lengthens_its_own_turn():
    r = simulate(0, 2, spike_every=50, spike_ms=40)
    assert r["maxTurnMs"] < 40 + r["turnMs"] + 2 + 0.5
    assert r["minFramesPerTurn"] >= 7  # the measured cost forgets a spike quickly


@pytest.mark.parametrize(("speed", "fps"), [(1, 60), (4, 240)])
def test_x1_and_x4_keep_to_the_clock_one_frame_a_call(speed, fps):
    r = simulate(speed, 2)
    assert abs(r["fps"] - fps) < 0.5
    assert r["maxFramesPerTurn"] == r["maxCallsPerTurn"] == 1


def test_behind_the_clock_a_turn_catches_up_at_most_four_frames():
    r = simulate(1, 25)
    assert r["maxFramesPerTurn"] == 4
    assert abs(r["fps"] - 40) < 1  # as fast as it can, the debt dropped
