"""Our own graphics for the board: tiles, sprites, palette and colour sets.

Everything is drawn here from text and geometry (no original artwork) and
encoded into the board's ROM formats (`namco.gfx`), so the machine decodes
graphics ROMs exactly as it would the real ones.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ..namco.gfx import Graphics, encode_cell
from .maze import TILE_CORNER, TILE_DOOR, TILE_ENERGIZER, TILE_PELLET, TILE_WALL

# Palette PROM entries (bits 0-2 red, 3-5 green, 6-7 blue).
BLACK, RED, PINK, CYAN, ORANGE, YELLOW, BLUE, WHITE, PEACH, GREEN, BROWN, GREY = (
    0, 1, 2, 4, 6, 7, 8, 9, 10, 11, 13, 14)
PALETTE = {0: 0x00, 1: 0x07, 2: 0xEF, 4: 0xF8, 6: 0x6F, 7: 0x3F, 8: 0xC9, 9: 0xFF,
           10: 0xAF, 11: 0x38, 12: 0x40, 13: 0x14, 14: 0x52, 15: 0x03}

# Colour sets (the lookup PROM): set -> pens for pixel values 0-3 (0 = clear).
COLOUR_SETS = {
    1: (0, RED, BLUE, WHITE),       # Blinky
    3: (0, PINK, BLUE, WHITE),      # Pinky
    5: (0, CYAN, BLUE, WHITE),      # Inky
    7: (0, ORANGE, BLUE, WHITE),    # Clyde
    9: (0, YELLOW, 0, 0),           # Pac-Man
    16: (0, BLUE, 0, 0),            # walls
    17: (0, BLUE, PEACH, 0),        # frightened ghost
    18: (0, WHITE, RED, 0),         # frightened ghost, flashing
    19: (0, 0, BLUE, WHITE),        # eyes only
    20: (0, WHITE, 0, 0),           # text
    21: (0, YELLOW, 0, 0),
    22: (0, RED, 0, 0),
    23: (0, PEACH, 0, 0),           # pellets
    24: (0, PINK, 0, 0),            # house door
    25: (0, RED, GREEN, BROWN),     # fruit: cherry, strawberry, apple
    26: (0, ORANGE, GREEN, BROWN),  # orange, bell
    27: (0, GREEN, WHITE, CYAN),    # melon, key
    28: (0, CYAN, 0, 0),
    29: (0, PINK, 0, 0),
    30: (0, ORANGE, 0, 0),
    31: (0, WHITE, 0, 0),           # walls while the maze flashes
    2: (0, CYAN, YELLOW, RED),      # galaxian
}

# Sprite numbers the program uses (also in ram.inc as constants).
SPRITES = {
    "pac_full": 0, "pac_right_half": 1, "pac_right_wide": 2, "pac_up_half": 3,
    "pac_up_wide": 4, "ghost_right": 8, "ghost_up": 10, "ghost_down": 12,
    "frightened": 14, "fruit": 16, "death": 24, "points": 28,
}

FONT = {
    "0": ("01110", "10001", "10011", "10101", "11001", "10001", "01110"),
    "1": ("00100", "01100", "00100", "00100", "00100", "00100", "01110"),
    "2": ("01110", "10001", "00001", "00110", "01000", "10000", "11111"),
    "3": ("11110", "00001", "00001", "01110", "00001", "00001", "11110"),
    "4": ("00010", "00110", "01010", "10010", "11111", "00010", "00010"),
    "5": ("11111", "10000", "11110", "00001", "00001", "10001", "01110"),
    "6": ("00110", "01000", "10000", "11110", "10001", "10001", "01110"),
    "7": ("11111", "00001", "00010", "00100", "01000", "01000", "01000"),
    "8": ("01110", "10001", "10001", "01110", "10001", "10001", "01110"),
    "9": ("01110", "10001", "10001", "01111", "00001", "00010", "01100"),
    "A": ("01110", "10001", "10001", "11111", "10001", "10001", "10001"),
    "B": ("11110", "10001", "10001", "11110", "10001", "10001", "11110"),
    "C": ("01110", "10001", "10000", "10000", "10000", "10001", "01110"),
    "D": ("11100", "10010", "10001", "10001", "10001", "10010", "11100"),
    "E": ("11111", "10000", "10000", "11110", "10000", "10000", "11111"),
    "F": ("11111", "10000", "10000", "11110", "10000", "10000", "10000"),
    "G": ("01111", "10000", "10000", "10011", "10001", "10001", "01111"),
    "H": ("10001", "10001", "10001", "11111", "10001", "10001", "10001"),
    "I": ("01110", "00100", "00100", "00100", "00100", "00100", "01110"),
    "J": ("00111", "00010", "00010", "00010", "00010", "10010", "01100"),
    "K": ("10001", "10010", "10100", "11000", "10100", "10010", "10001"),
    "L": ("10000", "10000", "10000", "10000", "10000", "10000", "11111"),
    "M": ("10001", "11011", "10101", "10101", "10001", "10001", "10001"),
    "N": ("10001", "11001", "10101", "10011", "10001", "10001", "10001"),
    "O": ("01110", "10001", "10001", "10001", "10001", "10001", "01110"),
    "P": ("11110", "10001", "10001", "11110", "10000", "10000", "10000"),
    "Q": ("01110", "10001", "10001", "10001", "10101", "10010", "01101"),
    "R": ("11110", "10001", "10001", "11110", "10100", "10010", "10001"),
    "S": ("01111", "10000", "10000", "01110", "00001", "00001", "11110"),
    "T": ("11111", "00100", "00100", "00100", "00100", "00100", "00100"),
    "U": ("10001", "10001", "10001", "10001", "10001", "10001", "01110"),
    "V": ("10001", "10001", "10001", "10001", "10001", "01010", "00100"),
    "W": ("10001", "10001", "10001", "10101", "10101", "10101", "01010"),
    "X": ("10001", "10001", "01010", "00100", "01010", "10001", "10001"),
    "Y": ("10001", "10001", "01010", "00100", "00100", "00100", "00100"),
    "Z": ("11111", "00001", "00010", "00100", "01000", "10000", "11111"),
    "-": ("00000", "00000", "00000", "11111", "00000", "00000", "00000"),
    ".": ("00000", "00000", "00000", "00000", "00000", "01100", "01100"),
    "!": ("00100", "00100", "00100", "00100", "00100", "00000", "00100"),
    "/": ("00001", "00010", "00010", "00100", "01000", "01000", "10000"),
    ":": ("00000", "01100", "01100", "00000", "01100", "01100", "00000"),
    '"': ("01010", "01010", "00000", "00000", "00000", "00000", "00000"),
}


def _blank(n: int) -> list[list[int]]:
    return [[0] * n for _ in range(n)]


def _glyph(rows: tuple[str, ...]) -> list[list[int]]:
    cell = _blank(8)
    for y, bits in enumerate(rows):
        for x, bit in enumerate(bits):
            if bit == "1":
                cell[y][x + 1] = 1
    return cell


def _wall(open_sides: int) -> list[list[int]]:
    """An outline wall: a line 3 pixels in from each open side."""
    cell = _blank(8)
    lo, hi = (0, 8)
    if open_sides & 8:  # up
        for x in range(8):
            cell[3][x] = 1
    if open_sides & 2:  # down
        for x in range(8):
            cell[4][x] = 1
    if open_sides & 4:  # left
        for y in range(8):
            cell[y][3] = 1
    if open_sides & 1:  # right
        for y in range(8):
            cell[y][4] = 1
    # Trim lines at corners so two open sides meet in an L, not a cross.
    for y in range(8):
        for x in range(8):
            if not cell[y][x]:
                continue
            if open_sides & 8 and y < 3 or open_sides & 2 and y > 4:
                cell[y][x] = 0
            if open_sides & 4 and x < 3 or open_sides & 1 and x > 4:
                cell[y][x] = 0
    del lo, hi
    return cell


def _inner_corner(n: int) -> list[list[int]]:
    """One diagonal open (0 up-right, 1 down-right, 2 down-left, 3 up-left)."""
    cell = _blank(8)
    right = n in (0, 1)
    up = n in (0, 3)
    row = 3 if up else 4
    column = 4 if right else 3
    for x in (range(column, 8) if right else range(0, column + 1)):
        cell[row][x] = 1
    for y in (range(0, row + 1) if up else range(row, 8)):
        cell[y][column] = 1
    return cell


def _disc(cell: list[list[int]], cx: float, cy: float, r: float, value: int) -> None:
    n = len(cell)
    for y in range(n):
        for x in range(n):
            if (x - cx) ** 2 + (y - cy) ** 2 <= r * r:
                cell[y][x] = value


def _pacman(mouth: float, facing: str) -> list[list[int]]:
    cell = _blank(16)
    _disc(cell, 7.5, 7.5, 6.6, 1)
    if mouth:
        angle = {"right": 0.0, "up": -math.pi / 2}[facing]
        for y in range(16):
            for x in range(16):
                a = math.atan2(y - 7.5, x - 7.5) - angle
                a = (a + math.pi) % (2 * math.pi) - math.pi
                if abs(a) < mouth and (x - 7.5) ** 2 + (y - 7.5) ** 2 > 1:
                    cell[y][x] = 0
    return cell


def _ghost_body(frame: int) -> list[list[int]]:
    cell = _blank(16)
    for y in range(1, 15):
        for x in range(1, 15):
            if y < 8:
                if (x - 7.5) ** 2 + (y - 7.5) ** 2 <= 6.6 ** 2:
                    cell[y][x] = 1
            elif y < 13:
                cell[y][x] = 1
            else:  # the skirt: points that move between frames
                if (x + 2 * frame) % 4 < 2:
                    cell[y][x] = 1
    return cell


def _ghost(frame: int, look: str) -> list[list[int]]:
    cell = _ghost_body(frame)
    dx, dy = {"right": (1, 0), "up": (0, -1), "down": (0, 1)}[look]
    for ex in (4, 10):
        for y in range(4, 9):
            for x in range(ex - 2, ex + 2):
                cell[y][x] = 3
        px, py = ex - 1 + dx, 6 + dy
        for y in (py, py + 1):
            for x in (px, px + 1):
                cell[y][x] = 2
    return cell


def _frightened(frame: int) -> list[list[int]]:
    cell = _ghost_body(frame)
    for x in (5, 10):
        cell[6][x] = cell[6][x - 1] = 2
    for x in range(3, 13):  # the wavy mouth
        cell[10 + (x % 2)][x] = 2
    return cell


def _fruit(kind: int) -> list[list[int]]:
    cell = _blank(16)
    if kind == 0:  # cherry: two red discs, green stems
        _disc(cell, 4.5, 10.5, 3.0, 1)
        _disc(cell, 10.5, 11.5, 3.0, 1)
        for i in range(7):
            cell[3 + i][6 + i // 3] = 2
            cell[3 + i][9 + i // 4] = 2
    elif kind in (1, 3):  # strawberry / apple: a red body, a green top
        _disc(cell, 7.5, 9.0, 5.5, 1)
        for x in range(5, 11):
            cell[3][x] = 2
        if kind == 1:
            for y, x in ((7, 5), (9, 9), (11, 6), (8, 10)):
                cell[y][x] = 3
    elif kind == 2:  # orange
        _disc(cell, 7.5, 9.0, 5.5, 1)
        cell[3][7] = cell[3][8] = 2
    elif kind == 4:  # melon
        _disc(cell, 7.5, 8.5, 6.0, 1)
        for y in range(3, 15, 3):
            for x in range(3, 13, 3):
                cell[y][x] = 2
    elif kind == 5:  # galaxian: a little ship
        for y in range(3, 13):
            w = (y - 2) // 2
            for x in range(7 - w, 9 + w):
                cell[y][x] = 1 if y > 6 else 2
        cell[10][4] = cell[10][11] = 3
    elif kind == 6:  # bell
        for y in range(3, 13):
            w = 2 + (y - 3) // 2
            for x in range(8 - w, 8 + w):
                cell[y][x] = 1
        cell[13][7] = cell[13][8] = 3
    else:  # key
        _disc(cell, 7.5, 4.5, 3.0, 2)
        _disc(cell, 7.5, 4.5, 1.2, 0)
        for y in range(7, 15):
            cell[y][7] = 3
        cell[12][8] = cell[14][8] = 3
    return cell


def _death(step: int) -> list[list[int]]:
    return _pacman(0.6 + 0.6 * step, "up") if step < 3 else _blank(16)


def _points(text: str) -> list[list[int]]:
    cell = _blank(16)
    tiny = {"2": ("111", "001", "111", "100", "111"), "4": ("101", "101", "111", "001", "001"),
            "8": ("111", "101", "111", "101", "111"), "1": ("010", "110", "010", "010", "111"),
            "6": ("111", "100", "111", "101", "111"), "0": ("111", "101", "101", "101", "111")}
    x0 = (16 - 4 * len(text)) // 2
    for i, ch in enumerate(text):
        for y, bits in enumerate(tiny[ch]):
            for x, bit in enumerate(bits):
                if bit == "1":
                    cell[5 + y][x0 + 4 * i + x] = 1
    return cell


def _flat(cell: list[list[int]]) -> bytes:
    return bytes(v for row in cell for v in row)


def tile_cells() -> dict[int, list[list[int]]]:
    tiles: dict[int, list[list[int]]] = {}
    for ch, rows in FONT.items():
        tiles[ord(ch)] = _glyph(rows)
    pellet = _blank(8)
    for y in (3, 4):
        for x in (3, 4):
            pellet[y][x] = 1
    tiles[TILE_PELLET] = pellet
    energizer = _blank(8)
    _disc(energizer, 3.5, 3.5, 3.6, 1)
    tiles[TILE_ENERGIZER] = energizer
    for mask in range(16):
        tiles[TILE_WALL | mask] = _wall(mask)
    for n in range(4):
        tiles[TILE_CORNER + n] = _inner_corner(n)
    door = _blank(8)
    for x in range(8):
        door[5][x] = door[6][x] = 1
    tiles[TILE_DOOR] = door
    life = _blank(8)  # a small Pac-Man for the lives left
    _disc(life, 3.5, 3.5, 3.4, 1)
    for x in range(4, 8):
        life[3][x] = life[4][x] = 0
    life[2][6] = life[5][6] = 0
    tiles[0x1F] = life
    return tiles


def sprite_cells() -> dict[int, list[list[int]]]:
    s = SPRITES
    cells = {
        s["pac_full"]: _pacman(0, "right"),
        s["pac_right_half"]: _pacman(0.45, "right"),
        s["pac_right_wide"]: _pacman(0.9, "right"),
        s["pac_up_half"]: _pacman(0.45, "up"),
        s["pac_up_wide"]: _pacman(0.9, "up"),
    }
    for i, look in enumerate(("right", "up", "down")):
        for frame in (0, 1):
            cells[s["ghost_right"] + 2 * i + frame] = _ghost(frame, look)
    for frame in (0, 1):
        cells[s["frightened"] + frame] = _frightened(frame)
    for kind in range(8):
        cells[s["fruit"] + kind] = _fruit(kind)
    for step in range(4):
        cells[s["death"] + step] = _death(step)
    for i, text in enumerate(("200", "400", "800", "1600")):
        cells[s["points"] + i] = _points(text)
    return cells


@lru_cache(maxsize=1)
def roms() -> tuple[bytes, bytes, bytes, bytes]:
    """(tile ROM, sprite ROM, palette PROM, lookup PROM) in the board's formats."""
    tile_rom = bytearray(0x1000)
    for code, cell in tile_cells().items():
        tile_rom[16 * code : 16 * code + 16] = encode_cell(_flat(cell), 8)
    sprite_rom = bytearray(0x1000)
    for code, cell in sprite_cells().items():
        sprite_rom[64 * code : 64 * code + 64] = encode_cell(_flat(cell), 16)
    palette = bytearray(32)
    for index, value in PALETTE.items():
        palette[index] = value
    lookup = bytearray(256)
    for colour, pens in COLOUR_SETS.items():
        lookup[4 * colour : 4 * colour + 4] = bytes(pens)
    return bytes(tile_rom), bytes(sprite_rom), bytes(palette), bytes(lookup)


@lru_cache(maxsize=1)
def graphics() -> Graphics:
    return Graphics(*roms())
