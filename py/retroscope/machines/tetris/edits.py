"""Seed 002's experiments on the piece selection, as edits of mechanics.asm."""

from __future__ import annotations

from ..ready_edits import ReadyEdit

EDITS = (
    ReadyEdit(
        "no-reroll", "The piece selection without its reroll",
        "$9907 keeps a repeat of the previous piece instead of rolling again (a 7 still "
        "rolls: it names no piece): each piece comes 1/8 of the time, as the first try "
        "gives it, and a repeat 1/8 rather than the article's 1/28; the statistics show "
        "the difference",
        (("mechanics.asm",
          "        cmp spawnID\n        bne @store\n",
          "        jmp @store              ; no reroll for a repeat (a 7 still rolls)\n"),)),
    ReadyEdit(
        "no-spawn-count", "The piece selection without spawnCount",
        "$990C's ADC spawnCount becomes two NOPs (the same two bytes): the first try is the "
        "PRNG's high byte alone, so the pieces no longer depend on how many came before since "
        "power-on; the article notes the count, never cleared between games, lets earlier "
        "games shape the next one's pieces",
        (("mechanics.asm",
          "        clc\n        adc spawnCount\n",
          "        clc\n        nop                     ; no spawnCount (ready edit)\n"
          "        nop\n"),)),
)
