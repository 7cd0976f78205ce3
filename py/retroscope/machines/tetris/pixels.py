"""Drawing our own art as pixel grids (palette indices 0-3), for the tile sets."""

from __future__ import annotations

Pixels = list[list[int]]


def canvas(w: int, h: int) -> Pixels:
    return [[0] * w for _ in range(h)]


def rect(px: Pixels, x0: int, y0: int, x1: int, y1: int, v: int) -> None:
    """Fill x0..x1-1, y0..y1-1, clipped to the grid."""
    for y in range(max(0, y0), min(len(px), y1)):
        for x in range(max(0, x0), min(len(px[0]), x1)):
            px[y][x] = v


def line(px: Pixels, x0: int, y0: int, x1: int, y1: int, v: int) -> None:
    n = max(abs(x1 - x0), abs(y1 - y0), 1)
    for i in range(n + 1):
        x = round(x0 + (x1 - x0) * i / n)
        y = round(y0 + (y1 - y0) * i / n)
        if 0 <= y < len(px) and 0 <= x < len(px[0]):
            px[y][x] = v
