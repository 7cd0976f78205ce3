"""The screens' nametables (our own layout after the original's), as RLE data for
the 6502 program, which copies them into VRAM (`drawScreen`).

Data format: (count, tile) pairs covering $2000-$23FF (tiles then attributes),
ended by a zero count. VRAM addresses that the program writes live values to
are exported as assembler constants (`screen_constants`).
"""

from __future__ import annotations

from ..nes.ppu import attribute_table
from . import castle_art as castle
from . import ending_art as art
from .chr import EMPTY, FRAME, ICONS, TEXT_SPACE, TILE_OF, WALLPAPER

COLS, ROWS = 32, 30
# What a high-score name is made of: space, A-Z, 0-9, '.', '-' (tile numbers).
NAME_TEXT = " ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-"
NAME_TILES = tuple(TEXT_SPACE if c == " " else TILE_OF[c] for c in NAME_TEXT)

# Where the play screen's live values go (tile column, row).
PLAYFIELD_AT = (12, 6)  # must agree with tables.VRAM_ROWS (+6)
# The unfinished 2-player mode: the article's two fields at -2 and +12 from
# the table's column (the 1-player field's +6), each player's lines above.
FIELD_SHIFT = 6
VERSUS_SHIFTS = (-2, 12)
VERSUS_FIELDS = tuple(PLAYFIELD_AT[0] - FIELD_SHIFT + d for d in VERSUS_SHIFTS)  # (4, 18)
VERSUS_LINES_AT = tuple((x + 3, PLAYFIELD_AT[1] - 1) for x in VERSUS_FIELDS)
LINES_AT = (18, 3)
TOP_AT = (24, 4)
SCORE_AT = (24, 7)
LEVEL_AT = (25, 20)
STATS_AT = (6, 9)  # first counter; one every 2 rows
PAUSE_AT = (14, 27)
TYPE_AT = (2, 3)
MENU_TYPE_AT = (7, 8)  # the type menu: A-TYPE here, B-TYPE at TYPE_B_COL
TYPE_B_COL = 19
MUSIC_AT = (12, 17)  # the type menu: MUSIC-1 .. OFF, every other row
HEIGHT_AT = (20, 25)  # menu: the chosen B-type height
# menu and name entry: "1 NAME.. 012345 09", three rows (one 256-byte VRAM page)
HISCORES_AT = (7, 19)
NAME_LENGTH = 6
ENDING_AT = (18, 28)  # the ending's number
LIFT_ROWS = 8  # how far the cathedral rises in the best endings (tile rows)


class Screen:
    def __init__(self) -> None:
        self.tiles = [[TEXT_SPACE] * COLS for _ in range(ROWS)]
        self.attrs = [[2] * 16 for _ in range(15)]  # palette group per 16x16 block

    def text(self, x: int, y: int, s: str) -> None:
        for i, ch in enumerate(s):
            self.tiles[y][x + i] = TEXT_SPACE if ch == " " else TILE_OF[ch]

    def box(self, x0: int, y0: int, x1: int, y1: int) -> None:
        t = self.tiles
        for x in range(x0 + 1, x1):
            t[y0][x] = FRAME["t"]
            t[y1][x] = FRAME["b"]
        for y in range(y0 + 1, y1):
            t[y][x0] = FRAME["l"]
            t[y][x1] = FRAME["r"]
        t[y0][x0], t[y0][x1] = FRAME["tl"], FRAME["tr"]
        t[y1][x0], t[y1][x1] = FRAME["bl"], FRAME["br"]

    def fill(self, x0: int, y0: int, x1: int, y1: int, tile: int) -> None:
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                self.tiles[y][x] = tile

    def wallpaper(self) -> None:
        """Pattern the 16x16 blocks left blank, in palette 3 (the one $9673
        flashes on a Tetris)."""
        for by in range(15):
            for bx in range(16):
                cells = [(2 * by + dy, 2 * bx + dx) for dy in (0, 1) for dx in (0, 1)]
                if all(self.tiles[y][x] == TEXT_SPACE for y, x in cells):
                    for y, x in cells:
                        self.tiles[y][x] = WALLPAPER
                    self.attrs[by][bx] = 3

    def nametable(self) -> bytes:
        return bytes(t for row in self.tiles for t in row) + attribute_table(self.attrs)


