"""The AudioWorklet (web/audio/worklet.js) under node with a stand-in audio
scope (tests/unit/data/worklet_sim.mjs): a producer whose frame clock runs
fast or slow against the audio clock, for minutes of simulated time. The
queue stays bounded near its target, whole frames are dropped or padded, and
no output step is larger than the tone's own (no click), pauses included."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

SIM = Path(__file__).with_name("data") / "worklet_sim.mjs"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node runs the worklet")
FPS = 60.0988


def simulate(fps: float, seconds: float, pause_at: float = 0) -> dict:
    args = [NODE, str(SIM), str(fps), str(seconds)] + ([str(pause_at)] if pause_at else [])
    done = subprocess.run(args, capture_output=True, text=True, timeout=300, check=True)
    return json.loads(done.stdout)


@pytest.mark.parametrize("drift", [1.0, 1.004, 0.996])
def test_a_long_run_neither_drifts_nor_clicks(drift):
    r = simulate(FPS * drift, 240)
    assert r["maxQueuedMs"] <= 170  # the most it lets queue before dropping
    assert r["queuedMs"] <= 170
    assert r["maxStep"] <= r["normalStep"] * 1.05  # no jump beyond the tone's own
    if drift > 1:
        assert r["dropped"] > 0 and r["underruns"] == 0
    elif drift < 1:
        assert r["underruns"] > 0 and r["dropped"] == 0
    else:
        assert r["dropped"] == 0 and r["underruns"] == 0
    assert r["played"] > 0.95 * 240 * FPS


def test_pausing_fades_out_then_stays_silent():
    r = simulate(FPS, 8, pause_at=4)
    assert r["silentAfterPause"] and not r["playing"]
    assert r["maxStep"] <= r["normalStep"] * 1.01
