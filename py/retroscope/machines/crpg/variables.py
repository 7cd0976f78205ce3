"""The CRPG's documented variables (seed 000's names: MAPPRC's VWIDTH, HWIDTH,
X, Y and the STATE block), one table for the panel and scripts
(machines/variables.py). The TMS9900's words are big-endian."""

from __future__ import annotations

from ..variables import Variable

SIDES = ("south", "west", "north", "east")

VARIABLES: tuple[Variable, ...] = (
    Variable("VWIDTH", "VWIDTH", "u16be", "dec", "the map's height"),
    Variable("HWIDTH", "HWIDTH", "u16be", "dec", "the map's width"),
    Variable("X", "X", "u16be", "dec", "the player's column"),
    Variable("Y", "Y", "u16be", "dec", "the player's row"),
    Variable("edge", "STATE", "u8", "dec", "0 extend the edge, else wrap", offset=4,
             label="STATE+4 edge (0 extend)"),
    Variable("mapType", "STATE", "u8", "dec", "0, 1 normal or 2 (slanted)", offset=5,
             label="STATE+5 map type (1 normal)"),
    Variable("mobCount", "STATE", "u16be", "dec", offset=6, label="STATE+6 mob count"),
    Variable("mapLight", "STATE", "u8", "dec", offset=8, label="STATE+8 map light"),
    Variable("playerLight", "STATE", "u8", "dec", offset=9, label="STATE+9 player light"),
    *(v for i, side in enumerate(SIDES) for v in (
        Variable(f"{side}Tile", "STATE", "u8", "hex", f"the tile to the {side}",
                 offset=10 + 2 * i, label=f"STATE+{10 + 2 * i} {side} tile"),
        Variable(f"{side}Mob", "STATE", "u8", "hex", f"the mob to the {side}",
                 offset=11 + 2 * i, label=f"STATE+{11 + 2 * i} {side} mob"))),
    Variable("underPlayer", "STATE", "u8", "hex", "the tile under the player", offset=18,
             label="STATE+18 under the player"),
)
