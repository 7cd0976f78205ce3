"""What the machine draws over the board's picture when asked (the page's
overlays): each ghost's target tile, its last decision, a wall it is inside.

Drawn into the framebuffer after the board's own picture, in palette entries
16 and up, so screenshots and the page show them without a second layer.
"""

from __future__ import annotations

from typing import Any

from ..namco.video import HEIGHT, WIDTH

OVERLAY_COLOURS = {16: 0xFF3030, 17: 0xFFA0FF, 18: 0x30FFFF, 19: 0xFFB040,
                   20: 0xFFFFFF, 21: 0x40FF40, 22: 0x808080}
GHOST_PEN = (16, 17, 18, 19)
WHITE, GREEN, GREY = 20, 21, 22
OVERLAYS = ("targets", "decisions", "walls")


def _plot(fb: bytearray, x: int, y: int, pen: int) -> None:
    if 0 <= x < WIDTH and 0 <= y < HEIGHT:
        fb[y * WIDTH + x] = pen


def _box(fb: bytearray, x0: int, y0: int, size: int, pen: int, dotted: bool = False) -> None:
    for i in range(size):
        if dotted and i % 2:
            continue
        _plot(fb, x0 + i, y0, pen)
        _plot(fb, x0 + i, y0 + size - 1, pen)
        _plot(fb, x0, y0 + i, pen)
        _plot(fb, x0 + size - 1, y0 + i, pen)


def _fill(fb: bytearray, x0: int, y0: int, size: int, pen: int) -> None:
    for dy in range(size):
        for dx in range(size):
            _plot(fb, x0 + dx, y0 + dy, pen)


def _line(fb: bytearray, x0: int, y0: int, x1: int, y1: int, pen: int) -> None:
    steps = max(abs(x1 - x0), abs(y1 - y0), 1)
    for i in range(0, steps + 1, 3):  # dotted
        _plot(fb, x0 + (x1 - x0) * i // steps, y0 + (y1 - y0) * i // steps, pen)


# A 3 x 5 font for the distances the routine compared.
_DIGITS = ("111101101101111", "010110010010111", "111001111100111", "111001111001111",
           "101101111001001", "111100111001111", "111100111101111", "111001001001001",
           "111101111101111", "111101111001111")


def _number(fb: bytearray, cx: int, cy: int, value: int, pen: int) -> None:
    """`value` in tiny digits centred on (cx, cy), on a black box."""
    text = str(value)
    width = 4 * len(text) - 1
    x0, y0 = cx - width // 2, cy - 2
    for dy in range(-1, 6):
        for dx in range(-1, width + 1):
            _plot(fb, x0 + dx, y0 + dy, 0)
    for i, ch in enumerate(text):
        bits = _DIGITS[ord(ch) - 48]
        for n, bit in enumerate(bits):
            if bit == "1":
                _plot(fb, x0 + 4 * i + n % 3, y0 + n // 3, pen)


def draw(fb: bytearray, ghosts: list[dict[str, Any]], shown: dict[str, bool],
         frame: int) -> None:
    for g in ghosts:
        # a ghost off the screen (game over, a death, a cleared level) has
        # nothing to point at
        if g["state"] not in ("active", "eyes") or not g.get("shown", True):
            continue
        pen = GHOST_PEN[g["id"]]
        cx, cy = g["pixel"]
        if shown.get("targets") and g.get("target") is not None:
            tx, ty = g["target"]
            _box(fb, 8 * tx, 8 * ty, 8, pen)
            _line(fb, cx, cy, 8 * tx + 4, 8 * ty + 4, pen)
        decision = g.get("decision")
        if shown.get("decisions") and decision and decision.get("tile"):
            open_ways = [d for d in decision["distances"] if d is not None]
            for d, (x, y) in enumerate(decision["neighbours"]):
                distance = decision["distances"][d]
                if len(open_ways) >= 2 and distance is not None:  # a real choice: the numbers
                    _number(fb, 8 * x + 4, 8 * y + 4, distance,
                            pen if d == decision["chosen"] else GREY)
                elif d == decision["chosen"]:
                    _fill(fb, 8 * x + 2, 8 * y + 2, 4, pen)
        if shown.get("walls") and g.get("in_wall"):
            # Every frame in the wall (a fast ghost crosses a tile in under 8
            # frames, so a marker that blinked could miss it); the outer ring blinks.
            _box(fb, cx - 9, cy - 9, 18, WHITE)
            if frame & 8:
                _box(fb, cx - 11, cy - 11, 22, WHITE, dotted=True)
