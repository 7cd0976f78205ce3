"""Mazes: the cells a user draws, the tiles the board shows, and the link format.

A maze is 28 x 31 cells, screen rows 3-33 (rows 0-2 hold the scores, 34-35 the
lives and fruit). Each cell is one of CELL_KINDS. The ghost house (rows 12-16,
columns 10-17 of the maze) and the start tiles are fixed: the program places
the ghosts and Pac-Man there.

Tiles (codes in tile RAM): walls are $C0 and up, so the ghosts' direction
routine treats them as solid (`tile & $C0 == $C0`): $C0-$CF an outline wall
whose low nibble says which sides are open (1 right, 2 down, 4 left, 8 up),
$D0-$D3 a wall with only one open diagonal (inner corner: right-up, right-down,
left-down, left-up), $D4 the house door, $D5 a wall with nothing open around it
(drawn black). $10 a pellet, $14 an energizer, $40 an empty path, $0E an empty
tunnel tile (ghosts slow down on it).

Link: `1` (the version) + base64url(zlib(one byte a cell)) + `.` + the CRC-32
of the cells in 8 hex digits; the default maze is about 300 characters.
"""

from __future__ import annotations

import base64
import binascii
import string
import zlib
from dataclasses import dataclass

COLUMNS, ROWS = 28, 31
TOP_ROW = 3  # screen row of maze row 0
CELLS = COLUMNS * ROWS

WALL, EMPTY, PELLET, ENERGIZER, DOOR, TUNNEL, HOUSE = range(7)
CELL_KINDS = ("wall", "empty", "pellet", "energizer", "door", "tunnel", "house")
_CHARS = "# .o-T_"  # one character per kind, for the text form

TILE_PELLET, TILE_ENERGIZER, TILE_EMPTY, TILE_TUNNEL = 0x10, 0x14, 0x40, 0x0E
TILE_WALL, TILE_CORNER, TILE_DOOR, TILE_SOLID = 0xC0, 0xD0, 0xD4, 0xD5
COLOUR_WALL, COLOUR_DOOR, COLOUR_PELLET, COLOUR_BLANK = 16, 24, 23, 0

LINK_VERSION = "1"
LINK_MAX = 5120

# The left half of the default maze (our own), mirrored for the right half.
_DEFAULT_HALF = """
##############
#o....##......
#.###.##.###.#
#.###.##.###.#
#.............
#.###.#.###.##
#.....#...#...
###.#.###.#.##
###.#.....#.##
#...#.###.....
#.###.###.####
#.....#.......
####.##.#.###-
####.##.#.#___
TTTT......#___
####.##.#.#___
####.##.#.####
#.......#.....
#.#####.#.####
#.#####.......
#..o###.#.##.#
###.###.#.##.#
###.#........#
#.....#.##.#..
#.###.#.##.#.#
#.###...##...#
#.#####.######
#.............
#.##.#####.###
#o.........###
##############
"""

# Cells the program relies on: the house (walls, door, inside) and the tiles
# where the actors start (maze row, column): Blinky above the door, Pac-Man
# below the house, each between two tiles.
HOUSE_ROWS, HOUSE_COLUMNS = range(12, 17), range(10, 18)
START_CELLS = ((11, 13), (11, 14), (23, 13), (23, 14))


class MazeError(ValueError):
    """A maze or a maze link that cannot be used (the message says why)."""


