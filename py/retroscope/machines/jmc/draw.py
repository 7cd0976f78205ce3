"""JMC's screens as a pure-Python reference model of the 6502's draw_screen
(draw.asm): the same picture, drawn on a Canvas from the same RAM. Tests
check that the 6502's MODE 2 screen memory equals this model's encoding.
Its geometry and texts are also the source of the 6502's tables (program.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import model as M
from .screen import BLACK, CYAN, DARK, GREEN, MAGENTA, OURS, THEIRS, WHITE, YELLOW, Canvas

SCREEN_W = 160  # MODE 2 pixels
CELL_W, CELL_H = 16, 24
BOARD_X, BOARD_Y = 4, 14
RIVER = 12
TRAY_X, TRAY_W = 106, 26
LEGEND_Y = 222
# The bridges' key, right of the legend's first line (which ends by x = 110).
BRIDGE_KEY_X, BRIDGE_KEY_H, BRIDGE_KEY = 118, 10, "BRIDGE"
MENU_Y = 60
MENU_ROWS = (("H", "H  TWO PLAYERS (HOT-SEAT)"), ("C", "C  AGAINST THE COMPUTER"),
             ("D", "D  DEBUG MODE"), ("R", "R  RANDOM SETUP"), ("B", "B  BRIDGES"),
             ("Return", "RETURN  START"))
TITLE = ((34, 20, "JAPANESE MILITARY CHESS"), (40, 34, "FOR THE BBC MICRO (JMC)"))
MENU_FOOT = ("PIECES ARE PLACED AT RANDOM BY THE", "6502'S GALOIS32, SEEDED FROM THE TIMER",
             "AT EACH KEY PRESS IN THIS MENU.")


def centred(text: str) -> int:
    """The x that centres `text` (4 pixels a character) on the screen: even,
    as text starts on a byte (two MODE 2 pixels)."""
    return (SCREEN_W - 4 * len(text)) // 2 & ~1


PASS_Y = 100  # the message ("PASS TO BLUE"), centred by the 6502 for its length
PASS_LINES = tuple((centred(line), y, line) for y, line in (
    (124, "THE SCREEN HIDES THE PIECES"), (140, "PRESS RETURN TO PLAY ON")))
LEGENDS = {
    "setup": ("ARROWS MOVE  P/SPACE PLACE", "S/RETURN SWITCH  R RANDOM",
              "E/F1 (OR CLICK HERE) END SETUP"),
    "over": ("THE END: EVERY PIECE REVEALED", "RETURN FOR A NEW GAME", ""),
    "play": ("ARROWS MOVE  P/SPACE/RETURN", "SELECT, THEN CHOOSE A SPACE",
             "E/F1 (OR CLICK HERE) END TURN"),
}
PHASES = ("menu", "setup", "pass", "play", "over", "computer")
MODES = ("hotseat", "computer", "debug")
# The UI's variables in zero page (vars.inc): what draw_screen reads besides the boards.
Z_TURN, Z_MODE, Z_PHASE = 0x50, 0x52, 0x5A
Z_CUR_X, Z_CUR_Y, Z_TRAY, Z_FOCUS, Z_SELECTED, Z_LAST_A, Z_LAST_B = range(0xC0, 0xC7)
Z_RANDOM, Z_OPT_BRIDGES = 0xC7, 0xC8
V_MESSAGE, MESSAGE_LEN = 0x0540, 39


@dataclass
class View:
    """What the screen shows besides the boards, as the 6502 keeps it in RAM."""

    phase: str
    mode: str
    random_setup: bool
    bridges: int
    message: str
    focus: str
    tray: int
    cursor: tuple[int, int]
    selected: int
    last_move: tuple[int, ...]

    @classmethod
    def from_ram(cls, ram: bytearray) -> View:
        text = bytes(ram[V_MESSAGE:V_MESSAGE + MESSAGE_LEN]).split(b"\0")[0]
        sel, a, b = ram[Z_SELECTED], ram[Z_LAST_A], ram[Z_LAST_B]
        return cls(
            phase=PHASES[ram[Z_PHASE]] if ram[Z_PHASE] < len(PHASES) else "computer",
            mode=MODES[ram[Z_MODE]] if ram[Z_MODE] < len(MODES) else "?",
            random_setup=bool(ram[Z_RANDOM]), bridges=ram[Z_OPT_BRIDGES],
            message=text.decode("latin-1"), focus="tray" if ram[Z_FOCUS] else "board",
            tray=ram[Z_TRAY] & 15, cursor=(min(ram[Z_CUR_X], 5), ram[Z_CUR_Y] & 7),
            selected=sel if sel < 48 and M.valid(sel) else -1,
            last_move=(a, b) if M.valid(a) and M.valid(b) else ())


def cell_xy(p: int) -> tuple[int, int, int]:
    """Screen x, y and width of a cell (headquarters are two wide)."""
    x, y = M.xy(p)
    sy = BOARD_Y + y * CELL_H + (RIVER if y >= 4 else 0)
    return BOARD_X + x * CELL_W, sy, CELL_W * (2 if p in (M.HQ_TOP, M.HQ_BOTTOM) else 1)


def tray_xy(kind: int) -> tuple[int, int]:
    return TRAY_X + (kind // 8) * TRAY_W, BOARD_Y + (kind % 8) * CELL_H


def draw(canvas: Canvas, game: Any, ram: bytearray) -> None:
    """The screen for `game` (a View) and the boards in `ram`. One screen the
    model cannot draw from RAM: during the computer's turn, with the play
    screen up, the 6502 keeps the board the player left (its arrays are
    swapped meanwhile) and draws only the message line."""
    canvas.clear(BLACK)
    if game.phase == "menu":
        _menu(canvas, game)
    elif game.phase == "pass":
        canvas.text(centred(game.message), PASS_Y, game.message, YELLOW)
        for x, y, line in PASS_LINES:
            canvas.text(x, y, line, WHITE)
    else:
        _board(canvas, game, ram)
    if game.phase not in ("menu", "pass"):
        canvas.text(2, 2, game.message[:MESSAGE_LEN], YELLOW)


def _menu(c: Canvas, game: Any) -> None:
    for (x, y, line), colour in zip(TITLE, (YELLOW, WHITE), strict=True):
        c.text(x, y, line, colour)
    for i, (name, label) in enumerate(MENU_ROWS):
        y = MENU_Y + i * 16
        on = {"H": game.mode == "hotseat", "C": game.mode == "computer",
              "D": game.mode == "debug", "R": game.random_setup}.get(name, False)
        if name == "R":
            label += ": ON" if game.random_setup else ": OFF"
        if name == "B":
            label += f": {game.bridges}"
        c.text(16, y, label, YELLOW if on else WHITE)
        if on:
            c.text(8, y, ">", YELLOW)
    for i, line in enumerate(MENU_FOOT):
        c.text(8, 180 + 12 * i, line, WHITE)


def _board(c: Canvas, game: Any, ram: bytearray) -> None:
    pieces = ram[0x400:0x430]
    types = ram[0x430:0x460]
    marks = ram[0x4D0:0x500]
    up = ram[0x470:0x4A0]
    reveal = game.phase == "over" or game.mode == "debug"
    # the river and its bridges
    ry = BOARD_Y + 4 * CELL_H
    c.rect(BOARD_X, ry, 6 * CELL_W, RIVER, CYAN)
    for x in range(6):
        if not up[M.pos(x, 4)] & 0x80:
            _bridge(c, BOARD_X + x * CELL_W, ry, RIVER)
    for p in M.SPACES:
        x, y, w = cell_xy(p)
        c.rect(x, y, w, CELL_H, GREEN)
        c.frame(x, y, w, CELL_H, DARK)
        pid = pieces[p]
        if p in (M.HQ_TOP, M.HQ_BOTTOM) and pid & 0x80:
            c.text(x + w // 2 - 4, y + 8, "HQ", DARK)
        if not pid & 0x80:
            mine = bool(pid & 4)
            px = x + w // 2 - 6
            c.rect(px, y + 3, 12, CELL_H - 6, OURS if mine else THEIRS)
            # the computer's turn (it is at the bottom): its pieces stay hidden
            if ((mine and game.phase != "computer") or reveal) and pid < 48:
                c.icon(px + 2, y + 4, types[pid] & 15, WHITE)
        if marks[p]:
            c.rect(x + w // 2 - 2, y + CELL_H - 6, 4, 4, MAGENTA if marks[p] == 2 else YELLOW)
    if game.phase in ("setup", "play") and not (game.phase == "setup" and game.focus == "tray"):
        cx, cy = game.cursor
        p = M.pos(cx, cy)
        p = p ^ 8 if p in M.INVALID else p
        x, y, w = cell_xy(p)
        c.frame(x, y, w, CELL_H, YELLOW)
        c.frame(x + 1, y + 1, w - 2, CELL_H - 2, YELLOW)
    turn = ram[0x50] & 1
    if game.phase in ("play", "over") and len(game.last_move) == 2:
        for p in game.last_move:                 # the last move, where everyone saw it
            x, y, w = cell_xy(p if turn == 0 else M.flip(p))
            c.frame(x + 1, y + 1, w - 2, CELL_H - 2, CYAN)
    if game.selected >= 0:
        x, y, w = cell_xy(game.selected)
        c.frame(x, y, w, CELL_H, WHITE)
    if game.phase == "setup":
        _tray(c, game, ram)
        legend = LEGENDS["setup"]
    elif game.phase == "over":
        legend = LEGENDS["over"]
        _side_legend(c)
    else:
        legend = LEGENDS["play"]
        _side_legend(c)
    for i, line in enumerate(legend):
        c.text(2, LEGEND_Y + 2 + i * 11, line, WHITE)
    # the key to the bridges: a piece of river with one, beside the first line
    c.rect(BRIDGE_KEY_X, LEGEND_Y + 2, CELL_W, BRIDGE_KEY_H, CYAN)
    _bridge(c, BRIDGE_KEY_X, LEGEND_Y + 2, BRIDGE_KEY_H)
    c.text(BRIDGE_KEY_X + CELL_W + 2, LEGEND_Y + 2, BRIDGE_KEY, WHITE)


def _bridge(c: Canvas, x: int, y: int, h: int) -> None:
    """A bridge across the river in the column whose space starts at x."""
    c.rect(x + 3, y, CELL_W - 6, h, DARK)
    c.rect(x + 2, y, 1, h, YELLOW)
    c.rect(x + CELL_W - 3, y, 1, h, YELLOW)


def _tray(c: Canvas, game: Any, ram: bytearray) -> None:
    quantities = ram[0x460:0x470]
    for kind in range(16):
        x, y = tray_xy(kind)
        c.rect(x + 1, y + 3, 10, CELL_H - 6, OURS if quantities[kind] else DARK)
        c.icon(x + 2, y + 4, kind, WHITE)
        c.text(x + 14, y + 8, str(quantities[kind]), WHITE)
        if game.focus == "tray" and game.tray == kind:
            c.frame(x, y + 1, TRAY_W - 2, CELL_H - 2, YELLOW)
        elif game.tray == kind:
            c.frame(x, y + 1, TRAY_W - 2, CELL_H - 2, WHITE)
    c.text(TRAY_X, BOARD_Y + 8 * CELL_H + 2, tray_name(game.tray), YELLOW)


def tray_name(kind: int) -> str:
    return M.NAMES[kind].upper()[:13]


def _side_legend(c: Canvas) -> None:
    for kind in range(16):
        x, y = tray_xy(kind)
        c.icon(x + 2, y + 4, kind, WHITE)
        c.text(x + 12, y + 8, M.SHORT[kind].upper(), WHITE)
