"""`backgammon`: FDS Backgammon's predetermined dice (seed 003) in a real game.

`create(seed=None, moves="")`: no seed is a power-on (sequence 31, title
screen waiting for Start); `seed` 0-31 resets with the counter at $33 set for
that sequence and holds Start, so the game begins at once; `moves` replays a
record in the link form (turns joined by ';').
"""

from __future__ import annotations

from typing import Any

from ..base import MachineError
from .machine import INFO, BackgammonMachine
from .notation import NotationError, parse_link

__all__ = ["INFO", "BackgammonMachine", "create", "validate"]


def validate(values: dict[str, Any]) -> list[str]:
    """Messages for values the Param specs alone cannot judge."""
    problems = []
    moves = values.get("moves") or ""
    if moves:
        if values.get("seed") is None:
            problems.append("moves need a seed: add seed=0-31 to the link")
        try:
            parse_link(str(moves))
        except NotationError as exc:
            problems.append(f"moves: {exc}")
    return problems


def create(seed: int | None = None, moves: str = "", **extra: Any) -> BackgammonMachine:
    if extra:
        raise MachineError(f"backgammon has no parameter {sorted(extra)[0]!r}")
    if seed is not None and (not isinstance(seed, int) or not 0 <= seed <= 31):
        raise MachineError(f"seed must be a sequence number 0-31, not {seed!r}")
    machine = BackgammonMachine()
    machine.power_on()
    if seed is not None:
        machine.reset_to(seed)
        if moves:
            machine.load_moves(moves)
    elif moves:
        raise MachineError("moves need a seed: add seed=0-31 to the link")
    return machine
