"""Playing JMC on the machine: menu, setup tray, hot-seat with the interstitial,
mouse, debug mode, the computer, save and load, link seeds."""

from __future__ import annotations

import pytest

from harness.jmc import click, click_cell, first_move, settle
from retroscope.machines.base import MachineError
from retroscope.machines.jmc import create, model
from retroscope.machines.jmc.draw import cell_xy, tray_xy
from retroscope.machines.jmc.program import key
from retroscope.machines.jmc.savefile import SIZE, check, checksum, make

M = model


def press(m, *names: str, frames: int = 4) -> None:
    bits = 0
    for name in names:
        bits |= key(name)
    m.run_frame(bits)
    m.run_frame(bits)
    settle(m, frames)


def screen_hides_pieces(m) -> bool:
    """The interstitial: no piece colour (red 1, blue 4) anywhere on screen."""
    return not ({1, 4} & set(m.framebuffer))


def test_the_menu_shows_on_the_screen() -> None:
    m = create()
    settle(m, 3)
    assert m.state()["phase"] == "menu"
    assert len(set(m.framebuffer)) >= 2          # text on black


def test_in_the_menu_the_state_gives_the_bridges_the_menu_shows() -> None:
    m = create(bridges=4)
    settle(m, 3)
    assert m.state()["bridges"] == m.read(0xC8) == 4
    press(m, "B")                      # the menu's option: 2 (Z_opt_bridges, $C8)
    assert m.state()["phase"] == "menu"
    assert m.read(0xC8) == 2
    assert m.state()["bridges"] == 2   # the game's $51 still says 4 until a game starts
    press(m, "Return")
    assert m.state()["phase"] != "menu" and m.state()["bridges"] == m.read(0x51) == 2


def test_a_hot_seat_round_with_the_interstitial_screen() -> None:
    m = create()
    settle(m, 3)
    press(m, "Return")                            # manual setup, hot-seat
    assert m.state()["phase"] == "setup"
    # the tray: P places the tray's piece, which advances when one runs out
    press(m, "P")
    assert m.bus.ram[0x460 + M.SPY] == 0
    assert m.board().type_at(M.pos(0, 7)) == M.SPY
    assert m.state()["tray"] == M.ENGINEER
    press(m, "E")
    assert m.state()["phase"] == "setup" and "PLACE ALL" in m.state()["message"]
    press(m, "R", frames=6)                       # the rest at random, this side only
    assert sum(m.bus.ram[0x460:0x470]) == 0
    assert all(m.board().pieces[p] == 0xFF for p in M.AWAY)
    press(m, "E")
    assert m.state()["phase"] == "pass" and screen_hides_pieces(m)
    press(m, "Return")
    assert m.state()["phase"] == "setup" and m.state()["turn"] == "blue"
    press(m, "R", frames=6)
    press(m, "F1")
    assert m.state()["phase"] == "pass" and screen_hides_pieces(m)
    press(m, "Return")
    assert m.state()["phase"] == "play" and m.state()["turn"] == "red"
    assert M.setup_legal(m.board()) == []
    for turn in ("red", "blue", "red"):
        assert m.state()["turn"] == turn
        frm, to = first_move(m.board())
        before = m.board()
        click_cell(m, frm)
        assert m.marks() == before.marks(frm)     # the 6502's marks, shown
        click_cell(m, to)
        want = before.copy()
        want.resolve_move(frm, to)
        assert m.board().pieces == want.pieces
        press(m, "E")
        assert m.state()["phase"] == "pass" and screen_hides_pieces(m)
        press(m, "Return")


def test_setup_restrictions_are_kept_by_the_6502() -> None:
    m = create()
    settle(m, 3)
    press(m, "Return")
    tx, ty = tray_xy(M.BANNER)
    click(m, tx + 4, ty + 8)
    assert m.state()["tray"] == M.BANNER
    click_cell(m, M.pos(0, 7))                   # back row: refused
    assert "CANNOT PLACE" in m.state()["message"]
    assert m.board().pieces[M.pos(0, 7)] == 0xFF
    click_cell(m, M.pos(0, 6))
    assert m.board().type_at(M.pos(0, 6)) == M.BANNER
    tx, ty = tray_xy(M.MINE)
    click(m, tx + 4, ty + 8)
    click_cell(m, M.pos(1, 4))                   # the column 1 bridge: refused
    assert m.board().pieces[M.pos(1, 4)] == 0xFF
    click_cell(m, M.pos(2, 4))
    assert m.board().type_at(M.pos(2, 4)) == M.MINE


