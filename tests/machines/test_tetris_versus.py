"""The unfinished 2-player versus mode (seed 002, "2 jugadores contra"): $00BE
= 2 shows two fields in the 1-player screen (columns -2 and +12 of the row
table's, the 1-player field at +6), each player's lines above its field, the
one next piece where it always is (inside the right field); each player
moves its own pieces (pad 1, pad 2 in bits 8-15); a double, triple or Tetris
sends garbage rows with one hole to the opponent (play state 7); a loss
begins the game again. Player 2's state is the block $0060-$007F, its field
$0500."""

from __future__ import annotations

from pathlib import Path

import pytest

from retroscope.machines import MachineError
from retroscope.machines.tetris import create, model
from retroscope.machines.tetris.screens import PLAYFIELD_AT, VERSUS_FIELDS, VERSUS_LINES_AT
from retroscope.util.png import write_png

REPO = Path(__file__).resolve().parents[2]
P2 = 0x20  # player 2's block is player 1's + $20
FIELD2 = 0x500
PLAYERS, ACTIVE, PENDING = 0xBE, 0xE3, 0x5A
LEFT, RIGHT, DOWN = 0x02, 0x01, 0x04
I_VERTICAL = 0x11


def shot(m, name: str) -> None:
    out = REPO / "test-output" / "versus"
    out.mkdir(parents=True, exist_ok=True)
    write_png(out / f"{name}.png", m.width, m.height, m.framebuffer, m.palette)


def versus(frames: int = 12):
    """A game under way, then $00BE = 2 written as the debugger would."""
    m = create()
    for _ in range(5):
        m.run_frame()
    m.write(PLAYERS, 2)
    for _ in range(frames):
        m.run_frame()
    assert m.read(ACTIVE) == 2 and m.read(0xCB) == 1
    return m


def vram_row(m, col: int, row: int, n: int = 10) -> list[int]:
    return [m.ppu.vram_read(0x2000 + 32 * row + col + i) for i in range(n)]


def field(m, base: int) -> list[list[int]]:
    return [list(m.bus.ram[base + 10 * r : base + 10 * r + 10]) for r in range(20)]


def test_writing_2_to_00BE_begins_again_with_two_fields_and_their_lines_above():
    m = versus()
    assert m.read(PLAYERS) == 2
    assert field(m, FIELD2) == [[model.EMPTY] * 10] * 20
    # both players begin alike: the same first piece, at the top, in play
    assert (m.read(0x42), m.read(0x48)) == (m.read(0x42 + P2), m.read(0x48 + P2))
    assert m.read(0x48) == 1
    left, right = VERSUS_FIELDS
    assert (left, right) == (PLAYFIELD_AT[0] - 8, PLAYFIELD_AT[0] + 6)  # -2 and +12 vs +6
    for row in range(20):  # the fields in VRAM (the copy, two rows a frame each)
        assert vram_row(m, left, PLAYFIELD_AT[1] + row) == [model.EMPTY] * 10
        assert vram_row(m, right, PLAYFIELD_AT[1] + row) == [model.EMPTY] * 10
    for x, y in VERSUS_LINES_AT:
        assert vram_row(m, x, y, 3) == [0, 0, 0]  # "000": each player's lines
    shot(m, "two_fields")


def test_each_player_moves_its_own_piece_over_its_own_field():
    m = versus()
    x1, x2 = m.read(0x40), m.read(0x40 + P2)
    for _ in range(3):
        m.run_frame(LEFT | (RIGHT << 8))
        m.run_frame(0)
    assert m.read(0x40) == x1 - 3 and m.read(0x40 + P2) == x2 + 3
    m.run_frame(0)
    oam = bytes(m.ppu.oam)
    xs = {oam[i + 3] for i in range(0, 256, 4) if oam[i] < 0xEF}
    left, right = (8 * c for c in VERSUS_FIELDS)
    # each piece's squares over its field (the piece's X is its centre column)
    assert any(left + 8 * (m.read(0x40) - 2) <= x <= left + 8 * (m.read(0x40) + 2) for x in xs)
    assert any(right + 8 * (m.read(0x60) - 2) <= x <= right + 8 * (m.read(0x60) + 2) for x in xs)
    assert any(x >= 8 * 25 for x in xs)  # the one next piece in its box, in the right field


def test_state_7_is_an_unused_frame_for_one_player():
    m = create()
    for _ in range(5):
        m.run_frame()
    ram = m.bus.ram
    ram[0x4A:0x4E] = bytes([16, 17, 18, 19])
    ram[0x48], ram[PENDING + P2] = 7, 0
    m.call("versusState")
    assert ram[0x48] == 8 and ram[PENDING + P2] == 0


