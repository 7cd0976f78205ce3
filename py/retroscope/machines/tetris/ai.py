"""A Tetris player that presses the controller, frame by frame, and only reads memory.

`Bot(tap_hz=30).buttons(machine)` is called once per frame before the frame
runs and returns the pad bits (`Machine.run_frame`'s argument). It reads the
machine's RAM, as the article's Lua script reads the emulator's, and never
writes it.

Timing, as the program runs: the NMI reads the pad near the end of a frame
and the main loop acts on it at the start of the next one. So when the bot is
asked for frame k+1, RAM holds the game after the logic of frame k-1, and the
pad of frame k ($B5/$B6) is still to be acted on. The bot first plays that
pending frame through the reference model (`model.shift/rotate/drop`, the
routines' Python twins) to know where the piece will be, then plans from
there. At spawn (play state 8 pending) it also runs $9907's choice on a copy
to know the next piece the game is about to show.

Planning: `search.placements` lists every lock position the piece can reach
with taps (at most one new press every 60/tap_hz frames); each is scored by
`evaluate` on the board it leaves, the best few are searched again with the
next piece on the board they leave, and the move with the best pair wins.
The plan is a press per frame; every frame the bot checks that the piece is
where the plan says and plans again from where it is if not (the player took
the pad for a moment, a lag frame). After the last press it holds Down, which
only hurries the straight fall to the same place. Where the plan waits for the
piece to fall to a lower row before its next press (a tuck or a spin under an
overhang), it holds Down down to that row too, where gravity is slower than the
soft drop (levels 0-18: the soft drop falls a row every 2 frames), then searches
again from there for the same placement (`_resume`): between two presses the
piece falls straight, so the soft drop passes the very cells the plan would.

On the legal, title and menu screens and in the demo it presses Start (and
picks A-type and the start level); when a game is over it does the same.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any

from . import model
from .evaluate import score as evaluate
from .search import (
    A_BUTTON,
    DOWN,
    LEFT,
    RIGHT,
    Placement,
    Start,
    board_from_ram,
    drop_speed,
    fits,
    lock,
    pad,
    placements,
    spawn_fits,
)
from .tables import ORIENTATIONS, ROTATION, TYPE_NAMES, TYPE_OF
from .weights import WEIGHTS

START_BUTTON = 0x10
DEAD = float("-inf")
SOFT_DROP_FRAMES = 2  # $8914: Down held drops a row every second frame


def weights_for(level: int, weights: dict[str, tuple[float, ...]]) -> tuple[float, ...]:
    return weights["fast"] if level >= 29 else weights["normal"]


def level_after(level: int, lines_lo: int, lines_hi: int, cleared: int) -> tuple[int, int, int]:
    """$9BA8 run `cleared` times on (level, lines): the game's own level-up rule."""
    m = bytearray(0x100)
    m[model.LEVEL], m[model.LINES], m[model.LINES + 1] = level, lines_lo, lines_hi
    for _ in range(cleared):
        model.add_line(m)
    return m[model.LEVEL], m[model.LINES], m[model.LINES + 1]


@dataclass
class Choice:
    """A decision: the placement, its value and the runner-up's, for the page."""

    placement: Placement
    value: float
    runner_up: Placement | None = None
    runner_value: float = DEAD
    candidates: int = 0
    next_orient: int | None = None


