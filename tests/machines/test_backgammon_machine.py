"""The backgammon machine: its 2A03 code against the model, title, game, video."""

from __future__ import annotations

from pathlib import Path

import pytest

from retroscope.debug import Session
from retroscope.debug.rewind import Rewind
from retroscope.machines import MachineError
from retroscope.machines import create as create_machine
from retroscope.machines.backgammon import create, model, validate
from retroscope.machines.backgammon.machine import BUTTON, COUNTER, INDEX, MODE, SEED, TABLE
from retroscope.machines.backgammon.rules import START
from retroscope.machines.backgammon.video import point_place
from retroscope.util.png import write_png

OUT = Path(__file__).resolve().parents[2] / "test-output"


@pytest.fixture(scope="module")
def machine():
    return create()


def test_the_routines_sit_at_the_addresses_the_article_prints(machine):
    sym = machine.symbols
    assert sym["Reset"] == 0x6245 and sym["SeedKept"] == 0x6262
    assert sym["GetRandomVal"] == 0x9C94 and sym["NotOverflow"] == 0x9CA6
    assert sym["InitTable"] == 0x9CAB and sym["RndFunc"] == 0x9CE7
    assert sym["GetDiceRoll"] == 0x815C and sym["DiceTable"] == 0x81CF
    assert [machine.read(0x81CF + i) for i in range(36)] == list(model.DICE_TABLE)


def test_machine_code_matches_the_model_for_32_sequences_by_300_rolls(machine):
    for seq in range(model.SEQUENCES):
        machine.write(SEED, seq | 0x40)  # only the low 5 bits count
        machine.call("InitTable")
        rng = model.DiceRng.from_seed(seq)
        assert [machine.read(TABLE + i) for i in range(55)] == rng.table, seq
        assert machine.read(INDEX) == 0
        for n in range(300):
            machine.write(0x30C, 0)
            machine.call("GetDiceRoll")
            expected = rng.dice_roll()
            got = (machine.read(0x46), machine.read(0x47))
            assert got == expected, f"sequence {seq} roll {n}"
            assert machine.read(INDEX) == rng.index
            assert machine.read(0x30C) == 1  # the roll marks itself taken


def test_get_dice_roll_does_nothing_unless_the_ready_flag_is_zero(machine):
    machine.write(0x30C, 1)
    before = [machine.read(a) for a in (0x46, 0x47, INDEX)]
    machine.call("GetDiceRoll")
    assert [machine.read(a) for a in (0x46, 0x47, INDEX)] == before


def test_power_on_uses_seed_5f_and_sequence_31():
    m = create()
    m.run_frame()
    assert m.read(SEED) == 0x5F
    assert m.state()["sequence"] == 31 and m.state()["mode"] == "title"


@pytest.mark.parametrize("counter, seed", [(0x45, 0x45), (0x20, 0x20), (0x00, 0x5F)])
def test_a_reset_captures_the_counter_at_33_as_the_seed(counter, seed):
    m = create()
    m.write(0x0700, 0xAA)
    m.write(COUNTER, counter)
    m.reset()
    m.run_frame()
    assert m.read(SEED) == seed
    assert m.read(0x0700) == 0  # the clear loop ran over $0000-$07FF


def test_the_title_steps_the_rng_and_the_counter_once_per_frame_until_start():
    m = create()
    m.run_frame()
    idx, counter = m.read(INDEX), m.read(COUNTER)
    for k in range(1, 5):
        m.run_frame()
        assert m.read(INDEX) == idx + k and m.read(COUNTER) == (counter + k) & 0xFF
    assert m.state()["live_sequence"] == model.sequence_of(model.seed_from_counter(
        m.read(COUNTER)))
    expected_first = m.state()["tape"]["next"][0]
    m.run_frame(BUTTON["Start"])
    assert m.read(MODE) == 1 and m.state()["mode"] == "game"
    # The game asks for the opening roll at once by clearing $030C...
    idx = m.read(INDEX)
    assert m.read(0x30C) == 0
    m.run_frame()  # the frame loop's GetDiceRoll rolls and sets $030C again
    assert m.read(0x30C) == 1 and m.read(INDEX) == idx + 1
    assert m.state()["tape"]["used"][0] == expected_first
    assert not m.state()["game"]["linkable"]  # Start came after five title frames
    assert create(seed=4).state()["game"]["linkable"]
    m.command("players", {"white": "human", "black": "human"})
    for _ in range(3):
        m.run_frame()
    assert m.read(INDEX) == idx + 1  # the title is cleared: the RNG only moves for rolls


