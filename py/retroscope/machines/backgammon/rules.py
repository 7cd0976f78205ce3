"""Backgammon rules: positions, legal plays (both dice, else the larger), scoring.

A side's checkers are 26 counts in that side's own numbering: index 0 is borne
off, 1-24 are points (1-6 the home board), 25 is the bar. The opponent's point
p is 25 - p in mine. A step is (source, destination, hit) in the mover's
numbering, destination 0 meaning borne off; a play is the tuple of steps of one
turn. Player 0 is White, player 1 is Black.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

OFF = 0
BAR = 25
CHECKERS = 15
START: tuple[int, ...] = tuple(
    {24: 2, 13: 5, 8: 3, 6: 5}.get(i, 0) for i in range(26))
NAMES = ("White", "Black")

Step = tuple[int, int, bool]
Play = tuple[Step, ...]


@dataclass(frozen=True)
class Position:
    """Both sides' checkers and whose turn it is."""

    sides: tuple[tuple[int, ...], tuple[int, ...]] = (START, START)
    turn: int = 0

    @classmethod
    def build(cls, white: dict[int, int], black: dict[int, int], turn: int = 0) -> Position:
        """A position from {point: checkers} per side in its own numbering (25 =
        bar); the rest of each side's 15 checkers count as borne off."""
        sides = []
        for points in (white, black):
            side = [0] * 26
            for point, n in points.items():
                side[point] += n
            side[OFF] = CHECKERS - sum(side)
            sides.append(tuple(side))
        pos = cls((sides[0], sides[1]), turn)
        pos.check()
        return pos

    def mover(self) -> tuple[int, ...]:
        return self.sides[self.turn]

    def other(self) -> tuple[int, ...]:
        return self.sides[1 - self.turn]

    def with_sides(self, me: list[int] | tuple[int, ...], opp: list[int] | tuple[int, ...],
                   turn: int | None = None) -> Position:
        """A position from the mover's view (me, opp), turn unchanged unless given."""
        t = self.turn
        sides = (tuple(me), tuple(opp)) if t == 0 else (tuple(opp), tuple(me))
        return Position(sides, t if turn is None else turn)

    def check(self) -> None:
        """Raise ValueError unless both sides hold 15 checkers and no point is shared."""
        for side, name in zip(self.sides, NAMES, strict=True):
            if len(side) != 26 or min(side) < 0 or sum(side) != CHECKERS:
                raise ValueError(f"{name} must have {CHECKERS} checkers, not {sum(side)}")
        a, b = self.sides
        for p in range(1, 25):
            if a[p] and b[25 - p]:
                raise ValueError(f"point {p} holds checkers of both sides")


def pip_count(side: tuple[int, ...] | list[int]) -> int:
    return sum(p * side[p] for p in range(1, 26))


def dice_list(dice: tuple[int, int]) -> tuple[int, ...]:
    """The dice to play: doubles four times."""
    a, b = dice
    return (a,) * 4 if a == b else (a, b)


def _can_bear_off(me: list[int]) -> bool:
    return not any(me[7:26])


def step_to(me: list[int], opp: list[int], src: int, die: int) -> Step | None:
    """The step moving a checker from `src` by `die`, or None if not allowed."""
    if me[src] == 0 or (me[BAR] and src != BAR):
        return None
    dst = src - die
    if dst >= 1:
        there = opp[25 - dst]
        if there >= 2:
            return None
        return (src, dst, there == 1)
    if not _can_bear_off(me):
        return None
    if dst < 0 and any(me[src + 1:7]):  # over-large die: only from the highest point
        return None
    return (src, OFF, False)


def apply_step(me: list[int], opp: list[int], step: Step) -> None:
    src, dst, hit = step
    me[src] -= 1
    me[dst] += 1
    if hit:
        opp[25 - dst] -= 1
        opp[BAR] += 1


def undo_step(me: list[int], opp: list[int], step: Step) -> None:
    src, dst, hit = step
    me[dst] -= 1
    me[src] += 1
    if hit:
        opp[BAR] -= 1
        opp[25 - dst] += 1


def _sources(me: list[int]) -> range | tuple[int, ...]:
    return (BAR,) if me[BAR] else range(1, 25)


