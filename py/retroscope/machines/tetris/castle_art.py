"""Our own art for the best B-type ending (no Nintendo characters or graphics):
a stone castle whose towers wear the cathedral's onion domes, and a band of
our own folk musicians and dancers in its windows and before its gate.

The article (seed 002, the B-type endings) describes a castle full of
characters playing instruments and dancing while the domes of St Basil's rise
into the air, how many of them shown depending on the start height. Here: the
castle's pixels (cut into background tiles by `ending_art`), the dome and
flame sprites, the musicians' sprites (two frames each) and where each one
stands; the 6502 program draws them from the tables `screens.py` generates.
"""

from __future__ import annotations

from dataclasses import dataclass

from .pixels import Pixels, canvas, line, rect

CASTLE_AT = (3, 8)  # tile column, row of the castle's top-left corner
CASTLE_SIZE = (26, 18)  # tiles: rows 8-25, on the ground at row 26
# Towers (castle columns, first row) and walls, in tiles.
CENTRE_TOWER = (10, 16, 0)  # columns 10-15 from row 0
SIDE_TOWERS = ((0, 6, 3), (20, 26, 3))
WALL_TOP = 7
GATE = (12, 14)  # columns of the gate, in the centre tower's foot

# sprites (pattern table 1)
DOME = 0x68  # 2 x 3 tiles, row by row, then the flame's two tiles ($6E, $6F)
DOME_ROWS = 3
FLAME = DOME + 2 * DOME_ROWS
CAST = 0x70  # 8 musicians x 2 frames x 4 tiles (TL, TR, BL, BR)


@dataclass(frozen=True)
class Player:
    """One of the band: what it does, its sprite palette, where it stands
    (screen pixels of its 16x16 top-left) and how fast it moves (frames per
    pose: 16 for the musicians, 8 for the dancers)."""
    role: str
    palette: int
    x: int
    y: int
    beat: int


def _window_spot(col: int, row: int) -> tuple[int, int]:
    """The pixel a player in the window at castle tile (col, row) stands at:
    the window's lower two tile rows."""
    return 8 * (CASTLE_AT[0] + col), 8 * (CASTLE_AT[1] + row + 1)


# Windows: (castle column, row) of each 2 x 3-tile opening's arch.
WINDOWS = ((12, 2), (2, 5), (22, 5), (12, 9), (7, 9), (17, 9))
GROUND_Y = 8 * (CASTLE_AT[1] + CASTLE_SIZE[1]) - 16  # a dancer's top, on the ground

# The band in the order it grows with the start height. The article names the
# instruments (violin, flute, cello, big drum, accordion, clapping, two
# dancers); which comes with which height follows a secondary source
# (oldschoolgamermagazine.com's "Mario Mania" cameo article: height 0 shows
# one character, each height one more, height 5 three more).
BAND: tuple[Player, ...] = (
    Player("fiddler", 3, *_window_spot(*WINDOWS[0]), 16),
    Player("flautist", 2, *_window_spot(*WINDOWS[1]), 16),
    Player("cellist", 1, *_window_spot(*WINDOWS[2]), 16),
    Player("drummer", 2, *_window_spot(*WINDOWS[3]), 16),
    Player("accordionist", 1, *_window_spot(*WINDOWS[4]), 16),
    Player("clapper", 3, *_window_spot(*WINDOWS[5]), 8),
    Player("dancer", 1, 8 * (CASTLE_AT[0] + 7), GROUND_Y, 8),
    Player("dancer", 2, 8 * (CASTLE_AT[0] + 17), GROUND_Y, 8),
)
CAST_BY_HEIGHT = (1, 2, 3, 4, 5, 8)  # how many of BAND show, by start height 0-5

# The domes on the towers' tops: (left pixel, resting top line, frame it lifts
# off), the centre first.
DOMES = (
    (8 * (CASTLE_AT[0] + 12), 8 * CASTLE_AT[1] - 8 * DOME_ROWS, 120),
    (8 * (CASTLE_AT[0] + 2), 8 * (CASTLE_AT[1] + 3) - 8 * DOME_ROWS, 150),
    (8 * (CASTLE_AT[0] + 22), 8 * (CASTLE_AT[1] + 3) - 8 * DOME_ROWS, 180),
)


