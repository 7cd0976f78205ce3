"""Timing loops shared by CPython (`build.py bench`) and the page's worker.

The same functions run in both places, so the two figures compare like with
like. Each core's figure is emulated cycles per second over windows of wall
time; the settled figure is the median of the windows after a warm-up
(Chromium runs wasm fast for a few seconds and then settles slower).
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from importlib import import_module
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


def measure_core(name: str, seconds: float = 3.0, warmup: float = 1.0,
                 window: float = 0.5, **workload: str) -> dict[str, Any]:
    """Emulated cycles per second of one core on its fixed workload (or the
    one `workload=` names, where its module has several)."""
    bench = CORES[name]
    cpu = import_module(f".{bench.module}", __package__).setup(**workload)
    run = cpu.run
    clock = time.perf_counter
    windows: list[float] = []
    start = clock()
    end = start + warmup + seconds
    while True:
        t0 = clock()
        if t0 >= end:
            break
        c0 = cpu.cycles
        while clock() - t0 < window:
            run(CHUNK_CYCLES)
        if t0 - start >= warmup:
            windows.append((cpu.cycles - c0) / (clock() - t0))
    hz = statistics.median(windows) if windows else 0.0
    return {
        "core": name, "hardware": bench.hardware, "cycles_per_s": hz,
        "ratio_to_hardware": hz / bench.clock_hz, "windows": len(windows),
        "first_window_hz": windows[0] if windows else 0.0,
        # the end of the run: does the speed hold (Chromium tiers wasm up and down)?
        "last_hz": statistics.median(windows[-5:]) if windows else 0.0,
    }


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

    machine = machines.create(machine_id)
    for _ in range(warmup_frames):
        machine.run_frame(0)
    t0 = time.perf_counter()
    for _ in range(frames):
        machine.run_frame(0)
    elapsed = time.perf_counter() - t0
    ms = 1000 * elapsed / frames
    fps = machine.INFO.fps
    return {"machine": machine_id, "ms_per_frame": ms,
            "ratio_to_realtime": (1000 / fps) / ms if ms else 0.0,
            "figures": machine.bench_figures()}
