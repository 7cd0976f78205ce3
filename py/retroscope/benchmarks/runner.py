"""Timing loops shared by CPython (`build.py bench`) and the page's worker.

The same functions run in both places, so the two figures compare like with
like. Each core's figure is emulated cycles per second over windows of wall
time; the settled figure is the median of the windows after a warm-up.

Each timed chunk (a core's CHUNK_CYCLES, a machine's frame) is called through
`operator.call`, a C function, so it enters the interpreter anew, as the
page's worker does once a frame. In the page this matters: V8 has no
on-stack replacement for wasm, so one Python loop that never returns keeps
running the code tier its interpreter call began in (Liftoff, about half as
fast as TurboFan) however hot it gets; timed that way, the page seemed to
"settle slower" after a fast start.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from importlib import import_module
from operator import call
from typing import Any


@dataclass(frozen=True)
class CoreBench:
    module: str          # retroscope.benchmarks.<module> with setup()
    clock_hz: float      # the original hardware's clock
    hardware: str


CORES: dict[str, CoreBench] = {
    "mos6502": CoreBench("mos6502", 1_789_773.0, "NES 2A03 at 1.789773 MHz"),
    "z80": CoreBench("z80", 3_072_000.0, "Pac-Man board Z80 at 3.072 MHz"),
    "tms9900": CoreBench("tms9900", 3_000_000.0, "TI-99/4A TMS9900 at 3.0 MHz"),
}

CHUNK_CYCLES = 20_000


def core_windows(cpu: Any, seconds: float, window: float) -> list[float]:
    """Emulated cycles per second of `cpu.run` in windows of wall time."""
    run = cpu.run
    clock = time.perf_counter
    windows: list[float] = []
    end = clock() + seconds
    while True:
        t0 = clock()
        if t0 >= end:
            return windows
        c0 = cpu.cycles
        while clock() - t0 < window:
            call(run, CHUNK_CYCLES)
        windows.append((cpu.cycles - c0) / (clock() - t0))


def setup_core(name: str, **workload: str) -> Any:
    """A core with its bench workload in memory, reset and ready to run."""
    return import_module(f".{CORES[name].module}", __package__).setup(**workload)


def measure_core(name: str, seconds: float = 3.0, warmup: float = 1.0,
                 window: float = 0.5, **workload: str) -> dict[str, Any]:
    """Emulated cycles per second of one core on its fixed workload (or the
    one `workload=` names, where its module has several)."""
    cpu = setup_core(name, **workload)
    core_windows(cpu, warmup, window)
    windows = core_windows(cpu, seconds, window)
    return {**_figures(name, windows),
            "first_window_hz": windows[0] if windows else 0.0,
            # the end of the run: does the speed hold (Chromium tiers wasm up and down)?
            "last_hz": statistics.median(windows[-5:]) if windows else 0.0}


def _figures(name: str, windows: list[float]) -> dict[str, Any]:
    """A core's median over its windows, in Hz and as a ratio to the hardware."""
    hz = statistics.median(windows) if windows else 0.0
    return {"core": name, "hardware": CORES[name].hardware, "cycles_per_s": hz,
            "ratio_to_hardware": hz / CORES[name].clock_hz, "windows": len(windows)}


def measure_cores(names: list[str], rounds: int = 6, seconds: float = 2.0,
                  warmup: float = 4.0, window: float = 0.5) -> dict[str, dict[str, Any]]:
    """The cores taking turns: each warmed up once, then `rounds` turns of
    `seconds` each. A host whose speed swings over seconds (this one's does,
    by up to 1.7x, in CPython as in the page) then weighs on every core
    alike. Per core: the median of all its windows, and the lowest and
    highest of its rounds' medians."""
    cpus = {name: setup_core(name) for name in names}
    for cpu in cpus.values():
        core_windows(cpu, warmup, window)
    windows: dict[str, list[float]] = {name: [] for name in names}
    per_round: dict[str, list[float]] = {name: [] for name in names}
    for _ in range(rounds):
        for name, cpu in cpus.items():
            turn = core_windows(cpu, seconds, window)
            windows[name] += turn
            per_round[name].append(statistics.median(turn))
    return {name: {**_figures(name, windows[name]),
                   "round_min": min(per_round[name]) / CORES[name].clock_hz,
                   "round_max": max(per_round[name]) / CORES[name].clock_hz}
            for name in names}


def measure_step(name: str, rounds: int = 8, window: float = 0.25,
                 reference: Any = None) -> dict[str, Any]:
    """Emulated cycles per second of one core's `step()` (the debugger's
    single steps, the trace, a checked frame's replay) on its workload; with
    `reference` = (step, cycles) of another emulator on the same program, the
    median over rounds of the ratio within a round (process time, windows
    taking turns, so load from elsewhere weighs on both alike)."""
    bench = CORES[name]
    cpu = import_module(f".{bench.module}", __package__).setup()
    clock = time.process_time

    def rate(step: Any, cycles: Any) -> float:
        t0, c0 = clock(), cycles()
        while clock() - t0 < window:
            for _ in range(500):
                step()
        return (cycles() - c0) / (clock() - t0)

    ours: list[float] = []
    ratios: list[float] = []
    for _ in range(rounds):
        ours.append(rate(cpu.step, lambda: cpu.cycles))
        if reference is not None:
            ratios.append(ours[-1] / rate(*reference))
    hz = statistics.median(ours)
    out = {"core": name, "hardware": bench.hardware, "step_cycles_per_s": hz,
           "ratio_to_hardware": hz / bench.clock_hz}
    if ratios:
        out.update(ratio_to_reference=statistics.median(ratios), ratio_min=min(ratios),
                   ratio_max=max(ratios))
    return out


def measure_frames(machine_id: str, frames: int = 120, warmup_frames: int = 30) -> dict[str, Any]:
    """Milliseconds per video frame of a whole machine (CPU, devices, rendering)."""
    from .. import machines
    from . import mechanics

    machine = machines.create(machine_id)
    run_frame = machine.run_frame
    for _ in range(warmup_frames):
        call(run_frame, 0)
    t0 = time.perf_counter()
    for _ in range(frames):
        call(run_frame, 0)
    elapsed = time.perf_counter() - t0
    ms = 1000 * elapsed / frames
    fps = machine.INFO.fps
    return {"machine": machine_id, "ms_per_frame": ms,
            "ratio_to_realtime": (1000 / fps) / ms if ms else 0.0,
            "figures": mechanics.figures(machine)}
