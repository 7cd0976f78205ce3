"""The machine's static description (id, screen, controls, link parameters)."""

from __future__ import annotations

from ..base import Param, Routine, TouchControls
from ..namco.board import namco_info
from .maze import LINK_MAX
from .model import RIGHT, position

LINK_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_."

INFO = namco_info(
    id="pacman",
    title="Pac-Man",
    params=(
        Param("maze", "str", "",
              "a maze from the editor's share link (empty: the default maze)",
              max_len=LINK_MAX, alphabet=LINK_ALPHABET),
    ),
    article="004",
    routines=(
        Routine("chooseDirection", "$2966: a ghost's next direction (HL position, "
                "DE target, A direction)",
                (("sp", 0x4FC0), ("hl", position(13, 14)), ("de", position(20, 10)),
                 ("a", RIGHT))),
        Routine("getMazePosition", "the maze tile at HL", (("hl", position(13, 14)),)),
        Routine("calcDistance", "squared distance between (IX) and (IY)",
                (("ix", 0x4C00), ("iy", 0x4C02))),
        Routine("chooseFrightened", "a frightened ghost's pseudo-random turn",
                (("sp", 0x4FC0), ("hl", position(13, 14)), ("a", RIGHT))),
    ),
    summary="The ghosts' direction choice at $2966 (reverse skipped, tiles >= $C0 solid, "
            "squared distance, a later direction wins a tie, dead ends passed through) "
            "inside a whole Pac-Man game in Z80 machine code.",
    actions=(("Coin", "put in a coin"), ("Start", "start"), ("Up", "steer up"),
             ("Down", "steer down"), ("Left", "steer left"), ("Right", "steer right")),
    # The arcade's 4-way joystick: Pac-Man takes the turn at the next corner,
    # so the pad holds the last direction after the finger lifts.
    touch=TouchControls(ways=4, keep_direction=True, captions={"Coin": ""}),
)
