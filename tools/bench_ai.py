"""`python3 build.py bench ai`: how well the Tetris AI plays.

100 seeded games from level 18 with 30 Hz taps (`--quick`: 10). Reports the
share of games that reach level 29 and 999,999 points, median lines, mean
score, the tetris rate (lines cleared in tetrises / all lines), the level each
game ended on, and writes `test-output/bench-ai.json` and a plot
`test-output/bench-ai.svg` (score and lines per game, end levels).

`--engine sim` (the default) plays `sim.py`'s quick games: the bot's planner
against the game's rules in Python (the machine tests show the machine locks
every piece where the search says). `--engine machine` plays the emulated NES
with `Bot` at its pad, from the legal screen, which is slower by the emulation
(about 1.6 ms a frame in CPython). Games stop at a top-out or after `--pieces`
pieces (those are counted as "still alive").
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

OUT = ROOT / "test-output"


def seeds(n: int) -> list[int]:
    """n seeds spread over the PRNG's 32,767-value cycle, the same every run."""
    from retroscope.machines.tetris.model import lfsr_cycle

    cycle = sorted(lfsr_cycle())
    return [cycle[(i * 3271 + 17) % len(cycle)] for i in range(n)]


def sim_game(task: tuple[int, int, int, int]) -> dict[str, Any]:
    from retroscope.machines.tetris.ai import Planner
    from retroscope.machines.tetris.sim import play

    seed, level, taps, pieces = task
    began = time.perf_counter()
    r = play(Planner(60 // taps), seed, level, max_pieces=pieces)
    return {"seed": seed, "score": r.score, "lines": r.lines, "end_level": r.level,
            "pieces": r.pieces, "tetrises": r.tetrises, "reached_29": r.reached_29,
            "topped_out": r.topped_out, "seconds": round(time.perf_counter() - began, 1)}


def machine_game(task: tuple[int, int, int, int]) -> dict[str, Any]:
    from retroscope.machines import create
    from retroscope.machines.tetris import model
    from retroscope.machines.tetris.ai import Bot

    seed, level, taps, pieces = task
    began = time.perf_counter()
    m = create("tetris", seed=f"{seed:04X}", start="legal")
    bot = Bot(tap_hz=taps, start_level=level)
    started = False
    reached_29 = False
    tetrises = 0
    frames = 0
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
    r = m.read

    def bcd(*addrs: int) -> int:
        return int("".join(f"{r(a):02X}" for a in addrs))

    lines = r(0x51) * 100 + bcd(0x50)
    return {"seed": seed, "score": bcd(0x55, 0x54, 0x53), "lines": lines,
            "end_level": r(model.LEVEL), "pieces": bot.decisions, "tetrises": tetrises,
            "reached_29": reached_29, "topped_out": state in (0, 0x0A) or mode != 4,
            "frames": frames, "seconds": round(time.perf_counter() - began, 1)}


def summary(games: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(games)
    lines = sum(g["lines"] for g in games)
    return {
        "games": n,
        "reached_level_29": sum(g["reached_29"] for g in games) / n,
        "reached_999999": sum(g["score"] >= 999_999 for g in games) / n,
        "median_lines": statistics.median(g["lines"] for g in games),
        "mean_score": round(statistics.mean(g["score"] for g in games)),
        "tetris_rate": round(4 * sum(g["tetrises"] for g in games) / lines, 3) if lines else 0,
        "end_levels": sorted(g["end_level"] for g in games),
        "still_alive_at_cap": sum(not g["topped_out"] for g in games),
    }


def svg_plot(games: list[dict[str, Any]], title: str) -> str:
    """Per game (by seed order): score bars and lines as dots; end levels below."""
    w, h, pad = 720, 360, 40
    n = max(1, len(games))
    bw = (w - 2 * pad) / n
    top = max(1, max(g["score"] for g in games))
    top_lines = max(1, max(g["lines"] for g in games))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           f'font-family="monospace" font-size="11">',
           f'<rect width="{w}" height="{h}" fill="#fff"/>',
           f'<text x="{pad}" y="18">{title}</text>',
           f'<text x="{pad}" y="32" fill="#c80">score (bars, max {top})</text>',
           f'<text x="{pad + 240}" y="32" fill="#06c">lines (dots, max {top_lines})</text>']
    base = h - 110
    for i, g in enumerate(games):
        x = pad + i * bw
        bh = (base - 40) * g["score"] / top
        out.append(f'<rect x="{x:.1f}" y="{base - bh:.1f}" width="{max(1, bw - 1):.1f}" '
                   f'height="{bh:.1f}" fill="#e0a030"/>')
        ly = base - (base - 40) * g["lines"] / top_lines
        out.append(f'<circle cx="{x + bw / 2:.1f}" cy="{ly:.1f}" r="2" fill="#06c"/>')
    levels: dict[int, int] = {}
    for g in games:
        levels[g["end_level"]] = levels.get(g["end_level"], 0) + 1
    out.append(f'<text x="{pad}" y="{base + 22}">end level: games</text>')
    for k, (level, count) in enumerate(sorted(levels.items())):
        out.append(f'<text x="{pad + (k % 8) * 80}" y="{base + 40 + 16 * (k // 8)}">'
                   f'{level}: {count}</text>')
    out.append("</svg>")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="the Tetris AI's figures")
    ap.add_argument("--quick", action="store_true", help="10 games instead of 100")
    ap.add_argument("--games", type=int, default=None)
    ap.add_argument("--engine", choices=("sim", "machine"), default="sim")
    ap.add_argument("--level", type=int, default=18)
    ap.add_argument("--taps", type=int, default=30, choices=(15, 30))
    ap.add_argument("--pieces", type=int, default=2500, help="stop a game after this many")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--skip", type=int, default=0, help="leave out the first N seeds")
    args = ap.parse_args(argv)
    n = args.games or (10 if args.quick else 100)
    tasks = [(s, args.level, args.taps, args.pieces) for s in seeds(args.skip + n)[args.skip:]]
    play = sim_game if args.engine == "sim" else machine_game
    print(f"== Tetris AI: {n} games from level {args.level}, {args.taps} Hz taps, "
          f"{args.engine}, {args.workers} processes, at most {args.pieces} pieces a game")
    began = time.monotonic()
    games = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for g in pool.map(play, tasks):
            games.append(g)
            print(f"seed ${g['seed']:04X}: score {g['score']:>7}, lines {g['lines']:>4}, "
                  f"level {g['end_level']:>3}, pieces {g['pieces']:>5}, "
                  f"{'topped out' if g['topped_out'] else 'alive at the cap'}, "
                  f"{g['seconds']} s", flush=True)
    result = {"settings": vars(args) | {"games": n}, "summary": summary(games),
              "seconds": round(time.monotonic() - began, 1), "games": games}
    s = result["summary"]
    print(f"reached level 29: {100 * s['reached_level_29']:.0f} %   reached 999,999: "
          f"{100 * s['reached_999999']:.0f} %   median lines {s['median_lines']}   "
          f"mean score {s['mean_score']}   tetris rate {100 * s['tetris_rate']:.1f} %")
    print(f"end levels: {s['end_levels']}   still alive at the cap: "
          f"{s['still_alive_at_cap']}   {result['seconds']} s")
    OUT.mkdir(exist_ok=True)
    (OUT / "bench-ai.json").write_text(json.dumps(result, indent=1))
    (OUT / "bench-ai.svg").write_text(svg_plot(
        games, f"Tetris AI, {n} games from level {args.level}, {args.taps} Hz taps "
               f"({args.engine})"))
    print(f"wrote {OUT / 'bench-ai.json'} and {OUT / 'bench-ai.svg'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
