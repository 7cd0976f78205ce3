"""JMC's screens are drawn by the 6502 (draw.asm) into MODE 2 screen memory:
at every step of a game the screen memory equals the pure-Python reference
model (draw.py) drawn from the same RAM (but for the computer's turn, when the
6502 holds the board the player left)."""

from __future__ import annotations

import pytest

from harness import jmc
from harness.jmc import click_cell, first_move
from retroscope.machines.bbc.video import _index as palette_index
from retroscope.machines.jmc import create, model
from retroscope.machines.jmc.draw import BOARD_Y, View, cell_xy, draw
from retroscope.machines.jmc.program import key
from retroscope.machines.jmc.screen import Canvas

SCREEN = slice(0x3000, 0x8000)
Z_DIRTY, Z_SHOWN_KIND = 0xC9, 0x75


def settle(m, frames: int = 3) -> None:
    jmc.settle(m, frames, most=400)


def press(m, name: str) -> None:
    m.run_frame(key(name))
    m.run_frame(key(name))
    settle(m)


def model_screen(m) -> bytes:
    ram = bytearray(m.bus.ram)
    canvas = Canvas()
    draw(canvas, View.from_ram(ram), ram)
    canvas.encode_into(ram)
    return bytes(ram[SCREEN])


def assert_model(m, where: str) -> None:
    got = bytes(m.bus.ram[SCREEN])
    want = model_screen(m)
    if got != want:
        first = next(i for i in range(len(got)) if got[i] != want[i])
        raise AssertionError(f"{where}: the 6502's screen differs from the model's, "
                             f"first at ${0x3000 + first:04X} "
                             f"({sum(a != b for a, b in zip(got, want, strict=True))} bytes)")


def test_the_menu_and_its_options_are_drawn_as_the_model_draws_them() -> None:
    m = create()
    settle(m)
    assert_model(m, "menu")
    assert len(set(m.framebuffer)) > 2
    for name in ("C", "R", "B", "D", "R", "B", "H"):
        press(m, name)
        assert_model(m, f"menu after {name}")


def test_setup_tray_pass_and_play_screens_match_the_model() -> None:
    m = create()
    settle(m)
    press(m, "Return")
    assert m.state()["phase"] == "setup"
    assert_model(m, "setup")
    for name in ("P", "P", "Up", "Right", "P", "S", "Down", "Down", "Right", "P", "S", "R"):
        press(m, name)
        assert_model(m, f"setup after {name}")
    press(m, "E")
    assert m.state()["phase"] == "pass"
    assert_model(m, "the interstitial")
    press(m, "Return")
    press(m, "R")
    press(m, "E")
    press(m, "Return")
    assert m.state()["phase"] == "play"
    assert_model(m, "play")
    for name in ("Up", "Left", "Left", "Up", "P", "Up", "P", "Down", "Down", "P", "E"):
        press(m, name)
        assert_model(m, f"play after {name}")


@pytest.mark.parametrize("bridges", [2, 4])
def test_a_game_to_its_end_reveal_matches_the_model(bridges: int) -> None:
    m = create(seed="0000BEEF", bridges=bridges)
    settle(m)
    board = model.Board(bridges)
    for p, kind, pid in ((model.pos(2, 1), model.GENERAL, model.pos(0, 7)),
                         (model.pos(5, 7), model.JO1, model.pos(5, 7)),
                         (model.pos(0, 0), model.TANK, model.pos(0, 0))):
        board.pieces[p] = pid
        board.types[pid] = kind
    m.load_board(board)
    m.write(0x4D0 + model.pos(1, 1), 2)          # a mark or two, as edits
    m.write(0x4D0 + model.pos(3, 5), 7)
    m.run_frame(0)
    press(m, "Up")
    assert_model(m, "an edited board")
    x, y = model.xy(model.pos(2, 1))
    m.write(0xC0, x)                              # the cursor there, by hand
    m.write(0xC1, y)
    press(m, "P")
    press(m, "Up")
    press(m, "P")
    assert m.state()["phase"] == "over"
    assert_model(m, "the end")


def test_debug_mode_shows_every_piece_as_the_model_does() -> None:
    m = create()
    settle(m)
    press(m, "D")
    press(m, "R")
    press(m, "Return")
    assert m.state()["mode"] == "debug"
    assert_model(m, "debug")


def test_the_screen_comes_from_the_cpu() -> None:
    """Wipe screen memory and forget what was drawn: the 6502 draws it all again."""
    m = create(seed="0BADCAFE")
    settle(m)
    want = bytes(m.bus.ram[SCREEN])
    m.bus.ram[SCREEN] = bytes(0x5000)
    m.write(Z_SHOWN_KIND, 0xFF)
    m.write(Z_DIRTY, 1)
    settle(m, 1)
    assert bytes(m.bus.ram[SCREEN]) == want
    assert_model(m, "redrawn")


def test_a_cursor_step_redraws_only_what_changed_in_a_frame_or_two() -> None:
    m = create(seed="0BADCAFE")
    settle(m)
    m.run_frame(key("Up"))
    frames = 1
    while m.state()["busy"]:
        m.run_frame(0)
        frames += 1
    assert frames <= 4               # the key scanned, the game acts, the 6502 draws
    assert_model(m, "after a cursor step")