def max_steps(me: list[int], opp: list[int], dice: tuple[int, ...]) -> int:
    """How many of `dice` can be played in some order from here."""
    if not dice:
        return 0
    best = 0
    tried: set[int] = set()
    for i, die in enumerate(dice):
        if die in tried:
            continue
        tried.add(die)
        rest = dice[:i] + dice[i + 1:]
        for src in _sources(me):
            step = step_to(me, opp, src, die)
            if step is None:
                continue
            apply_step(me, opp, step)
            n = 1 + max_steps(me, opp, rest)
            undo_step(me, opp, step)
            if n > best:
                best = n
                if best == len(dice):
                    return best
    return best


def _walk(me: list[int], opp: list[int], dice: tuple[int, ...], prefix: list[Step],
          seen: set[tuple[tuple[int, ...], tuple[int, ...]]]) -> Iterator[tuple[Play, int]]:
    """Every play as (steps, dice left), each reachable state visited once."""
    moved = False
    tried: set[int] = set()
    for i, die in enumerate(dice):
        if die in tried:
            continue
        tried.add(die)
        rest = dice[:i] + dice[i + 1:]
        for src in _sources(me):
            step = step_to(me, opp, src, die)
            if step is None:
                continue
            moved = True
            apply_step(me, opp, step)
            key = (tuple(me) + tuple(opp), rest)
            if key not in seen:
                seen.add(key)
                prefix.append(step)
                yield from _walk(me, opp, rest, prefix, seen)
                prefix.pop()
            undo_step(me, opp, step)
    if not moved:
        yield tuple(prefix), len(dice)


def legal_plays(pos: Position, dice: tuple[int, int]) -> dict[Position, Play]:
    """Each distinct resulting position (turn passed) -> one play reaching it.

    Plays use as many dice as possible; when only one die of a non-double can
    be played, the larger one must be, if it can.
    """
    me, opp = list(pos.mover()), list(pos.other())
    all_dice = dice_list(dice)
    found: list[Play] = []
    most = 0
    for play, _left in _walk(me, opp, all_dice, [], set()):
        if len(play) > most:
            most, found = len(play), [play]
        elif len(play) == most:
            found.append(play)
    if most == 1 and dice[0] != dice[1]:
        big = max(dice)
        larger = [p for p in found if step_to(me, opp, p[0][0], big) == p[0]]
        if larger:
            found = larger
    out: dict[Position, Play] = {}
    for play in found:
        result = play_result(pos, play)
        out.setdefault(result, play)
    return out


def play_result(pos: Position, play: Play) -> Position:
    """The position after `play`, with the turn passed to the opponent."""
    me, opp = list(pos.mover()), list(pos.other())
    for step in play:
        apply_step(me, opp, step)
    return pos.with_sides(me, opp, 1 - pos.turn)


def winner(pos: Position) -> int | None:
    for player in (0, 1):
        if pos.sides[player][OFF] == CHECKERS:
            return player
    return None


def result_points(pos: Position) -> tuple[int, str]:
    """(points, kind) for a finished game: single 1, gammon 2, backgammon 3."""
    win = winner(pos)
    if win is None:
        raise ValueError("the game is not over")
    loser = pos.sides[1 - win]
    if loser[OFF]:
        return 1, "single"
    # The loser's points 19-24 are the winner's home board.
    if loser[BAR] or any(loser[19:25]):
        return 3, "backgammon"
    return 2, "gammon"


