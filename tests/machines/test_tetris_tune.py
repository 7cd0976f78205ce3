"""The Tetris AI's tuning (`retroscope ai tune`): a tiny CMA-ES run on a local Dask cluster."""

from __future__ import annotations

import ast

import pytest

from retroscope.machines.tetris.evaluate import N
from retroscope.parallel import workers

cma = pytest.importorskip("cma")
distributed = pytest.importorskip("dask.distributed")

from retroscope.machines.tetris import ai_tune as tetris_tune  # noqa: E402


def test_a_tiny_tuning_runs_on_a_local_cluster_and_writes_weights(tmp_path) -> None:
    cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                       dashboard_address=None)
    address = cluster.scheduler_address
    try:
        result = tetris_tune.tune(generations=2, popsize=4, games=1, pieces=6,
                                  scheduler=address, log=lambda _m: None)
    finally:
        cluster.close()
    weights, record = result["weights"], result["record"]
    assert set(weights) == {"normal", "fast"} and all(len(w) == N for w in weights.values())
    assert [h["generation"] for h in record["history"]] == [0, 1]
    assert record["where"] == address and len(record["check_tuned"]) == 1
    # --write keeps START and replaces WEIGHTS and RECORD with the run's
    target = tmp_path / "weights.py"
    target.write_text(tetris_tune.WEIGHTS_FILE.read_text())
    tetris_tune.write_weights(result, target)
    space: dict = {}
    exec(compile(ast.parse(target.read_text()), str(target), "exec"), space)
    assert space["WEIGHTS"] == {k: tuple(v) for k, v in weights.items()}
    assert space["RECORD"]["popsize"] == 4 and "START" in space


def test_the_local_pool_gives_the_same_games_as_a_plain_call() -> None:
    task = (tetris_tune.weights_module.START, 0x8988, 18, 2, 5)
    with workers(1) as pool:
        assert pool.map(tetris_tune.game_score, [task]) == [tetris_tune.game_score(task)]