def test_an_illegal_move_is_refused_outside_debug_mode() -> None:
    m = create(seed="1234ABCD")
    settle(m, 6)
    board = m.board()
    frm, _ = first_move(m.board())
    marks = board.marks(frm)
    bad = next(p for p in M.AWAY if not marks[p])     # an enemy piece out of reach
    click_cell(m, frm)
    click_cell(m, bad)
    assert m.state()["message"] == "NOT A LEGAL MOVE"
    assert m.board().pieces == board.pieces


def test_debug_mode_shows_all_and_allows_illegal_moves_and_counts() -> None:
    m = create()
    settle(m, 3)
    press(m, "D")
    press(m, "R")
    press(m, "Return", frames=6)
    assert m.state()["phase"] == "play" and m.state()["mode"] == "debug"
    board = m.board()
    frm, _ = first_move(m.board())
    marks = board.marks(frm)
    bad = next(p for p in M.AWAY if not marks[p])     # an enemy piece out of reach
    click_cell(m, frm)
    click_cell(m, bad)
    assert m.board().pieces[frm] == 0xFF               # it went and fought
    frm2, to2 = first_move(m.board())                    # a second move in the same turn
    click_cell(m, frm2)
    click_cell(m, to2)
    assert m.state()["moves"] == 2
    press(m, "E")
    assert m.state()["phase"] == "play" and m.state()["turn"] == "blue"   # no interstitial


def test_a_link_seed_reproduces_the_random_setup() -> None:
    for bridges in (2, 4):
        m = create(seed="00C0FFEE", bridges=bridges)
        settle(m, 6)
        want, _ = M.random_setup(0x00C0FFEE, bridges)
        got = m.board()
        assert got.pieces == want.pieces and got.types == want.types
        assert m.state()["phase"] == "play"


@pytest.mark.parametrize("params", [{"seed": "xyz"}, {"seed": "00000000"},
                                    {"bridges": 3}, {"seed": "123456789"}])
def test_bad_link_values_are_refused_with_a_message(params) -> None:
    with pytest.raises(MachineError):
        create(**params)


def test_save_load_save_is_identical_and_restores_the_game() -> None:
    m = create(seed="0BADCAFE")
    settle(m, 6)
    frm, to = first_move(m.board())
    click_cell(m, frm)
    click_cell(m, to)
    m.command("save", {})
    settle(m)
    assert m.state()["message"] == "GAME SAVED"
    first = m.command("download", {})["hex"]
    saved_board = m.board()
    press(m, "E")                               # the game goes on and changes
    press(m, "Return")
    frm, to = first_move(m.board())
    click_cell(m, frm)
    click_cell(m, to)
    assert m.board().pieces != saved_board.pieces
    m.command("load", {})
    settle(m)
    assert m.board().pieces == saved_board.pieces and m.state()["turn"] == "red"
    m.command("save", {})
    settle(m)
    assert m.command("download", {})["hex"] == first
    # and through a fresh machine, as the browser's storage does it
    other = create()
    other.load_save_data(m.save_data())
    settle(other, 3)
    other.command("load", {})
    settle(other)
    assert other.board().pieces == saved_board.pieces
    assert other.state()["phase"] == "play"


def test_corrupt_or_foreign_files_get_a_clear_message_and_the_game_goes_on() -> None:
    m = create(seed="0BADCAFE")
    settle(m, 6)
    before = m.board()
    good = bytearray(make(bytes(0x20) + bytes(0xD0) + bytes(96)))
    m.command("save", {})
    settle(m)
    damaged = bytearray.fromhex(m.command("download", {})["hex"])
    damaged[20] ^= 0xFF
    for data, words in ((b"PK\x03\x04 not a save", "not a JMC saved game"),
                        (bytes(damaged), "checksum"), (bytes(good[:30]), "cut short"),
                        (good, "settings")):
        with pytest.raises(MachineError, match=words):
            m.command("upload", {"hex": bytes(data).hex()})
    with pytest.raises(MachineError, match="hex"):
        m.command("upload", {"hex": "zz"})
    with pytest.raises(MachineError):
        m.load_save_data({"save": "00"})
    settle(m)
    assert m.board().pieces == before.pieces and m.state()["phase"] == "play"


