"""Seed 000's copy loop, looped and unrolled, as an edit of the loader in
crpg.asm: the map copy the panel times runs the unrolled loop."""

from __future__ import annotations

from ..ready_edits import ReadyEdit

EDITS = (
    ReadyEdit(
        "copy-unrolled", "Copy each map with the unrolled loop",
        "LOADMP's choice of loop (MOVB @UNROLL,R0) becomes LI R0,>0100, the same four bytes: "
        "every map is copied into >2000 by COPYU, eight MOVBs to an AI R3,-8, instead of the "
        "article's MOVB/DEC/JNE; the panel's cycle count of the last map copy (Restart with "
        "it, or load a map) drops by about 38 %, the saving the article measures",
        (("crpg.asm",
          "       MOVB @UNROLL,R0\n",
          "       LI   R0,>0100          the unrolled loop, whatever UNROLL says"
          " (ready edit)\n"),)),
)
