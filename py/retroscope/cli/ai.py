"""`retroscope ai`: the Tetris AI's bench on the machine itself: seeded games
of the emulated NES with the bot at its pad (from the legal screen, through
the menus to the start level), on local processes or a Dask cluster, and the
figures: the share of games reaching level 29 and 999,999 points, median
lines, score percentiles. `retroscope ai tune` tunes its weights (CMA-ES).

`--scheduler local` starts a Dask LocalCluster of `--workers` processes here;
`--scheduler tcp://host:8786` uses a running cluster, whose workers need
retroscope installed. Dask and cma come with `pip install 'retroscope[tune]'`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from ..parallel import ClusterError, workers
from .common import CliError, count, extra, print_json
from .progress import Progress


def add(sub: Any) -> None:
    p = sub.add_parser("ai", help="the Tetris AI's bench on the machine (tune: its weights)",
                       description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=count, default=8, metavar="N", help="games (default 8)")
    p.add_argument("--skip", type=int, default=0, metavar="N",
                   help="leave out the first N seeds")
    _play_options(p, pieces=2500)
    p.add_argument("--engine", choices=("machine", "sim"), default="machine",
                   help="the emulated NES (default) or sim.py's quick games of the rules")
    p.add_argument("--out", metavar="FILE", help="write every game and the figures as JSON")
    p.add_argument("--verbose", "-v", action="store_true", help="a line for each game")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.set_defaults(func=run_bench)
    tune_parsers = p.add_subparsers(dest="ai_command", metavar="{tune}",
                                    parser_class=type(p))
    t = tune_parsers.add_parser(
        "tune", help="tune the AI's weights with CMA-ES",
        description="Tune the weights with CMA-ES: each candidate's fitness is its mean "
                    "score over quick games (sim.py) on the same seeds; prints the best "
                    "weights and the run's record, or writes them into weights.py.")
    t.add_argument("--generations", type=count, default=30)
    t.add_argument("--popsize", type=count, default=16)
    t.add_argument("--games", type=count, default=4, help="games per candidate")
    _play_options(t, pieces=700)
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--sigma", type=float, default=0.3)
    t.add_argument("--sets", default="normal,fast",
                   help="weight sets to tune: normal (below 29), fast (29 on)")
    t.add_argument("--write", nargs="?", const="", metavar="FILE",
                   help="write the weights into weights.py (or FILE)")
    t.set_defaults(func=run_tune)


def _play_options(p: argparse.ArgumentParser, pieces: int) -> None:
    p.add_argument("--level", type=int, default=18, choices=range(20), metavar="L",
                   help="the start level, 0-19 (default 18)")
    p.add_argument("--taps", type=int, default=30, choices=(15, 30), metavar="HZ",
                   help="taps a second, 30 or 15 (default 30)")
    p.add_argument("--pieces", type=count, default=pieces, metavar="N",
                   help=f"stop a game after N pieces (default {pieces})")
    p.add_argument("--workers", type=count, metavar="N",
                   help=f"local processes, or --scheduler local's (default: all cores, "
                        f"{os.cpu_count()})")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="a Dask scheduler (tcp://host:8786), or 'local' for a LocalCluster here")


def _pool_args(args: argparse.Namespace) -> tuple[int | None, str | None]:
    if args.scheduler not in (None, "local") and args.workers:
        raise CliError("--workers sizes the local processes or --scheduler local's cluster; "
                       "a running cluster has the workers it has")
    if args.scheduler and not args.scheduler.startswith("ray"):
        extra("dask.distributed", "tune")
    if args.scheduler == "local":
        return args.workers or os.cpu_count(), "local"
    return args.workers, args.scheduler


def run_bench(args: argparse.Namespace) -> int:
    from ..machines.tetris.ai_bench import ENGINES, game_line, seeds, summary, summary_text

    n_workers, scheduler = _pool_args(args)
    tasks = [(s, args.level, args.taps, args.pieces) for s in seeds(args.games, args.skip)]
    games: list[Any] = [None] * len(tasks)
    where = ""
    began = time.monotonic()
    try:
        with workers(n_workers, scheduler) as pool:
            where = pool.where
            heading = (f"Tetris AI on the {'emulated NES' if args.engine == 'machine' else 'sim'}"
                       f": {args.games} games from level {args.level}, {args.taps} Hz taps, "
                       f"at most {args.pieces:,} pieces a game, on {pool.where}")
            if not args.json:
                print(heading, flush=True)
            with Progress(len(tasks), "games", args.progress, "games") as bar:
                for done, (i, game) in enumerate(pool.completed(ENGINES[args.engine], tasks), 1):
                    games[i] = game
                    bar.update(done)
                    if args.verbose:
                        print(game_line(game), file=sys.stderr if args.json else sys.stdout,
                              flush=True)
    except ClusterError as exc:
        raise CliError(str(exc)) from None
    figures = summary(games)
    result = {"settings": {"games": args.games, "level": args.level, "taps": args.taps,
                           "pieces": args.pieces, "engine": args.engine, "where": where},
              "summary": figures, "seconds": round(time.monotonic() - began, 1), "games": games}
    if args.out:
        Path(args.out).write_text(json.dumps(result, indent=1))
    if args.json:
        print_json({k: v for k, v in result.items() if k != "games"})
    else:
        print(summary_text(figures) + f"   {result['seconds']} s")
    return 0


def run_tune(args: argparse.Namespace) -> int:
    extra("cma", "tune")
    from ..machines.tetris import ai_tune

    sets = tuple(x for x in args.sets.split(",") if x in ai_tune.SETS)
    if not sets:
        raise CliError(f"--sets names none of {', '.join(ai_tune.SETS)}")
    n_workers, scheduler = _pool_args(args)
    try:
        result = ai_tune.tune(args.generations, args.popsize, args.games, args.pieces,
                              args.level, args.taps, n_workers, scheduler, args.seed,
                              args.sigma, sets,
                              log=lambda line: print(line, file=sys.stderr, flush=True))
    except ClusterError as exc:
        raise CliError(str(exc)) from None
    print_json(result)
    if args.write is not None:
        target = Path(args.write) if args.write else ai_tune.WEIGHTS_FILE
        ai_tune.write_weights(result, target)
        print(f"wrote {target}", file=sys.stderr)
    return 0
