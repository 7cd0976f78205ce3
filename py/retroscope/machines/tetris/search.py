"""Every placement a piece can reach under the machine's own rules, frame by frame.

The rules are those of the routines (`model.py` is their reference, and the
tests compare this search with the machine): each frame the game adds one to
fallTimer, then shifts ($89AE: a new press of Left/Right moves one column,
nothing while Down is held), rotates ($88AB: A clockwise, B counter-clockwise,
no kicks) and drops ($8914: one row when fallTimer reaches the level's
frames-per-drop; the piece locks where it is when that row is taken).

The bot taps: a button is pressed for one frame and released, and a new press
comes at most every `period` frames (2 for 30 Hz, 4 for 15 Hz), so DAS never
charges. Without Down the piece falls on the gravity's own schedule, the same
for every path, so the search keeps, frame by frame, the set of (column,
orientation) still falling, with the presses that led there. Sliding, tucks
under overhangs and spins into slots come out of it, as they do in the game.

Boards are 20 rows of 10-bit masks, row 0 at the top, bit c = column c.
"""

from __future__ import annotations

from dataclasses import dataclass

from .tables import FRAMES_PER_DROP, ORIENTATIONS, ROTATION, SPAWN_OF, TYPE_OF

FULL = 0x3FF
RIGHT, LEFT, DOWN, B_BUTTON, A_BUTTON = 0x01, 0x02, 0x04, 0x40, 0x80
# What a tap may press on one frame, "nothing" first so the plainest path wins.
TAPS = (0, LEFT, RIGHT, A_BUTTON, B_BUTTON, LEFT | A_BUTTON, LEFT | B_BUTTON,
        RIGHT | A_BUTTON, RIGHT | B_BUTTON)
X_RANGE = range(-2, 12)


def _masks() -> dict[tuple[int, int], tuple[tuple[int, int], ...]]:
    """(orientation, x) -> ((row offset + 2, row mask), ...) for every x where
    all four squares are within columns 0-9."""
    out: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
    for o in range(19):
        for x in X_RANGE:
            rows: dict[int, int] = {}
            ok = True
            for sy, _tile, sx in ORIENTATIONS[o]:
                col = x + sx
                if not 0 <= col <= 9:
                    ok = False
                    break
                rows[sy] = rows.get(sy, 0) | (1 << col)
            if ok:
                out[(o, x)] = tuple(sorted((sy + 2, m) for sy, m in rows.items()))
    return out


MASKS = _masks()


def pad(rows: list[int] | tuple[int, ...]) -> list[int]:
    """Rows -2..19 then three full rows: index = row + 2. Rows -2 and -1 are
    open (the routine lets squares stand there); below row 19 is the floor."""
    return [0, 0, *rows, FULL, FULL, FULL]


def fits(padded: list[int], o: int, x: int, y: int) -> bool:
    """$948B's answer for the piece at (x, y) in orientation o."""
    cells = MASKS.get((o, x))
    if cells is None or y < 0 or y > 21:
        return False
    for dy, m in cells:
        if padded[y + dy] & m:
            return False
    return True


def drop_speed(level: int) -> int:
    return 1 if level >= 29 else FRAMES_PER_DROP[level]


@dataclass(frozen=True)
class Start:
    """Where a search begins: the piece and the drop routine's counters as the
    game will have them before the first frame the plan drives."""

    orient: int
    x: int
    y: int = 0
    fall_timer: int = 0
    autorepeat_y: int = 0
    level: int = 18
    first_press: int = 0  # the first frame on which a new press is allowed

    @staticmethod
    def spawn(orient: int, level: int) -> Start:
        return Start(SPAWN_OF[orient], 5, 0, 0, 0, level, 0)


@dataclass(frozen=True)
class Placement:
    """A reachable final position: where it locks and how to get there."""

    orient: int
    x: int
    y: int
    presses: tuple[tuple[int, int], ...]  # (frame, buttons), in order
    frames: int  # frames from the start until the lock (gravity only)

    @property
    def key(self) -> tuple[int, int, int]:
        return (self.orient, self.x, self.y)

    def buttons(self) -> list[int]:
        """One value per frame up to the last press (a tap: one frame held)."""
        if not self.presses:
            return []
        out = [0] * (self.presses[-1][0] + 1)
        for frame, b in self.presses:
            out[frame] = b
        return out


# The orientations a type turns through, and the taps worth trying for it: I, S
# and Z have two orientations (A and B give the same turn), O has one.
def _taps_for(orient: int) -> tuple[int, ...]:
    kind = TYPE_OF[orient]
    if kind == 3:  # O
        return (0, LEFT, RIGHT)
    if kind in (2, 4, 6):  # Z, S, I
        return (0, LEFT, RIGHT, A_BUTTON, LEFT | A_BUTTON, RIGHT | A_BUTTON)
    return TAPS


def _family(orient: int) -> tuple[int, ...]:
    seen = [orient]
    while ROTATION[seen[-1]][1] not in seen:
        seen.append(ROTATION[seen[-1]][1])
    return tuple(seen)


