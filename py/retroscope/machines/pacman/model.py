"""A pure-Python reference for the Z80 program's mechanics (tests, overlays).

Positions are the game's 16-bit tile positions: the low byte (L) counts rows
down the screen, the high byte (H) columns from the right, so that the
article's vectors (right = row 0, column -1; down = row +1) move them. A
screen tile at column x (0-27, left to right), row y (0-35) is H = $3B - x,
L = y + $1E: the playfield's top right tile, (27, 2), is ($20, $20), the
origin of getMazePosition's $4040 + (H - $20) * 32 + (L - $20).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

RIGHT, DOWN, LEFT, UP = range(4)
DIRECTION_NAMES = ("right", "down", "left", "up")
# (row, column) bytes per direction: the table at $32FF.
VECTORS = ((0, 0xFF), (1, 0), (0, 1), (0xFF, 0))
SOLID = 0xC0


def position(x: int, y: int) -> int:
    """The tile position the game keeps in HL for screen tile (x, y)."""
    if not (0 <= x < 28 and 0 <= y < 36):
        raise ValueError(f"tile ({x}, {y}) is off the 28 x 36 screen")
    return ((0x3B - x) << 8) | (y + 0x1E)


def tile_of(pos: int) -> tuple[int, int] | None:
    """The inverse of position(); None for a position off the screen."""
    x, y = 0x3B - (pos >> 8 & 0xFF), (pos & 0xFF) - 0x1E
    return (x, y) if 0 <= x < 28 and 0 <= y < 36 else None


def maze_address(pos: int) -> int:
    """getMazePosition: $4040 + (H - $20) * 32 + (L - $20), bytes wrapping."""
    column = ((pos >> 8) - 0x20) & 0xFF
    row = ((pos & 0xFF) - 0x20) & 0xFF
    return (0x4040 + column * 32 + row) & 0xFFFF


def offset(pos: int, direction: int) -> int:
    """calcOffsetPosition: each byte of the position plus the vector's."""
    dr, dc = VECTORS[direction]
    return (((pos >> 8) + dc) & 0xFF) << 8 | (((pos & 0xFF) + dr) & 0xFF)


def distance(a: int, b: int) -> int:
    """calcDistance: byte differences squared, summed to 16 bits."""
    dr = abs((a & 0xFF) - (b & 0xFF))
    dc = abs((a >> 8 & 0xFF) - (b >> 8 & 0xFF))
    return (dr * dr + dc * dc) & 0xFFFF


@dataclass(frozen=True)
class Choice:
    direction: int  # what the routine leaves in A
    distances: tuple[int | None, ...]  # per direction; None = reverse or solid
    min_distance: int  # minDistance as left ($FFFF when every way was refused)


def choose_direction(read: Callable[[int], int], pos: int, target: int,
                     direction: int) -> Choice:
    """The routine at $2966, step for step."""
    reverse = direction ^ 2
    best, chosen = 0xFFFF, direction
    distances: list[int | None] = []
    for d in range(4):
        if d == reverse:
            distances.append(None)
            continue
        step = offset(pos, d)
        if read(maze_address(step)) & SOLID == SOLID:
            distances.append(None)
            continue
        dist = distance(target, step)
        distances.append(dist)
        if dist <= best:  # sbc hl,de: no carry when equal
            best, chosen = dist, d
    return Choice(chosen, tuple(distances), best)


def next_random(seed: int) -> int:
    return (seed * 5 + 1) & 0x1FFF


def choose_frightened(read: Callable[[int], int], pos: int, direction: int,
                      seed: int) -> tuple[int, int]:
    """chooseFrightened: (direction, the new seed). The random pick, then
    clockwise (id + 1) past the reverse and solid tiles; in a dead end, the
    random pick itself."""
    seed = next_random(seed)
    pick = d = read(seed) & 3
    reverse = direction ^ 2
    for _ in range(4):
        if d != reverse and read(maze_address(offset(pos, d))) & SOLID != SOLID:
            return d, seed
        d = (d + 1) & 3
    return pick, seed


# -- targets (the Pac-Man Dossier) ------------------------------------------------
def ahead(pos: int, direction: int, tiles: int) -> int:
    """`tiles` steps ahead the way the program adds them: the vector as a
    16-bit word times `tiles`, added to the position as a word, so up also
    carries into the column (the original's overflow: up and to the left)."""
    dr, dc = VECTORS[direction]
    word = (dc << 8 | dr) * tiles
    return (pos + word) & 0xFFFF


def inky_target(pac: int, pac_dir: int, blinky: int) -> int:
    pivot = ahead(pac, pac_dir, 2)
    row = (2 * (pivot & 0xFF) - (blinky & 0xFF)) & 0xFF
    column = (2 * (pivot >> 8) - (blinky >> 8)) & 0xFF
    return column << 8 | row


SCATTER = {  # screen tiles of the four corners
    "blinky": (25, 0), "pinky": (2, 0), "inky": (27, 35), "clyde": (0, 35),
}
HOME = (13, 14)  # the tile above the door, where the eyes go


# -- level tables (the Pac-Man Dossier), shared with the program's data --------------
# Speeds in 1/64 pixel a frame; 100% = 80 (1.25 pixels a frame).
SPEEDS = (  # (pac, pac frightened, ghost, ghost tunnel, ghost frightened)
    (64, 72, 60, 32, 40),   # level 1
    (72, 76, 68, 36, 44),   # levels 2-4
    (80, 80, 76, 40, 48),   # levels 5-20
    (72, 72, 76, 40, 48),   # 21 and up
)
EYES_SPEED = 128
HOUSE_SPEED = 32


def speed_row(level: int) -> int:
    return 0 if level == 1 else 1 if level <= 4 else 2 if level <= 20 else 3


FRIGHT_SECONDS = (6, 5, 4, 3, 2, 5, 2, 2, 1, 5, 2, 1, 1, 3, 1, 1, 0, 1, 0)


def fright_frames(level: int) -> int:
    return 60 * FRIGHT_SECONDS[min(level, 19) - 1]


# Scatter/chase durations in frames (-1: for ever), per level group.
MODE_TIMES = (
    (7 * 60, 20 * 60, 7 * 60, 20 * 60, 5 * 60, 20 * 60, 5 * 60, -1),      # level 1
    (7 * 60, 20 * 60, 7 * 60, 20 * 60, 5 * 60, 1033 * 60, 1, -1),         # 2-4
    (5 * 60, 20 * 60, 5 * 60, 20 * 60, 5 * 60, 1037 * 60, 1, -1),         # 5+
)


def mode_row(level: int) -> int:
    return 0 if level == 1 else 1 if level <= 4 else 2


FRUITS = (  # (name, points), by level (13 and up: the key)
    ("cherry", 100), ("strawberry", 300), ("orange", 500), ("orange", 500),
    ("apple", 700), ("apple", 700), ("melon", 1000), ("melon", 1000),
    ("galaxian", 2000), ("galaxian", 2000), ("bell", 3000), ("bell", 3000),
    ("key", 5000),
)
FRUIT_KINDS = ("cherry", "strawberry", "orange", "apple", "melon", "galaxian", "bell",
               "key")


def fruit(level: int) -> tuple[str, int]:
    return FRUITS[min(level, 13) - 1]


def house_dot_limits(level: int) -> tuple[int, int, int]:
    """Dots each ghost waits for in the house: Pinky, Inky, Clyde."""
    return (0, 30, 60) if level == 1 else (0, 0, 50) if level == 2 else (0, 0, 0)


def idle_limit(level: int) -> int:
    """Frames without a dot eaten before the next ghost is let out."""
    return 240 if level < 5 else 180
