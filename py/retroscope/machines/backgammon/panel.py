"""The side panel's verbs for the backgammon machine (`Machine.command`).

New game, reset, players, move, undo, confirm, export/import of the record,
the tape and the explorer: functions of the machine, which `commands(m)`
binds into the table the base dispatches. Bad input raises MachineError with
a message the page shows as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from ..base import MachineError
from . import model
from .explorer import explorer_stats
from .game import PLAYER_KINDS, Game
from .notation import NotationError, export_record, link_text, parse_link, parse_record

TAPE_LENGTH = 120
MAX_TAPE = 10_000  # rolls one tape command may ask for


def commands(m: Any) -> dict[str, Callable[..., Any]]:
    """The verb table of machine `m`."""
    verbs = {"new_game": new_game, "reset": reset, "players": players, "move": move,
             "undo": undo, "confirm": confirm, "export": export, "import": import_record,
             "tape": tape, "explorer": explorer}
    return {name: partial(fn, m) for name, fn in verbs.items()}


def need_game(m: Any) -> Game:
    if m.game is None:
        raise MachineError("press Start first: the game has not begun")
    return m.game


def new_game(m: Any, sequence: int | None = None) -> dict[str, Any]:
    seq = m.sequence if sequence is None else sequence
    if not isinstance(seq, int) or not 0 <= seq < model.SEQUENCES:
        raise MachineError(f"sequence must be 0-31, not {seq!r}")
    m.reset_to(seq)
    return {"sequence": m.sequence}


def reset(m: Any) -> dict[str, Any]:
    """A real reset: the sequence comes from wherever $33 stands now."""
    m.reset()
    return {}


def players(m: Any, white: str = "human", black: str = "computer") -> dict[str, Any]:
    for kind in (white, black):
        if kind not in PLAYER_KINDS:
            raise MachineError(f"player must be one of {', '.join(PLAYER_KINDS)}")
    m.players = [white, black]
    if m.game is not None:
        m.game.players = list(m.players)
    return {"players": m.players}


def move(m: Any, src: int, dst: int) -> dict[str, Any]:
    need_game(m).move(int(src), int(dst))
    m.selected = None
    return {}


def undo(m: Any) -> dict[str, Any]:
    m.selected = None
    return {"undone": need_game(m).undo()}


def confirm(m: Any) -> dict[str, Any]:
    game = need_game(m)
    if game.current is None or game.players[game.to_move] != "human":
        raise MachineError("no turn of yours to finish")
    game.confirm()
    m.selected = None
    return {}


def export(m: Any) -> dict[str, Any]:
    game = need_game(m)
    result = game.result()
    text = export_record(game.turns, m.sequence, result[:2] if result else None)
    return {"text": text, "link": link_text(game.turns)}


def import_record(m: Any, text: str) -> dict[str, Any]:
    try:
        entries, sequence = parse_record(str(text))
    except NotationError as exc:
        raise MachineError(str(exc)) from None
    replay(m, entries, m.sequence if sequence is None else sequence)
    return {"turns": len(need_game(m).turns)}


def load_moves(m: Any, link: str) -> None:
    """Replay the `moves=` form of a record on the current sequence."""
    try:
        entries = parse_link(link)
    except NotationError as exc:
        raise MachineError(str(exc)) from None
    replay(m, entries, m.sequence)


def replay(m: Any, entries: list[Any], sequence: int) -> None:
    if not 0 <= sequence < model.SEQUENCES:
        raise MachineError(f"sequence {sequence} is not 0-31")
    snap = m.snapshot()
    players = list(m.players)
    m.reset_to(sequence)
    game = need_game(m)
    game.players = ["human", "human"]
    try:
        game.replay(entries, m.roll_now)
    except NotationError as exc:
        m.restore(snap)
        raise MachineError(str(exc)) from None
    game.players = players


def tape(m: Any, count: int = TAPE_LENGTH) -> dict[str, Any]:
    count = int(count)
    if not 0 <= count <= MAX_TAPE:
        raise MachineError(f"tape count must be 0-{MAX_TAPE}, not {count}")
    return m.tape_state(count)


def explorer(m: Any) -> dict[str, Any]:
    return explorer_stats(m)