def rle(data: bytes) -> bytes:
    out = bytearray()
    i = 0
    while i < len(data):
        j = i
        while j < len(data) and data[j] == data[i] and j - i < 255:
            j += 1
        out += bytes([j - i, data[i]])
        i = j
    out.append(0)
    return bytes(out)


def play_screen() -> Screen:
    s = Screen()
    s.box(0, 2, 10, 4)
    s.text(*TYPE_AT, "A-TYPE")
    s.box(11, 2, 22, 4)
    s.text(12, 3, "LINES-")
    s.box(11, 5, 22, 26)
    px, py = PLAYFIELD_AT
    s.fill(px, py, px + 9, py + 19, EMPTY)  # 10 x 20
    s.box(23, 2, 30, 9)
    s.text(24, 3, "TOP")
    s.text(24, 6, "SCORE")
    s.box(23, 11, 29, 16)
    s.text(24, 12, "NEXT")
    s.box(23, 18, 29, 21)
    s.text(24, 19, "LEVEL")
    s.box(0, 6, 10, 24)
    s.text(2, 7, "STATS")
    for i in range(7):
        y = STATS_AT[1] + 2 * i
        s.tiles[y][2] = ICONS + 2 * i
        s.tiles[y][3] = ICONS + 2 * i + 1
    s.wallpaper()
    return s


def legal_screen() -> Screen:
    s = Screen()
    s.box(2, 4, 29, 25)
    s.text(5, 7, "RETROSCOPE")
    s.text(5, 9, "TETRIS MECHANICS AS")
    s.text(5, 10, "DOCUMENTED BY THE")
    s.text(5, 11, "ARTICLE. OUR OWN 6502")
    s.text(5, 12, "CODE AND TILES. NO")
    s.text(5, 13, "NINTENDO CODE.")
    s.text(5, 16, "TETRIS WAS CREATED")
    s.text(5, 17, "BY ALEXEY PAJITNOV")
    s.text(5, 18, "IN 1984.")
    s.text(5, 22, "PUSH START LATER")
    return s


def title_screen() -> Screen:
    s = Screen()
    s.box(4, 6, 27, 14)
    s.text(10, 9, "T E T R I S")
    s.text(9, 11, "MECHANICS LAB")
    s.text(10, 20, "PUSH START")
    return s


def type_screen() -> Screen:
    s = Screen()
    s.box(6, 2, 25, 6)
    s.text(10, 4, "GAME  TYPE")
    row = MENU_TYPE_AT[1]
    s.text(MENU_TYPE_AT[0], row, "A-TYPE")
    s.text(TYPE_B_COL, row, "B-TYPE")
    s.box(6, 11, 25, 15)
    s.text(10, 13, "MUSIC TYPE")
    x, y = MUSIC_AT
    for i, name in enumerate(("MUSIC-1", "MUSIC-2", "MUSIC-3", "OFF")):
        s.text(x, y + 2 * i, name)
    s.text(5, 26, "LEFT/RIGHT: GAME TYPE")
    s.text(5, 27, "UP/DOWN: MUSIC  START")
    return s