@pytest.mark.parametrize(("rows", "sent"), [(0, 0), (1, 0), (2, 1), (3, 2), (4, 4)])
def test_a_double_triple_or_tetris_sends_garbage_to_the_opponent(rows, sent):
    m = versus()
    ram = m.bus.ram
    ram[0x4A:0x4E] = bytes([16 + i if i < rows else 0 for i in range(4)])
    ram[0x48], ram[PENDING + P2], ram[PENDING] = 7, 1, 0
    m.call("versusState")
    assert ram[PENDING + P2] == 1 + sent and ram[0x48] == 8


def test_garbage_rises_from_the_bottom_with_one_hole():
    m = versus()
    ram = m.bus.ram
    before = [[model.EMPTY] * 10 for _ in range(20)]
    before[19] = [0x7C] * 9 + [model.EMPTY]
    before[18] = [model.EMPTY] * 4 + [0x7D] + [model.EMPTY] * 5
    ram[0x400:0x4C8] = bytes(sum(before, []))
    ram[0x4A:0x4E] = bytes(4)
    ram[0x48], ram[PENDING] = 7, 3
    ram[0x17] = 0x2D  # the RNG's high byte: the hole in column $2D mod 10 = 5
    m.call("versusState")
    after = field(m, 0x400)
    assert after[:17] == before[3:]  # everything moved up three rows
    for r in (17, 18, 19):
        assert after[r] == [0x7B] * 5 + [model.EMPTY] + [0x7B] * 4
    assert ram[PENDING] == 0 and ram[0x49] == 0  # the field is copied to VRAM again


def test_a_tetris_in_play_raises_four_rows_in_the_other_field():
    m = versus()
    ram = m.bus.ram
    for r in range(16, 20):  # player 1: four rows full but for column 0
        ram[0x400 + 10 * r : 0x40A + 10 * r] = bytes([model.EMPTY] + [0x7C] * 9)
    ram[0x42], ram[0x40], ram[0x41] = I_VERTICAL, 0, 15  # an I standing over the gap
    ram[0x4E], ram[0x45] = 0, 100
    def p2_drops(i: int) -> int:  # player 2 soft-drops (pressing Down anew for each piece)
        return DOWN << 8 if i % 8 else 0

    for i in range(200):
        m.run_frame(p2_drops(i))
        if ram[PENDING + P2] or ram[0x70]:
            break
    assert ram[0x50] == 4  # player 1's lines: a Tetris
    assert ram[PENDING + P2] == 4
    for i in range(400):  # until player 2's piece locks and the garbage rises
        m.run_frame(p2_drops(i))
        if ram[PENDING + P2] == 0:
            break
    rows = field(m, FIELD2)[16:]
    assert all(row.count(model.EMPTY) >= 1 and row.count(0x7B) >= 9 - 4 for row in rows)
    holes = {row.index(model.EMPTY) for row in rows if row.count(0x7B) == 9}
    assert len(holes) == 1  # one hole, the same column in each row
    for _ in range(12):
        m.run_frame()
    shot(m, "garbage")
    lines = vram_row(m, *VERSUS_LINES_AT[0], 3)
    assert lines == [0, 0, 4]


def test_a_loss_begins_the_game_again_for_both():
    m = versus()
    ram = m.bus.ram
    ram[FIELD2 : FIELD2 + 200] = bytes([0x7C] * 200)  # player 2's field full: it loses
    ram[0x48 + P2] = 2  # its piece locks where it cannot fit
    ram[0x50] = 7
    m.run_frame()
    m.run_frame()
    for _ in range(12):
        m.run_frame()
    assert m.read(ACTIVE) == 2 and ram[0x50] == 0
    assert field(m, FIELD2) == [[model.EMPTY] * 10] * 20
    assert ram[0x48] == 1 and ram[0x48 + P2] == 1


def test_the_panel_toggle_writes_00BE_and_one_player_comes_back():
    m = versus()
    m.command("players", {"count": 1})
    for _ in range(12):
        m.run_frame()
    assert m.read(PLAYERS) == 1 and m.read(ACTIVE) == 1
    assert vram_row(m, PLAYFIELD_AT[0] - 1, 5, 1) != [model.EMPTY]  # the frame again
    m.command("players", {"count": 2})
    m.run_frame()
    m.run_frame()
    assert m.read(ACTIVE) == 2
    for bad in (0, 3, "2", None, True):
        with pytest.raises(MachineError, match="players is 1-2"):
            m.command("players", {"count": bad})


def test_the_demo_plays_alone_and_pad_2_is_read_only_in_the_versus_mode():
    m = create(start="demo")
    m.write(PLAYERS, 2)
    for _ in range(60):
        m.run_frame(RIGHT << 8)
    assert m.read(0xC0) == 5 and m.read(ACTIVE) == 1
    assert m.read(0xE1) == 0  # pad 2 not read
