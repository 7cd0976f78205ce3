"""`retroscope bench`: how fast the cores and machines run here, in CPython.

Each CPU core's emulated clock on its fixed workload (the cores taking turns,
so that a host whose speed swings weighs on each alike) as a ratio to the
original hardware, and each machine's milliseconds per frame as a ratio to
real time: the same loops `build.py bench` and the page's worker time
(`retroscope.benchmarks.runner`).
"""

from __future__ import annotations

import argparse
import platform
from typing import Any

from .. import machines
from ..benchmarks import runner
from .common import CliError, print_json
from .progress import Progress


def add(sub: Any) -> None:
    p = sub.add_parser("bench", help="the cores' and machines' speed here", description=__doc__)
    p.add_argument("machine", nargs="*", help="only these machines (default: all)")
    p.add_argument("--quick", action="store_true", help="shorter runs (a smoke check)")
    p.add_argument("--no-cores", action="store_true", help="leave the cores out")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    available = machines.available()
    unknown = [m for m in args.machine if m not in available]
    if unknown:
        raise CliError(f"there is no machine {unknown[0]!r} (there are: {', '.join(available)})")
    chosen = args.machine or available
    rounds, seconds, warmup = (1, 0.5, 0.5) if args.quick else (4, 2.0, 2.0)
    frames = 30 if args.quick else 240
    result: dict[str, Any] = {"python": platform.python_version(), "cores": {}, "machines": {}}
    steps = (0 if args.no_cores else 1) + len(chosen)
    with Progress(steps, "bench", args.progress) as bar:
        if not args.no_cores:
            result["cores"] = runner.measure_cores(list(runner.CORES), rounds=rounds,
                                                   seconds=seconds, warmup=warmup)
            bar.update(1)
        for i, mid in enumerate(chosen):
            figures = runner.measure_frames(mid, frames=frames, warmup_frames=frames // 4)
            result["machines"][mid] = {k: figures[k] for k in ("ms_per_frame",
                                                               "ratio_to_realtime")}
            bar.update(i + 1 + (0 if args.no_cores else 1))
    if args.json:
        print_json(result)
        return 0
    print(f"CPython {result['python']}")
    for name, r in result["cores"].items():
        print(f"  {name:8} {r['cycles_per_s'] / 1e6:7.2f} MHz emulated = "
              f"{r['ratio_to_hardware']:5.2f}x {r['hardware']}")
    for mid, r in result["machines"].items():
        print(f"  {mid:10} {r['ms_per_frame']:6.2f} ms a frame = "
              f"{r['ratio_to_realtime']:5.2f}x real time")
    return 0
