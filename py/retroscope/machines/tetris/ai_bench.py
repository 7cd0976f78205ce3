"""How well the Tetris AI plays: seeded games and their figures.

`machine_game` plays the emulated NES with `Bot` at its pad from the legal
screen (the bot navigates the menus to the start level), reading only memory,
until a top-out or `pieces` pieces (counted as "alive at the cap");
`sim_game` plays `sim.py`'s quick games (the bot's planner against the game's
rules in Python, no emulation). `summary` gives the figures `retroscope ai`
and `build.py bench ai` print: the share of games reaching level 29 and
999,999 points, median lines, score percentiles. Games are module-level
functions of one tuple, so process pools and clusters can run them
(`retroscope.parallel`).
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from . import model

GameTask = tuple[int, int, int, int]  # (seed, start level, tap Hz, piece cap)
MAX_SCORE = 999_999
PERCENTILES = (10, 25, 50, 75, 90)


def seeds(n: int, skip: int = 0) -> list[int]:
    """n seeds spread over the PRNG's 32,767-value cycle, the same every run."""
    cycle = sorted(model.lfsr_cycle())
    return [cycle[(i * 3271 + 17) % len(cycle)] for i in range(skip, skip + n)]


def machine_game(task: GameTask) -> dict[str, Any]:
    """One game on the emulated machine (see the module's text)."""
    from .. import create
    from .ai import Bot

    seed, level, taps, pieces = task
    began = time.perf_counter()
    m = create("tetris", seed=f"{seed:04X}", start="legal")
    bot = Bot(tap_hz=taps, start_level=level)
    started = reached_29 = False
    tetrises = frames = 0
    mode = state = 0
    while True:
        m.run_frame(bot.buttons(m))
        frames += 1
        mode, state = m.read(model.GAME_MODE), m.read(model.PLAY_STATE)
        if mode == 4 and state == 1:
            started = True
        if started and state == 5 and m.read(model.COMPLETED_LINES) == 4:
            tetrises += 1  # counted once: state 5 lasts one frame
        reached_29 = reached_29 or (started and m.read(model.LEVEL) >= 29)
        if started and (mode != 4 or state in (0, 0x0A)):
            break
        if bot.decisions >= pieces:
            break
    return {"seed": seed, "score": m.variable("score"), "lines": m.variable("lines"),
            "end_level": m.read(model.LEVEL), "pieces": bot.decisions, "tetrises": tetrises,
            "reached_29": reached_29, "topped_out": state in (0, 0x0A) or mode != 4,
            "frames": frames, "seconds": round(time.perf_counter() - began, 1)}


def sim_game(task: GameTask) -> dict[str, Any]:
    """One quick game of `sim.py` (the planner under the game's rules)."""
    from .ai import Planner
    from .sim import play

    seed, level, taps, pieces = task
    began = time.perf_counter()
    r = play(Planner(60 // taps), seed, level, max_pieces=pieces)
    return {"seed": seed, "score": r.score, "lines": r.lines, "end_level": r.level,
            "pieces": r.pieces, "tetrises": r.tetrises, "reached_29": r.reached_29,
            "topped_out": r.topped_out, "seconds": round(time.perf_counter() - began, 1)}


ENGINES = {"machine": machine_game, "sim": sim_game}


def percentiles(values: list[int]) -> dict[int, float]:
    """The 10th to 90th percentiles (statistics.quantiles, inclusive: a single
    game's value is every percentile)."""
    if len(values) == 1:
        return dict.fromkeys(PERCENTILES, float(values[0]))
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return {p: cuts[p - 1] for p in PERCENTILES}


def summary(games: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(games)
    lines = sum(g["lines"] for g in games)
    scores = [g["score"] for g in games]
    return {
        "games": n,
        "reached_level_29": sum(g["reached_29"] for g in games) / n,
        "reached_999999": sum(g["score"] >= MAX_SCORE for g in games) / n,
        "median_lines": statistics.median(g["lines"] for g in games),
        "mean_score": round(statistics.mean(scores)),
        "score_percentiles": {str(p): round(v) for p, v in percentiles(scores).items()},
        "tetris_rate": round(4 * sum(g["tetrises"] for g in games) / lines, 3) if lines else 0,
        "end_levels": sorted(g["end_level"] for g in games),
        "still_alive_at_cap": sum(not g["topped_out"] for g in games),
    }


def summary_text(s: dict[str, Any]) -> str:
    """The figures in three lines."""
    n = s["games"]
    pct = "  ".join(f"p{p} {v:,}" for p, v in s["score_percentiles"].items())
    return (f"reached level 29: {100 * s['reached_level_29']:.0f} % "
            f"({round(s['reached_level_29'] * n)} of {n})   reached 999,999: "
            f"{100 * s['reached_999999']:.0f} % ({round(s['reached_999999'] * n)} of {n})   "
            f"median lines {s['median_lines']:g}\n"
            f"score: {pct}   mean {s['mean_score']:,}   tetris rate "
            f"{100 * s['tetris_rate']:.1f} %\n"
            f"end levels: {s['end_levels']}   still alive at the cap: "
            f"{s['still_alive_at_cap']}")


def game_line(g: dict[str, Any]) -> str:
    return (f"seed ${g['seed']:04X}: score {g['score']:>7}, lines {g['lines']:>4}, "
            f"level {g['end_level']:>3}, pieces {g['pieces']:>5}, "
            f"{'topped out' if g['topped_out'] else 'alive at the cap'}, {g['seconds']} s")
