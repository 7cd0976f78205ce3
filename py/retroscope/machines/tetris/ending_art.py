"""Our own art for the endings (no Nintendo graphics): a cathedral of onion domes
after St Basil's, a launch pad with its gantry beside it, rockets of growing
size, a Buran orbiter on its carrier, the UFO (the castle of the best B-type
ending and its band are `castle_art`'s).

The background picture is drawn here as 2-bit pixels, cut into tiles, and
deduplicated: `background_tiles()` gives the tiles for pattern table 0 from
`FIRST_TILE` on, and `CATHEDRAL` the tile map the 6502 program redraws when
the cathedral lifts off (one source for the screen and the program); the
castle of the best B-type ending (`castle_art`) is cut into the same tiles.
"""

from __future__ import annotations

import math
from functools import lru_cache

from . import castle_art
from .pixels import Pixels, canvas, rect

FIRST_TILE = 0x80  # background tiles of the endings: $80 upwards (below $EF),
# then the other numbers pattern table 0 leaves free
FREE_TILES = (*range(FIRST_TILE, 0xEF), *range(0xF0, 0xFF), *range(0x51, 0x7B))
BLANK = 0xFF

# Where the pieces of the ending screen go (tile column, row).
CATHEDRAL_AT = (2, 14)
CATHEDRAL_SIZE = (13, 12)  # tiles
# The ground's top is line 208, so that the runners of the article's table
# (penguins and ostriches at Y $C8: lines 201-208) run on it.
GROUND_ROW = 26
PAD_AT = (18, 24)  # the pad's deck: 6 tiles wide, 2 rows
TOWER_AT = (24, 12)  # the gantry: 2 tiles wide, down to the deck
LAUNCH_X = 164  # pixel column of the rocket's left edge (over the pad)
LAUNCH_BOTTOM = PAD_AT[1] * 8  # the rocket stands on the deck (pixel row)