@dataclass
class Planner:
    """Chooses a placement: the whole of the bot's judgement, without a machine."""

    period: int = 2
    weights: dict[str, tuple[float, ...]] = field(default_factory=lambda: dict(WEIGHTS))
    lookahead: bool = True
    beam: int = 6

    def choose(self, rows: list[int], start: Start, next_orient: int | None,
               lines: tuple[int, int] = (0, 0)) -> Choice | None:
        steps = self.steps(rows, start, lambda: next_orient, lines, wait=next_orient is not None)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value

    def steps(self, rows: list[int], start: Start, following: Callable[[], int | None],
              lines: tuple[int, int] = (0, 0), wait: bool = True
              ) -> Generator[None, None, Choice | None]:
        """`choose` cut into pieces of work (the search, the scores, then one
        lookahead board each): the generator yields between them, so the bot
        can spread them over the entry delay's frames, and returns the Choice.
        `following()` gives the piece after this one, or None while it is not
        known yet: the search and the scores go ahead, the lookahead waits
        (unless `wait` is off: then no lookahead without it)."""
        found = placements(rows, start, self.period)
        if not found:
            return None
        yield
        level = start.level
        w1 = weights_for(level, self.weights)
        first: list[tuple[float, Placement, list[int], int]] = []
        for p in found.values():
            after, cleared = lock(rows, p.orient, p.x, p.y)
            first.append((evaluate(w1, after, cleared), p, after, cleared))
        first.sort(key=lambda item: (-item[0], len(item[1].presses), item[1].key))
        next_orient = following()
        while wait and self.lookahead and next_orient is None:
            yield
            next_orient = following()
        if next_orient is not None:  # a board the next piece cannot spawn on loses
            first = [(DEAD if not spawn_fits(a, next_orient) else v, p, a, c)
                     for v, p, a, c in first]
            first.sort(key=lambda item: (-item[0], len(item[1].presses), item[1].key))
        if self.lookahead and next_orient is not None:
            scored = []
            for value, p, after, cleared in first[: self.beam]:
                if value == DEAD:
                    scored.append((DEAD, p))
                    continue
                yield
                level2 = level_after(level, lines[0], lines[1], cleared)[0]
                w2 = weights_for(level2, self.weights)
                reward = w1[12] * (cleared if 0 < cleared < 4 else 0) + w1[13] * (cleared == 4)
                best = DEAD
                for q in placements(after, Start.spawn(next_orient, level2), self.period).values():
                    board, cleared2 = lock(after, q.orient, q.x, q.y)
                    v = evaluate(w2, board, cleared2)
                    if v > best:
                        best = v
                scored.append((best + reward if best != DEAD else DEAD, p))
            scored.sort(key=lambda item: (-item[0], len(item[1].presses), item[1].key))
        else:
            scored = [(v, p) for v, p, _a, _c in first]
        best_value, best = scored[0]
        runner = scored[1] if len(scored) > 1 else (DEAD, None)
        return Choice(best, best_value, runner[1], runner[0], len(found), next_orient)


def trajectory(rows: list[int], start: Start, buttons: list[int]) -> list[tuple[int, int, int]]:
    """(x, y, orientation) before the first planned frame and after each one,
    by the routines' rules with the planned taps (and no Down)."""
    padded = pad(rows)
    x, y, o = start.x, start.y, start.orient
    timer, ay = start.fall_timer, start.autorepeat_y
    speed = 1 if start.level >= 29 else model.FRAMES_PER_DROP[start.level]
    out = [(x, y, o)]
    for b in buttons:
        timer = (timer + 1) & 0xFF
        if b & RIGHT and fits(padded, o, x + 1, y):
            x += 1
        elif b & LEFT and not b & RIGHT and fits(padded, o, x - 1, y):
            x -= 1
        r = ROTATION[o][1] if b & A_BUTTON else ROTATION[o][0] if b & 0x40 else o
        if r != o and fits(padded, r, x, y):
            o = r
        if ay & 0x80:
            ay = (ay + 1) & 0xFF
        else:
            ay = 0
            if not (timer - speed) & 0x80:
                timer = 0
                if fits(padded, o, x, y + 1):
                    y += 1
        out.append((x, y, o))
    return out


FULL_ROW = 0x3FF


