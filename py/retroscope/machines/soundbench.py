"""What a sound chip and a program's sound engine cost a frame, for the
machines' `bench_figures` (`build.py bench` prints them in CPython and in the
page's Pyodide): the engine's cycles out of the frame's, and the host time of
the device's register writes."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def write_us(write: Callable[[], None], logs: Any, n: int = 2000) -> float:
    """Host microseconds of one register write through the bus (`write` makes
    one); the logs it fills are emptied afterwards."""
    t0 = time.perf_counter()
    for _ in range(n):
        write()
    elapsed = time.perf_counter() - t0
    for log in logs:
        log.clear()
    return 1e6 * elapsed / n


def routine_cycles(machine: Any, label: str, **regs: int) -> int:
    """Cycles of one call of a routine of the program, the machine put back after."""
    snap = machine.snapshot()
    try:
        return int(machine.call(label, **regs)["cycles"])
    finally:
        machine.restore(snap)
