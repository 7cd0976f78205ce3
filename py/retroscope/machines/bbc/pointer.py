"""Our stand-in for a mouse, for games that take clicks: three registers in
FRED beside the host filing system (a BBC Micro had its AMX mouse on the user
VIA; a game here needs only where a click fell).

  $FC10  x of the last click, in MODE 2 pixels (0-159)
  $FC11  y of the last click (0-255, top line 0)
  $FC12  1 when a click is waiting; the program writes 0 to take it
"""

from __future__ import annotations

from typing import Any

BASE = 0x10


class Pointer:
    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.regs = [0, 0, 0]

    def owns(self, addr: int) -> bool:
        return BASE <= (addr & 0xFF) < BASE + 3

    def read(self, addr: int) -> int:
        return self.regs[(addr & 0xFF) - BASE]

    def write(self, addr: int, value: int) -> None:
        if (addr & 0xFF) - BASE == 2:
            self.regs[2] = value & 1

    def click(self, x: int, y: int) -> None:
        """A click at framebuffer pixel (x, y): 320 x 256, two to a MODE 2 pixel."""
        self.regs = [max(0, min(159, int(x) // 2)), max(0, min(255, int(y))), 1]

    def snapshot(self) -> dict[str, Any]:
        return {"regs": list(self.regs)}

    def restore(self, snap: dict[str, Any]) -> None:
        self.regs = [int(v) & 0xFF for v in snap["regs"]][:3]
