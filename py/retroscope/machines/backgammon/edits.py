"""Seed 003's point that every game's dice are fixed by the RNG's sequence
(one of 32, chosen by $33 at reset; power-on takes 31), as an edit of
reset.asm."""

from __future__ import annotations

from ..ready_edits import ReadyEdit

EDITS = (
    ReadyEdit(
        "power-on-sequence-0", "Power-on starts sequence 0 instead of 31",
        "$6260's LDX #$5F (sequence 31, $5F mod 32) becomes LDX #$20 (sequence 0): the "
        "seed at $0500, the 55-value table InitTable builds from it at $0601, and so every "
        "die of a game begun from power-on change; Restart with it to see the new dice",
        (("reset.asm",
          "        LDX #$5F                ; counter 0 = power-on: sequence 31\n",
          "        LDX #$20                ; power-on: sequence 0 (ready edit; shipped $5F, "
          "31)\n"),)),
)
