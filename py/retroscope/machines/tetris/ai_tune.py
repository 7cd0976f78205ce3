"""Tune the Tetris AI's weights with CMA-ES (the `cma` package): `retroscope ai tune`.

Each candidate is the two weight vectors of `weights.py` ("normal" and
"fast", one weight per `evaluate.FEATURES`) in one flat vector, relative to
the starting point (so one sigma suits every weight). Its fitness is the mean
score of `games` quick games (`sim.py`: the bot's planner under the game's
rules, pieces from $9907) from `level` with `taps` Hz taps, each stopped
after `pieces` pieces; every candidate of a generation plays the same seeds,
the seeds change from one generation to the next. Games run on local
processes or a cluster (`retroscope.parallel`). `sets=("normal",)` tunes only
the weights below level 29 (for games too short to reach 29). `write_weights`
puts the best weights (CMA's mean of the last generation, replayed on fresh
seeds against the start) and the run's record into `weights.py`.
"""

from __future__ import annotations

import os
import pprint
import time
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ...parallel import workers
from . import weights as weights_module
from .ai import Planner
from .evaluate import N
from .model import lfsr_cycle
from .sim import play

WEIGHTS_FILE = Path(weights_module.__file__)
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


def tune(generations: int = 30, popsize: int = 16, games: int = 4, pieces: int = 700,
         level: int = 18, taps: int = 30, n_workers: int | None = None,
         scheduler: str | None = None, seed: int = 1, sigma: float = 0.3,
         sets: Sequence[str] = SETS, log: Callable[[str], None] = print) -> dict[str, Any]:
    with warnings.catch_warnings():  # cma says when it has no matplotlib: no plots here
        warnings.simplefilter("ignore", UserWarning)
        import cma

    period = 60 // taps
    start = dict(weights_module.START)
    x0 = [1.0 if b else 0.0 for name in sets for b in start[name]]
    es = cma.CMAEvolutionStrategy(x0, sigma, {"popsize": popsize, "seed": seed,
                                              "maxiter": generations, "verbose": -9})
    history = []
    began = time.monotonic()
    with workers(n_workers, scheduler) as pool:
        for g in range(generations):
            xs = es.ask()
            seeds = seeds_for(g, games, seed)
            tasks = [(unpack(x, start, sets), s, level, period, pieces) for x in xs for s in seeds]
            results = pool.map(game_score, tasks)
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
        tuned = pool.map(game_score, [(final, s, level, period, pieces) for s in check])
        base = pool.map(game_score, [(start, s, level, period, pieces) for s in check])
        where = scheduler or f"{n_workers or os.cpu_count()} local processes"
    return {
        "weights": final,
        "record": {
            "optimiser": f"CMA-ES (cma {cma.__version__}), sigma {sigma} on weights relative "
                         "to START, fitness = mean score",
            "sets": list(sets),
            "generations": generations, "popsize": popsize, "games_per_candidate": games,
            "pieces_per_game": pieces, "level": level, "tap_hz": taps, "seed": seed,
            "where": where,
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
