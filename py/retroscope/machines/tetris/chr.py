"""Our own tiles for the Tetris machine (no Nintendo graphics): an 8 KiB pattern table.

Tile numbers follow the ones the article documents where the program depends
on them: digits 0-9 at $00-$09 and letters at $0A-$23 (so a BCD nibble is its
own tile), the three square kinds $7B/$7C/$7D, the empty cell $EF, the curtain
$4F and the blank $FF that the line-clear animation writes. The rest is ours.
Pixel values: 1 = white, 2 and 3 = the level's two colours (palette at $9808).
"""

from __future__ import annotations

from . import ending_art
from .pixels import Pixels

# 5x7 glyphs: seven 5-bit rows as hex pairs, drawn one pixel in from the left.
_FONT_HEX = {
    "0": "0E11131519110E", "1": "040C040404040E", "2": "0E11010204081F", "3": "1F02040201110E",
    "4": "02060A121F0202", "5": "1F101E0101110E", "6": "0608101E11110E", "7": "1F010204080808",
    "8": "0E11110E11110E", "9": "0E11110F01020C", "A": "0E11111F111111", "B": "1E11111E11111E",
    "C": "0E11101010110E", "D": "1C12111111121C", "E": "1F10101E10101F", "F": "1F10101E101010",
    "G": "0E11101711110F", "H": "1111111F111111", "I": "0E04040404040E", "J": "0702020202120C",
    "K": "11121418141211", "L": "1010101010101F", "M": "111B1515111111", "N": "11111915131111",
    "O": "0E11111111110E", "P": "1E11111E101010", "Q": "0E11111115120D", "R": "1E11111E141211",
    "S": "0F10100E01011E", "T": "1F040404040404", "U": "1111111111110E", "V": "11111111110A04",
    "W": "1111111515150A", "X": "11110A040A1111", "Y": "1111110A040404", "Z": "1F01020408101F",
    "-": "0000001F000000", ".": "00000000000C0C", "!": "04040404040004", ":": "000C0C000C0C00",
    "/": "01010204081010", "'": "04040800000000", ">": "08040201020408", "(": "02040808080402",
    ")": "08040202020408", "+": "0004041F040400",
}
FONT: dict[str, tuple[int, ...]] = {
    ch: tuple(bytes.fromhex(rows)) for ch, rows in _FONT_HEX.items()}

CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
PUNCT = "-.!:/'>()+"  # tiles $24-$2D
TILE_OF: dict[str, int] = {c: i for i, c in enumerate(CHARS)}
TILE_OF.update({c: 0x24 + i for i, c in enumerate(PUNCT)})

BLANK = 0xFF  # what the line-clear animation writes
EMPTY = 0xEF  # an empty playfield cell
CURTAIN = 0x4F
SQUARE_T = 0x7B  # T, O, I
SQUARE_Z = 0x7C  # Z, L
SQUARE_J = 0x7D  # J, S
TEXT_SPACE = 0xFF
FRAME = {  # box-drawing tiles
    "tl": 0x30, "t": 0x31, "tr": 0x32, "l": 0x33, "r": 0x34, "bl": 0x35, "b": 0x36, "br": 0x37,
}
ICONS = 0x40  # 7 mini pieces, 2 tiles each: $40-$4D
CURSOR = 0x50  # a right-pointing arrow (sprite)
WALLPAPER = 0x2F  # the backdrop pattern, palette 3 colour 2: what a Tetris flashes



def _blank() -> Pixels:
    return [[0] * 8 for _ in range(8)]


def _glyph(rows: tuple[int, ...]) -> Pixels:
    px = _blank()
    for r, bits in enumerate(rows):
        for c in range(5):
            if bits & (0x10 >> c):
                px[r][c + 1] = 1
    return px


def _square(kind: int) -> Pixels:
    px = _blank()
    for r in range(7):
        for c in range(7):
            if kind == SQUARE_T:
                px[r][c] = 2 if r in (0, 6) or c in (0, 6) else 1
            else:
                body = 3 if kind == SQUARE_Z else 2
                px[r][c] = 1 if (r, c) in ((0, 0), (1, 1), (1, 2), (2, 1)) else body
    return px


def _frame(part: str) -> Pixels:
    px = _blank()
    top = part in ("tl", "t", "tr")
    bottom = part in ("bl", "b", "br")
    left = part in ("tl", "l", "bl")
    right = part in ("tr", "r", "br")
    for i in range(8):
        if top:
            px[3][i] = px[4][i] = 1
        if bottom:
            px[3][i] = px[4][i] = 1
        if left:
            px[i][3] = px[i][4] = 1
        if right:
            px[i][3] = px[i][4] = 1
    # corners: keep only the two arms that meet
    if part in ("tl", "tr", "bl", "br"):
        px = _blank()
        rows = range(3, 8) if part in ("tl", "tr") else range(0, 5)
        cols = range(3, 8) if part in ("tl", "bl") else range(0, 5)
        for r in rows:
            px[r][3] = px[r][4] = 1
        for c in cols:
            px[3][c] = px[4][c] = 1
    return px


def _curtain() -> Pixels:
    return [[3 if r % 4 < 2 else 2] * 8 for r in range(8)]


def _encode(px: Pixels) -> bytes:
    lo = bytearray(8)
    hi = bytearray(8)
    for r in range(8):
        for c in range(8):
            v = px[r][c]
            lo[r] |= (v & 1) << (7 - c)
            hi[r] |= ((v >> 1) & 1) << (7 - c)
    return bytes(lo + hi)


