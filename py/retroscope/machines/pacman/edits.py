"""Seed 004's question, what a ghost does at a dead end, as edits of the
routine at $2966 (ghostdir.asm): the five answers the article lists.

Each replaces the 3-byte `ld a,(curDirection)` at $29D4 with a 3-byte call
of a routine placed after ghostdir's own code: when every direction was
refused (minDistance still $FFFF), it does the behaviour; otherwise it
loads curDirection as the shipped code does. The routine's documented
instruction starts stay where the article has them."""

from __future__ import annotations

from ..ready_edits import ReadyEdit

_AT = "        ld a,(curDirection)     ; $29D4: every direction refused leaves it as it was\n"
_CALL = "        call deadEnd            ; $29D4: a dead end? (ready edit)\n"
_END = "\n        org $32FF\n"


def _dead_end(body: str) -> str:
    return ("\n; A dead end: every direction was refused, minDistance is still $FFFF.\n"
            "deadEnd:\n"
            "        ld hl,(minDistance)\n"
            "        inc hl\n"
            "        ld a,h\n"
            "        or l\n"
            "        ld a,(curDirection)\n"
            "        ret nz                  ; a direction was chosen: as shipped\n"
            + body + _END)


def _edit(name: str, title: str, shows: str, body: str) -> ReadyEdit:
    return ReadyEdit(name, title, shows, (("ghostdir.asm", _AT, _CALL),
                                          ("ghostdir.asm", _END, _dead_end(body))))


EDITS = (
    _edit("dead-end-turn", "Dead end: the ghost turns around",
          "answer 1: at a dead end the ghost takes the way back (revDirection), the one "
          "turn it is otherwise never allowed",
          "        ld a,(revDirection)     ; the way back\n        ret\n"),
    _edit("dead-end-stop", "Dead end: the ghost stops",
          "answer 2: at a dead end the routine answers no direction (bit 7 set, straight "
          "back to chooseDirection's caller, skipping the vector lookup)",
          "        pop hl                  ; not back into chooseDirection: to its caller\n"
          "        or $80                  ; no direction\n"
          "        ret\n"),
    _edit("dead-end-through", "Dead end: through the wall (as shipped)",
          "answer 3, the real game's: the direction it came in by is kept and the ghost "
          "passes through the wall; the same behaviour as the shipped code, written out",
          "        ret                     ; keep curDirection: through the wall\n"),
    _edit("dead-end-freeze", "Dead end: the game freezes",
          "answer 4: an endless loop with interrupts off; the picture stops, and the "
          "board's watchdog, no longer kicked, resets the game",
          "        di\n.freeze:\n        jr .freeze              ; stuck for good\n"),
    _edit("dead-end-crash", "Dead end: the game crashes",
          "answer 5: it jumps into bytes that are not code (the filled ROM at $1F00) and "
          "runs whatever they say, until the watchdog resets the board",
          "        jp $1F00                ; into the ROM's fill: not code\n"),
)