def level_screen() -> Screen:
    s = Screen()
    s.box(6, 3, 25, 7)
    s.text(12, 5, "LEVEL")
    s.box(8, 10, 19, 15)
    for i in range(10):
        s.text(10 + 2 * (i % 5), 11 + 2 * (i // 5), str(i))
    score_table(s)
    s.text(12, 25, "HEIGHT")
    s.text(3, 27, "A+START: +10  SELECT: HEIGHT")
    return s


def score_table(s: Screen) -> None:
    x, y = HISCORES_AT
    s.box(x - 1, y - 2, x + 18, y + 3)
    s.text(x + 2, y - 1, "NAME   SCORE  LV")


def congrats_screen() -> Screen:
    """The high-score entry: render mode 2, as the article's table names it."""
    s = Screen()
    s.box(2, 3, 29, 11)
    s.text(8, 5, "CONGRATULATIONS")
    s.text(4, 7, "YOU ARE A TETRIS MASTER.")
    s.text(5, 9, "PLEASE ENTER YOUR NAME")
    score_table(s)
    s.text(4, 25, "UP/DOWN: LETTER")
    s.text(4, 26, "LEFT/RIGHT OR B/A: MOVE")
    s.text(4, 27, "START: DONE")
    return s


def ending_screen() -> Screen:
    """The cathedral beside the launch pad and its gantry, on the ground."""
    s = Screen()
    s.attrs = [[0] * 16 for _ in range(15)]
    s.text(8, 2, "CONGRATULATIONS!")
    cx, cy = art.CATHEDRAL_AT
    for r, row in enumerate(art.cathedral_map()):
        s.tiles[cy + r][cx : cx + len(row)] = list(row)
    # palette group 1 (the cathedral's) wherever it stands or flies to, and
    # under the ground it stands on
    for by in range((cy - LIFT_ROWS) // 2, 13):
        for bx in range(cx // 2, (cx + art.CATHEDRAL_SIZE[0] + 1) // 2):
            s.attrs[by][bx] = 1
    for x in range(COLS):
        s.tiles[art.GROUND_ROW][x] = art.named_tile("ground")
    for bx in range(16):
        s.attrs[art.GROUND_ROW // 2][bx] = 1
    px, py = art.PAD_AT
    for y in (py, py + 1):
        s.tiles[y][px : px + 6] = [art.named_tile("deck")] * 6
    tx, ty = art.TOWER_AT
    for y in range(ty, py + 2):
        s.tiles[y][tx] = art.named_tile("tower_left")
        s.tiles[y][tx + 1] = art.named_tile("tower_right")
    s.text(11, 28, "ENDING")
    return s


def castle_screen() -> Screen:
    """The best B-type ending: the castle on the ground (its domes and band are
    sprites)."""
    s = Screen()
    s.attrs = [[0] * 16 for _ in range(15)]
    s.text(8, 2, "CONGRATULATIONS!")
    cx, cy = castle.CASTLE_AT
    w, h = castle.CASTLE_SIZE
    for r, row in enumerate(art.castle_map()):
        s.tiles[cy + r][cx : cx + len(row)] = list(row)
    for by in range(cy // 2, (cy + h) // 2):
        for bx in range(cx // 2, (cx + w + 1) // 2):
            s.attrs[by][bx] = 1
    for x in range(COLS):
        s.tiles[art.GROUND_ROW][x] = art.named_tile("ground")
    for bx in range(16):
        s.attrs[art.GROUND_ROW // 2][bx] = 2
    s.text(11, 28, "ENDING")
    return s


SCREENS = {
    "screenLegal": legal_screen, "screenTitle": title_screen, "screenType": type_screen,
    "screenLevel": level_screen, "screenPlay": play_screen, "screenEnding": ending_screen,
    "screenCongrats": congrats_screen, "screenCastle": castle_screen,
}


def _bytes(name: str, values: list[int] | tuple[int, ...]) -> list[str]:
    return [f"{name}:", "    .byte " + ", ".join(f"${v:02X}" for v in values)]


def castle_asm() -> list[str]:
    """The castle ending's tables: its band (tiles, place, palette, beat), how
    many play by start height, its domes, its colours."""
    band = castle.BAND
    out = [f"DOME = ${castle.DOME:02X}", f"DOME_ROWS = {castle.DOME_ROWS}",
           f"DOMES = {len(castle.DOMES)}"]
    out += _bytes("castleTiles", [castle.CAST + 8 * i for i in range(len(band))])
    out += _bytes("castleX", [p.x for p in band])
    out += _bytes("castleY", [p.y for p in band])
    out += _bytes("castleAttr", [p.palette for p in band])
    out += _bytes("castleBeat", [p.beat for p in band])
    out += _bytes("castleCast", castle.CAST_BY_HEIGHT)
    out += _bytes("domeX", [d[0] for d in castle.DOMES])
    out += _bytes("domeY", [d[1] for d in castle.DOMES])
    out += _bytes("domeStart", [d[2] for d in castle.DOMES])
    out += _bytes("castlePalette", castle.PALETTE)
    return out


def _addr(at: tuple[int, int]) -> int:
    return 0x2000 + 32 * at[1] + at[0]


def screens_asm() -> str:
    """The RLE screens as `.byte` data and the live-value VRAM addresses."""
    out = ["; generated by retroscope.machines.tetris.screens: do not edit"]
    for name, at in (("VRAM_LINES", LINES_AT), ("VRAM_TOP", TOP_AT),
                     ("VRAM_SCORE", SCORE_AT), ("VRAM_LEVEL", LEVEL_AT),
                     ("VRAM_STATS", STATS_AT), ("VRAM_PAUSE", PAUSE_AT),
                     ("VRAM_TYPE", TYPE_AT), ("VRAM_HEIGHT", HEIGHT_AT),
                     ("VRAM_HISCORES", HISCORES_AT),
                     ("VRAM_ENDING", ENDING_AT),
                     ("VRAM_VERSUS1", VERSUS_LINES_AT[0]),
                     ("VRAM_VERSUS2", VERSUS_LINES_AT[1]),
                     ("VRAM_CATHEDRAL", art.CATHEDRAL_AT)):
        out.append(f"{name} = ${_addr(at):04X}")
    if (_addr(HISCORES_AT) >> 8) != (_addr(HISCORES_AT) + 64 + 17) >> 8:
        raise ValueError("the score table must sit in one VRAM page")
    out.append(f"FIELD_SHIFT = {FIELD_SHIFT}")
    out.append(f"VERSUS_SHIFT1 = ${VERSUS_SHIFTS[0] & 0xFF:02X}")
    out.append(f"VERSUS_SHIFT2 = ${VERSUS_SHIFTS[1] & 0xFF:02X}")
    out.append(f"FIELD_X = {8 * PLAYFIELD_AT[0]}")
    out.append(f"FIELD1_X = {8 * VERSUS_FIELDS[0]}")
    out.append(f"FIELD2_X = {8 * VERSUS_FIELDS[1]}")
    out.append(f"NAME_LENGTH = {NAME_LENGTH}")
    out += [f"TYPE_ROW = {MENU_TYPE_AT[1]}", f"TYPE_COL_A = {MENU_TYPE_AT[0]}",
            f"TYPE_COL_B = {TYPE_B_COL}", f"MUSIC_ROW = {MUSIC_AT[1]}",
            f"MUSIC_COL = {MUSIC_AT[0]}"]
    out.append(f"HISCORES_COL = {HISCORES_AT[0]}")
    out.append(f"HISCORES_ROW = {HISCORES_AT[1]}")
    out.append("nameChars:  ; the letters a name cycles through, as tiles")
    out.append("    .byte " + ", ".join(f"${t:02X}" for t in NAME_TILES))
    out.append(f"NAME_CHARS = {len(NAME_TILES)}")
    w, h = art.CATHEDRAL_SIZE
    out += [f"CATHEDRAL_W = {w}", f"CATHEDRAL_H = {h}", f"LIFT_ROWS = {LIFT_ROWS}",
            f"LAUNCH_X = {art.LAUNCH_X}", f"LAUNCH_BOTTOM = {art.LAUNCH_BOTTOM}",
            f"GROUND_TOP = {8 * art.GROUND_ROW}",
            f"ROCKET_WIDE = ${art.ROCKET_WIDE:02X}", f"BURAN_UP = ${art.BURAN_UP:02X}",
            *castle_asm(), "cathedralMap:"]
    for row in art.cathedral_map():
        out.append("    .byte " + ", ".join(f"${t:02X}" for t in row))
    for name, build in SCREENS.items():
        data = rle(build().nametable())
        out.append(f"{name}:")
        for i in range(0, len(data), 16):
            out.append("    .byte " + ", ".join(f"${b:02X}" for b in data[i : i + 16]))
    return "\n".join(out) + "\n"
