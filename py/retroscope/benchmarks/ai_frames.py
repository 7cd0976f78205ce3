"""Where a frame's time goes while the Tetris bot plays ahead of real time.

The machine runs under a debugger session (rewind checkpoints, the journal)
with the bot as its input source, in calls of `batch` frames of which only the
last draws its picture, as the page's run loop does at "max" (web/pacing.js,
Session.run_frames). Timed apart: the bot (reading RAM, planning, searching),
the picture (the PPU's render), the rewind checkpoints (snapshot and record),
and the rest (the CPU and the devices, the session). Runs in CPython and in the
page's worker (`bench` kind "ai_frames"), so the two compare like with like.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from operator import call
from typing import Any


def _timed(fn: Callable[..., Any], spent: list[float]) -> Callable[..., Any]:
    clock = time.perf_counter

    def wrapped(*args: Any) -> Any:
        t0 = clock()
        try:
            return fn(*args)
        finally:
            spent[0] += clock() - t0
    return wrapped


def measure(level: int = 18, frames: int = 1200, batch: int = 8, warmup: int = 240,
            seed: str = "8988", pictures: str = "last") -> dict[str, Any]:
    """ms per frame: total, and the bot's, the picture's, the checkpoints' and
    the rest's shares; pictures drawn per frame run."""
    from ..debug import Session
    from ..machines import create
    from ..machines.tetris.ai import Bot

    machine: Any = create("tetris", level=min(level, 19), seed=seed)
    session = Session(machine)
    for _ in range(3):  # into the game, then a level past the menu's 19 if asked
        session.run_frames(1)
    if level > 19:
        session.write_memory(0x44, bytes([level]))
    bot, picture, checkpoint = [0.0], [0.0], [0.0]
    drawn = [0]
    render = machine.ppu.render

    def counted_render(fb: bytearray) -> None:
        drawn[0] += 1
        render(fb)

    machine.ppu.render = _timed(counted_render, picture)
    session.rewind.record = _timed(session.rewind.record, checkpoint)
    machine.snapshot = _timed(machine.snapshot, checkpoint)
    session.set_input_source(_timed(Bot(start_level=min(level, 19)), bot), "ai")
    run = session.run_frames
    for _ in range(warmup // batch):
        call(run, batch, None, pictures)
    for spent in (bot, picture, checkpoint):
        spent[0] = 0.0
    drawn[0] = 0
    t0 = time.perf_counter()
    for _ in range(frames // batch):
        call(run, batch, None, pictures)
    total = time.perf_counter() - t0
    n = frames // batch * batch
    ms = {name: 1000 * spent[0] / n for name, spent in
          (("bot", bot), ("picture", picture), ("checkpoint", checkpoint))}
    ms_total = 1000 * total / n
    return {"level": level, "frames": n, "batch": batch, "ms_per_frame": ms_total,
            **{f"{name}_ms": value for name, value in ms.items()},
            "rest_ms": ms_total - sum(ms.values()), "pictures_per_frame": drawn[0] / n,
            "frames_per_s": 1000 / ms_total if ms_total else 0.0}