def test_the_save_file_is_what_the_6502_writes_with_its_header_and_checksum() -> None:
    m = create(seed="0BADCAFE")
    settle(m, 6)
    m.command("save", {})
    settle(m)
    data = bytes.fromhex(m.command("download", {})["hex"])
    assert len(data) == SIZE and data[:5] == b"JMC\x1a\x02"
    state = (bytes(m.bus.ram[0x50:0x70]) + bytes(m.bus.ram[0x400:0x4D0])
             + bytes(m.bus.ram[0x780:0x7E0]))
    assert data[5:-2] == state and data[-2:] == checksum(state)
    assert check(data) == data == make(state)


def test_the_6502_refuses_a_foreign_or_damaged_file_itself() -> None:
    m = create(seed="0BADCAFE")
    settle(m, 6)
    before = m.board()
    m.command("save", {})
    settle(m)
    good = bytes.fromhex(m.command("download", {})["hex"])
    for data, message in ((b"XYZ\x1a" + good[4:], "NOT A JMC"),
                          (good[:30] + bytes([good[30] ^ 1]) + good[31:], "DAMAGED"),
                          (good[:100], "NO SAVED GAME")):
        m.hostfs.files["JMCSAVE"] = data          # past the page's own checks
        m.command("load", {})
        settle(m)
        assert message in m.state()["message"]
        assert m.board().pieces == before.pieces


def test_the_computer_answers_a_move_and_the_human_stays_at_the_bottom() -> None:
    m = create()
    settle(m, 3)
    press(m, "C")
    press(m, "R")
    press(m, "Return", frames=6)
    assert m.state()["phase"] == "play" and m.state()["turn"] == "red"
    frm, to = first_move(m.board())
    click_cell(m, frm)
    click_cell(m, to)
    after_human = m.board()
    press(m, "E", frames=8)
    assert m.state()["phase"] in ("play", "over") and m.state()["turn"] == "red"
    assert m.board().pieces != after_human.pieces    # the computer moved


@pytest.mark.parametrize("wait", range(12))
def test_the_computer_answers_whatever_the_setup_and_its_timing(wait: int) -> None:
    """Other menu timings give other random setups, so the turn change ends at
    another cycle of a frame: the computer's hands plan only once the 6502's main
    loop waits again (a plan made inside swap_sides saw a half-swapped board)."""
    m = create()
    settle(m, 3)
    press(m, "C")
    for _ in range(wait):
        m.run_frame(0)
    press(m, "R")
    press(m, "Return", frames=6)
    frm, to = first_move(m.board())
    click_cell(m, frm)
    click_cell(m, to)
    assert m.state()["moves"] == 1
    press(m, "E", frames=8)
    state = m.state()
    assert state["moves"] == 2 and state["phase"] in ("play", "over"), state["message"]


def test_key_presses_in_the_menu_seed_the_prng_from_the_timer() -> None:
    seeds = []
    for wait in (3, 3, 7):
        m = create()
        settle(m, 3)                     # the menu is drawn
        for _ in range(wait):
            m.run_frame(0)
        before = m.seed
        press(m, "B")
        press(m, "B")
        assert m.seed != before
        seeds.append(m.seed)
    assert seeds[0] == seeds[1]          # the same timing: the same seed (replays agree)
    assert seeds[0] != seeds[2]          # other timing: another seed


def test_the_general_on_the_enemy_headquarters_wins_and_everything_is_revealed() -> None:
    m = create(seed="0000BEEF")
    settle(m, 6)
    board = M.Board(2)
    for p, kind, pid in ((M.pos(2, 1), M.GENERAL, M.pos(0, 7)), (M.pos(5, 7), M.JO1, M.pos(5, 7)),
                         (M.pos(0, 0), M.TANK, M.pos(0, 0)), (M.pos(5, 0), M.SPY, M.pos(5, 0))):
        board.pieces[p] = pid
        board.types[pid] = kind
    m.load_board(board)
    settle(m, 2)
    click_cell(m, M.pos(2, 1))
    click_cell(m, M.HQ_TOP)
    state = m.state()
    assert state["phase"] == "over" and state["winner"] == "red"
    assert "HEADQUARTERS" in state["message"]
    # the reveal: the enemy's tank icon (white) is drawn in its cell
    x, y, w = cell_xy(M.pos(0, 0))
    cell = [m.framebuffer[(y + r) * 320 + 2 * x + c] for r in range(4, 20) for c in range(2 * w)]
    assert 7 in cell


