"""A progress bar on stderr for long work (frames run, games played).

Drawn in place with a carriage return, at most ten times a second, when
stderr is a terminal or `--progress` asks for it; `--no-progress` or a pipe
keeps stderr quiet. It ends with a newline, so its last state stays on
screen above what the command prints.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

WIDTH = 30
EVERY = 0.1  # seconds between redraws


class Progress:
    def __init__(self, total: int, label: str, enabled: bool | None = None,
                 unit: str = "", stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.total = max(1, total)
        self.label = label
        self.unit = unit
        self.began = time.monotonic()
        self._drawn = 0.0
        self._done = 0
        self._open = False

    def update(self, done: int, total: int | None = None) -> None:
        if total is not None:
            self.total = max(1, total)
        self._done = done
        now = time.monotonic()
        if self.enabled and (now - self._drawn >= EVERY or done >= self.total):
            self._draw(now)

    def _draw(self, now: float) -> None:
        share = min(1.0, self._done / self.total)
        filled = round(WIDTH * share)
        unit = f" {self.unit}" if self.unit else ""
        text = (f"\r{self.label} [{'#' * filled}{'-' * (WIDTH - filled)}] {100 * share:3.0f}% "
                f"{self._done}/{self.total}{unit} {now - self.began:.1f} s")
        self.stream.write(text)
        self.stream.flush()
        self._drawn = now
        self._open = True

    def close(self) -> None:
        if self.enabled and self._open:
            self._draw(time.monotonic())
            self.stream.write("\n")
            self.stream.flush()
            self._open = False

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
