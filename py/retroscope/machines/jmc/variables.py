"""Japanese Military Chess's documented variables (seed 001's Z_ names), one
table for the panel and scripts (machines/variables.py)."""

from __future__ import annotations

from ..variables import Variable
from .draw import Z_CUR_X, Z_MODE, Z_OPT_BRIDGES, Z_PHASE, Z_TURN
from .hands import Z_COMMAND

Z_BRIDGES, SEED, Z_RESULT = 0x51, 0x5C, 0x53

VARIABLES: tuple[Variable, ...] = (
    Variable("seed", SEED, "u32", "text", "galois32's register, lowest byte first",
             label="seed (galois32)", show=lambda v: f"${v:08X}"),
    Variable("Z_turn", Z_TURN, "u8", "dec", "bit 0: the colour at the bottom",
             label="Z_turn (bottom colour)"),
    Variable("Z_bridges", Z_BRIDGES, "u8", "dec", "2 or 4"),
    Variable("Z_opt_bridges", Z_OPT_BRIDGES, "u8", "dec", "the menu's choice for the next game",
             label="Z_opt_bridges (menu)"),
    Variable("Z_result", Z_RESULT, "u8", "hex", "the last fight's outcome",
             label="Z_result (last fight)"),
    Variable("Z_phase", Z_PHASE, "u8", "dec"),
    Variable("Z_mode", Z_MODE, "u8", "dec"),
    Variable("Z_cursor", Z_CUR_X, "u8[2]", "text", "column, row",
             show=lambda v: f"{v[0]}, {v[1]}"),
    Variable("Z_command", Z_COMMAND, "u8", "dec", "the Python side's mailbox to the 6502",
             label="Z_command (mailbox)"),
)