@dataclass
class TurnState:
    """A turn being played step by step, with undo back to its start."""

    start: Position
    dice: tuple[int, int]
    steps: list[Step] = field(default_factory=list)
    used: list[int] = field(default_factory=list)  # the die each step took
    total: int = 0  # steps this turn must make
    larger_only: bool = False

    def __post_init__(self) -> None:
        me, opp = list(self.start.mover()), list(self.start.other())
        self.total = max_steps(me, opp, dice_list(self.dice))
        if self.total == 1 and self.dice[0] != self.dice[1]:
            big = max(self.dice)
            self.larger_only = any(step_to(me, opp, s, big) for s in _sources(me))

    def _state(self) -> tuple[list[int], list[int], list[int]]:
        me, opp = list(self.start.mover()), list(self.start.other())
        left = list(dice_list(self.dice))
        for step, die in zip(self.steps, self.used, strict=True):
            apply_step(me, opp, step)
            left.remove(die)
        return me, opp, left

    def position(self) -> Position:
        me, opp, _ = self._state()
        return self.start.with_sides(me, opp)

    def dice_left(self) -> list[int]:
        return self._state()[2]

    def options(self) -> dict[Step, int]:
        """Legal next steps -> the die each takes (the smallest that keeps the
        turn able to use as many dice as the rules demand)."""
        me, opp, left = self._state()
        need = self.total - len(self.steps)
        out: dict[Step, int] = {}
        if need <= 0:
            return out
        for die in sorted(set(left)):
            if self.larger_only and die != max(self.dice):
                continue
            rest = list(left)
            rest.remove(die)
            for src in _sources(me):
                step = step_to(me, opp, src, die)
                if step is None or step in out:
                    continue
                apply_step(me, opp, step)
                if 1 + max_steps(me, opp, tuple(rest)) >= need:
                    out[step] = die
                undo_step(me, opp, step)
        return out

    def legal_steps(self) -> list[Step]:
        return list(self.options())

    def move(self, src: int, dst: int) -> Step:
        """Make the legal step from src to dst (dst 0 = off), or raise ValueError."""
        for step, die in self.options().items():
            if step[0] == src and step[1] == dst:
                self.steps.append(step)
                self.used.append(die)
                return step
        raise ValueError(f"{point_name(src)}/{point_name(dst)} is not a legal move now: "
                         f"{self.why_not(src, dst)}")

    def why_not(self, src: int, dst: int) -> str:
        """Why the checker on `src` cannot go to `dst` now, in a few words (the
        screen's message line holds 32 characters); "" if it can."""
        if dst in self.paths(src):
            return ""
        me, opp, left = self._state()
        if self.done():
            return "no dice left: end the turn"
        if me[src] == 0:
            return "no checker of yours there"
        if me[BAR] and src != BAR:
            return "enter from the bar first"
        if dst != OFF and dst >= src:
            return "that is backwards"
        if dst != OFF and opp[25 - dst] >= 2:
            return f"point {dst} is blocked"
        if dst == OFF and not _can_bear_off(me):
            return "not all checkers home yet"
        sums = _sums(left)
        if dst != OFF and src - dst not in sums:
            return f"no dice make {src - dst}"
        if dst == OFF and max(sums, default=0) < src:
            return "dice too small to go off"
        if dst == OFF and src not in sums and any(me[src + 1:7]):
            return f"bear off from {max(p for p in range(src + 1, 7) if me[p])} first"
        if _reaches(me, opp, src, dst, left):
            return "must play the larger die" if self.larger_only else "a die would go unplayed"
        return "no open point on the way"

    def paths(self, src: int) -> dict[int, list[Step]]:
        """Where the checker on `src` can go this turn, alone -> the shortest
        legal steps taking it there (13/7 with 4-2 is 13/9 9/7 or 13/11 11/7)."""
        out: dict[int, list[Step]] = {}

        def walk(at: int, trail: list[Step]) -> None:
            for step in list(self.options()):
                if step[0] != at:
                    continue
                self.move(step[0], step[1])
                path = [*trail, step]
                if step[1] not in out or len(path) < len(out[step[1]]):
                    out[step[1]] = path
                if step[1] != OFF:
                    walk(step[1], path)
                self.undo()

        walk(src, [])
        return out

    def undo(self) -> bool:
        if not self.steps:
            return False
        self.steps.pop()
        self.used.pop()
        return True

    def done(self) -> bool:
        return len(self.steps) >= self.total


def _sums(dice: list[int]) -> set[int]:
    """Every distance some of `dice` add up to."""
    sums: set[int] = set()
    for die in dice:
        sums |= {die} | {die + t for t in sums}
    return sums


def _reaches(me: list[int], opp: list[int], src: int, dst: int, dice: list[int]) -> bool:
    """Whether the checker on `src` gets to `dst` with some of `dice`, each
    stop open, the turn's other rules aside."""
    for die in set(dice):
        step = step_to(me, opp, src, die)
        if step is None:
            continue
        if step[1] == dst:
            return True
        rest = list(dice)
        rest.remove(die)
        if step[1] != OFF:
            apply_step(me, opp, step)
            found = _reaches(me, opp, step[1], dst, rest)
            undo_step(me, opp, step)
            if found:
                return True
    return False


def point_name(point: int) -> str:
    return "bar" if point == BAR else "off" if point == OFF else str(point)
