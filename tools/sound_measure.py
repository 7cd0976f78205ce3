"""Render sound-chip write logs with the page's own synths (tools/render_sound.mjs
under node) and measure the samples: frequency, duty, level. Plain Python, for
tests (numpy is not needed).

    frames = [frame(29780, [(0, 0x15, 0x01), (0, 0x00, 0xBF), ...])] + silent(30)
    samples = render(frames)
    frequency(samples[4800:]), duty(samples), peak_to_peak(samples)
"""

from __future__ import annotations

import json
import math
import shutil
import subprocess
from array import array
from collections.abc import Iterable, Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RENDER = REPO / "tools" / "render_sound.mjs"
RATE = 48000
NES_CLOCK = 236_250_000 / 11 / 12
NES_FRAME = 29781  # CPU cycles in a frame, near enough for a test


def node() -> str | None:
    return shutil.which("node")


def frame(cycles: int = NES_FRAME, writes: Iterable[tuple[int, int, int]] = (),
          chip: str = "apu", clock: float = NES_CLOCK) -> dict:
    """One frame in the worker's message format, from (stamp, reg, value) writes."""
    flat = [v for write in writes for v in write]
    return {"cycles": cycles, "clock": clock,
            "logs": [{"chip": chip, "clock": clock, "writes": flat}]}


def silent(count: int, cycles: int = NES_FRAME, chip: str = "apu",
           clock: float = NES_CLOCK) -> list[dict]:
    """`count` frames with no writes: the chip plays on as set."""
    return [frame(cycles, (), chip, clock) for _ in range(count)]


def render(frames: Sequence[dict], rate: int = RATE) -> list[float]:
    """The mono samples the page's synths make of these frames."""
    exe = node()
    if exe is None:
        raise RuntimeError("node is needed to render sound (tools/render_sound.mjs)")
    done = subprocess.run([exe, str(RENDER), "--rate", str(rate)],
                          input=json.dumps(list(frames)).encode(), capture_output=True,
                          check=False, timeout=120)
    if done.returncode:
        raise RuntimeError(f"render_sound.mjs failed: {done.stderr.decode()[-800:]}")
    samples = array("f")
    samples.frombytes(done.stdout)
    return samples.tolist()


def mean(samples: Sequence[float]) -> float:
    return sum(samples) / len(samples) if samples else 0.0


def peak_to_peak(samples: Sequence[float]) -> float:
    return max(samples) - min(samples) if samples else 0.0


def frequency(samples: Sequence[float], rate: int = RATE) -> float:
    """Hz from the rising crossings of the midpoint between min and max,
    each placed between its two samples; 0.0 for fewer than two."""
    if not samples:
        return 0.0
    mid = (max(samples) + min(samples)) / 2
    crossings = []
    for i in range(1, len(samples)):
        a, b = samples[i - 1] - mid, samples[i] - mid
        if a < 0 <= b:
            crossings.append(i - 1 + a / (a - b))
    if len(crossings) < 2:
        return 0.0
    return (len(crossings) - 1) * rate / (crossings[-1] - crossings[0])


def duty(samples: Sequence[float]) -> float:
    """The share of samples above the midpoint between min and max."""
    if not samples:
        return 0.0
    mid = (max(samples) + min(samples)) / 2
    return sum(1 for s in samples if s > mid) / len(samples)


def autocorrelation_peak(samples: Sequence[float], lo: int, hi: int) -> int:
    """The lag in lo..hi where the signal (mean removed) best matches itself."""
    m = mean(samples)
    x = [s - m for s in samples]
    n = len(x)
    best, best_lag = -math.inf, lo
    for lag in range(lo, hi + 1):
        c = sum(x[i] * x[i + lag] for i in range(n - lag)) / (n - lag)
        if c > best:
            best, best_lag = c, lag
    return best_lag


def pulse_level(volume: int) -> float:
    """The NES mixer's output for one pulse at `volume` (NESdev APU_Mixer)."""
    return 95.88 / (8128 / volume + 100) if volume else 0.0


def triangle_level(step: int) -> float:
    return 159.79 / (1 / (step / 8227) + 100) if step else 0.0
