"""Our own board, checker, dice and font tiles, built as CHR (2 bits a pixel).

Pixel values: 0 felt, 1 point colour (red/cream by palette), 2 checker colour
(white/black by palette), 3 frame brown. A 16x16 attribute block picks one of
four background palettes = point colour x checker colour, so a checker drawn
on a point keeps the point's colour in its corners.
"""

from __future__ import annotations

from functools import cache

# Tile numbers (pattern table 0).
BLANK = 0x00
FRAME = 0x01
DOWN_POINT = 0x10  # 20 tiles: 10 rows x (left, right), point hanging from the top
UP_POINT = 0x24  # 20 tiles, point standing on the bottom
DOWN_CHECKER = 0x38  # 20 tiles: 5 slots x 4 quadrants over a hanging point
UP_CHECKER = 0x4C  # 20 tiles over a standing point
BAR_CHECKER = 0x60  # 4 quadrants on plain felt
DICE = 0x70  # 6 faces x 4 quadrants
CURSOR = 0x90  # sprite: an arrow
TARGET = 0x91  # sprite: a dot
FONT = 0xA0  # ' ' then the characters of FONT_CHARS

FONT_CHARS = " 0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-:.!?/>*()$="
# 3x5 glyphs, rows top to bottom, '#' = ink.
_GLYPHS = {
    " ": "... ... ... ... ...", "0": "### #.# #.# #.# ###", "1": ".#. ##. .#. .#. ###",
    "2": "### ..# ### #.. ###", "3": "### ..# .## ..# ###", "4": "#.# #.# ### ..# ..#",
    "5": "### #.. ### ..# ###", "6": "### #.. ### #.# ###", "7": "### ..# .#. .#. .#.",
    "8": "### #.# ### #.# ###", "9": "### #.# ### ..# ###", "A": ".#. #.# ### #.# #.#",
    "B": "##. #.# ##. #.# ##.", "C": ".## #.. #.. #.. .##", "D": "##. #.# #.# #.# ##.",
    "E": "### #.. ##. #.. ###", "F": "### #.. ##. #.. #..", "G": ".## #.. #.# #.# .##",
    "H": "#.# #.# ### #.# #.#", "I": "### .#. .#. .#. ###", "J": "..# ..# ..# #.# .#.",
    "K": "#.# #.# ##. #.# #.#", "L": "#.. #.. #.. #.. ###", "M": "#.# ### ### #.# #.#",
    "N": "##. #.# #.# #.# #.#", "O": ".#. #.# #.# #.# .#.", "P": "##. #.# ##. #.. #..",
    "Q": ".#. #.# #.# ##. .##", "R": "##. #.# ##. #.# #.#", "S": ".## #.. .#. ..# ##.",
    "T": "### .#. .#. .#. .#.", "U": "#.# #.# #.# #.# ###", "V": "#.# #.# #.# #.# .#.",
    "W": "#.# #.# ### ### #.#", "X": "#.# #.# .#. #.# #.#", "Y": "#.# #.# .#. .#. .#.",
    "Z": "### ..# .#. #.. ###", "-": "... ... ### ... ...", ":": "... .#. ... .#. ...",
    ".": "... ... ... ... .#.", "!": ".#. .#. .#. ... .#.", "?": "##. ..# .#. ... .#.",
    "/": "..# ..# .#. #.. #..", ">": "#.. .#. ..# .#. #..", "*": "... #.# .#. #.# ...",
    "(": "..# .#. .#. .#. ..#", ")": "#.. .#. .#. .#. #..",
    "$": ".## ##. .#. .## ##.", "=": "... ### ... ### ...",
}

Pixels = list[list[int]]  # 8 rows of 8 values 0-3


def encode(tile: Pixels) -> bytes:
    """8x8 pixel values -> 16 CHR bytes (low plane, then high plane)."""
    lo = bytes(sum(((row[x] & 1) << (7 - x)) for x in range(8)) for row in tile)
    hi = bytes(sum(((row[x] >> 1) << (7 - x)) for x in range(8)) for row in tile)
    return lo + hi


def _point_pixel(x: int, y: int) -> int:
    """A 16x80 point, y measured from its base: 1 inside, 0 outside."""
    half = 8 * (1 - (y + 0.5) / 80)
    return 1 if abs(x + 0.5 - 8) < half else 0


