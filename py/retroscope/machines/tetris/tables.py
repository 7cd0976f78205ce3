"""The tables the article documents, with their addresses: the one source of truth.

`model.py` computes with these, and `tables_asm()` emits them as `.byte` lines
at their documented addresses for the 6502 program, so the program and the
reference model cannot disagree about a table.
"""

from __future__ import annotations

# $8A9C: 19 orientations + 1 unused, each four (Y, tile, X) squares (signed).
ORIENTATIONS: tuple[tuple[tuple[int, int, int], ...], ...] = (
    ((0, 0x7B, -1), (0, 0x7B, 0), (0, 0x7B, 1), (-1, 0x7B, 0)),   # 00 Tu
    ((-1, 0x7B, 0), (0, 0x7B, 0), (0, 0x7B, 1), (1, 0x7B, 0)),    # 01 Tr
    ((0, 0x7B, -1), (0, 0x7B, 0), (0, 0x7B, 1), (1, 0x7B, 0)),    # 02 Td (spawn)
    ((-1, 0x7B, 0), (0, 0x7B, -1), (0, 0x7B, 0), (1, 0x7B, 0)),   # 03 Tl
    ((-1, 0x7D, 0), (0, 0x7D, 0), (1, 0x7D, -1), (1, 0x7D, 0)),   # 04 Jl
    ((-1, 0x7D, -1), (0, 0x7D, -1), (0, 0x7D, 0), (0, 0x7D, 1)),  # 05 Ju
    ((-1, 0x7D, 0), (-1, 0x7D, 1), (0, 0x7D, 0), (1, 0x7D, 0)),   # 06 Jr
    ((0, 0x7D, -1), (0, 0x7D, 0), (0, 0x7D, 1), (1, 0x7D, 1)),    # 07 Jd (spawn)
    ((0, 0x7C, -1), (0, 0x7C, 0), (1, 0x7C, 0), (1, 0x7C, 1)),    # 08 Zh (spawn)
    ((-1, 0x7C, 1), (0, 0x7C, 0), (0, 0x7C, 1), (1, 0x7C, 0)),    # 09 Zv
    ((0, 0x7B, -1), (0, 0x7B, 0), (1, 0x7B, -1), (1, 0x7B, 0)),   # 0A O (spawn)
    ((0, 0x7D, 0), (0, 0x7D, 1), (1, 0x7D, -1), (1, 0x7D, 0)),    # 0B Sh (spawn)
    ((-1, 0x7D, 0), (0, 0x7D, 0), (0, 0x7D, 1), (1, 0x7D, 1)),    # 0C Sv
    ((-1, 0x7C, 0), (0, 0x7C, 0), (1, 0x7C, 0), (1, 0x7C, 1)),    # 0D Lr
    ((0, 0x7C, -1), (0, 0x7C, 0), (0, 0x7C, 1), (1, 0x7C, -1)),   # 0E Ld (spawn)
    ((-1, 0x7C, -1), (-1, 0x7C, 0), (0, 0x7C, 0), (1, 0x7C, 0)),  # 0F Ll
    ((-1, 0x7C, 1), (0, 0x7C, -1), (0, 0x7C, 0), (0, 0x7C, 1)),   # 10 Lu
    ((-2, 0x7B, 0), (-1, 0x7B, 0), (0, 0x7B, 0), (1, 0x7B, 0)),   # 11 Iv
    ((0, 0x7B, -2), (0, 0x7B, -1), (0, 0x7B, 0), (0, 0x7B, 1)),   # 12 Ih (spawn)
    ((0, 0xFF, 0), (0, 0xFF, 0), (0, 0xFF, 0), (0, 0xFF, 0)),     # 13 unused
)
UNASSIGNED = 0x13

# $88EE: (counter-clockwise, clockwise) per orientation.
ROTATION: tuple[tuple[int, int], ...] = (
    (0x03, 0x01), (0x00, 0x02), (0x01, 0x03), (0x02, 0x00),
    (0x07, 0x05), (0x04, 0x06), (0x05, 0x07), (0x06, 0x04),
    (0x09, 0x09), (0x08, 0x08), (0x0A, 0x0A), (0x0C, 0x0C), (0x0B, 0x0B),
    (0x10, 0x0E), (0x0D, 0x0F), (0x0E, 0x10), (0x0F, 0x0D), (0x12, 0x12), (0x11, 0x11),
)

