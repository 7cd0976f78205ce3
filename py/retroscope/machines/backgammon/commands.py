"""The side panel's verbs for the backgammon machine (`command(verb, args)`).

A mixin of BackgammonMachine: new game, reset, players, move, undo, confirm,
export/import of the record, the tape and the explorer. Bad input raises
MachineError with a message the page shows as it is.
"""

from __future__ import annotations

from typing import Any

from ..base import MachineError
from . import model
from .game import PLAYER_KINDS, Game
from .notation import NotationError, export_record, link_text, parse_link, parse_record

TAPE_LENGTH = 120
MAX_TAPE = 10_000  # rolls one tape command may ask for


class PanelCommands:
    """Needs the machine's game, players, sequence, reset_to, roll_now, snapshots."""

    game: Game | None
    players: list[str]
    sequence: int
    selected: int | None

    def command(self, verb: str, args: dict[str, Any]) -> Any:
        handler = getattr(self, f"_cmd_{verb}", None)
        if handler is None:
            raise MachineError(f"backgammon has no command {verb!r}")
        try:
            return handler(**args)
        except (ValueError, TypeError) as exc:
            raise MachineError(str(exc)) from None

    def _need_game(self) -> Game:
        if self.game is None:
            raise MachineError("press Start first: the game has not begun")
        return self.game

    def _cmd_new_game(self, sequence: int | None = None) -> dict[str, Any]:
        seq = self.sequence if sequence is None else sequence
        if not isinstance(seq, int) or not 0 <= seq < model.SEQUENCES:
            raise MachineError(f"sequence must be 0-31, not {seq!r}")
        self.reset_to(seq)
        return {"sequence": self.sequence}

    def _cmd_reset(self) -> dict[str, Any]:
        """A real reset: the sequence comes from wherever $33 stands now."""
        self.reset()
        return {}

    def _cmd_players(self, white: str = "human", black: str = "computer") -> dict[str, Any]:
        for kind in (white, black):
            if kind not in PLAYER_KINDS:
                raise MachineError(f"player must be one of {', '.join(PLAYER_KINDS)}")
        self.players = [white, black]
        if self.game is not None:
            self.game.players = list(self.players)
        return {"players": self.players}

    def _cmd_move(self, src: int, dst: int) -> dict[str, Any]:
        self._need_game().move(int(src), int(dst))
        self.selected = None
        return {}

    def _cmd_undo(self) -> dict[str, Any]:
        self.selected = None
        return {"undone": self._need_game().undo()}

    def _cmd_confirm(self) -> dict[str, Any]:
        game = self._need_game()
        if game.current is None or game.players[game.to_move] != "human":
            raise MachineError("no turn of yours to finish")
        game.confirm()
        self.selected = None
        return {}

    def _cmd_export(self) -> dict[str, Any]:
        game = self._need_game()
        result = game.result()
        text = export_record(game.turns, self.sequence, result[:2] if result else None)
        return {"text": text, "link": link_text(game.turns)}

    def _cmd_import(self, text: str) -> dict[str, Any]:
        try:
            entries, sequence = parse_record(str(text))
        except NotationError as exc:
            raise MachineError(str(exc)) from None
        self._replay(entries, self.sequence if sequence is None else sequence)
        return {"turns": len(self._need_game().turns)}

    def load_moves(self, link: str) -> None:
        """Replay the `moves=` form of a record on the current sequence."""
        try:
            entries = parse_link(link)
        except NotationError as exc:
            raise MachineError(str(exc)) from None
        self._replay(entries, self.sequence)

    def _replay(self, entries: list[Any], sequence: int) -> None:
        if not 0 <= sequence < model.SEQUENCES:
            raise MachineError(f"sequence {sequence} is not 0-31")
        snap = self.snapshot()
        players = list(self.players)
        self.reset_to(sequence)
        game = self._need_game()
        game.players = ["human", "human"]
        try:
            game.replay(entries, self.roll_now)
        except NotationError as exc:
            self.restore(snap)
            raise MachineError(str(exc)) from None
        game.players = players

    def _cmd_tape(self, count: int = TAPE_LENGTH) -> dict[str, Any]:
        count = int(count)
        if not 0 <= count <= MAX_TAPE:
            raise MachineError(f"tape count must be 0-{MAX_TAPE}, not {count}")
        return self._tape_state(count)

    def _cmd_explorer(self) -> dict[str, Any]:
        from .explorer import explorer_stats

        return explorer_stats(self)