def _icon(cells: list[tuple[int, int]], value: int) -> tuple[Pixels, Pixels]:
    """A piece in miniature over two tiles: 3x3-pixel squares on a 4-pixel pitch."""
    xs = [x for x, _ in cells]
    offset = 8 - 2 * (max(xs) - min(xs) + 1)  # centre the piece in 16 pixels
    wide = [[0] * 16 for _ in range(8)]
    for x, y in cells:
        x0 = offset + (x - min(xs)) * 4
        y0 = y * 4
        for r in range(3):
            for c in range(3):
                wide[y0 + r][x0 + c] = value
    return [row[:8] for row in wide], [row[8:] for row in wide]


def spawn_shapes() -> list[tuple[list[tuple[int, int]], int]]:
    """(cells (x, y), square tile) of each type's spawn orientation, T J Z O S L I."""
    from .tables import ORIENTATIONS, SPAWN_TABLE

    shapes = []
    for orient in SPAWN_TABLE:
        squares = ORIENTATIONS[orient]
        shapes.append(([(x, y) for y, _tile, x in squares], squares[0][1]))
    return shapes


# Sprites of the endings, in pattern table 1 ($1000): 16x8 objects at the
# tile numbers the article's $A7F3 table gives (two tiles each), and a rocket.
ENDING_ART: dict[int, str] = {
    0x2C: """.2.2............|..2.2.....1.....|222222222211.333|..2.2.....11.3.3|
             .2.2.......1....|................|................|................""",
    0x2E: """................|.......111......|..11.1111111....|.111111111.1133.|
             ...11111111.....|.....11..11.....|................|................""",
    0x54: """......333.......|.....33133......|.....333333.....|....33111133....|
             ....3311113.....|.....31111......|.....33333......|....22..22......""",
    0x32: """.......22.......|......2112......|...3333333333...|.33133133133133.|
             ...3333333333...|.....2....2.....|....2......2....|................""",
    0x34: """3...............|33.....2........|.333..22........|..33322222222...|
             ...2222222.2....|....2...........|................|................""",
    0x36: """....33333333....|..333111111333..|.33311111111333.|.33311111111333.|
             ..333111111333..|....33333333....|......2222......|......2..2......""",
    0x4B: """............33..|...........3313.|...........33...|..333333..33....|
             .33333333333....|..33333333......|....2...2.......|...2...2........""",
    0x38: """2...........33..|22.........3313.|.22...33..333...|..2233333333....|
             ...33333333.2...|....2..2....2...|...2..2.........|................""",
    0x3A: """.......11.......|......1111......|1111111111111...|.11111111111112.|
             1111111111111...|......1111......|.......11.......|................""",
}
ROCKET = 0x40  # in table 1: nose, body, flame
ROCKET_ART = (
    "...11...|..1111..|..1111..|.111111.|.111111.|.112211.|.112211.|.112211.",
    ".112211.|.111111.|.111111.|.112211.|.112211.|.111111.|.111111.|.111111.",
    ".33..33.|.333333.|..3223..|..3223..|...22...|...22...|....2...|........",
)


def _art(text: str) -> Pixels:
    rows = [r.strip() for r in text.replace("\n", "").split("|")]
    return [[0 if ch == "." else int(ch) for ch in row] for row in rows if row]


def build_sprite_table() -> bytes:
    """Pattern table 1: the endings' objects and the rocket."""
    data = bytearray(0x1000)
    for index, text in ENDING_ART.items():
        wide = _art(text)
        for half in (0, 1):
            tile = [row[8 * half : 8 * half + 8] for row in wide]
            at = ((index + half) & 0xFF) * 16
            data[at : at + 16] = _encode(tile)
    for i, text in enumerate(ROCKET_ART):
        data[(ROCKET + i) * 16 : (ROCKET + i) * 16 + 16] = _encode(_art(text))
    for index, px in ending_art.sprite_tiles().items():
        data[index * 16 : index * 16 + 16] = _encode(px)
    return bytes(data)


def build_chr() -> bytes:
    """The whole 8 KiB pattern memory: table 0 for the background and the play
    sprites, table 1 for the endings' sprites."""
    tiles: dict[int, Pixels] = {}
    for ch, rows in FONT.items():
        tiles[TILE_OF[ch]] = _glyph(rows)
    for kind in (SQUARE_T, SQUARE_Z, SQUARE_J):
        tiles[kind] = _square(kind)
    for name, index in FRAME.items():
        tiles[index] = _frame(name)
    tiles[CURTAIN] = _curtain()
    colour = {SQUARE_T: 1, SQUARE_Z: 3, SQUARE_J: 2}
    for i, (cells, tile) in enumerate(spawn_shapes()):
        left, right = _icon(cells, colour[tile])
        tiles[ICONS + 2 * i] = left
        tiles[ICONS + 2 * i + 1] = right
    arrow = _glyph(FONT[">"])
    tiles[CURSOR] = arrow
    tiles[WALLPAPER] = [[2 if (r % 4 == 3 or (c + 4 * (r // 4)) % 8 == 0) else 0
                         for c in range(8)] for r in range(8)]
    tiles.update(ending_art.background_tiles())
    data = bytearray(0x2000)
    for index, px in tiles.items():
        data[index * 16 : index * 16 + 16] = _encode(px)
    data[0x1000:] = build_sprite_table()
    return bytes(data)
