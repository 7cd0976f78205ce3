"""How good a board is: weighted features, the weights tuned offline (`weights.py`).

A board is 20 row masks (row 0 at the top, bit c = column c). The bot stacks
on columns 0-8 and keeps column 9 for the I piece (tetrises pay 1200 x (level
+ 1), four singles 160 x (level + 1)), so the surface features skip column 9
and column 9 has features of its own.
"""

from __future__ import annotations

FEATURES = (
    "holes",          # empty cells under a square of their column
    "hole_rows",      # rows with at least one hole
    "covers",         # squares stacked over the highest hole of each column
    "bumpiness",      # sum of |height steps| over columns 0-8
    "bump_sq",        # sum of squared steps (cliffs cost more)
    "avg_height",     # mean height of columns 0-8
    "max_height",
    "row_trans",      # filled/empty changes along rows (walls count as filled)
    "col_trans",      # filled/empty changes down columns (floor counts as filled)
    "deep_wells",     # depth past 2 of the wells in columns 0-8 (each needs an I)
    "well_col",       # height of column 9 (the tetris well), want 0
    "ready",          # rows ready to go in one tetris (col 9 open, 0-8 full), up to 4
    "burn",           # lines cleared one to three at a time
    "tetris",         # tetrises
    "danger",         # (max height - 8)^2 over columns 0-8 when above 8
    "left_high",      # height of columns 0-2 above 8 rows: out of reach at level 29
    "deep_ready",     # well (column 9) depth past four: nothing but an I fits in it
)
N = len(FEATURES)

_POP = bytes(bin(i).count("1") for i in range(1024))
# Row transitions with a wall on each side: bits 0..9 plus walls at -1 and 10.
_ROW_TRANS = bytes(bin(((r << 1) | 0x801) ^ (((r << 1) | 0x801) >> 1)).count("1") - 1
                   for r in range(1024))


def features(rows: list[int], lines: int) -> list[float]:
    """The feature values of a board reached by a move that cleared `lines`."""
    heights = [0] * 10
    holes = hole_rows = row_trans = col_trans = 0
    above = 0
    prev = 0
    pop = _POP
    highest_hole = [20] * 10  # row of each column's highest hole
    for r, row in enumerate(rows):
        new = row & ~above
        if new:
            for c in range(10):
                if new >> c & 1:
                    heights[c] = 20 - r
        h = above & ~row & 0x3FF
        if h:
            holes += pop[h]
            hole_rows += 1
            for c in range(10):
                if h >> c & 1 and highest_hole[c] == 20:
                    highest_hole[c] = r
        above |= row
        row_trans += _ROW_TRANS[row]
        col_trans += pop[row ^ prev]
        prev = row
    col_trans += pop[prev ^ 0x3FF]  # the floor
    covers = 0
    for c in range(10):
        if highest_hole[c] < 20:
            covers += highest_hole[c] - (20 - heights[c])
    bump = bump_sq = 0
    for c in range(8):
        d = heights[c] - heights[c + 1]
        bump += abs(d)
        bump_sq += d * d
    deep = 0
    for c in range(9):
        left = heights[c - 1] if c > 0 else 20
        right = heights[c + 1] if c < 8 else 20
        depth = min(left, right) - heights[c]
        if depth >= 3:
            deep += depth - 2
    surface = heights[:9]
    max_h = max(surface)
    ready = 0
    for r in range(19 - heights[9], -1, -1):
        if rows[r] != 0x1FF:
            break
        ready += 1
        if ready == 4:
            break
    danger = (max_h - 8) ** 2 if max_h > 8 else 0
    left_high = sum(h - 8 for h in heights[:3] if h > 8)
    return [holes, hole_rows, covers, bump, bump_sq, sum(surface) / 9, max_h, row_trans,
            col_trans, deep, heights[9], ready, lines if 0 < lines < 4 else 0,
            1 if lines == 4 else 0, danger, left_high, max(heights[8] - heights[9] - 4, 0)]


def score(weights: tuple[float, ...] | list[float], rows: list[int], lines: int) -> float:
    f = features(rows, lines)
    return sum(w * v for w, v in zip(weights, f, strict=True))
