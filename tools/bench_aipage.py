"""The Tetris AI ahead of real time, in the page (`build.py bench aipage`, and
part of `build.py bench`).

* Games at "max" from levels 0, 18 and 29 in headless chromium, as a person
  plays them: the AI panel's max, then "AI plays". Each game in a fresh page,
  read every half second: lines a minute of wall time, frames a second, and
  from level 18 the wall time to level 29 (230 lines). Level 29 is written to
  RAM ($0044) as the game's first piece appears (the menu stops at 19).
* Where a frame's time goes with the bot at max (benchmarks/ai_frames.py), in
  the page's Pyodide and in CPython: the bot, the picture, the rewind
  checkpoints, the rest (the CPU, the devices, the session).
* The status line's speed at x1 over 10 s: the range of the emulated clock it
  shows, as % of the machine's (real time is 100 %).

`--hog` runs the games beside a process that keeps one core busy.
"""

from __future__ import annotations

import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

SEED = "8988"
SAMPLE_S = 0.5
GAME_S = 60            # each game's window of wall time, at most
TO_29_CAP_S = 240      # from level 18: how long to wait for level 29
READOUT_S = 10         # the x1 readout, sampled after READOUT_SETTLE_S
READOUT_SETTLE_S = 2
NES_FPS = 60.0988

# Lines (BCD at $0050-$0051), level, game mode, play state, in one read.
READ = """Promise.all([window.retroscope.read(0x50, 2), window.retroscope.read(0x44, 1),
  window.retroscope.read(0xC0, 1), window.retroscope.read(0x48, 1)])
  .then(([l, [level], [mode], [state]]) => [l[1] * 100 + (l[0] >> 4) * 10 + (l[0] & 15),
                                           level, mode, state, window.retroscope.frame()])"""


@dataclass
class Game:
    level: int
    # (seconds, lines, level, frame)
    samples: list[tuple[float, int, int, int]] = field(default_factory=list)
    over: bool = False

    def lines_per_minute(self) -> float:
        t, lines = self.samples[-1][0], self.samples[-1][1]
        return 60 * lines / t if t else 0.0

    def fps(self) -> float:
        t, frame = self.samples[-1][0], self.samples[-1][3]
        return (frame - self.samples[0][3]) / t if t else 0.0

    def reached(self, level: int) -> float | None:
        return next((t for t, _l, lv, _f in self.samples if lv >= level), None)


def play(browser: Any, url: str, new_page: Callable[..., Any], level: int,
         seconds: float, until_level: int | None = None) -> Game:
    """One game at max from `level` in a fresh page, for `seconds` of wall
    time, until `until_level`, or until it is over."""
    page = new_page(browser)
    page.goto(f"{url}index.html#/tetris?seed={SEED}&level={min(level, 19)}&paused=1")
    page.wait_for_function("document.documentElement.dataset.state === 'ready'",
                           timeout=120_000)
    if level > 19:
        page.evaluate("window.retroscope.runFrames(3)")  # the game has begun: level set
        page.evaluate(f"window.retroscope.write(0x44, [{level}])")
    page.click("[data-testid=tetris-ai-speed-max]")
    start_frame = page.evaluate("window.retroscope.frame()")
    page.click("[data-testid=tetris-ai-toggle]")  # the AI takes the pad and runs
    game = Game(level, [(0.0, 0, level, start_frame)])
    t0 = time.monotonic()
    playing = False
    while True:
        time.sleep(SAMPLE_S)
        lines, lv, mode, state, frame = page.evaluate(READ)
        t = time.monotonic() - t0
        game.samples.append((t, lines, lv, frame))
        in_game = mode == 4 and state not in (0, 0x0A)
        game.over = playing and not in_game  # (the first frames are before the game)
        playing = playing or in_game
        if game.over or t >= seconds or (until_level is not None and lv >= until_level):
            break
    page.evaluate("window.retroscope.pause()")
    page.context.close()
    return game


def readout_range(browser: Any, url: str, new_page: Callable[..., Any]
                  ) -> tuple[list[int], float]:
    """The % of the machine's clock the status line shows, read every 0.25 s
    at x1 for READOUT_S seconds, after READOUT_SETTLE_S; and the frames a
    second the machine really ran meanwhile."""
    page = new_page(browser)
    page.goto(f"{url}index.html#/tetris?seed={SEED}")
    page.wait_for_function("document.documentElement.dataset.state === 'ready'",
                           timeout=120_000)
    time.sleep(READOUT_SETTLE_S)
    shown = []
    t0, f0 = time.monotonic(), page.evaluate("window.retroscope.frame()")
    while time.monotonic() < t0 + READOUT_S:
        text = page.text_content("[data-testid=dbg-speed]") or ""
        found = re.search(r"\((\d+)% of", text)
        if found:
            shown.append(int(found.group(1)))
        time.sleep(0.25)
    fps = (page.evaluate("window.retroscope.frame()") - f0) / (time.monotonic() - t0)
    page.evaluate("window.retroscope.pause()")
    page.context.close()
    return shown, fps


