"""Our own tile set for the CRPG: 8x8 patterns, colours and flags.

Character codes on screen (graphics mode I: the colour is per 8 codes):
  >20            dark (unlit or out of sight)
  >30->5F        a small font for names and numbers
  >60->77        mob graphics (placed raw by MAPPRC)
  >80 | code     a map square: code = the map byte's low 7 bits (bit 7 = lit)
  >F7            the player (B247)
TILES flags per code (the low 7 bits): >80 blocks sight (the listing's
opacity bit), >40 blocks walking, >20 an exit to another map.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

OPAQUE, SOLID, EXIT = 0x80, 0x40, 0x20


@dataclass(frozen=True)
class Tile:
    code: int
    name: str
    flags: int
    art: tuple[str, ...]  # 8 rows of 8: '#' foreground, '.' background


def _t(code: int, name: str, flags: int, *rows: str) -> Tile:
    assert len(rows) == 8 and all(len(r) == 8 for r in rows), name
    return Tile(code, name, flags, rows)


TERRAIN: tuple[Tile, ...] = (
    _t(0, "grass", 0, "........", ".#......", "......#.", "...#....",
       "........", "#....#..", "...#....", "........"),
    _t(1, "flowers", 0, "........", ".#...#..", "###.###.", ".#...#..",
       "....#...", "...###..", "....#...", "........"),
    _t(2, "bush", 0, "........", "..###...", ".#####..", "#######.",
       ".#####..", "........", "........", "........"),
    _t(3, "tree", OPAQUE | SOLID, "..###...", ".#####..", "#######.", "#######.",
       ".#####..", "...#....", "...#....", "..###..."),
    _t(4, "pine", OPAQUE | SOLID, "...#....", "..###...", ".#####..", "..###...",
       ".#####..", "#######.", "...#....", "...#...."),
    _t(8, "water", SOLID, "........", ".##...##", "#..###..", "........",
       "........", ".##...##", "#..###..", "........"),
    _t(9, "deep water", SOLID, "##...##.", "..###..#", "........", "##...##.",
       "..###..#", "........", "##...##.", "..###..#"),
    _t(10, "reeds", 0, "........", "#..#..#.", "#..#..#.", "##.#.##.",
       ".#.#.#..", ".#####..", "..###...", "........"),
    _t(16, "sand", 0, "........", "...#....", "......#.", "........",
       ".#......", ".....#..", "........", "..#....."),
    _t(17, "dirt path", 0, "........", "........", "..#.....", "........",
       "......#.", "........", "...#....", "........"),
    _t(18, "rocks", OPAQUE | SOLID, "..###...", ".#####..", "###.###.", "#######.",
       "........", ".###.##.", "#######.", "........"),
    _t(24, "stone wall", OPAQUE | SOLID, "########", "#...#...", "########", "..#...#.",
       "########", "#...#...", "########", "..#...#."),
    _t(25, "floor", 0, "........", "........", "........", "...#....",
       "........", "........", "........", "........"),
    _t(26, "stairs down", EXIT, "########", "#.......", "#.######", "#.#.....",
       "#.#.####", "#.#.#...", "#.#.#.##", "#.#.#.#."),
    _t(27, "stairs up", EXIT, ".#.#.#.#", "##.#.#.#", "...#.#.#", "####.#.#",
       ".....#.#", "######.#", ".......#", "########"),
    _t(28, "pillar", OPAQUE | SOLID, "..####..", ".######.", "..####..", "..####..",
       "..####..", "..####..", ".######.", "########"),
    _t(32, "wooden wall", OPAQUE | SOLID, "#######.", "#######.", "........", "###.####",
       "###.####", "........", "#######.", "#######."),
    _t(33, "door", OPAQUE, ".######.", "#......#", "#......#", "#......#",
       "#....#.#", "#......#", "#......#", "########"),
    _t(34, "wooden floor", 0, "#.......", "#.......", "#.......", "########",
       "....#...", "....#...", "....#...", "########"),
    _t(35, "table", SOLID, "........", "########", "########", ".#....#.",
       ".#....#.", ".#....#.", "........", "........"),
    _t(36, "gate", EXIT, "#.#.#.#.", "#######.", "#.#.#.#.", "#.#.#.#.",
       "#######.", "#.#.#.#.", "#.#.#.#.", "#.#.#.#."),
    _t(40, "roof", OPAQUE | SOLID, "...##...", "..####..", ".##..##.", "##.##.##",
       "#.####.#", ".######.", "##.##.##", "########"),
    _t(48, "torch", OPAQUE | SOLID, "...#....", "..###...", "..###...", "...#....",
       "..###...", "...#....", "...#....", "...#...."),
    _t(49, "campfire", SOLID, "...#....", "..#.#...", ".#.#.#..", ".##.##..",
       "..###...", "#.#.#.#.", ".#.#.#..", "........"),
)

# Colours per group of 8 codes (fg << 4 | bg), TMS9918A colour numbers.
TERRAIN_COLOURS = {0: 0x3C, 1: 0x54, 2: 0xAB, 3: 0xE1, 4: 0xB6, 5: 0xF8, 6: 0x96}

MOBS: tuple[Tile, ...] = (
    _t(0x60, "villager", 0, "..##....", "..##....", ".####...", "#.##.#..",
       "..##....", "..##....", ".#..#...", ".#..#..."),
    _t(0x61, "wolf", 0, "........", "#.......", "##....#.", ".######.",
       ".######.", ".#....#.", ".#....#.", "........"),
    _t(0x62, "deer", 0, "#.#.....", ".#......", ".##.....", "..######",
       "..#####.", "..#...#.", "..#...#.", "........"),
    _t(0x68, "skeleton", 0, "..###...", "..#.#...", "..###...", ".#####..",
       "#.###.#.", "..#.#...", ".#...#..", ".#...#.."),
    _t(0x69, "bat", 0, "........", "#.....#.", "##.#.##.", "#######.",
       ".#.#.#..", "........", "........", "........"),
    _t(0x6A, "rat", 0, "........", "........", "...###..", "..#####.",
       ".######.", "#.#..#..", "........", "........"),
    _t(0x70, "crab", 0, "........", "#.....#.", "##...##.", ".#####..",
       "#######.", ".#.#.#..", "#.....#.", "........"),
    _t(0x71, "serpent", 0, "........", ".##.....", "#..#..#.", "....##..",
       ".##.....", "#..#..#.", "....##..", "........"),
)
MOB_COLOURS = {12: 0x8C, 13: 0xF1, 14: 0xB4}
PLAYER = _t(0xF7, "player", 0, "...##...", "...##...", "..####..", ".#.##.#.",
            "...##...", "..#..#..", "..#..#..", ".##..##.")
PLAYER_COLOUR = (30, 0xF1)
DARK = 0x20

_FONT = {  # 3 x 5 glyphs, our own
    "0": "###,#.#,#.#,#.#,###", "1": ".#.,##.,.#.,.#.,###", "2": "###,..#,###,#..,###",
    "3": "###,..#,.##,..#,###", "4": "#.#,#.#,###,..#,..#", "5": "###,#..,###,..#,###",
    "6": "###,#..,###,#.#,###", "7": "###,..#,.#.,.#.,.#.", "8": "###,#.#,###,#.#,###",
    "9": "###,#.#,###,..#,###", "A": ".#.,#.#,###,#.#,#.#", "B": "##.,#.#,##.,#.#,##.",
    "C": ".##,#..,#..,#..,.##", "D": "##.,#.#,#.#,#.#,##.", "E": "###,#..,##.,#..,###",
    "F": "###,#..,##.,#..,#..", "G": ".##,#..,#.#,#.#,.##", "H": "#.#,#.#,###,#.#,#.#",
    "I": "###,.#.,.#.,.#.,###", "J": "..#,..#,..#,#.#,.#.", "K": "#.#,#.#,##.,#.#,#.#",
    "L": "#..,#..,#..,#..,###", "M": "#.#,###,###,#.#,#.#", "N": "##.,#.#,#.#,#.#,#.#",
    "O": ".#.,#.#,#.#,#.#,.#.", "P": "##.,#.#,##.,#..,#..", "Q": ".#.,#.#,#.#,##.,.##",
    "R": "##.,#.#,##.,#.#,#.#", "S": ".##,#..,.#.,..#,##.", "T": "###,.#.,.#.,.#.,.#.",
    "U": "#.#,#.#,#.#,#.#,###", "V": "#.#,#.#,#.#,#.#,.#.", "W": "#.#,#.#,###,###,#.#",
    "X": "#.#,#.#,.#.,#.#,#.#", "Y": "#.#,#.#,.#.,.#.,.#.", "Z": "###,..#,.#.,#..,###",
    "-": "...,...,###,...,...", ".": "...,...,...,...,.#.", ",": "...,...,...,.#.,#..",
    "'": ".#.,.#.,...,...,...", ":": "...,.#.,...,.#.,...",
}
FONT_COLOURS = 0xF1  # white on black, groups 6-11


def _pattern(rows: tuple[str, ...]) -> bytes:
    return bytes(int(r.replace("#", "1").replace(".", "0"), 2) for r in rows)


def _glyph(spec: str) -> bytes:
    rows = spec.split(",")
    out = bytearray(8)
    for i, row in enumerate(rows):
        bits = int(row.replace("#", "1").replace(".", "0"), 2)
        wide = 0  # each column two pixels wide
        for b in range(3):
            if bits & (4 >> b):
                wide |= 0xC0 >> (2 * b)
        out[i + 1] = wide
    return bytes(out)


def by_code() -> dict[int, Tile]:
    return {t.code: t for t in TERRAIN}


def patterns() -> bytes:
    """The 2 KiB pattern table."""
    table = bytearray(2048)
    for tile in TERRAIN:
        at = (0x80 | tile.code) * 8
        table[at:at + 8] = _pattern(tile.art)
    for mob in MOBS:
        table[mob.code * 8:mob.code * 8 + 8] = _pattern(mob.art)
    table[PLAYER.code * 8:PLAYER.code * 8 + 8] = _pattern(PLAYER.art)
    for ch, spec in _FONT.items():
        table[ord(ch) * 8:ord(ch) * 8 + 8] = _glyph(spec)
    return bytes(table)


def colours() -> bytes:
    """The 32-byte colour table."""
    table = bytearray([0x11] * 32)
    for group in range(6, 12):
        table[group] = FONT_COLOURS
    for group, value in MOB_COLOURS.items():
        table[group] = value
    for group, value in TERRAIN_COLOURS.items():
        table[16 + group] = value
    table[PLAYER_COLOUR[0]] = PLAYER_COLOUR[1]
    return bytes(table)


def flags() -> bytes:
    """TILES: 128 flag bytes, by code (mob graphics: none)."""
    table = bytearray(128)
    for tile in TERRAIN:
        table[tile.code] = tile.flags
    return bytes(table)


def _bytes_asm(label: str, data: bytes) -> str:
    lines = []
    for i in range(0, len(data), 16):
        chunk = ",".join(f">{b:02X}" for b in data[i:i + 16])
        lines.append(f"{label if i == 0 else '':6} BYTE {chunk}")
    return "\n".join(lines) + "\n"


@lru_cache(maxsize=1)
def includes() -> dict[str, str]:
    """The generated include files of crpg.asm (one source: this module)."""
    from .sounds import sounds_inc

    return {"sounds.inc": sounds_inc(), "tflags.inc": _bytes_asm("TFLAGS", flags()),
            "tiles.inc": _bytes_asm("TILEPT", patterns()),
            "colours.inc": _bytes_asm("TILECL", colours())}
