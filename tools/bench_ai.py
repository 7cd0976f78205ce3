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
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from retroscope.machines.tetris.ai_bench import (  # noqa: E402
    ENGINES,
    game_line,
    seeds,
    summary,
    summary_text,
)
from retroscope.parallel import workers  # noqa: E402

OUT = ROOT / "test-output"


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
    tasks = [(s, args.level, args.taps, args.pieces) for s in seeds(n, args.skip)]
    print(f"== Tetris AI: {n} games from level {args.level}, {args.taps} Hz taps, "
          f"{args.engine}, {args.workers} processes, at most {args.pieces} pieces a game")
    began = time.monotonic()
    games: list[Any] = [None] * n
    with workers(args.workers) as pool:
        for i, g in pool.completed(ENGINES[args.engine], tasks):
            games[i] = g
            print(game_line(g), flush=True)
    result = {"settings": vars(args) | {"games": n}, "summary": summary(games),
              "seconds": round(time.monotonic() - began, 1), "games": games}
    print(summary_text(result["summary"]) + f"   {result['seconds']} s")
    OUT.mkdir(exist_ok=True)
    (OUT / "bench-ai.json").write_text(json.dumps(result, indent=1))
    (OUT / "bench-ai.svg").write_text(svg_plot(
        games, f"Tetris AI, {n} games from level {args.level}, {args.taps} Hz taps "
               f"({args.engine})"))
    print(f"wrote {OUT / 'bench-ai.json'} and {OUT / 'bench-ai.svg'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