def fit_masks(padded: list[int], orients: tuple[int, ...]) -> dict[tuple[int, int], int]:
    """(orientation, x) -> bit y set where the piece fits at row y (0-21): the
    column occupancy shifted by each square's row offset, ORed, inverted."""
    cols = [0] * 10
    for i, row in enumerate(padded):
        if row:
            bit = 1 << i
            for c in range(10):
                if row >> c & 1:
                    cols[c] |= bit
    out: dict[tuple[int, int], int] = {}
    for o in orients:
        squares = ORIENTATIONS[o]
        for x in X_RANGE:
            if (o, x) not in MASKS:
                out[(o, x)] = 0
                continue
            hit = 0
            for sy, _tile, sx in squares:
                hit |= cols[x + sx] >> (sy + 2)
            out[(o, x)] = ~hit & 0x3FFFFF
    return out


def placements(rows: list[int] | tuple[int, ...], start: Start,
               period: int = 2) -> dict[tuple[int, int, int], Placement]:
    """Every lock position reachable from `start` by taps no closer than
    `period` frames, with the earliest-found presses for each."""
    o0, x0, y = start.orient, start.x, start.y
    family = _family(o0)
    fm = fit_masks(pad(rows), family)
    if not 0 <= y <= 21 or not fm.get((o0, x0), 0) >> y & 1:
        return {}
    taps = _taps_for(o0)
    speed = drop_speed(start.level)
    timer, ay = start.fall_timer, start.autorepeat_y
    alive: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {(x0, o0): ()}
    found: dict[tuple[int, int, int], Placement] = {}
    rotation = ROTATION
    t = 0
    next_press = start.first_press
    closed = False  # no tap reaches a new position on this row: none will until a fall
    while alive:
        timer = (timer + 1) & 0xFF
        if not closed and t >= next_press and t % period == next_press % period:
            # Every piece still falling keeps its path (no press this frame):
            # a position is reached by its earliest presses, never by a later
            # tap that only comes back to it, so the plan's last press is as
            # early as can be and the soft drop begins there.
            moved = dict(alive)
            for (x, o), path in alive.items():
                right = fm.get((o, x + 1), 0) >> y & 1
                left = fm.get((o, x - 1), 0) >> y & 1
                for b in taps:
                    nx = x
                    if b & RIGHT:
                        if right:
                            nx = x + 1
                    elif b & LEFT:
                        if left:
                            nx = x - 1
                    no = o
                    if b & A_BUTTON:
                        r = rotation[o][1]
                        if fm.get((r, nx), 0) >> y & 1:
                            no = r
                    elif b & B_BUTTON:
                        r = rotation[o][0]
                        if fm.get((r, nx), 0) >> y & 1:
                            no = r
                    key = (nx, no)
                    if key not in moved:
                        moved[key] = path + ((t, b),)
            closed = len(moved) == len(alive)
            alive = moved
        # $8914 without Down: the first piece's hang, else gravity.
        fall = False
        if ay & 0x80:
            ay = (ay + 1) & 0xFF
        else:
            if ay:
                ay = 0  # Down released: the soft-drop count ends
            if not (timer - speed) & 0x80:
                fall = True
        if fall:
            timer = 0
            below: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
            y1 = y + 1
            for key, path in alive.items():
                x, o = key
                if fm[(o, x)] >> y1 & 1:
                    below[key] = path
                else:
                    k = (o, x, y)
                    if k not in found:
                        found[k] = Placement(o, x, y, path, t + 1)
            alive = below
            y = y1
            closed = False
        t += 1
        if t > 5000:  # 22 rows at 48 frames plus the 96-frame hang stay well below
            break
    return found


def lock(rows: list[int] | tuple[int, ...], orient: int, x: int, y: int
         ) -> tuple[list[int], int]:
    """The board after the piece locks at (x, y) and full rows clear ($99A2,
    $9A6B): squares in rows -2/-1 are not stored. Returns (rows, lines)."""
    new = list(rows)
    for sy, _tile, sx in ORIENTATIONS[orient]:
        r = y + sy
        if r >= 0:
            new[r] |= 1 << (x + sx)
    kept = [r for r in new if r != FULL]
    cleared = 20 - len(kept)
    return [0] * cleared + kept, cleared


def spawn_fits(rows: list[int] | tuple[int, ...], orient: int) -> bool:
    """Whether the next piece can spawn (else the game is over)."""
    return fits(pad(rows), SPAWN_OF[orient], 5, 0)


def board_from_ram(ram: bytes | bytearray) -> list[int]:
    """The playfield at $0400 as row masks: a tile below $EF is a square ($948B)."""
    rows = []
    for r in range(20):
        base = 0x400 + 10 * r
        m = 0
        for c in range(10):
            if ram[base + c] < 0xEF:
                m |= 1 << c
        rows.append(m)
    return rows


__all__ = ["Placement", "Start", "board_from_ram", "drop_speed", "fits", "lock",
           "placements", "spawn_fits"]
