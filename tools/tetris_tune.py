"""Tune the Tetris AI's weights with CMA-ES (the `cma` package), offline.

    .venv/bin/python tools/tetris_tune.py [--generations 30] [--popsize 16]
        [--games 4] [--pieces 700] [--level 18] [--taps 30] [--workers N]
        [--cluster tcp://host:8786 | ray://host:10001] [--write]

Each candidate is the two weight vectors of `weights.py` ("normal" and "fast",
one weight per `evaluate.FEATURES`) in one flat vector, relative to the
starting point (so one sigma suits every weight). Its fitness is the mean score
of `--games` quick games (`sim.py`: the bot's planner under the game's rules,
pieces from $9907) from `--level` with `--taps` Hz taps, each stopped after
`--pieces` pieces; every candidate of a generation plays the same seeds, the
seeds change from one generation to the next. Games run on all local cores by
default (a process pool), or on a Dask scheduler or a Ray cluster when
`--cluster` gives its address. `--sets normal` tunes only the weights below
level 29 (use it when games are too short to reach 29). `--write` puts the
best weights (CMA's mean of the last generation, replayed on fresh seeds
against the start) and the run's record into `weights.py`; otherwise they are
printed.
"""

from __future__ import annotations

import argparse
import json
import os
import pprint
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from retroscope.machines.tetris import weights as weights_module  # noqa: E402
from retroscope.machines.tetris.ai import Planner  # noqa: E402
from retroscope.machines.tetris.evaluate import N  # noqa: E402
from retroscope.machines.tetris.model import lfsr_cycle  # noqa: E402
from retroscope.machines.tetris.sim import play  # noqa: E402

WEIGHTS_FILE = ROOT / "py" / "retroscope" / "machines" / "tetris" / "weights.py"
SETS = ("normal", "fast")


def unpack(x: Sequence[float], start: dict[str, tuple[float, ...]],
           sets: Sequence[str] = SETS) -> dict[str, tuple[float, ...]]:
    """Flat relative vector (one block per tuned set) -> weights: w = start * x
    for nonzero starts, else x; sets not tuned keep their start."""
    out = dict(start)
    for k, name in enumerate(sets):
        base = start[name]
        out[name] = tuple(round(float(b * x[k * N + i] if b else x[k * N + i]), 4)
                          for i, b in enumerate(base))
    return out


def game_score(task: tuple[dict[str, tuple[float, ...]], int, int, int, int]) -> dict[str, Any]:
    """One quick game (module level, so process pools and clusters can ship it)."""
    weights, seed, level, period, pieces = task
    r = play(Planner(period, weights), seed, level, max_pieces=pieces)
    return {"score": r.score, "lines": r.lines, "level": r.level, "pieces": r.pieces,
            "tetris_rate": r.tetris_rate, "reached_29": r.reached_29}


def seeds_for(generation: int, games: int, salt: int = 0) -> list[int]:
    """Seeds from the PRNG's own cycle, different each generation."""
    cycle = sorted(lfsr_cycle())
    step = len(cycle) // 9973
    return [cycle[((generation * games + g) * 7919 + salt * 104729) * step % len(cycle)]
            for g in range(games)]


Mapper = Callable[[Callable[[Any], Any], list[Any]], list[Any]]


def local_mapper(workers: int) -> tuple[Mapper, Callable[[], None]]:
    pool = ProcessPoolExecutor(max_workers=workers)
    return (lambda f, tasks: list(pool.map(f, tasks))), pool.shutdown


def cluster_mapper(address: str) -> tuple[Mapper, Callable[[], None]]:
    """Dask (tcp://, a scheduler's address) or Ray (ray://, or 'ray' for auto)."""
    if address.startswith("ray"):
        try:
            import ray
        except ImportError:
            raise SystemExit("--cluster ray://... needs the `ray` package") from None
        ray.init(address=None if address == "ray" else address, ignore_reinit_error=True)
        remote = ray.remote(game_score)

        def ray_map(f: Callable[[Any], Any], tasks: list[Any]) -> list[Any]:
            return ray.get([remote.remote(t) for t in tasks])
        return ray_map, ray.shutdown
    try:
        from dask.distributed import Client
    except ImportError:
        raise SystemExit("--cluster tcp://... needs dask.distributed") from None
    client = Client(address)

    def dask_map(f: Callable[[Any], Any], tasks: list[Any]) -> list[Any]:
        return client.gather(client.map(f, tasks, pure=False))
    return dask_map, client.close