def _print_frames(where: str, r: dict[str, Any]) -> None:
    print(f"  {where:8} level {r['level']:2}: {r['ms_per_frame']:5.2f} ms a frame "
          f"({r['frames_per_s']:4.0f} frames/s) = bot {r['bot_ms']:5.2f} + picture "
          f"{r['picture_ms']:4.2f} + checkpoints {r['checkpoint_ms']:4.2f} + rest "
          f"{r['rest_ms']:5.2f}; {r['pictures_per_frame']:.2f} pictures a frame", flush=True)


def frame_costs(page: Any, quick: bool) -> None:
    from retroscope.benchmarks import ai_frames

    frames = 400 if quick else 1600
    print(f"\n== Where a frame's time goes, the Tetris bot at max ({frames} frames in calls "
          "of 8, the last one's picture drawn; ms a frame)")
    for level in (18, 29):
        _print_frames("Pyodide", page.evaluate("a => window.retroscope.bench(a)",
                                               {"kind": "ai_frames", "level": level,
                                                "frames": frames}))
        _print_frames("CPython", ai_frames.measure(level=level, frames=frames))


def games(browser: Any, url: str, new_page: Callable[..., Any], quick: bool,
          label: str = "") -> None:
    seconds = 20 if quick else GAME_S
    print(f"\n== The Tetris AI at max in the page{label} (seed {SEED}, 30 Hz taps; lines a "
          f"minute of wall time over at most {seconds} s, or until the game is over)")
    for level in (0, 29):
        g = play(browser, url, new_page, level, seconds)
        print(f"  from level {level:2}: {g.lines_per_minute():6.1f} lines/min, "
              f"{g.fps():5.0f} frames/s, {g.samples[-1][1]} lines in {g.samples[-1][0]:.0f} s"
              f" (to level {g.samples[-1][2]}{', game over' if g.over else ''})", flush=True)
    g = play(browser, url, new_page, 18, 60 if quick else TO_29_CAP_S, until_level=29)
    at_29 = g.reached(29)
    first_minute = [s for s in g.samples if s[0] <= 60]
    per_min = 60 * first_minute[-1][1] / first_minute[-1][0]
    print(f"  from level 18: {per_min:6.1f} lines/min in its first minute, {g.fps():5.0f} "
          f"frames/s; level 29 "
          + (f"after {at_29:.1f} s ({g.samples[-1][1]} lines, frame {g.samples[-1][3]})"
             if at_29 is not None else f"not reached in {g.samples[-1][0]:.0f} s "
             f"(level {g.samples[-1][2]}, {g.samples[-1][1]} lines)"), flush=True)


def readout(browser: Any, url: str, new_page: Callable[..., Any]) -> None:
    shown, fps = readout_range(browser, url, new_page)
    if not shown:
        print("\n== The status line's speed at x1: nothing shown")
        return
    print(f"\n== The status line's speed at x1 (% of the machine's clock, read every 0.25 s "
          f"for {READOUT_S} s): median {statistics.median(shown):.0f} %, range "
          f"{min(shown)}-{max(shown)} %, n={len(shown)}; the machine ran {fps:.1f} frames/s "
          f"meanwhile ({100 * fps / NES_FPS:.0f} %)")


class CpuHog:
    """A process that keeps one core busy while it lives."""

    def __enter__(self) -> CpuHog:
        self.proc = subprocess.Popen([sys.executable, "-c", "while True: pass"])
        return self

    def __exit__(self, *_: object) -> None:
        self.proc.kill()
        self.proc.wait()


def ai_page_figures(browser: Any, url: str, new_page: Callable[..., Any], page: Any,
                    quick: bool, hog: bool = False) -> None:
    """The section: games at max (beside a busy core with `hog`), where a
    frame's time goes (in `page`, a booted page), the readout at x1."""
    if hog:
        with CpuHog():
            games(browser, url, new_page, quick, label=", one core kept busy by another process")
    else:
        games(browser, url, new_page, quick)
    frame_costs(page, quick)
    readout(browser, url, new_page)
