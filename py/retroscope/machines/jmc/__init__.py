"""Japanese Military Chess for the BBC Micro (`jmc`): seed 001's rules as our own
NMOS 6502 program on a model of the BBC Micro (`machines.bbc`).

The 6502 program (jmc.asm and its includes) owns the board arrays at the
article's names and runs every rule: swap_sides, the marking routines, the
fight, the win checks, galois32, prng_seed and random_setup. Its main loop
scans the keyboard through the system VIA, runs the command the game posts
in its mailbox (Z_command) and draws the screens into MODE 2 screen memory
(draw.asm; draw.py is its pure-Python reference model). The game's flow
(game.py) posts the commands and hands the view to the 6502 in RAM.
"""

from __future__ import annotations

from .machine import INFO, JmcMachine, create, validate

__all__ = ["INFO", "JmcMachine", "create", "validate"]
