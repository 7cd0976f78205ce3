"""NES Tetris's documented variables (seed 002's names and addresses), one table
for the panel, the Gymnasium environment and scripts (machines/variables.py)."""

from __future__ import annotations

from ..variables import Variable
from .tables import TYPE_NAMES

VARIABLES: tuple[Variable, ...] = (
    Variable("RNG", 0x17, "u16be", "hex16", "the 16-bit LFSR $AB47 steps, $0017-$0018"),
    Variable("spawnID", 0x19, "u8", "hex", "the orientation ID of the last piece spawned"),
    Variable("spawnCount", 0x1A, "u8", "dec", "pieces spawned, as $9907 counts them"),
    Variable("tetriminoX", 0x40, "u8", "dec", "the falling piece's column"),
    Variable("tetriminoY", 0x41, "u8", "dec", "the falling piece's row"),
    Variable("orientationID", 0x42, "u8", "hex", "the falling piece and its rotation"),
    Variable("level", 0x44, "u8", "dec"),
    Variable("fallTimer", 0x45, "u8", "dec", "frames since the piece last fell a row"),
    Variable("dropSpeed", 0xAF, "u8", "dec", "frames per row at this level"),
    Variable("autorepeatX", 0x46, "u8", "dec", "the delayed auto shift's counter",
             label="autorepeatX (DAS)"),
    Variable("autorepeatY", 0x4E, "s8", "sdec", "soft drop's counter (negative: the "
             "first piece's delay)"),
    Variable("holdDownPoints", 0x4F, "u8", "dec", "rows soft-dropped: points at the lock"),
    Variable("playState", 0x48, "u8", "hex", "1 the player moves the piece, 2-8 lock to "
             "spawn, $0A the game-over curtain"),
    Variable("lines", 0x50, "bcd16", "bcd", "lines cleared, packed BCD $0050-$0051"),
    Variable("score", 0x53, "bcd24", "bcd", "packed BCD $0053-$0055"),
    Variable("frameCounter", 0xB1, "u16", "dec"),
    Variable("gameMode", 0xC0, "u8", "hex", "0 legal, 1 title, 2 game type, 3 level, "
             "4 play, 5 demo"),
    Variable("numberOfPlayers", 0xBE, "u8", "dec"),
    # The unfinished 2-player mode ($00BE = 2): player 2's block at $0060.
    Variable("p2TetriminoX", 0x60, "u8", "dec", label="P2 tetriminoX", group="versus"),
    Variable("p2TetriminoY", 0x61, "u8", "dec", label="P2 tetriminoY", group="versus"),
    Variable("p2PlayState", 0x68, "u8", "hex", label="P2 playState", group="versus"),
    Variable("p2Lines", 0x70, "bcd16", "bcd", label="P2 lines", group="versus"),
    Variable("p2Score", 0x73, "bcd24", "bcd", label="P2 score", group="versus"),
    Variable("garbageForP1", 0x5A, "u8", "dec", label="garbage for P1", group="versus"),
    Variable("garbageForP2", 0x7A, "u8", "dec", label="garbage for P2", group="versus"),
    # The statistics: how many of each piece, 16-bit BCD from $03F0.
    *(Variable(f"stats{name}", 0x3F0 + 2 * i, "bcd16", "bcd", f"{name} pieces spawned",
               label=f"stats {name}", group="stats")
      for i, name in enumerate(TYPE_NAMES)),
)
