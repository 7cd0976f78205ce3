"""High-score entry: a game whose score makes its type's table asks for a name
(render mode 2, the congratulations screen); the table and names are kept by
the page (`save_data`)."""

from __future__ import annotations

import pytest

from retroscope.machines import MachineError
from retroscope.machines.tetris import create, model
from retroscope.machines.tetris.screens import HISCORES_AT, NAME_TEXT

RIGHT, LEFT, DOWN, UP = 0x01, 0x02, 0x04, 0x08
START, B, A = 0x10, 0x40, 0x80


def run(m, buttons: int = 0, frames: int = 1) -> None:
    for _ in range(frames):
        m.run_frame(buttons)


def press(m, buttons: int) -> None:
    run(m, buttons)
    run(m, 0, 2)


def game_over_with(score: bytes, **params):
    """A game that ends (the pile reaches the top) with this score."""
    m = create(**params)
    run(m, 0, 5)
    m.bus.ram[model.SCORE : model.SCORE + 3] = score
    for row in range(20):
        cells = [0x7D] * 10
        cells[row % 10] = model.EMPTY
        m.bus.ram[0x400 + 10 * row : 0x40A + 10 * row] = bytes(cells)
    m.bus.ram[model.AUTOREPEAT_Y] = 0
    m.bus.ram[model.FALL_TIMER] = 100
    for _ in range(300):
        run(m)
        if m.read(model.PLAY_STATE) == 0x0A and m.read(model.CURTAIN_ROW) == 20:
            break
    press(m, START)  # past the curtain (no ending below 30,000)
    return m


def vram(m, at: tuple[int, int], n: int) -> list[int]:
    base = 0x2000 + 32 * at[1] + at[0]
    return [m.ppu.vram_read(base + i) for i in range(n)]


def type_name(m, name: str) -> None:
    """Up/Down to each letter from a blank, Right to the next place."""
    for i, ch in enumerate(name):
        steps = NAME_TEXT.index(ch)
        if steps <= len(NAME_TEXT) // 2:
            for _ in range(steps):
                press(m, UP)
        else:
            for _ in range(len(NAME_TEXT) - steps):
                press(m, DOWN)
        if i < len(name) - 1:
            press(m, RIGHT)


def test_a_qualifying_game_asks_for_a_name_and_the_table_keeps_it():
    m = game_over_with(bytes([0x45, 0x23, 0x01]))  # 12,345
    assert m.read(0xBD) == 2 and m.read(0xC0) == 4  # the congratulations screen
    assert m.state()["entering_name"]
    type_name(m, "ZOE.9")
    press(m, LEFT)
    press(m, UP)  # the 4th letter, '.', becomes '-' (the next in the cycle)
    run(m, 0, 2)
    row = vram(m, (HISCORES_AT[0] + 2, HISCORES_AT[1]), 6)
    assert row == [0x23, 0x18, 0x0E, 0x24, 0x09, 0xFF]  # Z O E - 9 (space), drawn in vblank
    press(m, START)
    run(m, 0, 3)
    assert m.read(0xC0) == 2  # the game-type menu
    table = m.state()["high_scores"]["A"]
    assert table[0] == {"name": "ZOE-9 ", "score": "012345", "level": 0}
    saved = m.save_data()
    again = create(start="menu")
    again.load_save_data(saved)
    run(again, 0, 5)
    press(again, START)
    run(again, 0, 3)
    assert again.read(0xC0) == 3  # the level screen shows the table, names too
    assert vram(again, HISCORES_AT, 18) == [
        1, 0xFF, 0x23, 0x18, 0x0E, 0x24, 0x09, 0xFF, 0xFF, 0, 1, 2, 3, 4, 5, 0xFF, 0, 0]


TABLE = {"high_scores": bytes.fromhex("050000" "030000" "010000" + "00" * 7).hex() + "00" * 16,
         "names": bytes([1, 2, 3, 4, 5, 6] + [7] * 6 + [8] * 6 + [0] * 18).hex()}


def test_a_better_score_moves_the_older_names_down():
    m = create()
    m.load_save_data(TABLE)
    run(m, 0, 5)
    m.bus.ram[model.SCORE : model.SCORE + 3] = bytes([0x00, 0x00, 0x04])  # 40,000
    m.call("recordHighScore")
    assert m.read(0xDD) == 1  # second place, its name blank
    table = m.state()["high_scores"]["A"]
    assert [r["score"] for r in table] == ["050000", "040000", "030000"]
    assert [r["name"] for r in table] == ["ABCDEF", "      ", "GGGGGG"]  # 10,000 dropped


def test_a_score_below_the_table_asks_nothing():
    m = create()
    m.load_save_data(TABLE)
    run(m, 0, 5)
    m.bus.ram[model.SCORE : model.SCORE + 3] = bytes([0x00, 0x50, 0x00])  # 5,000
    m.call("recordHighScore")
    assert m.read(0xDD) == 0xFF


def test_the_demo_never_enters_the_table():
    m = create(start="demo")
    run(m, 0, 5)
    m.bus.ram[model.SCORE : model.SCORE + 3] = bytes([0x00, 0x00, 0x09])
    m.call("recordHighScore")
    assert m.read(0xDD) == 0xFF and m.save_data()["high_scores"] == "00" * 32


@pytest.mark.parametrize(("data", "says"), [
    ({"high_scores": "00" * 32, "names": "zz"}, "bad tetris save data"),
    ({"high_scores": "00" * 32, "names": "00" * 35}, "names"),
    ({"high_scores": "00" * 32, "names": "27" * 36}, "names"),  # 39 is past the letters
    ({"high_scores": "00" * 32, "names": 7}, "bad tetris save data"),
])
def test_bad_saved_names_are_refused(data, says):
    m = create()
    with pytest.raises(MachineError, match=says):
        m.load_save_data(data)


def test_an_old_save_without_names_still_loads_with_blank_names():
    m = create()
    m.load_save_data({"high_scores": "012345" + "00" * 29})
    assert m.state()["high_scores"]["A"][0] == {"name": "      ", "score": "012345",
                                                "level": 0}
