"""One game of backgammon driven by a dice source: turns, players, undo, record.

The dice come from outside (the machine's GetDiceRoll) through `give_roll`;
`need_roll` says when the game waits for one. The opening: the first roll's
two dice are White's and Black's single dice; doubles are rolled again; the
higher die starts and plays both numbers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import ai
from .notation import Entry, NotationError, Turn, resolve, turn_text
from .rules import NAMES, Position, TurnState, play_result, result_points, winner

PLAYER_KINDS = ("human", "computer", "oracle")
Tape = Callable[[int], list[tuple[int, int]]]  # the next n rolls, not consumed


@dataclass
class Game:
    players: list[str] = field(default_factory=lambda: ["human", "computer"])
    tape: Tape | None = None
    pos: Position = field(default_factory=Position)
    turns: list[Turn] = field(default_factory=list)
    rolls: list[tuple[int, int]] = field(default_factory=list)  # every roll used
    current: TurnState | None = None
    started: bool = False
    message: str = ""

    def __post_init__(self) -> None:
        for kind in self.players:
            if kind not in PLAYER_KINDS:
                raise ValueError(f"player must be one of {', '.join(PLAYER_KINDS)}, "
                                 f"not {kind!r}")

    # -- flow -----------------------------------------------------------------
    @property
    def over(self) -> bool:
        return winner(self.pos) is not None

    @property
    def need_roll(self) -> bool:
        return not self.over and self.current is None

    @property
    def to_move(self) -> int:
        return self.pos.turn

    def result(self) -> tuple[int, int, str] | None:
        """(winner, points, kind) once over."""
        win = winner(self.pos)
        if win is None:
            return None
        points, kind = result_points(self.pos)
        return win, points, kind

    def give_roll(self, dice: tuple[int, int]) -> None:
        if not self.need_roll:
            raise ValueError("the game is not waiting for a roll")
        self.rolls.append(dice)
        if not self.started:
            white, black = dice
            if white == black:
                self.message = f"Opening roll {white}-{black}: doubles, roll again"
                return
            self.started = True
            self.pos = Position(self.pos.sides, 0 if white > black else 1)
            self.message = f"{NAMES[self.pos.turn]} starts with {white}-{black}"
        self.current = TurnState(self.pos, dice)
        if self.current.total == 0:
            self.message = f"{NAMES[self.pos.turn]} cannot move with {dice[0]}-{dice[1]}"
            self._finish(())

    def _finish(self, play: tuple) -> None:
        assert self.current is not None
        turn = Turn(self.pos.turn, self.current.dice, tuple(play))
        self.turns.append(turn)
        self.message = f"{NAMES[turn.player]} {turn_text(turn)}" if play else self.message
        self.pos = play_result(self.pos, tuple(play))
        self.current = None
        result = self.result()
        if result:
            win, points, kind = result
            self.message = f"{NAMES[win]} wins {points} point{'s' * (points > 1)} ({kind})"

    def computer_turn(self) -> bool:
        """Let a computer player make its whole turn; False if it is a human's."""
        if self.current is None or self.players[self.pos.turn] == "human":
            return False
        dice = self.current.dice
        if self.players[self.pos.turn] == "oracle" and self.tape is not None:
            upcoming = self.tape(1)
            play, _ = ai.oracle_play(self.pos, dice, upcoming[0] if upcoming else None)
        else:
            play, _ = ai.best_play(self.pos, dice)
        self._finish(play)
        return True

    # -- a human's turn ---------------------------------------------------------
    def move(self, src: int, dst: int) -> None:
        """Move one checker from src to dst, over several dice if need be."""
        if self.current is None:
            raise ValueError("roll the dice first" if not self.over else "the game is over")
        path = self.current.paths(src).get(dst)
        if path is None:
            self.current.move(src, dst)  # raises the "not a legal move" message
            return
        for step in path:
            self.current.move(step[0], step[1])

    def undo(self) -> bool:
        return self.current.undo() if self.current else False

    def confirm(self) -> None:
        """End the human's turn once it has used the dice it must."""
        turn = self.current
        if turn is None:
            raise ValueError("no turn in progress")
        if not turn.done():
            left = turn.total - len(turn.steps)
            raise ValueError(f"{left} more move{'s' * (left > 1)} to make this turn")
        self._finish(tuple(turn.steps))

    def shown_position(self) -> Position:
        return self.current.position() if self.current else self.pos

    # -- snapshots ------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """Everything needed to resume exactly (the tape callback excepted)."""
        cur = self.current
        return {
            "players": list(self.players),
            "sides": [list(s) for s in self.pos.sides], "turn": self.pos.turn,
            "turns": [[t.player, list(t.dice), [list(s) for s in t.play]] for t in self.turns],
            "rolls": [list(r) for r in self.rolls], "started": self.started,
            "message": self.message,
            "current": None if cur is None else {
                "dice": list(cur.dice), "steps": [list(s) for s in cur.steps],
                "used": list(cur.used)},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], tape: Tape | None = None) -> Game:
        game = cls(players=list(data["players"]), tape=tape)
        sides = data["sides"]
        game.pos = Position((tuple(sides[0]), tuple(sides[1])), data["turn"])
        game.turns = [Turn(p, (d[0], d[1]), tuple((s[0], s[1], bool(s[2])) for s in play))
                      for p, d, play in data["turns"]]
        game.rolls = [(r[0], r[1]) for r in data["rolls"]]
        game.started = data["started"]
        game.message = data["message"]
        cur = data["current"]
        if cur is not None:
            turn = TurnState(game.pos, (cur["dice"][0], cur["dice"][1]))
            turn.steps = [(s[0], s[1], bool(s[2])) for s in cur["steps"]]
            turn.used = list(cur["used"])
            game.current = turn
        return game

    # -- records ----------------------------------------------------------------
    def replay(self, entries: list[Entry], roll: Callable[[], tuple[int, int]]) -> None:
        """Play recorded turns, taking dice from `roll`; entries must match them."""
        for entry in entries:
            if self.over:
                raise NotationError(f"{entry.where}: the game is already over")
            before = len(self.turns)
            while self.need_roll and len(self.turns) == before:
                self.give_roll(roll())
            if len(self.turns) > before:  # the roll left no move: a recorded pass
                turn = self.turns[-1]
                self._check(entry, turn.dice, turn.player)
                if entry.moves.strip():
                    raise NotationError(f"{entry.where}: {NAMES[turn.player]} cannot move "
                                        f"with {turn.dice[0]}-{turn.dice[1]}")
                continue
            assert self.current is not None
            self._check(entry, self.current.dice, self.pos.turn)
            self._finish(resolve(self.pos, self.current.dice, entry.moves, entry.where))

    @staticmethod
    def _check(entry: Entry, dice: tuple[int, int], player: int) -> None:
        if entry.dice is not None and sorted(entry.dice) != sorted(dice):
            raise NotationError(
                f"{entry.where}: the record rolls {entry.dice[0]}{entry.dice[1]} but "
                f"this sequence rolls {dice[0]}{dice[1]} here")
        if entry.player is not None and entry.player != player:
            raise NotationError(f"{entry.where}: it is {NAMES[player]}'s turn, "
                                f"not {NAMES[entry.player]}'s")
