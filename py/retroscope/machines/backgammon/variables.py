"""FDS Backgammon's documented variables (seed 003's addresses), one table for
the panel and scripts (machines/variables.py)."""

from __future__ import annotations

from ..variables import Variable
from .layout import COUNTER, DIE1, DIE2, INDEX, MODE, READY, SEED, TABLE
from .model import TABLE_LEN

VARIABLES: tuple[Variable, ...] = (
    Variable("frameCounter", COUNTER, "u8", "hex", "counts every frame, survives a reset: "
             "the seed's source", label="frame counter (seed source)"),
    Variable("seed", SEED, "u8", "hex", "what the reset took from the counter"),
    Variable("rngIndex", INDEX, "u8", "hex", "RndFunc's place in the table",
             label="RNG index"),
    Variable("rngTable", TABLE, f"u8[{TABLE_LEN}]", "hex", "x(n) = x(n-55) - x(n-24)",
             label=f"RNG table ({TABLE_LEN} values)"),
    Variable("die1", DIE1, "u8", "dec", label="die 1"),
    Variable("die2", DIE2, "u8", "dec", label="die 2"),
    Variable("rollReady", READY, "u8", "hex", "cleared to ask GetDiceRoll for a roll",
             label="roll ready flag (0 = roll)"),
    Variable("mode", MODE, "u8", "hex", "0 title, 1 game", label="mode (0 title, 1 game)"),
)
