"""Old against new: the bench's core figures for two trees, in one run.

    .venv/bin/python tools/bench_ab.py [--base REV] [--rounds N] [--page]
                                       [--debugger-only] [--debugger-rounds N]

A change that must keep the cores' speed is measured against the code before
it on the same machine at the same time: the tree at REV (default `main`,
checked out into a temporary git worktree) and this one each run in a worker
process of their own, and the measurements take turns, old and new, forward
and back round by round (ABBA), so that a shared host's slow and fast spells
weigh on both alike. Per figure: the medians of the turns, and new / old.

Figures (CPython, as `build.py bench` measures them, but in each process's
CPU time, not wall time; the cores' workloads of `retroscope.benchmarks`):
each core's emulated clock (`runner.core_windows`'s loop),
the 6502's run() against py65 on the mixed and sort workloads, each core's
step() (the 6502's against py65's), and the debugger's ratios to bare
(`benchmarks.debugger.measure`, itself a set of ratios within one process,
taken `--debugger-rounds` times per tree, the trees in turns machine by
machine, ABBA; each figure the median of its rounds). With `--page`,
the cores' clocks in the page's Pyodide too: both trees' dist/ built and
served, one page each, the pages taking turns.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from operator import call
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
CORES = ("mos6502", "z80", "tms9900")


# -- the worker: one tree's code, one measurement a request --------------------------
def worker() -> None:
    """Read requests (JSON lines) from stdin, answer each with a JSON line."""
    from retroscope.benchmarks import mos6502, runner

    cpus: dict[str, Any] = {}
    refs: dict[str, Any] = {}

    def core(name: str, workload: str = "") -> Any:
        key = f"{name} {workload}"
        if key not in cpus:
            cpus[key] = runner.setup_core(name, **({"workload": workload} if workload else {}))
            runner.core_windows(cpus[key], 4.0, 0.5)  # warm: its blocks compiled
        return cpus[key]

    def py65(workload: str) -> Any:
        if workload not in refs:
            refs[workload] = mos6502.setup_py65(workload=workload)
        return refs[workload]

    def clock_hz(cpu: Any, seconds: float) -> float:
        """`runner.core_windows`'s loop, timed in this process's CPU time: on a
        shared host, the time the others take is not charged to either side."""
        run, clock = cpu.run, time.process_time
        windows = []
        end = clock() + seconds
        while clock() < end:
            t0, c0 = clock(), cpu.cycles
            while clock() - t0 < 0.5:
                call(run, runner.CHUNK_CYCLES)
            windows.append((cpu.cycles - c0) / (clock() - t0))
        return statistics.median(windows)

    def py65_hz(mpu: Any, seconds: float) -> float:
        step, clock = mpu.step, time.process_time
        t0, c0 = clock(), mpu.processorCycles
        while clock() - t0 < seconds:
            for _ in range(2000):
                step()
        return (mpu.processorCycles - c0) / (clock() - t0)

    for line in sys.stdin:
        req = json.loads(line)
        kind = req["kind"]
        if kind == "clock":
            out: Any = clock_hz(core(req["name"], req.get("workload", "")), req["seconds"])
        elif kind == "py65":
            out = py65_hz(py65(req["workload"]), req["seconds"])
        elif kind == "step":
            reference = None
            if req["name"] == "mos6502":
                mpu = py65("mixed")
                reference = (mpu.step, lambda mpu=mpu: mpu.processorCycles)
            r = runner.measure_step(req["name"], rounds=req["step_rounds"], reference=reference)
            out = r.get("ratio_to_reference", r["step_cycles_per_s"])
        elif kind == "frames":  # a machine's frames per second of CPU time, bare
            machine = cpus.get(req["machine"])
            if machine is None:
                from retroscope import machines
                machine = cpus[req["machine"]] = machines.create(req["machine"])
                for _ in range(req["settle"]):
                    machine.run_frame(0)
            t0 = time.process_time()
            for _ in range(req["frames"]):
                call(machine.run_frame, 0)
            out = req["frames"] / (time.process_time() - t0)
        elif kind == "debugger":
            from retroscope.benchmarks import debugger
            out = debugger.measure(req["machine"], frames=req["frames"], repeats=req["repeats"],
                                   settle=req["settle"])
        else:
            raise ValueError(f"no such request {kind!r}")
        print(json.dumps(out), flush=True)


class Worker:
    """A worker process on one tree's py/."""

    def __init__(self, tree: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(tree / "py"))
        self.proc = subprocess.Popen([sys.executable, __file__, "--worker"], env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, **req: Any) -> Any:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait()


