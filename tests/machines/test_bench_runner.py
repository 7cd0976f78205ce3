"""The speed bench's timing loops (`benchmarks.runner`), run briefly: the
figures `build.py bench` prints in CPython and asks the page's worker for."""

from __future__ import annotations

import json

from retroscope.benchmarks import runner
from retroscope.worker_api import WorkerAPI


def test_the_cores_taking_turns_each_get_windows_from_every_turn() -> None:
    figures = runner.measure_cores(["mos6502", "tms9900"], rounds=2, seconds=0.2,
                                   warmup=0.1, window=0.1)
    assert list(figures) == ["mos6502", "tms9900"]
    for name, r in figures.items():
        assert r["core"] == name
        # At least a window from each of the two turns (how many more fit in a
        # turn depends on the host's load, which a test must not).
        assert r["windows"] >= 2
        assert r["cycles_per_s"] > 0
        assert r["ratio_to_hardware"] == r["cycles_per_s"] / runner.CORES[name].clock_hz
        assert 0 < r["round_min"] <= r["round_max"]


def test_one_core_alone_reports_its_windows_after_the_warm_up() -> None:
    r = runner.measure_core("z80", seconds=0.3, warmup=0.1, window=0.1)
    assert r["windows"] >= 3
    assert r["first_window_hz"] > 0 and r["last_hz"] > 0 and r["cycles_per_s"] > 0


def test_the_workers_bench_request_checks_the_core_names() -> None:
    api = WorkerAPI()
    for names in (None, [], ["mos6502", "pdp11"], [["z80"]]):
        reply = json.loads(api.call("bench", json.dumps({"kind": "cores", "names": names})))
        assert not reply["ok"] and "names must list cores" in reply["error"], names


def test_the_ai_frames_bench_splits_a_frame_and_draws_the_pictures_seen() -> None:
    api = WorkerAPI()
    reply = json.loads(api.call("bench", json.dumps({"kind": "ai_frames", "frames": 64})))
    r = reply["result"]
    assert r["frames"] == 64 and r["ms_per_frame"] > 0
    parts = r["bot_ms"] + r["picture_ms"] + r["checkpoint_ms"] + r["rest_ms"]
    assert abs(parts - r["ms_per_frame"]) < 1e-9 and r["bot_ms"] > 0 and r["rest_ms"] > 0
    # calls of 8 frames: the last one's picture, and the one before each checkpoint
    assert 1 / 8 <= r["pictures_per_frame"] <= 3 / 8
    bad = json.loads(api.call("bench", json.dumps({"kind": "ai_frames", "pictures": "x"})))
    assert not bad["ok"]
