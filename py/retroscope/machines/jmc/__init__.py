"""Japanese Military Chess for the BBC Micro (`jmc`): seed 001's game as our own
NMOS 6502 program on a model of the BBC Micro (`machines.bbc`).

The 6502 program (jmc.asm and its includes) is the whole game: the board
arrays at the article's names and every rule (swap_sides, the marking
routines, the fight, the win checks, galois32, prng_seed, random_setup), the
flow (flow.asm: menu, setup, turns, the interstitial, keys from its IRQ1V key
buffer and clicks from our pointer, what the computer infers, saves) and the
screens (draw.asm, into MODE 2 screen memory; draw.py is its reference model).
Python is the board around it and the side panel; the computer opponent
(ai.py) chooses in Python and plays only by pressing keys (hands.py).
"""

from __future__ import annotations

from .machine import INFO, JmcMachine, create, validate

__all__ = ["INFO", "JmcMachine", "create", "validate"]