def test_the_titles_reset_now_line_says_the_sequence_the_state_says_at_every_frame():
    """The picture a frame shows (rendered from the nametable), not the one
    built for the next: its RESET NOW line against the state at that frame."""
    from retroscope.machines.backgammon.video import title_screen
    m, other = create(), create()
    for _ in range(8):
        other.run_frame()
    width = m.width
    line = slice(16 * 8 * width, 17 * 8 * width)  # the RESET NOW line, tile row 16

    def shown_sequences() -> list[int]:
        shown = bytes(m.framebuffer)[line]
        out = []
        for live in range(model.SEQUENCES):
            for i, value in enumerate(title_screen(0, 0, 0, live).nametable()):
                other.ppu.vram_write(0x2000 + i, value)
            picture = bytearray(len(m.framebuffer))
            other.ppu.render(picture)
            if bytes(picture)[line] == shown:
                out.append(live)
        return out

    m.run_frame()
    for _ in range(6):
        m.run_frame()
        assert shown_sequences() == [m.state()["live_sequence"]]


def test_a_seed_link_starts_that_sequence_with_its_canonical_tape():
    m = create(seed=17)
    rng = model.DiceRng.for_sequence(17)
    rng.random_val()  # the one title frame before Start is seen
    tape = m.state()["tape"]
    assert m.state()["sequence"] == 17
    assert [tuple(r) for r in tape["used"] + tape["next"]][:40] == rng.tape(40)
    assert create_machine("backgammon", seed=0).state()["sequence"] == 0


def test_a_turn_played_with_the_mouse_moves_the_checkers():
    m = create(seed=17)
    m.command("players", {"white": "human", "black": "human"})
    state = m.state()["game"]
    turn = state["turn"]
    src, dst = state["legal"][0]
    white_src = src if turn == 0 else 25 - src
    white_dst = dst if turn == 0 else 25 - dst

    def click(point: int) -> None:
        col, top = point_place(point)
        m.pointer(col * 8 + 8, (4 if top else 25) * 8, True)
        m.pointer(col * 8 + 8, (4 if top else 25) * 8, False)

    click(white_src)
    assert m.state()["game"]["selected"] == src
    click(white_dst)
    game = m.state()["game"]
    side = game["white"] if turn == 0 else game["black"]
    assert side[src] == START[src] - 1 and side[dst] == START[dst] + 1
    m.command("undo", {})
    assert m.state()["game"]["white"] == list(START)
    while m.state()["game"]["legal"]:
        s, d = m.state()["game"]["legal"][0]
        m.command("move", {"src": s, "dst": d})
    m.command("confirm", {})
    m.run_frame()
    assert m.state()["game"]["turns"] == 1 and m.state()["game"]["turn"] == 1 - turn


def test_a_click_on_a_point_the_checker_cannot_reach_says_why_on_screen_and_panel():
    from retroscope.machines.backgammon import tiles
    m = create(seed=17)
    m.command("players", {"white": "human", "black": "human"})
    game = m.state()["game"]
    turn = game["turn"]
    src = game["legal"][0][0]

    def click(point: int) -> None:  # a mover-numbered point, clicked on the board
        col, top = point_place(point if turn == 0 else 25 - point)
        m.pointer(col * 8 + 8, (4 if top else 25) * 8, True)
        m.pointer(col * 8 + 8, (4 if top else 25) * 8, False)

    click(src)
    click(src + 1)  # backwards: never legal
    game = m.state()["game"]
    assert game["selected"] == src  # still chosen: another point may be tried
    assert game["message"] == f"{src}/{src + 1}: that is backwards"
    m.run_frame()
    m.run_frame()
    row = bytes(m.ppu.vram_read(0x2000 + 29 * 32 + i) for i in range(32))
    want = bytes(tiles.text_tiles(game["message"].upper()))
    assert row[:len(want)] == want


