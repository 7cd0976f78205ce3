"""`retroscope ai`: the Tetris AI's games on the machine, their figures, and
the same games on a Dask LocalCluster."""

from __future__ import annotations

import json

import pytest

from retroscope.cli import main
from retroscope.machines.tetris.ai_bench import machine_game, seeds, summary


def test_the_figures_of_some_games():
    games = [{"score": s, "lines": n, "tetrises": t, "reached_29": s > 500_000,
              "end_level": 18 + n // 10, "topped_out": n < 300}
             for s, n, t in ((1_000_000, 400, 80), (120_000, 90, 10), (600_000, 250, 40),
                             (999_999, 310, 60))]
    s = summary(games)
    assert (s["reached_level_29"], s["reached_999999"]) == (0.75, 0.5)
    assert s["median_lines"] == 280 and s["still_alive_at_cap"] == 2
    assert s["score_percentiles"]["50"] == 800_000 and s["score_percentiles"]["10"] == 264_000
    assert summary(games[:1])["score_percentiles"]["90"] == 1_000_000


def test_a_game_on_the_machine_goes_through_the_menus_and_stops_at_the_cap():
    game = machine_game((seeds(1)[0], 18, 30, 2))
    assert game["pieces"] == 2 and not game["topped_out"] and game["end_level"] == 18
    assert game["frames"] > 100  # the legal screen, the menus, two pieces


def test_the_bench_runs_on_a_dask_local_cluster(capsys):
    pytest.importorskip("dask.distributed")
    code = main(["ai", "--games", "2", "--pieces", "1", "--scheduler", "local",
                 "--workers", "1", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["summary"]["games"] == 2
    assert out["settings"]["where"] == "a Dask LocalCluster of 1 worker process"
