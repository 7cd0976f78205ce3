"""A quick game for tuning: the bot's `Planner` against the game's rules in Python.

The pieces come from $9907 (`model.pick_piece`) with the PRNG stepped once a
frame as the NMI does; a piece's frames are its fall as the search timed it
plus the entry delay (the playfield copy from the lock row, four rows a frame,
the row check, the clear animation), so the sequence depends on the play as in
the game. Lines, level ($9BA8's rule) and score ($9C31's points) are the
game's. It plays the same placements the machine would: the machine tests
check the search against the routines; this only skips the emulation.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import model
from .ai import Planner, level_after
from .search import Start, lock, spawn_fits
from .tables import SPAWN_OF

POINTS = (0, 40, 100, 300, 1200)
MAX_SCORE = 999_999


@dataclass
class GameResult:
    seed: int
    start_level: int
    score: int = 0
    lines: int = 0
    level: int = 0
    pieces: int = 0
    tetrises: int = 0
    clears: int = 0  # line-clearing moves
    frames: int = 0
    reached_29: bool = False
    score_at_29: int | None = None
    topped_out: bool = False
    levels: list[int] = field(default_factory=list)

    @property
    def tetris_rate(self) -> float:
        """Share of cleared lines that came in tetrises."""
        return 4 * self.tetrises / self.lines if self.lines else 0.0


def entry_delay(lock_y: int, cleared: int) -> int:
    """Frames from the lock to the next piece's first frame: the copy of rows
    from lock_y - 2 to 20 at four a frame, four row checks, the 20-frame clear
    animation when lines go, then play states 5-8."""
    copy = (20 - max(lock_y - 2, 0) + 3) // 4
    return 1 + copy + 4 + (20 if cleared else 0) + 4


def play(planner: Planner, seed: int = 0x8988, start_level: int = 18,
         max_pieces: int = 2000, stop_level: int | None = None,
         stop_at_goals: bool = False) -> GameResult:
    """One game from an empty field at `start_level`; stops at a top-out,
    `max_pieces`, once `stop_level` is reached, or (`stop_at_goals`) once the
    game has reached both level 29 and 999,999 points."""
    m = bytearray(0x800)
    m[model.RNG], m[model.RNG + 1] = seed >> 8, seed & 0xFF
    m[model.SPAWN_ID] = 0
    r = GameResult(seed, start_level, level=start_level)
    level, lo, hi = start_level, 0, 0
    rows = [0] * 20
    current = model.pick_piece(m)
    following = model.pick_piece(m)
    while r.pieces < max_pieces:
        if not spawn_fits(rows, current):
            r.topped_out = True
            break
        choice = planner.choose(rows, Start.spawn(current, level), following, (lo, hi))
        if choice is None:
            r.topped_out = True
            break
        p = choice.placement
        rows, cleared = lock(rows, p.orient, p.x, p.y)
        r.pieces += 1
        if cleared:
            level, lo, hi = level_after(level, lo, hi, cleared)
            r.lines += cleared
            r.clears += 1
            r.tetrises += cleared == 4
            r.score = min(MAX_SCORE, r.score + POINTS[cleared] * (level + 1))
        r.level = level
        if level >= 29 and not r.reached_29:
            r.reached_29, r.score_at_29 = True, r.score
        if stop_level is not None and level >= stop_level:
            break
        if stop_at_goals and r.reached_29 and r.score >= MAX_SCORE:
            break
        frames = p.frames + entry_delay(p.y, cleared)
        r.frames += frames
        for _ in range(frames):
            model.prng(m)
        current, following = following, SPAWN_OF[model.pick_piece(m)]
    r.levels.append(r.level)
    return r
