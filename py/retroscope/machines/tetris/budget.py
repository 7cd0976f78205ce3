"""Where a Tetris frame's time goes, watched from outside the program: the
NMI, the sound driver's call and the main loop's wait for vblank, in CPU
cycles (for the budget tests and the bench's `benchmarks/mechanics.py`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class FrameWatch:
    """The frame's landmarks in CPU cycles: each NMI, each entry to the sound
    driver (JSR $E000 from waitForVBlank pushes $AA,$31), each wait for vblank
    (the vblank flag cleared), and the sprites the PPU holds at each wait."""

    def __init__(self, m: Any) -> None:
        self.m = m
        self.events: list[tuple[str, int]] = []
        self.sprites: list[int] = []
        self._pushed_hi = False
        self._raise = m.ppu.on_nmi

    def _nmi(self) -> None:
        self.events.append(("nmi", self.m.cpu.cycles))
        self._raise()

    def _write(self, addr: int, value: int) -> None:
        if 0x100 <= addr <= 0x1FF:
            if self._pushed_hi and value == 0x31:
                self.events.append(("audio", self.m.cpu.cycles))
            self._pushed_hi = value == 0xAA
        elif addr == 0x33 and value == 0:
            self.events.append(("wait", self.m.cpu.cycles))
            self.sprites.append(sum(1 for i in range(0, 256, 4) if self.m.ppu.oam[i] < 0xEF))

    def run(self, frames: int) -> None:
        m = self.m
        self._raise = m.ppu.on_nmi
        m.ppu.on_nmi = self._nmi
        m.bus.add_watch("write", self._write)
        try:
            for _ in range(frames):
                m.run_frame()
        finally:
            m.bus.remove_watch("write", self._write)
            m.ppu.on_nmi = self._raise

    def lag_frames(self) -> int:
        """NMIs followed by another NMI with no wait between: vblanks the main
        loop missed."""
        kinds = [k for k, _ in self.events if k != "audio"]
        return sum(1 for a, b in zip(kinds, kinds[1:], strict=False) if a == b == "nmi")


def driver_cycles(m: Any, frames: int, buttons: Callable[[int], int]) -> list[int]:
    """Cycles of each call of the sound driver (JSR $E000 to the wait's
    `STA $33`, less its `LDA #0`), over frames of play."""
    watch = FrameWatch(m)
    m.bus.add_watch("write", watch._write)
    try:
        for i in range(frames):
            m.run_frame(buttons(i))
    finally:
        m.bus.remove_watch("write", watch._write)
    out, entry = [], None
    for kind, at in watch.events:
        if kind == "audio":
            entry = at
        elif kind == "wait" and entry is not None:
            out.append(at - entry - 2)
            entry = None
    return out