def frames_to_spawn(ram: bytes, state: int) -> int | None:
    """PRNG steps (one a frame, in the NMI) between now, play state `state`
    about to run, and the frame whose spawn ($9907) picks the piece after next.

    Frame by frame as the routines go: state 3 waits until the NMI has copied
    the playfield to VRAM (four rows a frame, vramRow 20 becomes 32), then
    checks one row a frame for four frames and, at the fourth, restarts the
    copy and goes to 4 (lines to clear) or 5. In state 4 the NMI clears two
    columns of the rows on each frame whose frameCounter is a multiple of 4
    (clearColumnIndex counts the five passes) and the last pass hands over to
    5. States 5, 6 and 7 take one frame each. None if RAM is not in one of
    those states."""
    if not 3 <= state <= 7:
        return None
    vram_row, line_index = ram[model.VRAM_ROW], ram[model.LINE_INDEX]
    passes = 5 - ram[0x52]
    counter = ram[model.FRAME_COUNTER]
    lines = ram[model.COMPLETED_LINES] > 0 or any(
        r == FULL_ROW for r in board_from_ram(ram))
    j = 0
    while state < 5:
        if state == 3 and vram_row >= 32:
            line_index += 1
            if line_index >= 4:
                vram_row = 0
                state, passes = (4, 5) if lines else (5, 0)
        if state == 4:  # the NMI's animation
            if (counter + j) & 3 == 0:
                passes -= 1
                if passes <= 0:
                    state = 5
        else:  # the NMI's copy, four rows
            for _ in range(4):
                if vram_row < 20:
                    vram_row += 1
                    if vram_row == 20:
                        vram_row = 32
        j += 1
        if j > 200:
            return None
    return j + 8 - state


class Job:
    """A `Planner.steps` run, advanced a few pieces of work a frame."""

    def __init__(self, planner: Planner, rows: list[int], start: Start,
                 lines: tuple[int, int]) -> None:
        self.rows, self.start, self.lines = rows, start, lines
        self.following: int | None = None
        self.planner = planner
        self.steps = planner.steps(rows, start, lambda: self.following, lines)
        self.done = False
        self.choice: Choice | None = None
        self.done_units = 0
        self.ms = 0.0

    def units_left(self) -> int:
        """At most: the search, the scores, then one per lookahead board."""
        return max(1, 2 + self.planner.beam - self.done_units)

    def work(self, units: int) -> None:
        began = time.perf_counter()
        for _ in range(units):
            if self.done:
                break
            if self.following is None and self.done_units >= 2 and self.planner.lookahead:
                break  # waiting for the piece after next
            try:
                next(self.steps)
                self.done_units += 1
            except StopIteration as end:
                self.done, self.choice = True, end.value
        self.ms += (time.perf_counter() - began) * 1000

    def finish(self) -> Choice | None:
        self.work(1 << 30)
        return self.choice


@dataclass
class Plan:
    choice: Choice
    buttons: list[int]
    expected: list[tuple[int, int, int]]
    tail_from: int  # frame from which Down may be held
    step: int = 0
    soft_drop_gains: bool = False  # the soft drop is faster than gravity at this level
    hold_to: int | None = None  # Down held until the piece is on this row

    def next_press(self, j: int) -> int | None:
        """The first planned frame from j on with a press, or None."""
        for k in range(j, len(self.buttons)):
            if self.buttons[k]:
                return k
        return None