def turns(old: Worker, new: Worker, rounds: int, **req: Any) -> tuple[list[Any], list[Any]]:
    """`rounds` answers of each worker, in turns ABBA."""
    a: list[Any] = []
    b: list[Any] = []
    for r in range(rounds):
        pair = ((old, a), (new, b)) if r % 2 == 0 else ((new, b), (old, a))
        for w, out in pair:
            out.append(w.ask(**req))
    return a, b


def row(label: str, old: list[float], new: list[float], unit: str = "") -> str:
    o, n = statistics.median(old), statistics.median(new)
    ratios = [y / x for x, y in zip(old, new, strict=True)]
    return (f"| {label} | {o:,.3f}{unit} | {n:,.3f}{unit} | {n / o:.3f} "
            f"({min(ratios):.2f}-{max(ratios):.2f}) |")


def cpython(old: Worker, new: Worker, rounds: int, seconds: float) -> list[str]:
    out = []
    for name in CORES:
        a, b = turns(old, new, rounds, kind="clock", name=name, seconds=seconds)
        out.append(row(f"{name} clock, CPython (MHz)", [x / 1e6 for x in a],
                       [x / 1e6 for x in b]))
        print(out[-1], flush=True)
    for workload in ("mixed", "sort"):
        ratios: dict[str, list[float]] = {"old": [], "new": []}
        for r in range(rounds):
            order = (("old", old), ("new", new)) if r % 2 == 0 else (("new", new), ("old", old))
            for side, w in order:
                ours = w.ask(kind="clock", name="mos6502", workload=workload, seconds=seconds)
                theirs = w.ask(kind="py65", workload=workload, seconds=seconds)
                ratios[side].append(ours / theirs)
        out.append(row(f"6502 run() {workload} / py65 (x)", ratios["old"], ratios["new"]))
        print(out[-1], flush=True)
    for name in CORES:
        a, b = turns(old, new, max(2, rounds // 2), kind="step", name=name, step_rounds=4)
        unit = " x py65" if name == "mos6502" else ""
        scale = 1.0 if name == "mos6502" else 1e6
        out.append(row(f"{name} step() ({'ratio' if unit else 'MHz'})", [x / scale for x in a],
                       [x / scale for x in b], unit))
        print(out[-1], flush=True)
    return out


def frame_rows(old: Worker, new: Worker, machines: list[str], rounds: int,
               settle: int) -> list[str]:
    """Each machine's frames per second (bare), old and new in turns."""
    out = []
    for mid in machines:
        a, b = turns(old, new, rounds, kind="frames", machine=mid, frames=60, settle=settle)
        out.append(row(f"{mid} frames/s, bare", a, b))
        print(out[-1], flush=True)
    return out


def debugger_rows(old: Worker, new: Worker, machines: list[str], frames: int,
                  repeats: int, settle: int, rounds: int = 1) -> list[str]:
    """The debugger's ratios to bare per machine, `rounds` measurements of
    each tree in turns (ABBA); each figure the median of its rounds."""
    out = []
    for mid in machines:
        a, b = turns(old, new, rounds, kind="debugger", machine=mid, frames=frames,
                     repeats=repeats, settle=settle)
        for key in a[0]:
            if key.endswith("_ratio") or key == "bare_fps":
                out.append(row(f"{mid} {key}", [x[key] for x in a], [x[key] for x in b]))
                print(out[-1], flush=True)
    return out


def page(trees: dict[str, Path], rounds: int, build: bool = True) -> list[str]:
    """The cores' clocks in each tree's page, the two pages taking turns
    (each tree's dist/ built first, unless `build` is False)."""
    sys.path.insert(0, str(REPO))
    from playwright.sync_api import sync_playwright

    from tools.bench import CHROMIUM_ARGS
    from tools.serve import serve_in_thread
    from tools.setup_env import find_chromium

    for tree in trees.values() if build else ():
        subprocess.run([sys.executable, str(tree / "build.py"), "build"], cwd=tree, check=True,
                       stdout=subprocess.DEVNULL)
    servers = {side: serve_in_thread(tree / "dist") for side, tree in trees.items()}
    results: dict[str, dict[str, list[float]]] = {s: {n: [] for n in CORES} for s in trees}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
        pages = {}
        for side, (_, url) in servers.items():
            pages[side] = browser.new_page(bypass_csp=True)  # (bench.py new_page: the policy)
            pages[side].goto(f"{url}index.html?paused=1#/tetris?paused=1")
            pages[side].wait_for_function("document.documentElement.dataset.state === 'ready'",
                                          timeout=180_000)
            pages[side].evaluate("window.retroscope.pause()")
        for r in range(rounds):
            for side in (("old", "new") if r % 2 == 0 else ("new", "old")):
                cores = pages[side].evaluate(
                    "a => window.retroscope.bench(a)",
                    {"kind": "cores", "names": list(CORES), "rounds": 1, "seconds": 2,
                     "warmup": 4 if r < 2 else 1})
                for name in CORES:
                    results[side][name].append(cores[name]["cycles_per_s"] / 1e6)
        browser.close()
    for server, _ in servers.values():
        server.shutdown()
    out = [row(f"{name} clock, page (MHz)", results["old"][name], results["new"][name])
           for name in CORES]
    print("\n".join(out), flush=True)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--base", default="main", help="the old tree's git revision")
    parser.add_argument("--rounds", type=int, default=8, help="turns of each side per figure")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds a turn")
    parser.add_argument("--no-debugger", action="store_true", help="skip the debugger's ratios")
    parser.add_argument("--debugger-only", action="store_true",
                        help="only the debugger's ratios")
    parser.add_argument("--debugger-rounds", type=int, default=1,
                        help="measurements of the debugger's ratios per tree and machine")
    parser.add_argument("--frames-only", action="store_true",
                        help="only the machines' frames per second, bare")
    parser.add_argument("--settle", type=int, default=420,
                        help="frames each debugger configuration runs untimed first")
    parser.add_argument("--page", action="store_true", help="the page's clocks too")
    parser.add_argument("--page-only", metavar="OLD_TREE",
                        help="only the page's clocks, of OLD_TREE's dist/ and this one's, "
                             "both built already")
    args = parser.parse_args()
    if args.worker:
        worker()
        return 0
    if args.page_only:
        page({"old": Path(args.page_only), "new": REPO}, max(4, args.rounds // 2), build=False)
        return 0
    with tempfile.TemporaryDirectory(prefix="bench-ab-") as tmp:
        base = Path(tmp) / "base"
        subprocess.run(["git", "worktree", "add", "--detach", str(base), args.base], cwd=REPO,
                       check=True, stdout=subprocess.DEVNULL)
        try:
            for link in (".venv", ".cache"):
                if (REPO / link).exists():
                    (base / link).symlink_to((REPO / link).resolve())
            print(f"old: {args.base} ({base}); new: {REPO}\n")
            print("| figure | old | new | new / old (range of turns) |\n|---|---|---|---|")
            old, new = Worker(base), Worker(REPO)
            try:
                machines = ["tetris", "backgammon", "pacman", "crpg", "jmc"]
                if args.frames_only:
                    frame_rows(old, new, machines, args.rounds, args.settle)
                    return 0
                if not args.debugger_only:
                    cpython(old, new, args.rounds, args.seconds)
                    frame_rows(old, new, machines, args.rounds, args.settle)
                if not args.no_debugger:
                    debugger_rows(old, new, machines, frames=60, repeats=5,
                                  settle=args.settle, rounds=args.debugger_rounds)
            finally:
                old.close()
                new.close()
            if args.page:
                page({"old": base, "new": REPO}, max(4, args.rounds // 2))
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=REPO,
                           check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
