"""A run of a machine's frames as an animated GIF that a notebook shows.

`Machine.frames(n)` makes one; Jupyter shows it through `_repr_html_` (the GIF
inline, as a data: URL), and `save(path)` writes the file.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .gif import GifWriter

# What presses the buttons each frame: held bits, one value per frame, or a
# program asked before each frame (the Tetris AI's `Bot.buttons`).
Buttons = int | Sequence[int] | Callable[[Any], int]


def buttons_for(buttons: Buttons, frame: int, machine: Any) -> int:
    if callable(buttons):
        return buttons(machine)
    if isinstance(buttons, int):
        return buttons
    return buttons[frame] if frame < len(buttons) else 0


def delays(fps: float, every: int, count: int) -> list[int]:
    """Hundredths of a second for each of `count` frames kept one in `every`,
    rounded so that the whole run keeps the machine's time."""
    shown = [round(100 * every * (i + 1) / fps) for i in range(count)]
    return [b - a for a, b in zip([0, *shown], shown, strict=False)]


class Animation:
    """Frames of a machine as a GIF: shown in Jupyter, saved with `save`."""

    def __init__(self, gif: bytes, frames: int, width: int, height: int) -> None:
        self.gif = gif
        self.frames = frames
        self.width, self.height = width, height

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.write_bytes(self.gif)
        return path

    def _repr_html_(self) -> str:
        data = base64.b64encode(self.gif).decode()
        return (f'<img src="data:image/gif;base64,{data}" width="{self.width * 2}" '
                f'style="image-rendering: pixelated" alt="{self.frames} frames">')

    def __repr__(self) -> str:
        return (f"<Animation: {self.frames} frames, {self.width}x{self.height}, "
                f"{len(self.gif)} bytes>")


def record(machine: Any, n: int, buttons: Buttons = 0, every: int = 2,
           out: Any = None) -> int:
    """Run `n` frames of `machine`, writing one in `every` into a GIF at `out`
    (a path or a binary file); the number of frames kept."""
    if n < 1 or every < 1:
        raise ValueError("frames and every must be at least 1")
    kept = list(range(every - 1, n, every)) or [n - 1]
    timing = dict(zip(kept, delays(machine.INFO.fps, every, len(kept)), strict=True))
    with GifWriter(out, machine.width, machine.height, machine.palette) as gif:
        for i in range(n):
            machine.run_frame(buttons_for(buttons, i, machine))
            if i in timing:
                gif.add(machine.framebuffer, timing[i], machine.palette)
    return len(kept)


def animate(machine: Any, n: int, buttons: Buttons = 0, every: int = 2) -> Animation:
    buffer = io.BytesIO()
    kept = record(machine, n, buttons, every, buffer)
    return Animation(buffer.getvalue(), kept, machine.width, machine.height)
