"""The worker's `bench` verb: the figures `build.py bench` has the page's
worker measure (through `window.retroscope.bench`), in Pyodide."""

from __future__ import annotations

from typing import Any

from .. import machines
from ..util.args import RequestError, int_arg


def bench(args: dict[str, Any]) -> dict[str, Any]:
    """Speed figures measured here, in the worker: `kind` says which."""
    from . import runner

    kind = args.get("kind")
    if kind == "core" and args.get("name") in runner.CORES:
        seconds = int_arg(args, "seconds", 1, 60, 5)
        warmup = int_arg(args, "warmup", 0, 60, 10)
        return runner.measure_core(args["name"], seconds=seconds, warmup=warmup)
    if kind == "cores":
        names = args.get("names")
        if not isinstance(names, list) or not names \
                or not all(isinstance(n, str) and n in runner.CORES for n in names):
            raise RequestError(f"bench cores: names must list cores of {sorted(runner.CORES)}")
        return runner.measure_cores(names, rounds=int_arg(args, "rounds", 1, 20, 6),
                                    seconds=int_arg(args, "seconds", 1, 10, 2),
                                    warmup=int_arg(args, "warmup", 0, 30, 4))
    if kind == "frames" and args.get("name") in machines.available():
        frames = int_arg(args, "frames", 1, 3600, 120)
        return runner.measure_frames(args["name"], frames=frames)
    if kind == "sound":
        from . import sound
        name = args.get("name")
        if name not in machines.available():
            raise RequestError(f"bench sound: no machine {name!r}")
        frames = int_arg(args, "frames", 1, 3600, 120)
        return {**sound.measure_machine(name, frames=frames), **sound.measure_apu()}
    if kind == "ai_frames":
        from . import ai_frames
        pictures = args.get("pictures", "last")
        if pictures not in ("all", "last"):
            raise RequestError("bench ai_frames: pictures is 'all' or 'last'")
        return ai_frames.measure(level=int_arg(args, "level", 0, 29, 18),
                                 frames=int_arg(args, "frames", 8, 20000, 1200),
                                 pictures=pictures)
    if kind == "source_edit":
        from . import source_edit
        name = args.get("name")
        if name not in machines.available():
            raise RequestError(f"bench source_edit: no machine {name!r}")
        return source_edit.measure(name, rounds=int_arg(args, "rounds", 1, 20, 5))
    if kind == "script":
        from . import script
        name = args.get("name")
        if name not in machines.available():
            raise RequestError(f"bench script: no machine {name!r}")
        return script.measure(name, frames=int_arg(args, "frames", 8, 3600, 120),
                              rounds=int_arg(args, "rounds", 2, 40, 8))
    if kind == "assembled":
        from ..machines import base
        return {"assembled": list(base.ASSEMBLED)}
    raise RequestError("bench needs kind 'core' (mos6502, z80, tms9900), 'cores' "
                       "(a list of them, taking turns), 'frames' "
                       "(a machine), 'sound' (a machine), 'source_edit' (a machine's program "
                       "assembled and applied), 'ai_frames' (the Tetris "
                       "bot ahead of real time), 'script' (a script's empty on_frame, "
                       "on a machine) or 'assembled' (what this worker assembled)")
