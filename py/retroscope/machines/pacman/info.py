"""The machine's static description (id, screen, controls, link parameters)."""

from __future__ import annotations

from ..base import Param
from ..namco.board import namco_info
from .maze import LINK_MAX

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
    summary="The ghosts' direction choice at $2966 (reverse skipped, tiles >= $C0 solid, "
            "squared distance, a later direction wins a tie, dead ends passed through) "
            "inside a whole Pac-Man game in Z80 machine code. Keys: Shift puts in a coin, "
            "Enter starts, the arrows steer Pac-Man.",
)
