"""What a user's script costs the machine: frames per second under a debugger
session bare, and with a script whose `on_frame` does nothing (the host's
call into it every frame, its presses asked at every frame's start).

The two run in alternating rounds on two machines made alike, so that the
host's slow spells fall on both; the figure is the median of the rounds'
ratios. Frames run as the page's run loop runs them (`run_frames` calls of
a few frames, each a turn of the worker's script budget). On a busy host the
rounds swing by tens of per cent either way, so the script's own work is
timed apart as well: what the session calls a frame (`presses` at its
start, `frame_ended` at its end, with the empty hook) in a tight loop, as a
share of the machine's time a frame.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from .. import machines
from ..debug import Session
from ..script.host import ScriptHost

EMPTY_ON_FRAME = "@on_frame\ndef each(frame):\n    pass\n"


def _fps(session: Session, host: ScriptHost | None, frames: int, per_call: int) -> float:
    began = time.perf_counter()
    done = 0
    while done < frames:
        n = min(per_call, frames - done)
        if host is not None:
            host.begin_turn()
        session.run_frames(n)
        done += n
    return frames / (time.perf_counter() - began)


def measure(machine_id: str, frames: int = 120, rounds: int = 8,
            per_call: int = 4) -> dict[str, Any]:
    """{bare_fps, script_fps, ratio, cost_percent, rounds}: medians over
    `rounds` alternating rounds of `frames` frames each."""
    bare = Session(machines.create(machine_id))
    scripted = Session(machines.create(machine_id))
    host = ScriptHost(scripted)
    result = host.run(EMPTY_ON_FRAME)
    if not result["ok"]:
        raise RuntimeError(f"the bench's script did not run: {result}")
    _fps(bare, None, frames // 2, per_call)  # warm both up (blocks compiled, caches filled)
    _fps(scripted, host, frames // 2, per_call)
    ratios, bare_fps, script_fps = [], [], []
    for i in range(rounds):
        # Alternate which goes first, so neither always follows the other.
        order = ((bare, None), (scripted, host)) if i % 2 == 0 else ((scripted, host), (bare, None))
        got = {id(s): _fps(s, h, frames, per_call) for s, h in order}
        bare_fps.append(got[id(bare)])
        script_fps.append(got[id(scripted)])
        ratios.append(got[id(scripted)] / got[id(bare)])
    if host.status != "running":
        raise RuntimeError(f"the bench's script stopped: {host.message}")
    ratio = statistics.median(ratios)
    hook_us = _hook_us(host)
    frame_us = 1e6 / statistics.median(bare_fps)
    return {"machine": machine_id, "bare_fps": statistics.median(bare_fps),
            "script_fps": statistics.median(script_fps), "ratio": ratio,
            "cost_percent": 100 * (1 - ratio), "ratio_min": min(ratios),
            "ratio_max": max(ratios), "rounds": rounds, "frames": frames,
            "hook_us": hook_us, "frame_us": frame_us,
            "hook_percent": 100 * hook_us / frame_us}


def _hook_us(host: ScriptHost, calls: int = 20_000, rounds: int = 5) -> float:
    """Microseconds a frame of the script's own work: the best of `rounds`."""
    best = float("inf")
    presses, ended = host.presses, host.frame_ended
    for _ in range(rounds):
        began = time.perf_counter()
        for _ in range(calls):
            presses()
            ended()
        best = min(best, (time.perf_counter() - began) / calls)
    return best * 1e6
