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
only hurries the straight fall to the same place.

On the legal, title and menu screens and in the demo it presses Start (and
picks A-type and the start level); when a game is over it does the same.
"""

from __future__ import annotations

import time
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
        found = placements(rows, start, self.period)
        if not found:
            return None
        level = start.level
        w1 = weights_for(level, self.weights)
        first: list[tuple[float, Placement, list[int], int]] = []
        for p in found.values():
            after, cleared = lock(rows, p.orient, p.x, p.y)
            if next_orient is not None and not spawn_fits(after, next_orient):
                value = DEAD
            else:
                value = evaluate(w1, after, cleared)
            first.append((value, p, after, cleared))
        first.sort(key=lambda item: (-item[0], len(item[1].presses), item[1].key))
        if self.lookahead and next_orient is not None:
            scored = []
            for value, p, after, cleared in first[: self.beam]:
                if value == DEAD:
                    scored.append((DEAD, p))
                    continue
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


@dataclass
class Plan:
    choice: Choice
    buttons: list[int]
    expected: list[tuple[int, int, int]]
    tail_from: int  # frame from which Down may be held
    step: int = 0


class Bot:
    """Plays the `tetris` machine through its controller. See the module's text."""

    def __init__(self, tap_hz: int = 30, start_level: int = 18, *,
                 weights: dict[str, tuple[float, ...]] | None = None,
                 lookahead: bool = True, soft_drop: bool = True, beam: int = 6) -> None:
        if tap_hz <= 0 or 60 % tap_hz:
            raise ValueError("tap_hz must divide 60 (30 or 15, say)")
        if not 0 <= start_level <= 19:
            raise ValueError("start_level must be 0-19")
        self.tap_hz = tap_hz
        self.period = 60 // tap_hz
        self.start_level = start_level
        self.soft_drop = soft_drop
        self.planner = Planner(self.period, dict(weights or WEIGHTS), lookahead, beam)
        self.plan: Plan | None = None
        self.last = 0  # what we pressed last frame
        self.since_press = 99  # frames since a frame with a new press
        self.decisions = 0
        self.replans = 0
        self.history: list[Choice] = []  # the last decisions, for the page
        self.last_ms = 0.0  # how long the last decision took

    # -- the per-frame entry point -----------------------------------------------
    def buttons(self, machine: Any) -> int:
        ram = bytes(machine.bus.ram[:0x800])
        out = self._decide(ram)
        new = out & ~self.last
        self.since_press = 0 if new else self.since_press + 1
        self.last = out
        return out

    def _decide(self, ram: bytes) -> int:
        mode = ram[model.GAME_MODE]
        if mode != 4:
            self.plan = None
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
        return self._new_plan(m, start, following)

    def _new_plan(self, m: bytearray, start: Start, next_orient: int) -> int:
        rows = board_from_ram(m)
        began = time.perf_counter()
        choice = self.planner.choose(rows, start, next_orient, (m[model.LINES], m[model.LINES + 1]))
        self.last_ms = (time.perf_counter() - began) * 1000
        if choice is None:
            self.plan = None
            return 0
        self.decisions += 1
        self.history.append(choice)
        del self.history[:-8]
        p = choice.placement
        buttons = p.buttons()
        tail = len(buttons) + self.period - 1 if buttons else start.first_press
        self.plan = Plan(choice, buttons, trajectory(rows, start, buttons), tail)
        return self._follow(self.plan)

    def _follow(self, plan: Plan) -> int:
        j = plan.step
        plan.step += 1
        if j < len(plan.buttons):
            return plan.buttons[j]
        if self.soft_drop and j >= plan.tail_from:
            return DOWN
        return 0

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
                               "ms": round(self.last_ms, 1)}
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


def play_game(machine: Any, bot: Bot, max_frames: int = 500_000,
              stop_at_game_over: bool = True) -> dict[str, Any]:
    """Run `machine` under `bot` until its game ends (or `max_frames`); the result."""
    started = False
    frames = 0
    while frames < max_frames:
        machine.run_frame(bot.buttons(machine))
        frames += 1
        mode, state = machine.read(model.GAME_MODE), machine.read(model.PLAY_STATE)
        if mode == 4 and state == 1:
            started = True
        if started and stop_at_game_over and (mode != 4 or state in (0, 0x0A)):
            break
    return game_result(machine, frames)


def game_result(machine: Any, frames: int) -> dict[str, Any]:
    r = machine.read

    def bcd(*addrs: int) -> int:
        return int("".join(f"{r(a):02X}" for a in addrs))

    return {"score": bcd(0x55, 0x54, 0x53), "lines": (r(0x51) * 100) + bcd(0x50),
            "level": r(model.LEVEL), "frames": frames}