def test_export_then_import_reproduces_the_game_and_bad_records_say_why():
    m = create(seed=5)
    m.command("players", {"white": "computer", "black": "oracle"})
    for _ in range(400):
        m.run_frame()
        if m.state()["game"]["turns"] >= 6:
            break
    exported = m.command("export", {})
    assert exported["text"].startswith('; [Sequence "5"]')
    board = m.state()["game"]
    other = create(seed=0)
    other.command("import", {"text": exported["text"]})
    assert other.state()["sequence"] == 5
    assert other.state()["game"]["turns"] == board["turns"]
    assert other.state()["game"]["white"] == board["white"]
    assert other.state()["game"]["black"] == board["black"]
    linked = create(seed=5, moves=exported["link"])
    assert linked.state()["game"]["turns"] == len(exported["link"].split(";"))
    lines = exported["text"].splitlines()
    lines[5] = lines[5].replace("/", "%", 1)
    with pytest.raises(MachineError, match="line 6: cannot read the move"):
        other.command("import", {"text": "\n".join(lines)})
    assert other.state()["game"]["turns"] == board["turns"]  # a failed import changes nothing
    with pytest.raises(MachineError, match="not a legal play"):
        create(seed=5, moves="24/13")
    with pytest.raises(MachineError, match="expected a numbered turn"):
        other.command("import", {"text": "hello world"})


def test_validate_explains_moves_without_a_seed_unreadable_or_illegal():
    m = create(seed=3)
    m.command("players", {"white": "computer", "black": "computer"})
    for _ in range(200):
        m.run_frame()
        if m.state()["game"]["turns"] >= 4:
            break
    link = m.state()["game"]["link"]
    assert validate({"seed": 3, "moves": link}) == []
    assert validate({"seed": 3, "moves": ""}) == []
    assert validate({"seed": None, "moves": link}) == [
        ("moves", "moves need a seed: add seed=0-31 to the link")]
    (name, message), = validate({"seed": 3, "moves": "8-5"})
    assert name == "moves" and "cannot read the move '8-5'" in message
    (name, message), = validate({"seed": 3, "moves": "24/13"})
    assert name == "moves" and "not a legal play" in message


def test_snapshot_and_restore_bring_back_the_same_game_exactly():
    m = create(seed=9)
    m.command("players", {"white": "computer", "black": "computer"})
    for _ in range(30):
        m.run_frame()
    snap = m.snapshot()
    for _ in range(60):
        m.run_frame()
    later = m.state()
    m.restore(snap)
    for _ in range(60):
        m.run_frame()
    assert m.state() == later


def test_the_board_is_drawn_through_the_ppu_and_saved_as_png():
    m = create(seed=3)
    m.command("players", {"white": "computer", "black": "computer"})
    for _ in range(200):
        m.run_frame()
    fb = m.framebuffer
    assert len(set(fb)) >= 5  # felt, two point colours, two checker colours
    write_png(OUT / "backgammon_board.png", m.width, m.height, fb, m.palette)
    title = create()
    title.run_frame()
    title.run_frame()
    write_png(OUT / "backgammon_title.png", title.width, title.height, title.framebuffer,
              title.palette)