# $898E: frames per drop for levels 0-29 (level >= 29 uses 1 without the table).
FRAMES_PER_DROP: tuple[int, ...] = (
    48, 43, 38, 33, 28, 23, 18, 13, 8, 6, 5, 5, 5, 4, 4, 4, 3, 3, 3,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1,
)

# $993B type per orientation; $994E spawn orientation per type; $9956 spawn
# orientation per orientation.
TYPE_OF: tuple[int, ...] = (0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 4, 4, 5, 5, 5, 5, 6, 6)
SPAWN_TABLE: tuple[int, ...] = (0x02, 0x07, 0x08, 0x0A, 0x0B, 0x0E, 0x12)
SPAWN_OF: tuple[int, ...] = (2, 2, 2, 2, 7, 7, 7, 7, 8, 8, 0x0A, 0x0B, 0x0B,
                             0x0E, 0x0E, 0x0E, 0x0E, 0x12, 0x12)
TYPE_NAMES = "TJZOSLI"
# $9955, the byte after the spawn table: the demo's type 7 reads it and, the
# article says, gets Td ($02).
PAST_SPAWN_TABLE = 0x02

# $96B8: the level shown for levels 0-29 (BCD); $96D6: 10 * row for rows 0-19;
# $96EA: VRAM address of each playfield row (little endian), before the +6.
LEVEL_DISPLAY: tuple[int, ...] = tuple(int(str(n), 16) for n in range(30))
ROW_OFFSETS: tuple[int, ...] = tuple(10 * r for r in range(20))
VRAM_ROWS: tuple[int, ...] = tuple(0x20C6 + 32 * r for r in range(20))

# $984C: the four colours of the squares for each level ending in 0-9.
COLOURS: tuple[tuple[int, int, int, int], ...] = (
    (0x0F, 0x30, 0x21, 0x12), (0x0F, 0x30, 0x29, 0x1A), (0x0F, 0x30, 0x24, 0x14),
    (0x0F, 0x30, 0x2A, 0x12), (0x0F, 0x30, 0x2B, 0x15), (0x0F, 0x30, 0x22, 0x2B),
    (0x0F, 0x30, 0x00, 0x16), (0x0F, 0x30, 0x05, 0x13), (0x0F, 0x30, 0x16, 0x12),
    (0x0F, 0x30, 0x27, 0x16),
)

# $9CA5: points per number of lines cleared, 16-bit little-endian packed BCD.
POINTS: tuple[int, ...] = (0x0000, 0x0040, 0x0100, 0x0300, 0x1200)
# $9B53: garbage per clear (2-player leftover, kept as a table).
GARBAGE: tuple[int, ...] = (0, 0, 1, 2, 4)
# $97FE / $9803: columns blanked by each pass of the line-clear animation.
CLEAR_LEFT: tuple[int, ...] = (4, 3, 2, 1, 0)
CLEAR_RIGHT: tuple[int, ...] = (5, 6, 7, 8, 9)