def _onion(px: Pixels, cx: int, base: int, r: int, stripe: int) -> None:
    """An onion dome: a bulb of radius r whose lowest row is `base`, tapering to a
    point 2r above the bulb's middle, striped in swirls, with a white cross."""
    cy = base - r
    top = cy - 2 * r
    for y in range(top, base + 1):
        if y >= cy - 0.6 * r:
            hw = math.sqrt(max(0.0, r * r - (y - cy) ** 2))
        else:
            hw = (y - top) / (1.4 * r) * 0.8 * r
        for x in range(int(cx - hw), int(cx + hw) + 1):
            if 0 <= y < len(px) and 0 <= x < len(px[0]):
                swirl = ((x - cx) + (y - top) // 2) // stripe
                px[y][x] = 2 if swirl % 2 else 3
    for y in range(top - 5, top):  # the cross
        if 0 <= y < len(px):
            px[y][cx] = 1
    if 0 <= top - 3 < len(px):
        px[top - 3][cx - 1] = px[top - 3][cx + 1] = 1


def _drum(px: Pixels, cx: int, top: int, bottom: int, half: int) -> None:
    """A tower under a dome: red, a white cornice, two tall white windows."""
    rect(px, cx - half, top, cx + half + 1, bottom, 2)
    rect(px, cx - half - 1, top, cx + half + 2, top + 2, 1)
    for wx in (cx - half // 2 - 1, cx + half // 2):
        rect(px, wx, top + 5, wx + 2, top + 11, 1)


@lru_cache(maxsize=1)
def cathedral_pixels() -> Pixels:
    w, h = 8 * CATHEDRAL_SIZE[0], 8 * CATHEDRAL_SIZE[1]
    px = canvas(w, h)
    mid = w // 2
    # the tent spire in the middle, on its drum, with a small onion on top
    rect(px, mid - 10, 52, mid + 11, 70, 2)
    for y in range(14, 54):
        hw = (y - 14) * 9 // 40 + 1
        for x in range(mid - hw, mid + hw + 1):
            px[y][x] = 1 if (x - mid + y) % 6 == 0 else 3
    _onion(px, mid, 15, 4, 2)
    # four side towers with their domes, the outer ones lower
    for cx, top, r in ((14, 50, 7), (34, 40, 8), (w - 35, 40, 8), (w - 15, 50, 7)):
        _drum(px, cx, top, 76, r - 2)
        _onion(px, cx, top - 1, r, 3)
    # the gallery along the base, with arched doors the sky shows through
    rect(px, 2, 70, w - 2, h, 2)
    rect(px, 2, 70, w - 2, 72, 1)
    for ax in range(8, w - 8, 12):
        rect(px, ax, 80, ax + 5, h, 0)
        for dx in range(5):
            px[79][ax + dx] = 0 if dx in (1, 2, 3) else 2
            px[78][ax + dx] = 1 if dx in (1, 2, 3) else 2
    return px


def _tiles_of(px: Pixels) -> list[list[Pixels]]:
    rows = len(px) // 8
    cols = len(px[0]) // 8
    return [[[row[8 * c : 8 * c + 8] for row in px[8 * r : 8 * r + 8]] for c in range(cols)]
            for r in range(rows)]


def _tower_tiles() -> tuple[Pixels, Pixels]:
    """The gantry's two columns: rails and cross-bracing."""
    left = [[1 if c in (0, 1) or (r + c) % 8 == 7 else 0 for c in range(8)] for r in range(8)]
    right = [[1 if c in (6, 7) or (r - c) % 8 == 0 else 0 for c in range(8)] for r in range(8)]
    return left, right


def _deck_tile() -> Pixels:
    return [[1 if r == 0 else 3 if r < 3 else (2 if (c + r) % 4 == 0 else 3)
             for c in range(8)] for r in range(8)]


def _ground_tile() -> Pixels:
    return [[2 if r == 0 or (r * 5 + c * 3) % 7 == 0 else 3 for c in range(8)]
            for r in range(8)]


@lru_cache(maxsize=1)
def _background() -> tuple[dict[int, Pixels], dict[str, tuple[tuple[int, ...], ...]],
                          dict[str, int]]:
    """(tile number -> pixels, the cathedral's and castle's tile maps, named
    single tiles)."""
    tiles: dict[int, Pixels] = {}
    seen: dict[tuple[tuple[int, ...], ...], int] = {}

    def number(tile: Pixels) -> int:
        key = tuple(tuple(row) for row in tile)
        if not any(any(row) for row in tile):
            return BLANK
        if key not in seen:
            if len(seen) == len(FREE_TILES):
                raise ValueError("the endings' pictures need more tiles than are free")
            seen[key] = FREE_TILES[len(seen)]
            tiles[seen[key]] = tile
        return seen[key]

    maps = {name: tuple(tuple(number(t) for t in row) for row in _tiles_of(px))
            for name, px in (("cathedral", cathedral_pixels()),
                             ("castle", castle_art.castle_pixels()))}
    left, right = _tower_tiles()
    named = {"tower_left": number(left), "tower_right": number(right),
             "deck": number(_deck_tile()), "ground": number(_ground_tile())}
    return tiles, maps, named


def background_tiles() -> dict[int, Pixels]:
    return _background()[0]


def cathedral_map() -> tuple[tuple[int, ...], ...]:
    return _background()[1]["cathedral"]


def castle_map() -> tuple[tuple[int, ...], ...]:
    return _background()[1]["castle"]


def named_tile(name: str) -> int:
    return _background()[2][name]


# -- sprites (pattern table 1) ---------------------------------------------------------
# Rockets: one column (tiles ROCKET..+2: nose, body, flame, as before) and two
# columns (ROCKET_WIDE..+5: nose L/R, body L/R, flame L/R); the Buran orbiter
# standing on its carrier's side (BURAN_UP..+2: nose, body, tail); the
# castle's domes and band are `castle_art`'s.
ROCKET = 0x40
ROCKET_WIDE = 0x43
BURAN_UP = 0x58

_WIDE = (
    # nose: a cone over two tiles
    ".......1|......11|.....111|.....111|....1111|....1122|...11122|...11111",
    "1.......|11......|111.....|111.....|1111....|2211....|22111...|11111...",
    # body: white with red bands and a seam
    "..111111|..111111|..122222|..122222|..111111|..111111|..111112|..111112",
    "111111..|111111..|222221..|222221..|111111..|111111..|211111..|211111..",
    # flame
    "..333333|...33223|...32222|....3223|....3322|.....332|.....33.|......3.",
    "333333..|32233...|22223...|3223....|2233....|233.....|.33.....|.3......",
)
_BURAN = (
    "...11...|..1111..|..1111..|.111111.|.113311.|.111111.|.111111.|.111111.",
    ".111111.|.111111.|1111111.|11111111|11111111|11111111|1.1111.1|1.1111.1",
    ".133331.|.133331.|.1.11.1.|...33...|..3223..|..3223..|...33...|........",
)
def _art(text: str) -> Pixels:
    return [[0 if ch == "." else int(ch) for ch in row] for row in text.split("|")]


def sprite_tiles() -> dict[int, Pixels]:
    """Tile number in pattern table 1 -> pixels, for the ending's new sprites."""
    tiles: dict[int, Pixels] = {}
    for i, text in enumerate(_WIDE):
        tiles[ROCKET_WIDE + i] = _art(text)
    for i, text in enumerate(_BURAN):
        tiles[BURAN_UP + i] = _art(text)
    tiles.update(castle_art.sprite_tiles())
    return tiles