def test_the_keyboard_moves_a_cursor_selects_moves_undoes_and_ends_the_turn():
    m = create(seed=17)
    m.command("players", {"white": "human", "black": "human"})
    game = m.state()["game"]
    turn = game["turn"]
    src, dst = game["legal"][0]
    white_src = src if turn == 0 else 25 - src
    white_dst = dst if turn == 0 else 25 - dst
    order = [*range(13, 25), 25, *range(12, 0, -1), 0]

    def press(name: str) -> None:
        m.run_frame(BUTTON[name])
        m.run_frame(0)

    def go_to(point: int) -> None:
        while m.cursor != point:
            here = order.index(m.cursor) if m.cursor is not None else -1
            press("Right" if here < order.index(point) else "Left")

    go_to(white_src)
    press("A")
    assert m.state()["game"]["selected"] == src
    go_to(white_dst)
    press("A")
    side = "white" if turn == 0 else "black"
    assert m.state()["game"][side][dst] == START[dst] + 1
    press("B")  # undo
    assert m.state()["game"][side][dst] == START[dst]
    while m.state()["game"]["legal"]:
        s, d = m.state()["game"]["legal"][0]
        m.command("move", {"src": s, "dst": d})
    press("Start")  # done
    assert m.state()["game"]["turns"] == 1


def test_saving_loading_and_saving_again_gives_the_same_snapshot_and_peeks_change_nothing():
    m = create(seed=21)
    for _ in range(5):
        m.run_frame()
    first = m.snapshot()
    m.read_space("cpu", 0, 0x10000)
    m.read_space("ppu", 0, 0x4000)
    assert m.snapshot() == first
    other = create()
    other.restore(first)
    assert other.snapshot() == first
    assert other.state() == m.state()


def test_the_debugger_stops_in_get_dice_roll_when_a_live_game_rolls():
    from retroscope.debug import Session

    m = create(seed=6)
    m.command("players", {"white": "computer", "black": "computer"})
    session = Session(m)
    # $8161 (JSR GetRandomVal) is reached only when $030C read 0: a real roll.
    session.add_breakpoint("exec", "$8161")
    status = session.run_frames(120)
    assert status["paused"] and status["pc"] == 0x8161
    assert m.read(0x30C) == 0
    source = session.source()
    assert source is not None and source["file"].endswith(".asm")
    index = m.read(0x600)
    rng = m.rng_state()
    session.step("out")  # back in the frame loop: the roll is made
    assert (m.read(0x46), m.read(0x47)) == rng.dice_roll()
    assert m.read(0x600) == (index + 1) % 55 and m.read(0x30C) == 1


def test_the_tape_command_refuses_counts_out_of_range_with_a_clear_message():
    m = create(seed=3)
    tape = m.command("tape", {"count": 30})
    assert len(tape["used"]) + len(tape["next"]) == 30
    for bad in (-1, 10**9, "many"):
        with pytest.raises(MachineError):
            m.command("tape", {"count": bad})


def test_create_refuses_parameters_of_the_wrong_type_with_a_clear_message():
    for params in ({"seed": True}, {"seed": 3, "moves": 5}, {"seed": 3, "moves": ["8/5"]}):
        with pytest.raises(MachineError):
            create(**params)
    for seed in ("x", 99, [1]):
        assert validate({"seed": seed, "moves": "8/5"})[0][0] == "seed"


def test_a_nametable_edited_by_hand_rewinds_and_replays_as_it_ran():
    """The board is drawn from Python into the PPU's nametable: what it writes
    depends on the machine's state alone, so a hand edit there is history the
    rewind brings back exactly (the next frame end draws over it)."""
    machine = create(seed="9")
    session = Session(machine, rewind=Rewind(stride=4))
    session.command("players", {"white": "computer", "black": "computer"})
    for _ in range(30):
        session.run_frame(0)
    seen = {}
    for frame in range(12):
        if frame == 3:  # paused at a frame start: a row of the board's tiles
            session.write_memory(0x2100, [0x01] * 32, "ppu")
        seen[machine.frame] = (session.state_hash(), bytes(machine.framebuffer))
        session.run_frame(0)
    for frame in sorted(seen, reverse=True):
        session.seek(frame)
        assert (session.state_hash(), bytes(machine.framebuffer)) == seen[frame], frame