# The B-type endings 0-8: six objects each; $A7B7 their rows (y), $A77B the
# horizontal gaps between them, $A771 the speed (signed, per frame), $A7F3 the
# first of each object's two sprite tiles (dragonfly, dove, penguin, UFO,
# pterosaur, blimp, ostrich, dragon, Buran).
ENDING_Y: tuple[tuple[int, ...], ...] = (
    (0x98, 0xA8, 0xC0, 0xA8, 0x90, 0xB0), (0xB0, 0xB8, 0xA0, 0xB8, 0xA8, 0xA0),
    (0xC8,) * 6, (0x30, 0x20, 0x40, 0x28, 0xA0, 0x80), (0xA8, 0x88, 0x68, 0xA8, 0x48, 0x78),
    (0x58, 0x68, 0x18, 0x48, 0x78, 0x38), (0xC8,) * 6, (0x90, 0x58, 0x70, 0xA8, 0x40, 0x38),
    (0x68, 0x88, 0x78, 0x18, 0x48, 0xA8),
)
ENDING_GAPS: tuple[tuple[int, ...], ...] = (
    (0x3A, 0x24, 0x0A, 0x4A, 0x3A, 0xFF), (0x22, 0x44, 0x12, 0x32, 0x4A, 0xFF),
    (0xAE, 0x6E, 0x8E, 0x6E, 0x1E, 0x02), (0x42, 0x42, 0x42, 0x42, 0x42, 0x02),
    (0x22, 0x0A, 0x1A, 0x04, 0x0A, 0xFF), (0xEE, 0xDE, 0xFC, 0xFC, 0xF6, 0x02),
    (0x80, 0x80, 0x80, 0x80, 0x80, 0xFF), (0xE8, 0xE8, 0xE8, 0xE8, 0x48, 0xFF),
    (0x80, 0xAE, 0x9E, 0x90, 0x80, 0x02),
)
ENDING_SPEED: tuple[int, ...] = (0x01, 0x01, 0xFF, 0xFC, 0x01, 0xFF, 0x02, 0x02, 0xFE)
ENDING_SPRITE: tuple[int, ...] = (0x2C, 0x2E, 0x54, 0x32, 0x34, 0x36, 0x4B, 0x38, 0x3A)

# Addresses of the tables, as documented.
ADDR = {
    "orientationTable": 0x8A9C, "rotationTable": 0x88EE, "framesPerDropTable": 0x898E,
    "typeTable": 0x993B, "spawnTable": 0x994E, "spawnOrientationTable": 0x9956,
    "levelDisplayTable": 0x96B8, "rowOffsetTable": 0x96D6, "vramPlayfieldRows": 0x96EA,
    "colorTable": 0x984C, "pointsTable": 0x9CA5, "garbageLines": 0x9B53,
    "leftColumns": 0x97FE, "rightColumns": 0x9803,
    "endingSpeed": 0xA771, "endingGaps": 0xA77B, "endingY": 0xA7B7, "endingSprite": 0xA7F3,
}


def _bytes(values: list[int]) -> str:
    return ".byte " + ", ".join(f"${v & 0xFF:02X}" for v in values)


def tables_asm() -> str:
    """The tables as 6502 source, each at its documented address."""
    out: list[str] = ["; generated by retroscope.machines.tetris.tables: do not edit"]

    def table(name: str, rows: list[list[int]]) -> None:
        out.append(f".org ${ADDR[name]:04X}")
        out.append(f"{name}:")
        out.extend("    " + _bytes(row) for row in rows)

    table("orientationTable", [[v for sq in o for v in sq] for o in ORIENTATIONS])
    table("rotationTable", [list(r) for r in ROTATION])
    table("framesPerDropTable", [list(FRAMES_PER_DROP)])
    table("typeTable", [list(TYPE_OF)])
    table("spawnTable", [list(SPAWN_TABLE), [PAST_SPAWN_TABLE]])
    table("spawnOrientationTable", [list(SPAWN_OF)])
    table("levelDisplayTable", [list(LEVEL_DISPLAY)])
    table("rowOffsetTable", [list(ROW_OFFSETS)])
    table("vramPlayfieldRows", [[a & 0xFF, a >> 8] for a in VRAM_ROWS])
    table("colorTable", [list(c) for c in COLOURS])
    table("pointsTable", [[p & 0xFF, p >> 8] for p in POINTS])
    table("garbageLines", [list(GARBAGE)])
    table("leftColumns", [list(CLEAR_LEFT)])
    table("rightColumns", [list(CLEAR_RIGHT)])
    table("endingSpeed", [list(ENDING_SPEED)])
    table("endingGaps", [list(g) for g in ENDING_GAPS])
    table("endingY", [list(y) for y in ENDING_Y])
    table("endingSprite", [list(ENDING_SPRITE)])
    return "\n".join(out) + "\n"