@dataclass(frozen=True)
class Maze:
    cells: bytes  # ROWS * COLUMNS kinds, row by row

    def __post_init__(self) -> None:
        if len(self.cells) != CELLS:
            raise MazeError(f"a maze has {CELLS} cells, not {len(self.cells)}")
        if any(c >= len(CELL_KINDS) for c in self.cells):
            raise MazeError("a maze cell is not one of " + ", ".join(CELL_KINDS))

    def at(self, row: int, column: int) -> int:
        return self.cells[row * COLUMNS + column]

    @classmethod
    def from_text(cls, text: str) -> Maze:
        rows = [r for r in text.strip("\n").split("\n")]
        if len(rows) != ROWS or any(len(r) != COLUMNS for r in rows):
            raise MazeError(f"a maze is {ROWS} rows of {COLUMNS} characters")
        try:
            return cls(bytes(_CHARS.index(ch) for r in rows for ch in r))
        except ValueError:
            raise MazeError(f"maze characters are {_CHARS!r}") from None

    def to_text(self) -> str:
        return "\n".join("".join(_CHARS[self.at(r, c)] for c in range(COLUMNS))
                         for r in range(ROWS))

    def with_fixed_cells(self) -> Maze:
        """This maze with the house and the start tiles as the program needs them."""
        cells = bytearray(self.cells)
        default = default_maze().cells
        for r in HOUSE_ROWS:
            for c in HOUSE_COLUMNS:
                cells[r * COLUMNS + c] = default[r * COLUMNS + c]
        for r, c in START_CELLS:
            if cells[r * COLUMNS + c] in (WALL, DOOR, HOUSE):
                cells[r * COLUMNS + c] = EMPTY
        return Maze(bytes(cells))

    def is_path(self, row: int, column: int) -> bool:
        """Pac-Man can stand here (rows wrap through the tunnel sideways)."""
        if not 0 <= row < ROWS:
            return False
        return self.at(row, column % COLUMNS) in (EMPTY, PELLET, ENERGIZER, TUNNEL)

    def dead_ends(self) -> list[tuple[int, int]]:
        """Path cells (row, column) with one way out or none: where a ghost,
        which never turns back, finds every direction solid."""
        found = []
        for r in range(ROWS):
            for c in range(COLUMNS):
                if not self.is_path(r, c) or r in HOUSE_ROWS and c in HOUSE_COLUMNS:
                    continue
                ways = sum(self.is_path(r + dr, c + dc)
                           for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))
                if ways < 2:
                    found.append((r, c))
        return found

    def pellets(self) -> int:
        return sum(1 for c in self.cells if c in (PELLET, ENERGIZER))

    # -- the board's tiles --------------------------------------------------------
    def tiles(self) -> list[list[tuple[int, int]]]:
        """(tile code, colour set) per maze cell, rows of columns."""
        def solid(r: int, c: int) -> bool:
            if not 0 <= r < ROWS or not 0 <= c < COLUMNS:
                return True
            return self.at(r, c) in (WALL, DOOR)

        out = []
        for r in range(ROWS):
            row = []
            for c in range(COLUMNS):
                kind = self.at(r, c)
                if kind == WALL:
                    row.append((_wall_tile(r, c, solid), COLOUR_WALL))
                elif kind == DOOR:
                    row.append((TILE_DOOR, COLOUR_DOOR))
                elif kind == PELLET:
                    row.append((TILE_PELLET, COLOUR_PELLET))
                elif kind == ENERGIZER:
                    row.append((TILE_ENERGIZER, COLOUR_PELLET))
                elif kind == TUNNEL:
                    row.append((TILE_TUNNEL, COLOUR_BLANK))
                else:
                    row.append((TILE_EMPTY, COLOUR_BLANK))
            out.append(row)
        return out

    # -- links ----------------------------------------------------------------------
    def to_link(self) -> str:
        packed = base64.urlsafe_b64encode(zlib.compress(self.cells, 9)).decode().rstrip("=")
        return f"{LINK_VERSION}{packed}.{zlib.crc32(self.cells):08x}"

    @classmethod
    def from_link(cls, link: object) -> Maze:
        if not isinstance(link, str):
            raise MazeError("the maze link must be text")
        if len(link) > LINK_MAX:
            raise MazeError(f"the maze link is longer than {LINK_MAX} characters")
        if not link.startswith(LINK_VERSION):
            raise MazeError(f"the maze link is not version {LINK_VERSION}")
        # The checksum ends the link: a link cut short (a partial copy, a chat
        # client's line break) loses it first.
        body, dot, crc = link[1:].rpartition(".")
        if not dot or (len(crc) < 8 and all(c in string.hexdigits for c in crc)):
            raise MazeError("the maze link is incomplete (its end is missing: copy the whole "
                            "link)")
        if len(crc) != 8:
            raise MazeError("the maze link is damaged (its checksum is not 8 hex digits)")
        try:
            packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
            inflater = zlib.decompressobj()
            cells = inflater.decompress(packed, CELLS + 1)
            expected = int(crc, 16)
        except (binascii.Error, ValueError, zlib.error):
            raise MazeError("the maze link is damaged (it does not decode)") from None
        if len(cells) != CELLS or not inflater.eof:
            raise MazeError("the maze link is damaged (wrong size)")
        if zlib.crc32(cells) != expected:
            raise MazeError("the maze link is damaged (its checksum does not match)")
        return cls(cells).with_fixed_cells()


def _wall_tile(r: int, c: int, solid) -> int:  # noqa: ANN001 - a local predicate
    open_sides = 0
    for bit, (dr, dc) in zip((1, 2, 4, 8), ((0, 1), (1, 0), (0, -1), (-1, 0)), strict=True):
        if not solid(r + dr, c + dc):
            open_sides |= bit
    if open_sides:
        return TILE_WALL | open_sides
    for n, (dr, dc) in enumerate(((-1, 1), (1, 1), (1, -1), (-1, -1))):
        if not solid(r + dr, c + dc):
            return TILE_CORNER + n
    return TILE_SOLID


def _default_text() -> str:
    rows = [r.ljust(14) for r in _DEFAULT_HALF.strip("\n").split("\n")]
    return "\n".join(r + r[::-1] for r in rows)


_DEFAULT: Maze | None = None


def default_maze() -> Maze:
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = Maze.from_text(_default_text())
    return _DEFAULT