# The ending's 32 colours: background 0 the text, 1 the castle (white, stone,
# dark stone), 2 the ground (brown, green); sprites 0 the domes and flames
# (white, red, green), 1-3 the band (skin, then red/blue, green/brown,
# yellow/purple).
PALETTE = (0x0F, 0x30, 0x10, 0x00, 0x0F, 0x30, 0x10, 0x00, 0x0F, 0x30, 0x17, 0x1A,
           0x0F, 0x30, 0x00, 0x10,
           0x0F, 0x30, 0x16, 0x1A, 0x0F, 0x36, 0x16, 0x12, 0x0F, 0x36, 0x1A, 0x17,
           0x0F, 0x36, 0x28, 0x14)


# -- the castle (background, colours: 1 white, 2 stone grey, 3 dark grey) -----------
def _stone(px: Pixels, x0: int, y0: int, x1: int, y1: int) -> None:
    """Courses of stone 4 pixels high, blocks 8 wide, every other course
    offset by 4: the pattern repeats every tile, so a wall is one tile."""
    for y in range(y0, y1):
        for x in range(x0, x1):
            course = y % 8 >= 4
            joint = (x + (4 if course else 0)) % 8 == 0
            px[y][x] = 3 if y % 4 == 3 or joint else 2


def _arch(px: Pixels, x0: int, y0: int, w: int, h: int, sill: bool = True) -> None:
    """A round-topped opening, black inside, with a white rim (and a sill)."""
    r = w // 2
    cx = x0 + r - 0.5
    for y in range(y0 - 1, y0 + h):
        for x in range(x0 - 1, x0 + w + 1):
            dy = max(0.0, y0 + r - y)
            inside = (x + 0.5 - x0 - r) ** 2 + dy * dy
            if y >= y0 and (x0 <= x < x0 + w) and (y >= y0 + r or (x - cx) ** 2 + dy * dy < r * r):
                px[y][x] = 0
            elif inside <= (r + 1.2) ** 2 and px[y][x] != 0 and y < y0 + r + 1:
                px[y][x] = 1
    if sill:
        rect(px, x0 - 1, y0 + h - 1, x0 + w + 1, y0 + h, 1)


def _battlements(px: Pixels, x0: int, x1: int, y: int) -> None:
    """Merlons 4 wide with 4-wide gaps along a top at row y (pixels), a white
    coping under them."""
    for x in range(x0, x1):
        if (x - x0) % 8 < 4:
            rect(px, x, y, x + 1, y + 4, 2 if (x - x0) % 8 not in (0, 3) else 3)
    rect(px, x0, y + 4, x1, y + 6, 1)


def castle_pixels() -> Pixels:
    w, h = 8 * CASTLE_SIZE[0], 8 * CASTLE_SIZE[1]
    px = canvas(w, h)
    # the walls between the towers, crenellated
    for x0, x1 in ((6, 10), (16, 20)):
        _stone(px, 8 * x0, 8 * WALL_TOP + 6, 8 * x1, h)
        _battlements(px, 8 * x0, 8 * x1, 8 * WALL_TOP)
    # the towers, in front: stone, a dark edge each side, a white cornice for a dome
    for x0, x1, top in (CENTRE_TOWER, *SIDE_TOWERS):
        _stone(px, 8 * x0, 8 * top, 8 * x1, h)
        rect(px, 8 * x0, 8 * top, 8 * x0 + 1, h, 3)
        rect(px, 8 * x1 - 1, 8 * top, 8 * x1, h, 3)
        rect(px, 8 * x0, 8 * top, 8 * x1, 8 * top + 3, 1)
        rect(px, 8 * x0, 8 * top + 3, 8 * x1, 8 * top + 4, 3)
    for col, row in WINDOWS:
        _arch(px, 8 * col, 8 * row + 1, 16, 23)
    # the gate, its portcullis raised to show its teeth
    g0, g1 = GATE
    _arch(px, 8 * g0 - 4, h - 31, 8 * (g1 - g0) + 8, 31, sill=False)
    for x in range(8 * g0 - 4, 8 * g1 + 4):
        if x % 4 == 0:
            rect(px, x, h - 32 + 9, x + 1, h - 32 + 14, 3)
    rect(px, 8 * g0 - 4, h - 32 + 8, 8 * g1 + 4, h - 32 + 9, 3)
    return px