def _checker_pixel(x: int, y: int) -> int | None:
    """A 16x16 checker: 2 fill, 3 rim, None outside (background shows)."""
    d = ((x - 7.5) ** 2 + (y - 7.5) ** 2) ** 0.5
    if d <= 6.2:
        return 2 if d <= 5.0 or abs(d - 3.4) > 0.6 else 3
    if d <= 7.6:
        return 3
    return None


def _point_tiles(up: bool) -> list[Pixels]:
    tiles = []
    for row in range(10):
        for half in range(2):
            tile = []
            for ty in range(8):
                y_from_base = row * 8 + ty if not up else row * 8 + 7 - ty
                tile.append([_point_pixel(half * 8 + tx, y_from_base) for tx in range(8)])
            tiles.append(tile)
    return tiles


def _checker_tiles(up: bool | None) -> list[Pixels]:
    """Quadrants (TL, TR, BL, BR) of a checker in each of 5 slots over a point."""
    tiles = []
    for slot in range(5 if up is not None else 1):
        for qy in range(2):
            for qx in range(2):
                tile = []
                for ty in range(8):
                    y = qy * 8 + ty  # within the checker, top down
                    if up is None:
                        base = 0
                    elif up:
                        base_y = slot * 16 + 15 - y
                    else:
                        base_y = slot * 16 + y
                    row = []
                    for tx in range(8):
                        x = qx * 8 + tx
                        px = _checker_pixel(x, y)
                        if px is None:
                            px = base if up is None else _point_pixel(x, base_y)
                        row.append(px)
                    tile.append(row)
                tiles.append(tile)
    return tiles


def _glyph_tile(ch: str, ink: int, paper: int) -> Pixels:
    rows = _GLYPHS[ch].split()
    tile = [[paper] * 8 for _ in range(8)]
    for gy, line in enumerate(rows):
        for gx, c in enumerate(line):
            if c == "#":
                # 3x5 glyph doubled across to 6 wide, 5 tall with 1 px margin.
                tile[gy + 1][1 + gx * 2] = ink
                tile[gy + 1][2 + gx * 2] = ink
    return tile


_PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
         4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
         6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}


def _die_tiles(face: int) -> list[Pixels]:
    big = [[0] * 16 for _ in range(16)]
    for y in range(1, 15):
        for x in range(1, 15):
            edge = x in (1, 14) or y in (1, 14)
            big[y][x] = 3 if edge else 2
    for gx, gy in _PIPS[face]:
        cx, cy = 4 + gx * 4, 4 + gy * 4
        for y in range(cy - 1, cy + 1):
            for x in range(cx - 1, cx + 1):
                big[y][x] = 1
    return [[row[qx * 8:qx * 8 + 8] for row in big[qy * 8:qy * 8 + 8]]
            for qy in range(2) for qx in range(2)]


def _arrow() -> Pixels:
    rows = ["11111111", ".111111.", "..1111..", "...11...", "........",
            "........", "........", "........"]
    return [[1 if c == "1" else 0 for c in r] for r in rows]


def _dot() -> Pixels:
    rows = ["........", "........", "..1111..", ".111111.", ".111111.", "..1111..",
            "........", "........"]
    return [[1 if c == "1" else 0 for c in r] for r in rows]


@cache
def build_chr() -> bytes:
    """The 8 KiB of CHR RAM: background tiles in table 0, sprites use it too
    (made once a process: the boot snapshot holds it)."""
    chr_data = bytearray(0x2000)

    def put(index: int, tile: Pixels) -> None:
        chr_data[index * 16:index * 16 + 16] = encode(tile)

    put(FRAME, [[3] * 8 for _ in range(8)])
    for base, tiles in ((DOWN_POINT, _point_tiles(False)), (UP_POINT, _point_tiles(True)),
                        (DOWN_CHECKER, _checker_tiles(False)),
                        (UP_CHECKER, _checker_tiles(True)), (BAR_CHECKER, _checker_tiles(None))):
        for i, tile in enumerate(tiles):
            put(base + i, tile)
    for face in range(1, 7):
        for q, tile in enumerate(_die_tiles(face)):
            put(DICE + (face - 1) * 4 + q, tile)
    put(CURSOR, _arrow())
    put(TARGET, _dot())
    for i, ch in enumerate(FONT_CHARS):
        put(FONT + i, _glyph_tile(ch, 2, 0))
    return bytes(chr_data)


def text_tiles(text: str) -> list[int]:
    """Tile numbers for a line of text (unknown characters show as '?')."""
    out = []
    for ch in text.upper():
        i = FONT_CHARS.find(ch)
        out.append(FONT + (i if i >= 0 else FONT_CHARS.index("?")))
    return out
