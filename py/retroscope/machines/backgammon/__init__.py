"""`backgammon`: FDS Backgammon's predetermined dice (seed 003) in a real game.

Here: INFO, `create` and `validate`. The machine is `machine.py` (on the FDS
of `machines.fds`), its program `backgammon.asm` (reset, RNG, dice), its
reference model `model.py`, the side panel's verbs `panel.py`; the game
itself (rules, notation, players, board drawing) is Python glue.

`create(seed=None, moves="")`: no seed is a power-on (sequence 31, title
screen waiting for Start); `seed` 0-31 resets with the counter at $33 set for
that sequence and holds Start, so the game begins at once; `moves` replays a
record in the link form (turns joined by ';').
"""

from __future__ import annotations

from typing import Any

from ..base import MachineError, check_params
from . import model
from .game import Game
from .machine import INFO, BackgammonMachine
from .notation import NotationError, parse_link

__all__ = ["INFO", "BackgammonMachine", "create", "validate"]


def validate(values: dict[str, Any]) -> list[tuple[str, str]]:
    """(parameter, message) for values the Param specs alone cannot judge: the
    moves must read, need a seed, and must be legal with that sequence's dice
    (checked on the reference model, which the tests hold equal to the code)."""
    moves = values.get("moves") or ""
    if not moves:
        return []
    seed = values.get("seed")
    if seed is None:
        return [("moves", "moves need a seed: add seed=0-31 to the link")]
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= 31:
        return [("seed", f"seed must be a sequence number 0-31, not {str(seed)[:12]!r}")]
    try:
        entries = parse_link(str(moves))
        rng = model.DiceRng.for_sequence(seed)
        rng.random_val()  # the title frame before Start, as create() plays it
        Game(players=["human", "human"]).replay(entries, rng.dice_roll)
    except NotationError as exc:
        return [("moves", f"moves: {exc}")]
    return []


def create(**params: Any) -> BackgammonMachine:
    values = check_params(INFO.params, params)
    seed, moves = values["seed"], values["moves"]
    if moves and seed is None:
        raise MachineError("moves need a seed: add seed=0-31 to the link")
    machine = BackgammonMachine()
    machine.power_on()
    if seed is not None:
        machine.reset_to(seed)
        if moves:
            machine.load_moves(moves)
    return machine