# -- sprites ------------------------------------------------------------------------
def dome_pixels() -> Pixels:
    """An onion dome 16 x 24 (1 white cross, 2 red and 3 green swirls) and,
    under it, a flame 16 x 8 for its flight (1 white core, 2 red)."""
    px = canvas(16, 8 * DOME_ROWS + 8)
    cx, r, base = 7.5, 7, 8 * DOME_ROWS - 1
    cy = base - r
    top = cy - 2 * r + 4
    for y in range(top, base + 1):
        if y >= cy - 0.6 * r:
            hw = max(0.0, r * r - (y - cy) ** 2) ** 0.5
        else:
            hw = (y - top) / (cy - 0.6 * r - top) * 0.8 * r
        for x in range(16):
            if abs(x - cx) <= hw:
                swirl = (int(x - cx + 8) + (y - top) // 2) // 3
                px[y][x] = 2 if swirl % 2 else 3
    for y in range(max(0, top - 5), top):  # the cross
        px[y][7] = px[y][8] = 1
    px[top - 3][5] = px[top - 3][6] = px[top - 3][9] = px[top - 3][10] = 1
    flame = (".....222222.....", "......2112......", "......2112......",
             ".......21.......", ".......22.......", "................",
             "................", "................")
    for i, row in enumerate(flame):
        px[8 * DOME_ROWS + i] = [0 if ch == "." else int(ch) for ch in row]
    return px


def _figure(hat: int, coat: int, legs: int = 3) -> Pixels:
    """A standing player 16 x 16: hat, face (1), coat, legs; arms are the
    instrument's business."""
    px = canvas(16, 16)
    rect(px, 6, 0, 10, 2, hat)
    rect(px, 5, 1, 11, 2, hat)
    rect(px, 6, 2, 10, 6, 1)
    px[3][7] = px[3][8] = 3 if hat != 3 else 2  # eyes
    rect(px, 5, 6, 11, 12, coat)
    rect(px, 6, 12, 7, 15, legs)
    rect(px, 9, 12, 10, 15, legs)
    rect(px, 5, 15, 7, 16, legs)
    rect(px, 9, 15, 11, 16, legs)
    return px


def _fiddler(frame: int) -> Pixels:  # palette 3: 2 yellow, 3 purple
    px = _figure(3, 3, 2)
    rect(px, 9, 5, 13, 8, 2)  # the fiddle under the chin
    px[6][12] = 1  # the left hand at its neck
    end = (14, 2) if frame == 0 else (15, 8)  # the bow, up and down
    line(px, 3, 9 if frame == 0 else 5, end[0], end[1], 2)
    px[9 if frame == 0 else 5][3] = 1  # the bowing hand
    return px


def _flautist(frame: int) -> Pixels:  # palette 2: 2 green, 3 brown
    px = _figure(2, 2)
    line(px, 9, 4, 15, 4, 3)  # the flute, sideways at the mouth
    for x in ((11, 13) if frame == 0 else (12, 14)):
        px[5][x] = 1  # the fingers
    rect(px, 10, 6, 12, 7, 2)
    return px


def _cellist(frame: int) -> Pixels:  # palette 1: 2 red, 3 blue
    px = _figure(3, 2)
    rect(px, 1, 8, 6, 14, 2)  # the cello, standing before the player
    rect(px, 2, 7, 5, 8, 2)
    line(px, 3, 2, 3, 7, 3)  # its neck
    px[15][3] = 3  # its spike
    px[5][4] = 1  # the hand on the neck
    bow = 7 if frame == 0 else 2
    line(px, bow, 11, bow + 7, 11, 3)
    px[11][bow + 7 if bow + 7 < 16 else 15] = 1
    return px


def _drummer(frame: int) -> Pixels:  # palette 2: 2 green, 3 brown
    px = _figure(3, 2)
    rect(px, 0, 7, 10, 14, 2)  # the big drum before the player, its ropes zigzag
    for x in range(10):
        px[8 + (x % 4 if x % 4 < 2 else 3 - x % 4) * 2][x] = 3
    rect(px, 0, 6, 10, 7, 1)  # its rims
    rect(px, 0, 14, 10, 15, 1)
    if frame == 0:  # the mallet up
        line(px, 11, 6, 14, 2, 3)
        px[6][11] = 1
    else:  # and on the drum
        line(px, 11, 8, 8, 10, 3)
        px[8][11] = 1
    return px


def _accordionist(frame: int) -> Pixels:  # palette 1: 2 red, 3 blue
    px = _figure(2, 3)
    left, right = (1, 14) if frame == 0 else (4, 11)
    for x in range(left, right + 1):  # the bellows, pleated, pulled and pushed
        rect(px, x, 7, x + 1, 11, 2 if (x - left) % 2 else 1)
    rect(px, left, 7, left + 1, 11, 3)
    rect(px, right, 7, right + 1, 11, 3)
    return px


def _clapper(frame: int) -> Pixels:  # palette 3: 2 yellow, 3 purple
    px = _figure(2, 3, 3)
    rect(px, 4, 10, 12, 15, 3)  # a long gown
    rect(px, 3, 14, 13, 16, 3)
    px[0][6] = px[0][9] = 2  # a crown's points
    px[0][7] = px[0][8] = 0
    if frame == 0:  # hands together over the head
        line(px, 5, 6, 7, 1, 1)
        line(px, 10, 6, 8, 1, 1)
    else:  # apart
        line(px, 5, 6, 2, 3, 1)
        line(px, 10, 6, 13, 3, 1)
    return px


def _dancer(frame: int) -> Pixels:  # a squatting dancer, kicking one leg then the other
    px = canvas(16, 16)
    rect(px, 6, 0, 10, 3, 3)  # a tall fur hat
    rect(px, 6, 3, 10, 6, 1)
    px[4][7] = px[4][8] = 3
    rect(px, 5, 6, 11, 11, 2)  # the coat, arms folded across it
    rect(px, 5, 8, 11, 9, 1)
    rect(px, 4, 11, 12, 12, 3)
    if frame == 0:  # left leg out, right folded
        line(px, 5, 12, 0, 13, 3)
        rect(px, 9, 12, 11, 15, 3)
        px[13][0] = px[12][0] = 3
    else:
        line(px, 10, 12, 15, 13, 3)
        rect(px, 5, 12, 7, 15, 3)
        px[13][15] = px[12][15] = 3
    rect(px, 6, 15, 10, 16, 3)
    return px


DRAW = {"fiddler": _fiddler, "flautist": _flautist, "cellist": _cellist, "drummer": _drummer,
        "accordionist": _accordionist, "clapper": _clapper, "dancer": _dancer}


def player_pixels(i: int, frame: int) -> Pixels:
    px = DRAW[BAND[i].role](frame)
    if i == 7:  # the second dancer mirrors the first
        px = [row[::-1] for row in px]
    return px


def sprite_tiles() -> dict[int, Pixels]:
    """Tile number in pattern table 1 -> pixels: the dome, its flame, the band."""
    tiles: dict[int, Pixels] = {}
    dome = dome_pixels()
    for r in range(DOME_ROWS + 1):
        for c in range(2):
            tiles[DOME + 2 * r + c] = [row[8 * c : 8 * c + 8] for row in dome[8 * r : 8 * r + 8]]
    for i in range(len(BAND)):
        for frame in range(2):
            px = player_pixels(i, frame)
            base = CAST + 8 * i + 4 * frame
            for q, (c, r) in enumerate(((0, 0), (1, 0), (0, 1), (1, 1))):
                tiles[base + q] = [row[8 * c : 8 * c + 8] for row in px[8 * r : 8 * r + 8]]
    return tiles
