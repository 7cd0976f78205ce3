"""The board as a nametable, attribute table and sprites (our own layout).

Tile columns: 0-1 frame, 2-13 points 12..7 / 13..18, 14-15 bar, 16-27 points
6..1 / 19..24, 28-31 bear-off tray. Rows: 0 status, 1 frame, 2-11 top points,
12-17 the middle band (dice, messages), 18-27 bottom points, 28 frame,
29 message. Points are in White's numbering; Black's q is White's 25 - q.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..nes.ppu import attribute_table
from . import tiles as T
from .rules import BAR, OFF, Position

COLS, ROWS = 32, 30
TOP_ROW, BOTTOM_ROW = 2, 27  # first row of the top points, last of the bottom
COUNT_ROW_TOP, COUNT_ROW_BOTTOM = 12, 17  # stack heights over 5
DICE_ROW = 14
SLOTS = 5
BAR_COL = 14
TRAY_COL = 28

# Background palettes: (felt, point, checker, frame) as NES colours.
FELT, RED, CREAM, WHITE, BLACK, BROWN, YELLOW = 0x0A, 0x06, 0x37, 0x30, 0x0F, 0x07, 0x28
BG_PALETTES = ((FELT, RED, WHITE, BROWN), (FELT, CREAM, WHITE, BROWN),
               (FELT, RED, BLACK, BROWN), (FELT, CREAM, BLACK, BROWN))
SPRITE_PALETTES = ((FELT, YELLOW, WHITE, BLACK),) * 4


def palette_bytes() -> bytes:
    return bytes(c for pal in BG_PALETTES + SPRITE_PALETTES for c in pal)


def point_place(point: int) -> tuple[int, bool]:
    """White point 1-24 -> (left tile column, on the top half)."""
    if point <= 6:
        return 16 + (6 - point) * 2, False
    if point <= 12:
        return 2 + (12 - point) * 2, False
    if point <= 18:
        return 2 + (point - 13) * 2, True
    return 16 + (point - 19) * 2, True


def point_at(x: int, y: int) -> int | None:
    """Framebuffer pixel -> White point 1-24, BAR (25) or OFF (0), else None."""
    col, row = x // 8, y // 8
    if not 2 <= row <= 27:
        return None
    top = row < 15
    if col >= TRAY_COL:
        return OFF
    if col in (BAR_COL, BAR_COL + 1):
        return BAR
    if col < 2:
        return None
    for point in range(1, 25):
        c, t = point_place(point)
        if t == top and c <= col <= c + 1:
            return point
    return None


@dataclass
class Screen:
    """What the PPU shows: 1024 bytes of nametable 0 and the OAM."""

    names: bytearray = field(default_factory=lambda: bytearray(COLS * ROWS))
    groups: list[list[int]] = field(default_factory=lambda: [[0] * 16 for _ in range(15)])
    sprites: list[tuple[int, int, int, int]] = field(default_factory=list)

    def put(self, col: int, row: int, tile: int) -> None:
        if 0 <= col < COLS and 0 <= row < ROWS:
            self.names[row * COLS + col] = tile

    def text(self, col: int, row: int, text: str) -> None:
        for i, tile in enumerate(T.text_tiles(text)):
            self.put(col + i, row, tile)

    def group(self, col: int, row: int, pal: int) -> None:
        self.groups[row // 2][col // 2] = pal

    def nametable(self) -> bytes:
        return bytes(self.names) + attribute_table(self.groups)

    def oam(self) -> bytes:
        out = bytearray([0xFF] * 256)  # y=$FF: off screen
        for i, (x, y, tile, attr) in enumerate(self.sprites[:64]):
            out[i * 4:i * 4 + 4] = bytes([(y - 1) & 0xFF, tile, attr, x & 0xFF])
        return bytes(out)


def _frame(s: Screen) -> None:
    for col in range(COLS):
        s.put(col, 1, T.FRAME)
        s.put(col, 28, T.FRAME)
    for row in range(1, 29):
        for col in (0, 1, BAR_COL, BAR_COL + 1, TRAY_COL, 31):
            s.put(col, row, T.FRAME)


def _stack(s: Screen, col: int, top: bool, count: int, pal_point: int, black: bool,
           tiles_over_point: bool) -> None:
    pal = pal_point + (2 if black else 0)
    for slot in range(min(count, SLOTS)):
        r0 = TOP_ROW + slot * 2 if top else BOTTOM_ROW - 1 - slot * 2
        if tiles_over_point:
            base = (T.DOWN_CHECKER if top else T.UP_CHECKER) + slot * 4
        else:
            base = T.BAR_CHECKER
        s.put(col, r0, base)
        s.put(col + 1, r0, base + 1)
        s.put(col, r0 + 1, base + 2)
        s.put(col + 1, r0 + 1, base + 3)
        s.group(col, r0, pal)
    if count > SLOTS:  # the height of a tall stack, as text just past its end
        s.text(col, COUNT_ROW_TOP if top else COUNT_ROW_BOTTOM, f"{count:<2d}")


def _die(s: Screen, col: int, row: int, face: int, black: bool) -> None:
    base = T.DICE + (face - 1) * 4
    s.put(col, row, base)
    s.put(col + 1, row, base + 1)
    s.put(col, row + 1, base + 2)
    s.put(col + 1, row + 1, base + 3)
    s.group(col, row, 2 if black else 0)


@dataclass
class BoardView:
    pos: Position
    dice: tuple[int, ...] = ()  # dice still to play
    status: str = ""
    message: str = ""
    selected: int | None = None  # White-numbered point, BAR or OFF
    targets: tuple[int, ...] = ()
    cursor: int | None = None


def board_screen(view: BoardView) -> Screen:
    s = Screen()
    _frame(s)
    white, black = view.pos.sides
    for point in range(1, 25):
        col, top = point_place(point)
        pal_point = 0 if point % 2 else 1
        for r in range(10):
            row = TOP_ROW + r if top else BOTTOM_ROW - r
            base = T.DOWN_POINT if top else T.UP_POINT
            s.put(col, row, base + r * 2)
            s.put(col + 1, row, base + r * 2 + 1)
        for r in range(0, 10, 2):
            s.group(col, (TOP_ROW if top else 18) + r, pal_point)
        n_white, n_black = white[point], black[25 - point]
        if n_white:
            _stack(s, col, top, n_white, pal_point, False, True)
        elif n_black:
            _stack(s, col, top, n_black, pal_point, True, True)
    # The bar: White's checkers wait on the top half (they enter at 19-24).
    if white[BAR]:
        _stack(s, BAR_COL, True, white[BAR], 0, False, False)
    if black[BAR]:
        _stack(s, BAR_COL, False, black[BAR], 0, True, False)
    # The tray: borne-off counts.
    s.text(29, 3, "BK")
    s.text(29, 4, f"{black[OFF]:2d}")
    s.text(29, 25, "WH")
    s.text(29, 26, f"{white[OFF]:2d}")
    # The dice still to play, in the mover's half (even columns: attribute blocks).
    mover_black = view.pos.turn == 1
    left = 4 if mover_black else 18
    for i, face in enumerate(view.dice[:2]):
        _die(s, left + i * 4, DICE_ROW, face, mover_black)
    if len(view.dice) > 2:
        s.text(left + 7, DICE_ROW + 1, f"X{len(view.dice)}")
    s.text(0, 0, view.status[:32])
    s.text(0, 29, view.message[:32])
    _sprites(s, view)
    return s


def _marker_xy(point: int, turn: int) -> tuple[int, int, bool]:
    """Where a marker for `point` goes, just inside the middle band; flipped
    (pointing up) under the bottom points."""
    if point == BAR:
        top = turn == 0
        col = BAR_COL
    elif point == OFF:
        top = turn == 1
        col = 29
    else:
        col, top = point_place(point)
    return col * 8 + 4, (13 if top else 16) * 8, not top


def _sprites(s: Screen, view: BoardView) -> None:
    turn = view.pos.turn
    marks = []
    if view.cursor is not None:
        marks.append((view.cursor, T.CURSOR))
    if view.selected is not None:
        marks.append((view.selected, T.CURSOR))
    marks.extend((p, T.TARGET) for p in view.targets)
    for point, tile in marks:
        x, y, flip = _marker_xy(point, turn)
        s.sprites.append((x, y, tile, 0x80 if flip and tile == T.CURSOR else 0))


def title_screen(sequence: int, steps: int, counter: int, live: int) -> Screen:
    s = Screen()
    for col in range(COLS):
        s.put(col, 3, T.FRAME)
        s.put(col, 26, T.FRAME)
    s.text(6, 6, "FDS BACKGAMMON DICE")
    s.text(4, 9, f"SEQUENCE {sequence:2d} IN PLAY")
    s.text(4, 11, f"FRAMES AT TITLE {steps:5d}")
    s.text(4, 14, f"COUNTER $33 = ${counter:02X}")
    s.text(4, 16, f"RESET NOW -> SEQUENCE {live:2d}")
    s.text(8, 21, "PRESS START")
    return s