class Bot:
    """Plays the `tetris` machine through its controller. See the module's text."""

    def __init__(self, tap_hz: int = 30, start_level: int = 18, *,
                 weights: dict[str, tuple[float, ...]] | None = None,
                 lookahead: bool = True, soft_drop: bool = True, beam: int = 6,
                 spread: bool = True) -> None:
        if tap_hz <= 0 or 60 % tap_hz:
            raise ValueError("tap_hz must divide 60 (30 or 15, say)")
        if not 0 <= start_level <= 19:
            raise ValueError("start_level must be 0-19")
        self.tap_hz = tap_hz
        self.period = 60 // tap_hz
        self.start_level = start_level
        self.soft_drop = soft_drop
        self.spread = spread  # decide over the entry delay (else all at the spawn)
        self.planner = Planner(self.period, dict(weights or WEIGHTS), lookahead, beam)
        self.plan: Plan | None = None
        self.last = 0  # what we pressed last frame
        self.since_press = 99  # frames since a frame with a new press
        self.decisions = 0
        self.replans = 0
        self.resumes = 0  # plans searched again after a soft drop to their next press's row
        self.history: list[Choice] = []  # the last decisions, for the page
        self.last_ms = 0.0  # how long the last decision took (all its frames)
        self.job: Job | None = None  # the next piece's decision, under way
        self.frame_ms_max = 0.0  # the longest a frame's share of deciding took
        # the same over the frames of decisions made over an entry delay (not the
        # game's first piece, which has none, nor a plan made again mid-fall)
        self.spread_ms_max = 0.0
        self.spread_hits = 0  # decisions made ahead, over the entry delay
        self.spread_misses = 0  # made ahead but for another board or piece: made again

    # -- the per-frame entry point -----------------------------------------------
    def buttons(self, machine: Any) -> int:
        return self.act(bytes(machine.bus.ram[:0x800]))

    def act(self, ram: bytes) -> int:
        """The pad's bits for the frame about to run, from the NES's 2 KiB of
        RAM after the frame before (`retroscope/Tetris-v0`'s RAM observation
        is exactly that: the bot is a policy)."""
        out = self._decide(bytes(ram))
        new = out & ~self.last
        self.since_press = 0 if new else self.since_press + 1
        self.last = out
        return out

    def _decide(self, ram: bytes) -> int:
        mode = ram[model.GAME_MODE]
        if mode != 4:
            self.plan = self.job = None
            return self._menus(ram, mode)
        if ram[0xCA]:  # paused: the game goes on
            return self._tap(START_BUTTON)
        if ram[0xBD] == 2:  # the high-score name entry: Start leaves it blank
            self.plan = None
            return self._tap(START_BUTTON)
        state = ram[model.PLAY_STATE]
        if state == 1:
            return self._play(ram)
        if state == 8:
            return self._spawn(ram)
        self.plan = None
        if 3 <= state <= 7 and self.spread:
            self._prepare(ram, state)
        if state == 0x0A and ram[model.CURTAIN_ROW] == 20:
            return self._tap(START_BUTTON)
        return 0

    # -- menus -------------------------------------------------------------------
    def _tap(self, b: int) -> int:
        return 0 if self.last else b

    def _menus(self, ram: bytes, mode: int) -> int:
        if mode == 2 and ram[0xC1] != 0:  # B-type chosen: back to A-type
            return self._tap(RIGHT)
        if mode == 3:
            want = self.start_level % 10
            cursor = ram[0xC2]
            if cursor != want:
                return self._tap(RIGHT if cursor < want else LEFT)
            if self.start_level >= 10:  # A held while Start is pressed: ten more
                return A_BUTTON | START_BUTTON if self.last == A_BUTTON else A_BUTTON
        return self._tap(START_BUTTON)

    # -- play ----------------------------------------------------------------------
    def _pending(self, ram: bytes) -> bytearray:
        """RAM as it will be once the game has acted on the pad it has read."""
        m = bytearray(ram)
        m[model.FALL_TIMER] = (m[model.FALL_TIMER] + 1) & 0xFF
        model.shift(m)
        model.rotate(m)
        model.drop(m)
        return m

    def _first_press(self) -> int:
        """The first planned frame on which a new press keeps the tap rate."""
        return max(0, self.period - 1 - self.since_press)

    def _play(self, ram: bytes) -> int:
        m = self._pending(ram)
        if m[model.PLAY_STATE] != 1:
            self.plan = None
            return 0
        here = (model.s8(m[model.TET_X]), m[model.TET_Y], m[model.ORIENT])
        plan = self.plan
        if plan is not None and plan.hold_to is not None:
            if (here[0], here[2]) == plan.expected[plan.step][::2] and here[1] <= plan.hold_to:
                if here[1] < plan.hold_to:
                    return DOWN
                return self._resume(plan, m, here)
            plan.hold_to = None  # not where the soft drop goes: plan again below
        if plan is not None:
            j = plan.step
            if j < len(plan.expected) and plan.expected[j] == here:
                return self._follow(plan)
            p = plan.choice.placement
            if j >= len(plan.expected) and (here[0], here[2]) == (p.x, p.orient):
                return self._follow(plan)
            self.replans += 1
        start = Start(here[2], here[0], here[1], m[model.FALL_TIMER], m[model.AUTOREPEAT_Y],
                      m[model.LEVEL], self._first_press())
        return self._new_plan(m, start, m[0xBF])

    def _spawn(self, ram: bytes) -> int:
        m = bytearray(ram)
        m[model.FALL_TIMER] = (m[model.FALL_TIMER] + 1) & 0xFF  # as the frame will
        orient = m[0xBF]
        following = model.pick_piece(m)  # what $9907 will choose during the spawn
        start = Start(orient, 5, 0, 0, 0, m[model.LEVEL], self._first_press())
        job, self.job = self.job, None
        rows = board_from_ram(m)
        lines = (m[model.LINES], m[model.LINES + 1])
        if job is not None and (job.rows, job.start, job.lines) == (rows, start, lines) and (
                job.following is None or job.following == following):
            job.following = following
            self.spread_hits += 1
            began = time.perf_counter()
            choice = job.finish()
            self._frame_ms((time.perf_counter() - began) * 1000, spread=True)
            self.last_ms = job.ms
            return self._use(choice, rows, start)
        self.spread_misses += job is not None
        return self._new_plan(m, start, following)

    # -- the decision for the next piece, spread over the entry delay ----------------
    def _prepare(self, ram: bytes, state: int) -> None:
        """Between a lock and the next spawn: the board, the piece and the level
        the spawn will have are known (rows already full are as good as gone,
        the lines they make not yet counted), so the search starts now, a share
        of its pieces of work a frame. The piece after it is chosen at the spawn
        from the PRNG, which steps once a frame: from state 4 on the frames left
        are known, so it is worked out ahead (and checked at the spawn)."""
        left = frames_to_spawn(ram, state)
        if self.job is None:
            full = [r for r in board_from_ram(ram) if r == FULL_ROW]
            cleared = len(full) + (ram[model.COMPLETED_LINES] if state <= 5 else 0)
            level, lo, hi = level_after(ram[model.LEVEL], ram[model.LINES],
                                        ram[model.LINES + 1], cleared)
            rows = [r for r in board_from_ram(ram) if r != FULL_ROW]
            rows = [0] * (20 - len(rows)) + rows
            start = Start(ram[0xBF], 5, 0, 0, 0, level, 0)
            self.job = Job(self.planner, rows, start, (lo, hi))
        job = self.job
        if left is not None and job.following is None:
            m = bytearray(ram)
            for _ in range(left):
                model.prng(m)
            job.following = model.pick_piece(m)
        began = time.perf_counter()
        job.work(1 if left is None else -(-job.units_left() // (left + 1)))
        self._frame_ms((time.perf_counter() - began) * 1000, spread=True)

    def _resume(self, plan: Plan, m: bytearray, here: tuple[int, int, int]) -> int:
        """The soft drop reached the row of the plan's next press: the same
        placement, searched from here (the fall timer as it is now), else a
        new decision."""
        start = Start(here[2], here[0], here[1], m[model.FALL_TIMER], m[model.AUTOREPEAT_Y],
                      m[model.LEVEL], self._first_press())
        rows = board_from_ram(m)
        began = time.perf_counter()
        again = placements(rows, start, self.period).get(plan.choice.placement.key)
        self._frame_ms((time.perf_counter() - began) * 1000)
        if again is None:
            self.replans += 1
            return self._new_plan(m, start, m[0xBF])
        self.resumes += 1
        choice = Choice(again, plan.choice.value, plan.choice.runner_up,
                        plan.choice.runner_value, plan.choice.candidates,
                        plan.choice.next_orient)
        self.plan = self._plan_for(choice, rows, start)
        return self._follow(self.plan)

    def _frame_ms(self, ms: float, spread: bool = False) -> None:
        self.frame_ms_max = max(self.frame_ms_max, ms)
        if spread:
            self.spread_ms_max = max(self.spread_ms_max, ms)

    def _new_plan(self, m: bytearray, start: Start, next_orient: int) -> int:
        rows = board_from_ram(m)
        began = time.perf_counter()
        choice = self.planner.choose(rows, start, next_orient, (m[model.LINES], m[model.LINES + 1]))
        self.last_ms = (time.perf_counter() - began) * 1000
        self._frame_ms(self.last_ms)
        return self._use(choice, rows, start)

    def _use(self, choice: Choice | None, rows: list[int], start: Start) -> int:
        if choice is None:
            self.plan = None
            return 0
        self.decisions += 1
        self.history.append(choice)
        del self.history[:-8]
        self.plan = self._plan_for(choice, rows, start)
        return self._follow(self.plan)

    def _plan_for(self, choice: Choice, rows: list[int], start: Start) -> Plan:
        buttons = choice.placement.buttons()
        tail = len(buttons) + self.period - 1 if buttons else start.first_press
        return Plan(choice, buttons, trajectory(rows, start, buttons), tail,
                    soft_drop_gains=drop_speed(start.level) > SOFT_DROP_FRAMES)

    def _follow(self, plan: Plan) -> int:
        j = plan.step
        if j < len(plan.buttons):
            b = plan.buttons[j]
            if not b and self._may_hold(plan, j):
                return DOWN
            plan.step += 1
            return b
        plan.step += 1
        if self.soft_drop and j >= plan.tail_from:
            return DOWN
        return 0

    def _may_hold(self, plan: Plan, j: int) -> bool:
        """Whether to hold Down from frame j of the plan to the row of its
        next press (and so start plan.hold_to): the soft drop must be faster
        than gravity, gain two rows or more, and keep the tap rate (Down is a
        new press)."""
        if not (self.soft_drop and plan.soft_drop_gains
                and self.since_press >= self.period - 1):
            return False
        n = plan.next_press(j)
        if n is None or plan.expected[n][1] - plan.expected[j][1] < 2:
            return False
        plan.hold_to = plan.expected[n][1]
        return True

    # -- for the page and the tests ----------------------------------------------------
    def planned(self) -> Placement | None:
        return self.plan.choice.placement if self.plan else None

    def __call__(self, machine: Any) -> int:
        """An input source: the buttons for the frame about to run."""
        return self.buttons(machine)

    def report(self) -> dict[str, Any]:
        """What the page shows: the plan as a ghost (playfield cells), its value,
        the runner-up's, and how the bot is doing."""
        out: dict[str, Any] = {"source": "ai", "tap_hz": self.tap_hz,
                               "decisions": self.decisions, "replans": self.replans,
                               "ms": round(self.last_ms, 1),
                               "frame_ms_max": round(self.frame_ms_max, 1),
                               "spread_ms_max": round(self.spread_ms_max, 1)}
        choice = self.history[-1] if self.history else None
        if choice is not None:
            out["chosen"] = _describe(choice.placement, choice.value)
            out["runner_up"] = (_describe(choice.runner_up, choice.runner_value)
                                if choice.runner_up is not None else None)
            out["candidates"] = choice.candidates
            out["next"] = (TYPE_NAMES[TYPE_OF[choice.next_orient]]
                           if choice.next_orient is not None else None)
        out["ghost"] = _cells(self.plan.choice.placement) if self.plan else []
        return out


def _cells(p: Placement) -> list[list[int]]:
    """The playfield cells (row, column) the placement fills (rows >= 0)."""
    return [[p.y + sy, p.x + sx] for sy, _t, sx in ORIENTATIONS[p.orient] if p.y + sy >= 0]


def _describe(p: Placement, value: float) -> dict[str, Any]:
    return {"piece": TYPE_NAMES[TYPE_OF[p.orient]], "orient": p.orient, "x": p.x, "y": p.y,
            "value": None if value == DEAD else round(value, 1), "presses": len(p.presses),
            "cells": _cells(p)}