def test_a_random_game_from_the_menu_gives_a_link_that_sets_it_up_again() -> None:
    m = create()
    settle(m, 5)
    press(m, "B")                                  # 4 bridges; the key seeds the PRNG
    press(m, "R")
    press(m, "Return", frames=6)
    link = m.state()["link"]
    assert link and link.endswith("&bridges=4")
    seed = link.split("seed=")[1].split("&")[0]
    again = create(seed=seed, bridges=4)
    settle(again, 6)
    assert again.board().pieces == m.board().pieces
    assert again.board().types == m.board().types


@pytest.mark.parametrize("mode", ["H", "C", "D"])
def test_memory_edits_never_stop_the_game(mode: str) -> None:
    """A debugger user may write anything into the board and the game's state:
    the program and the game go on (no Python exception), the page still draws."""
    import json
    import random

    rng = random.Random(ord(mode))
    m = create()
    settle(m, 3)
    press(m, mode)
    press(m, "R")
    press(m, "Return", frames=6)
    keys = ["Left", "Right", "Up", "Down", "Space", "P", "Return", "E", "S", "R"]
    for _ in range(40):
        for _ in range(rng.randint(1, 6)):
            addr = rng.choice([rng.randrange(0x50, 0x66), rng.randrange(0x400, 0x530)])
            m.write(addr, rng.randrange(256))
        for _ in range(rng.randint(1, 4)):
            if rng.random() < 0.5:
                m.run_frame(key(rng.choice(keys)))
            else:
                m.pointer(rng.randrange(320), rng.randrange(256), True)
                m.run_frame(0)
        json.dumps(m.state())
    assert len(set(m.framebuffer)) > 1


def know(m) -> dict[int, set[int]]:
    """V_know as sets of types, for the pieces the computer knows something of."""
    ram = m.bus.ram
    out = {}
    for pid in range(48):
        mask = ram[0x780 + pid] | ram[0x7B0 + pid] << 8
        if mask != 0xFFFF:
            out[pid] = {t for t in range(16) if mask >> t & 1}
    return out


def test_what_the_computer_inferred_survives_a_save_and_a_load() -> None:
    """The 6502 narrows what each enemy piece may be after a fight (ai.possible_types
    is the model), keeps it in V_know, saves it in the file and loads it back."""
    from retroscope.machines.jmc import ai
    from retroscope.machines.jmc.savefile import inferred

    m = create()
    settle(m, 3)
    press(m, "C")
    press(m, "R")
    press(m, "Return", frames=6)
    assert know(m) == {}
    board = m.board()
    # the human's piece at (1, 4) attacks the computer's piece at (1, 3) (over the bridge)
    frm, to = M.pos(1, 4), M.pos(1, 3)
    board.pieces[frm], board.types[frm] = frm, M.SO5
    board.pieces[to], board.types[to] = to, M.TANK
    m.load_board(board)
    m.run_frame(0)
    click_cell(m, frm)
    click_cell(m, to)
    result = m.bus.ram[0x53]
    assert result == M.DEFENDER_WINS
    want = ai.possible_types(M.TANK, result, False)      # as the computer sees it
    enemy = M.flip(frm)                                   # the human's ID, computer's frame
    assert know(m) == {enemy: want}
    m.command("save", {})
    settle(m)
    data = bytes.fromhex(m.command("download", {})["hex"])
    assert {pid: {t for t in range(16) if mask >> t & 1}
            for pid, mask in inferred(data[5:-2]).items()} == {enemy: want}
    for pid in range(48):                                # forgotten...
        m.write(0x780 + pid, 0xFF)
        m.write(0x7B0 + pid, 0xFF)
    m.command("load", {})
    settle(m)
    assert know(m) == {enemy: want}                      # ...and back from the file


def test_a_format_1_file_loads_with_nothing_inferred() -> None:
    from retroscope.machines.jmc.savefile import V1_STATE, upgrade

    m = create(seed="0BADCAFE")
    settle(m, 6)
    m.command("save", {})
    settle(m)
    v2 = bytes.fromhex(m.command("download", {})["hex"])
    state1 = v2[5:5 + V1_STATE]
    v1 = b"JMC\x1a\x01" + state1 + checksum(state1)
    assert upgrade(v1)[:5 + V1_STATE] == b"JMC\x1a\x02" + state1
    m.command("upload", {"hex": v1.hex()})
    settle(m)
    assert m.state()["message"].startswith("LOADED")