def test_the_computers_turn_shows_none_of_its_pieces() -> None:
    m = create()
    settle(m)
    press(m, "C")
    press(m, "R")
    press(m, "Return")
    before = bytes(m.bus.ram[SCREEN])

    def computers_turn() -> None:                 # held there, drawn as it may be
        m.write(0x5A, 5)
        m.write(Z_DIRTY, 1)
        for _ in range(60):
            m.run_frame(0)
            m.write(0x5A, 5)
            if not m.read(0xCA) and not m.read(Z_DIRTY):
                break

    computers_turn()                              # the play screen is up: it stays
    assert bytes(m.bus.ram[SCREEN]) == before
    shown = [m.read(0x580 + p) for p in model.SPACES]   # V_shown1: each space's look
    assert all(look >> 2 == 0 for look in shown if look & 3 == 2)  # its blocks: no icons
    m.write(Z_SHOWN_KIND, 0xFF)                   # no screen up (an edit): drawn whole,
    computers_turn()                              # from the computer's side
    assert_model(m, "the computer's turn")
    shown = [m.read(0x580 + p) for p in model.SPACES]
    assert any(shown) and all(look >> 2 == 0 for look in shown)   # blocks, no icons


def logical(m, x: int, y: int) -> int:
    """The logical colour of MODE 2 pixel (x, y) in the 6502's screen memory,
    as the video chip reads it."""
    return palette_index(m.read(0x3000 + (y // 8) * 640 + (x // 2) * 8 + y % 8), x & 1)


def test_the_pass_screens_message_is_centred_for_its_length() -> None:
    from retroscope.machines.jmc.draw import PASS_Y
    from retroscope.machines.jmc.screen import YELLOW
    m = create()
    settle(m)
    press(m, "Return")
    press(m, "R")
    press(m, "E")
    assert m.state()["phase"] == "pass" and m.state()["message"] == "PASS TO BLUE"
    xs = [x for x in range(160) for y in range(PASS_Y, PASS_Y + 10) if logical(m, x, y) == YELLOW]
    left, right = min(xs), 159 - max(xs)
    assert abs(left - right) <= 1, (left, right)   # 3-pixel glyphs 4 apart: 1 pixel odd
    assert_model(m, "the interstitial")


@pytest.mark.parametrize("phase_keys", [("Return",), ("Return", "R", "E", "Return", "R", "E",
                                                    "Return")])
def test_the_board_has_a_key_to_its_bridges(phase_keys) -> None:
    from retroscope.machines.jmc.draw import BRIDGE_KEY_X, LEGEND_Y
    from retroscope.machines.jmc.screen import CYAN, DARK, YELLOW
    m = create(bridges=4)
    settle(m)
    for name in phase_keys:
        press(m, name)
    assert m.state()["phase"] in ("setup", "play")
    y = LEGEND_Y + 4
    row = [logical(m, x, y) for x in range(BRIDGE_KEY_X, BRIDGE_KEY_X + 16)]
    assert row == [CYAN] * 2 + [YELLOW] + [DARK] * 10 + [YELLOW] + [CYAN] * 2
    assert any(logical(m, x, y) != 0 for x in range(BRIDGE_KEY_X + 18, 160))  # its word
    assert_model(m, "the board with its bridges' key")


def test_the_computers_turn_holds_the_board_and_then_redraws_only_what_its_move_changed() -> None:
    m = create()
    settle(m)
    for name in ("C", "R", "Return"):
        press(m, name)
    frm, to = first_move(m.board())
    click_cell(m, frm)
    click_cell(m, to)
    width = m.width                       # 2 framebuffer pixels a MODE 2 pixel
    board = slice(BOARD_Y * width, None)  # below the message line
    before = bytes(m.framebuffer)[board]
    m.run_frame(key("E"))
    m.run_frame(key("E"))
    frames = []
    while m.state()["phase"] == "computer":
        assert bytes(m.framebuffer)[board] == before   # held, in the player's colours
        m.run_frame(0)
    assert m.state()["phase"] == "play"
    while m.state()["busy"]:
        frames.append(bytes(m.framebuffer)[board])
        m.run_frame(0)
    final = bytes(m.framebuffer)[board]
    assert_model(m, "back in play")

    def cell_at(x: int, y: int) -> int:
        """The space at MODE 2 pixel (x, y), or -1 off the spaces."""
        for p in model.SPACES:
            cx, cy, w = cell_xy(p)
            if cx <= x < cx + w and cy <= y < cy + 24:
                return p
        return -1

    def cells_differing(a: bytes, b: bytes) -> set[int]:
        return {cell_at(i % width // 2, i // width + BOARD_Y)
                for i in range(len(a)) if a[i] != b[i]}

    moved = cells_differing(before, final)
    assert moved and -1 not in moved and len(moved) <= 6   # the move, its frames, a mark
    for picture in frames:                                  # no sweep over the board
        assert cells_differing(picture, final) <= moved