def tune(generations: int = 30, popsize: int = 16, games: int = 4, pieces: int = 700,
         level: int = 18, taps: int = 30, workers: int | None = None,
         cluster: str | None = None, seed: int = 1, sigma: float = 0.3,
         sets: Sequence[str] = SETS, log: Callable[[str], None] = print) -> dict[str, Any]:
    import cma

    period = 60 // taps
    start = dict(weights_module.START)
    x0 = [1.0 if b else 0.0 for name in sets for b in start[name]]
    es = cma.CMAEvolutionStrategy(x0, sigma, {"popsize": popsize, "seed": seed,
                                              "maxiter": generations, "verbose": -9})
    mapper, close = (cluster_mapper(cluster) if cluster
                     else local_mapper(workers or os.cpu_count() or 1))
    history = []
    began = time.monotonic()
    try:
        for g in range(generations):
            xs = es.ask()
            seeds = seeds_for(g, games, seed)
            tasks = [(unpack(x, start, sets), s, level, period, pieces) for x in xs for s in seeds]
            results = mapper(game_score, tasks)
            fitness = []
            for i in range(len(xs)):
                mine = results[i * games:(i + 1) * games]
                fitness.append(-sum(r["score"] for r in mine) / games)
            es.tell(xs, fitness)
            best = -min(fitness)
            mean = -sum(fitness) / len(fitness)
            history.append({"generation": g, "best": round(best), "mean": round(mean),
                            "seconds": round(time.monotonic() - began, 1)})
            log(f"generation {g}: best {best:.0f}, mean {mean:.0f}, "
                f"{time.monotonic() - began:.0f} s")
        final = unpack(es.result.xfavorite, start, sets)
        check = seeds_for(10_000, games, seed)
        tuned = mapper(game_score, [(final, s, level, period, pieces) for s in check])
        base = mapper(game_score, [(start, s, level, period, pieces) for s in check])
    finally:
        close()
    return {
        "weights": final,
        "record": {
            "optimiser": f"CMA-ES (cma {cma.__version__}), sigma {sigma} on weights relative "
                         "to START, fitness = mean score",
            "sets": list(sets),
            "generations": generations, "popsize": popsize, "games_per_candidate": games,
            "pieces_per_game": pieces, "level": level, "tap_hz": taps, "seed": seed,
            "where": cluster or f"{workers or os.cpu_count()} local processes",
            "seconds": round(time.monotonic() - began, 1),
            "history": history,
            "check_seeds": check,
            "check_tuned": [r["score"] for r in tuned],
            "check_start": [r["score"] for r in base],
        },
    }


def write_weights(result: dict[str, Any], path: Path = WEIGHTS_FILE) -> None:
    """Rewrite weights.py's WEIGHTS and RECORD, keeping START as it is."""
    text = path.read_text()
    head = text[: text.index("WEIGHTS: dict")]
    weights = ",\n".join(
        f"    {name!r}: " + pprint.pformat(tuple(result["weights"][name]), width=84,
                                           compact=True).replace("\n", "\n    ")
        for name in SETS)
    record = pprint.pformat(result["record"], width=96, sort_dicts=False)
    path.write_text(f"{head}WEIGHTS: dict[str, tuple[float, ...]] = {{\n{weights},\n}}\n\n"
                    f"RECORD: dict[str, object] = (\n{record}\n)\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--generations", type=int, default=30)
    ap.add_argument("--popsize", type=int, default=16)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--pieces", type=int, default=700)
    ap.add_argument("--level", type=int, default=18)
    ap.add_argument("--taps", type=int, default=30, choices=(15, 30))
    ap.add_argument("--workers", type=int, default=None, help="local processes (all cores)")
    ap.add_argument("--cluster", default=None, help="tcp://dask-scheduler:8786 or ray://...")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sigma", type=float, default=0.3)
    ap.add_argument("--sets", default="normal,fast",
                    help="weight sets to tune: normal (below 29), fast (29 on); games "
                         "that never reach level 29 give the fast set no signal")
    ap.add_argument("--write", action="store_true", help="write weights.py")
    args = ap.parse_args(argv)
    result = tune(args.generations, args.popsize, args.games, args.pieces, args.level,
                  args.taps, args.workers, args.cluster, args.seed, args.sigma,
                  tuple(x for x in args.sets.split(",") if x in SETS) or SETS)
    print(json.dumps(result, indent=2))
    if args.write:
        write_weights(result)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
