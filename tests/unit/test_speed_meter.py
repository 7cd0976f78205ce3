"""The status line's speed (web/panels/speed_meter.js) under node: fed the
frames the worker sends (its clock, frame number, CPU cycles), as they come at
real time with late turns, in catch-up bursts and ahead of real time one a
turn, the figure stays near the true rate at every reading."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

FEED = Path(__file__).with_name("data") / "speed_meter_feed.mjs"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node runs the speed meter")
CYCLES = 29780.5  # a 2A03 frame
FRAME_MS = 1000 / 60.0988


def readings(samples: list) -> list:
    done = subprocess.run([NODE, str(FEED)], input=json.dumps(samples), capture_output=True,
                          text=True, timeout=60, check=True)
    return json.loads(done.stdout)


def stream(frames_per_turn, turn_ms, seconds: float, start_ms: float = 1000.0):
    """Samples of a worker that runs frames_per_turn() frames each turn of
    turn_ms() ms and posts the last one."""
    t, frame, out = start_ms, 0, []
    while t < start_ms + seconds * 1000:
        frame += frames_per_turn()
        t += turn_ms()
        out.append([t, frame, frame * CYCLES])
    return out


def settled(rates: list, samples: list, after_ms: float) -> list:
    t0 = samples[0][0]
    return [r for r, s in zip(rates, samples, strict=True) if s[0] - t0 >= after_ms]


def test_real_time_with_late_turns_reads_real_time_throughout():
    rng = random.Random(1)
    # Each frame runs when due, up to 12 ms late (a busy worker or page).
    samples, frame = [], 0
    for k in range(600):
        frame += 1
        samples.append([1000 + k * FRAME_MS + rng.uniform(0, 12), frame, frame * CYCLES])
    rates = readings(samples)
    assert rates[0] is None  # nothing to say from one frame
    shown = settled(rates, samples, 500)
    assert shown and all(r is not None for r in shown)
    assert all(0.97 < r["fps"] / 60.0988 < 1.03 for r in shown)
    assert all(0.97 < r["hz"] / 1789773 < 1.03 for r in shown)


def test_catch_up_bursts_read_as_their_average():
    # The worker falls behind and catches up four frames a turn, every 4 frames' time.
    samples = stream(lambda: 4, lambda: 4 * FRAME_MS, 10)
    shown = settled(readings(samples), samples, 500)
    assert all(abs(r["fps"] / 60.0988 - 1) < 0.01 for r in shown)


def test_ahead_of_real_time_one_sample_a_turn_reads_steady():
    rng = random.Random(2)
    # 5-12 frames a turn of about a refresh; one turn in 40 holds a decision.
    samples = stream(lambda: rng.randint(5, 12),
                     lambda: 16.7 + (60 if rng.random() < 1 / 40 else rng.uniform(0, 3)), 20)
    rates = readings(samples)
    true_fps = samples[-1][1] / ((samples[-1][0] - samples[0][0]) / 1000)
    shown = settled(rates, samples, 2500)
    assert all(0.85 < r["fps"] / true_fps < 1.15 for r in shown)
    spread = max(r["fps"] for r in shown) / min(r["fps"] for r in shown)
    assert spread < 1.3


def test_going_back_in_time_or_a_reset_measures_afresh():
    samples = stream(lambda: 1, lambda: FRAME_MS, 2)
    back = [[samples[-1][0] + FRAME_MS, 5, 5 * CYCLES]]  # a seek to frame 5
    rates = readings(samples + back + [None] + samples[:3])
    assert rates[len(samples) - 1] is not None
    assert rates[len(samples)] is None  # from frame 5 on: one sample so far
    assert all(r is None for r in rates[len(samples) + 1:])
