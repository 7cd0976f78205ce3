"""A small placement player, used to record the demo with this engine.

`record_demo()` runs the machine in demo mode (pieces from the $DF00 table)
with the program's record switch on, lets a simple heuristic choose each
piece's place, and keeps the buttons the program read at each poll, merged
into (buttons, frames - 1) runs: the pairs of `demo.BUTTONS`, which replay
the same game because a held run reports no new presses either way.
"""

from __future__ import annotations

from typing import Any

from . import model
from .tables import ROTATION

A_BUTTON, LEFT, RIGHT, DOWN = model.BUTTON_A, model.LEFT, model.RIGHT, model.DOWN


def rotations(orient: int) -> list[int]:
    """The orientations reachable by clockwise turns, in order."""
    seen = [orient]
    while ROTATION[seen[-1]][1] not in seen:
        seen.append(ROTATION[seen[-1]][1])
    return seen


def settle(m: bytearray, orient: int, x: int) -> int | None:
    """The row where the piece rests when dropped at column x, or None."""
    m[model.ORIENT], m[model.TET_X], m[model.TET_Y] = orient, x & 0xFF, 0
    if model.collides(m):
        return None
    while True:
        m[model.TET_Y] += 1
        if model.collides(m):
            return m[model.TET_Y] - 1


def score_field(cells: bytearray) -> float:
    heights = []
    holes = 0
    for col in range(10):
        column = [cells[10 * r + col] != model.EMPTY for r in range(20)]
        top = next((r for r, filled in enumerate(column) if filled), 20)
        heights.append(20 - top)
        holes += sum(1 for r in range(top, 20) if not column[r])
    bump = sum(abs(a - b) for a, b in zip(heights, heights[1:], strict=False))
    return -0.5 * sum(heights) - 3.5 * holes - 0.2 * bump - 0.5 * max(heights)


def best_place(ram: bytes) -> tuple[int, int]:
    """(orientation, column) that leaves the best-looking field."""
    m = bytearray(ram[:0x800])
    best = (float("-inf"), m[model.ORIENT], m[model.TET_X])
    for step, orient in enumerate(rotations(m[model.ORIENT])):
        for x in range(-2, 12):
            y = settle(m, orient, x)
            if y is None:
                continue
            trial = bytearray(m)
            trial[model.TET_Y] = y
            model.lock(trial)
            cells = trial[0x400:0x4C8]
            full = [r for r in range(20) if all(cells[10 * r + c] != model.EMPTY
                                               for c in range(10))]
            for r in full:
                cells[10:10 * r + 10] = cells[0:10 * r]
                cells[0:10] = bytes([model.EMPTY]) * 10
            value = score_field(cells) + 4.0 * len(full) - 0.1 * step
            if value > best[0]:
                best = (value, orient, x)
    return best[1], best[2]


class Player:
    """Frame by frame: watch the new piece fall for `wait` frames (a demo a
    person can follow), turn with A, tap left/right, then hold Down to the lock."""

    def __init__(self, wait: int = 0) -> None:
        self.target: tuple[int, int] | None = None
        self.last = 0
        self.wait = wait
        self.waited = 0

    def buttons(self, ram: bytes) -> int:
        if (ram[model.PLAY_STATE] != 1 or ram[model.ORIENT] >= 0x13
                or ram[model.GAME_MODE] not in (4, 5)):
            self.target = None
            self.waited = 0
            return self._out(0)
        if self.waited < self.wait:
            self.waited += 1
            return self._out(0)
        if self.target is None:
            self.target = best_place(ram)
        orient, x = self.target
        if ram[model.ORIENT] != orient:
            return self._out(0 if self.last else A_BUTTON)
        if ram[model.TET_X] != x & 0xFF:
            direction = RIGHT if model.s8(ram[model.TET_X]) < x else LEFT
            return self._out(0 if self.last else direction)
        return self._out(DOWN if self.last in (0, DOWN) else 0)

    def _out(self, b: int) -> int:
        self.last = b
        return b


def record_demo(frames: int = 6000, wait: int = 0) -> tuple[list[tuple[int, int]], int, bytes]:
    """Play the demo pieces in the program's record mode ($00D0 = $FF: the pad
    plays while the demo runs) for up to `frames` frames. Every poll's held
    buttons are caught as the program stores them ($00F6) and merged into
    (buttons, frames - 1) runs. Returns (pairs, frames played, the RAM then)."""
    from . import create

    m: Any = create(start="demo")
    polls: list[int] = []

    def caught(addr: int, value: int) -> None:
        if addr == 0xC0 and value == 5:
            m.bus.ram[0xD0] = 0xFF  # record switch on as the demo starts
        elif addr == 0xD2 and value == 0xDD:
            polls.clear()  # the demo's index is (re)set: the recording starts here
        elif addr == 0xF6:
            polls.append(value)

    m.bus.add_watch("write", caught)
    player = Player(wait)
    before = m.ram()
    for played in range(1, frames + 1):
        m.run_frame(player.buttons(m.ram()))
        if len(runs(polls)) > 250 or (played > 10 and m.read(0xC0) != 5):
            # this frame began a run the table has no room for: stop before it
            m.bus.remove_watch("write", caught)
            return runs(polls)[:250], played - 1, before
        before = m.ram()
    m.bus.remove_watch("write", caught)
    return runs(polls), frames, m.ram()


def runs(held: list[int]) -> list[tuple[int, int]]:
    pairs: list[tuple[int, int]] = []
    for b in held:
        if pairs and pairs[-1][0] == b and pairs[-1][1] < 255:
            pairs[-1] = (b, pairs[-1][1] + 1)
        else:
            pairs.append((b, 0))
    return pairs
