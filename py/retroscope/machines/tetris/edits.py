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
)
