"""Seed 001's reason for seeding the PRNG ("otherwise it will produce the
same setup every time the game is run"), as an edit of prng.asm."""

from __future__ import annotations

from ..ready_edits import ReadyEdit

EDITS = (
    ReadyEdit(
        "no-seed", "The PRNG never seeded",
        "prng_seed returns at once (RTS and a NOP in place of its first LDA #$01, so nothing "
        "after it moves): the key presses' timing no longer reaches the generator, and a "
        "random setup is the same every time the game runs, as the article warns",
        (("prng.asm",
          "prng_seed:\n        lda #$01\n",
          "prng_seed:\n        rts                     ; never seeded (ready edit)\n"
          "        nop                     ; (keeps the bytes after where they were)\n"),)),
)
