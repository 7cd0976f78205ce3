"""Scripted-input playthroughs of the Tetris machine, frame by frame."""

from __future__ import annotations

import hashlib
import random
import time
from pathlib import Path

import pytest

from retroscope.machines import MachineError
from retroscope.machines.tetris import INFO, create, model, validate
from retroscope.machines.tetris.screens import HISCORES_AT, LEVEL_AT, LINES_AT, STATS_AT
from retroscope.util.png import write_png

RIGHT, LEFT, DOWN, UP = 0x01, 0x02, 0x04, 0x08
START, SELECT, B, A = 0x10, 0x20, 0x40, 0x80
REPO = Path(__file__).resolve().parents[2]


def run(m, buttons: int = 0, frames: int = 1) -> None:
    for _ in range(frames):
        m.run_frame(buttons)


def playing(**params):
    """A game that has drawn its screen and spawned its first piece."""
    m = create(**params)
    run(m, 0, 3)
    assert m.read(model.PLAY_STATE) == 1 and m.read(0xC0) == 4
    return m


def call(m, label: str) -> None:
    """Run one routine of the program, then put the CPU back where the frame was."""
    saved = m.cpu.snapshot()
    m.call(label)
    m.cpu.restore(saved)


def vram(m, at: tuple[int, int], n: int) -> list[int]:
    base = 0x2000 + 32 * at[1] + at[0]
    return [m.ppu.vram_read(base + i) for i in range(n)]


def test_the_prng_advances_exactly_once_per_frame_on_the_legal_screen():
    m = create(start="legal")
    run(m, 0, 5)
    value = (m.read(0x17) << 8) | m.read(0x18)
    for _ in range(30):
        run(m)
        value = model.next_random(value)
        assert (m.read(0x17) << 8) | m.read(0x18) == value


def test_the_frame_counter_counts_one_nmi_per_frame_and_frames_alternate_29780_29781():
    m = playing()
    count = m.read(0xB1)
    lengths = []
    def frame_start() -> int:
        return m.cpu.cycles - m.frame_cycle
    for _ in range(6):
        start = frame_start()
        run(m)
        lengths.append(frame_start() - start)
    assert (m.read(0xB1) - count) & 0xFF == 6
    assert set(lengths) <= {29780, 29781}
    assert sum(lengths) == (6 * 341 * 262 - 3) // 3  # odd frames one dot short


def test_das_moves_at_once_then_after_16_frames_then_every_6():
    m = playing()
    xs = []
    for _ in range(40):
        run(m, RIGHT)
        xs.append(m.read(model.TET_X))
    moves = [i for i in range(1, len(xs)) if xs[i] != xs[i - 1]]
    first = next(i for i, x in enumerate(xs) if x != 5)
    assert moves[:3] == [first, first + 16, first + 22]


def test_a_blocked_shift_recharges_das_to_16_so_the_piece_tries_every_frame():
    m = playing()
    run(m, LEFT, 40)  # at the wall by now
    assert m.read(model.AUTOREPEAT_X) == 16
    assert model.collides(bytearray(m.bus.ram[:0x800])) is False


def test_no_shift_while_down_is_held():
    m = playing()
    run(m, DOWN | RIGHT, 30)
    assert m.read(model.TET_X) == 5


def test_the_first_piece_hangs_96_frames_unless_down_is_pressed():
    m = playing(level=19)
    y0 = m.read(model.TET_Y)
    hang = 0
    while m.read(model.TET_Y) == y0:
        run(m)
        hang += 1
    assert 95 <= hang <= 99  # 96 frames of autorepeatY from -96, then gravity (2)
    m = playing(level=19)
    run(m, DOWN, 8)
    assert m.read(model.TET_Y) > y0


def test_soft_drop_waits_3_frames_then_drops_every_second_frame_and_scores():
    m = playing()
    ys = []
    for _ in range(60):
        run(m, DOWN)
        ys.append(m.read(model.TET_Y))
        if m.read(model.PLAY_STATE) != 1:
            break
    drops = [i for i in range(1, len(ys)) if ys[i] > ys[i - 1]]
    gaps = {b - a for a, b in zip(drops, drops[1:], strict=False)}
    assert gaps == {2}, ys  # the listing's reset to 1 makes it every other frame
    run(m, DOWN, 40)
    rows = max(ys)
    want, _ = model.bcd_add_byte(0, rows)  # holdDownPoints - 1 = rows pushed down
    assert m.read(model.SCORE) == want


def setup_clear(m, level: int, k: int) -> None:
    """k full rows at the bottom but for column 0, an I piece just above the gap."""
    ram = m.bus.ram
    for row in range(20):
        fill = [0x7C] * 10 if row >= 20 - k else [model.EMPTY] * 10
        if row >= 20 - k:
            fill[0] = model.EMPTY
        ram[0x400 + 10 * row : 0x40A + 10 * row] = bytes(fill)
    ram[model.LEVEL] = ram[model.LEVEL_MIRROR] = level
    ram[model.ORIENT] = 0x11
    ram[model.TET_X], ram[model.TET_Y] = 0, 17  # one row above its rest
    ram[model.AUTOREPEAT_Y] = 0
    ram[model.FALL_TIMER] = 100
    ram[model.VRAM_ROW] = 0


@pytest.mark.parametrize("level", [0, 9, 18, 29])
@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_line_clear_scores_are_points_times_level_plus_one(level, k):
    m = playing(level=min(level, 19))
    setup_clear(m, level, k)
    for _ in range(200):
        run(m)
        if m.read(model.PLAY_STATE) == 1 and m.read(model.LINES) == k:
            break
    assert m.read(model.LINES) == k
    score = int(f"{m.read(0x55):02X}{m.read(0x54):02X}{m.read(0x53):02X}")
    assert score == [40, 100, 300, 1200][k - 1] * (level + 1)
    assert all(m.read(0x400 + i) == model.EMPTY for i in range(10 * (20 - k), 200)) or k < 4


LEVEL_UP_LINES = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100,
                  100, 100, 100, 100, 100, 100, 110, 120, 130, 140]


@pytest.mark.parametrize("start", range(20))
def test_the_first_level_up_follows_the_articles_table(start):
    m = create()
    m.bus.ram[model.LINES] = m.bus.ram[model.LINES + 1] = 0
    m.bus.ram[model.LEVEL] = start
    while m.read(model.LEVEL) == start:
        m.call("addOneLine")
    lines = int(f"{m.read(model.LINES + 1):X}{m.read(model.LINES):02X}")
    assert lines == LEVEL_UP_LINES[start]
    assert model.lines_for_level_up(start) == LEVEL_UP_LINES[start]


def test_levels_stick_for_800_lines_from_2190():
    m = bytearray(0x800)
    m[model.LEVEL] = 0
    history = {}
    for lines in range(1, 5900):
        model.add_line(m)
        history[lines] = m[model.LEVEL]
    assert history[2189] != 0xDB
    assert history[2190] == history[2990] == 0xDB  # stuck 800 lines (article)
    assert history[3000] != 0xDB
    assert history[5090] == history[5890] == 0xAD


def test_statistics_count_each_spawned_type_and_show_on_the_screen():
    m = playing()
    counts = [0] * 7
    counts[model.TYPE_OF[m.read(model.ORIENT)]] += 1
    for _ in range(150):
        call(m, "spawnTetrimino")
        counts[model.TYPE_OF[m.read(model.ORIENT)]] += 1
    stats = [int(f"{m.read(0x3F1 + 2 * i):X}{m.read(0x3F0 + 2 * i):02X}") for i in range(7)]
    assert stats == counts
    m.bus.ram[0xC9] = 0xFF  # ask the NMI to redraw the HUD
    run(m)
    t = vram(m, STATS_AT, 3)
    assert t == [m.read(0x3F1), m.read(0x3F0) >> 4, m.read(0x3F0) & 15]


def test_statistics_past_999_show_the_top_byte_as_one_tile():
    m = playing()
    m.bus.ram[0x3F0], m.bus.ram[0x3F1] = 0x99, 0x09
    m.bus.ram[0xBF] = 0x02  # next: T
    call(m, "spawnTetrimino")
    assert (m.read(0x3F1), m.read(0x3F0)) == (0x0A, 0x00)
    m.bus.ram[0xC9] = 0xFF
    run(m)
    assert vram(m, STATS_AT, 3) == [0x0A, 0, 0]  # "A00"


@pytest.mark.parametrize(("level", "shown"), [(5, [0, 5]), (29, [2, 9]), (30, [0, 0]),
                                              (31, [0, 0x0A])])
def test_the_level_display_reads_past_its_table_from_level_30(level, shown):
    m = playing()
    m.bus.ram[model.LEVEL] = level
    m.bus.ram[0xC9] = 0xFF
    run(m)
    assert vram(m, LEVEL_AT, 2) == shown


def fill_to_the_top(m) -> None:
    for row in range(20):
        cells = [0x7D] * 10
        cells[row % 10] = model.EMPTY
        m.bus.ram[0x400 + 10 * row : 0x40A + 10 * row] = bytes(cells)


def test_a_piece_spawning_onto_the_pile_ends_the_game_with_the_curtain():
    m = playing()
    m.bus.ram[model.SCORE : model.SCORE + 3] = bytes([0x45, 0x23, 0x01])
    fill_to_the_top(m)
    m.bus.ram[model.AUTOREPEAT_Y] = 0
    m.bus.ram[model.FALL_TIMER] = 100
    for _ in range(200):
        run(m)
        if m.read(model.PLAY_STATE) == 0x0A and m.read(model.CURTAIN_ROW) == 20:
            break
    assert m.read(model.PLAY_STATE) == 0x0A
    assert all(m.read(0x400 + i) == 0x4F for i in range(200))
    run(m, START)
    run(m, 0, 3)
    assert m.read(0xBD) == 2  # it made the table: the name entry
    run(m, START)
    run(m, 0, 3)
    assert m.read(0xC0) == 2  # back to the game-type menu
    assert m.save_data()["high_scores"].startswith("012345")
    run(m, START)
    run(m, 0, 3)
    assert m.read(0xC0) == 3  # the level screen lists it (a blank name)
    assert vram(m, HISCORES_AT, 15) == [1] + [0xFF] * 8 + [0, 1, 2, 3, 4, 5]


def test_a_score_of_30000_or_more_shows_an_ending_chosen_by_score():
    m = playing()
    m.bus.ram[model.SCORE : model.SCORE + 3] = bytes([0x00, 0x00, 0x07])  # 70,000
    fill_to_the_top(m)
    m.bus.ram[model.AUTOREPEAT_Y] = 0
    m.bus.ram[model.FALL_TIMER] = 100
    for _ in range(1000):  # the curtain, 128 frames, then at most 10 s of ending
        run(m)
        if m.read(0xBD) == 2:
            break
    assert m.read(0xC4) == 2  # 70,000-99,999: the third ending
    assert m.read(0xBD) == 2  # then the name entry


def test_pause_freezes_the_piece_and_start_resumes():
    m = playing(level=19)
    run(m, DOWN, 6)
    run(m, 0, 2)
    run(m, START)
    run(m, 0, 2)
    assert m.read(0xCA) == 1
    frozen = m.ram()[0x40:0x50]
    run(m, 0, 30)
    assert m.ram()[0x40:0x50] == frozen
    run(m, START)
    run(m, 0, 10)
    assert m.read(0xCA) == 0 and m.ram()[0x40:0x50] != frozen


def test_the_menus_lead_from_the_legal_screen_to_a_b_type_game_at_level_13():
    m = create(start="legal")
    run(m, 0, 260)  # the first 255 frames cannot be skipped
    run(m, START)
    run(m, 0, 3)
    assert m.read(0xC0) == 1  # title
    run(m, START)
    run(m, 0, 3)
    assert m.read(0xC0) == 2  # game type
    run(m, RIGHT)
    run(m, 0, 2)
    assert m.read(0xC1) == 1  # B-type
    run(m, START)
    run(m, 0, 3)
    assert m.read(0xC0) == 3  # level and height
    for _ in range(3):
        run(m, RIGHT)
        run(m, 0)
    run(m, SELECT)
    run(m, 0)
    run(m, A)
    run(m, A | START)
    run(m, 0, 4)
    assert m.read(0xC0) == 4 and m.read(model.LEVEL) == 13 and m.read(0xC5) == 1
    garbage = [m.read(0x400 + i) for i in range(170, 200)]
    assert any(t != model.EMPTY for t in garbage)  # height 1: three rows of garbage
    assert all(m.read(0x400 + i) == model.EMPTY for i in range(150))


def test_b_type_lines_count_down_from_25_in_bcd():
    m = playing(type="B")
    assert m.read(model.LINES) == 0x25 and m.read(model.LINES + 1) == 0
    run(m, 0, 2)
    assert vram(m, LINES_AT, 3) == [0, 2, 5]
    m.bus.ram[model.LINES] = 0x20
    setup_clear(m, 0, 1)
    for _ in range(200):
        run(m)
        if m.read(model.LINES) != 0x20 and m.read(model.PLAY_STATE) == 1:
            break
    assert m.read(model.LINES) == 0x19  # $20 - 1 borrows into the tens
    assert m.read(model.LEVEL) == 0  # no level-up on the way down
    run(m, 0, 2)
    assert vram(m, LINES_AT, 3) == [0, 1, 9]


def test_b_type_ends_when_the_countdown_reaches_0():
    m = playing(type="B")
    m.bus.ram[model.LINES] = 0x01
    setup_clear(m, 0, 2)  # a double with one to go stops at 0
    for _ in range(800):
        run(m)
        if m.read(0xBD) == 4:
            break
    assert m.read(model.LINES) == 0x00 and m.read(0xBD) == 4  # the ending


def state_hash(m) -> str:
    h = hashlib.sha256(m.ram())
    h.update(m.ppu.nametables + m.ppu.palette + m.ppu.oam + bytes(m.framebuffer))
    h.update(repr(m.cpu.snapshot()).encode())
    return h.hexdigest()


def test_restore_then_the_same_inputs_give_the_same_state():
    rng = random.Random(7)
    inputs = [rng.choice((0, 0, RIGHT, LEFT, DOWN, A, B)) for _ in range(240)]
    m = playing(level=9)
    for b in inputs[:100]:
        run(m, b)
    snap = m.snapshot()
    for b in inputs[100:]:
        run(m, b)
    first = state_hash(m)
    m.restore(snap)
    for b in inputs[100:]:
        run(m, b)
    assert state_hash(m) == first
    other = create(level=9)
    other.restore(snap)
    for b in inputs[100:]:
        run(other, b)
    assert state_hash(other) == first


def test_saved_high_scores_come_back_and_bad_ones_are_refused():
    m = create(start="menu")
    data = bytes.fromhex("123456" "045000" "001200") + bytes([12, 5, 9]) + bytes(20)
    m.load_save_data({"high_scores": data.hex()})
    assert m.save_data()["high_scores"] == data.hex()
    with pytest.raises(MachineError):
        m.load_save_data({"high_scores": "zz"})
    with pytest.raises(MachineError):
        m.load_save_data({"high_scores": ("AB" * 32)})


def test_bad_parameters_get_clear_messages():
    assert validate({"seed": 0x8988}) == []
    assert validate({"seed": "8988"}) == validate({"seed": "$8988"}) == []
    assert "hex" in validate({"seed": "zz"})[0]
    assert "cycle" in validate({"seed": 0})[0]
    with pytest.raises(MachineError, match="cycle"):
        create(seed=0)
    with pytest.raises(MachineError, match="level"):
        create(level=20)
    assert validate({"type": "C"})
    with pytest.raises(MachineError, match="start"):
        create(start=["game"])  # not text: a clear message, not a TypeError


def test_a_share_link_starts_that_game_and_a_bad_one_says_why():
    from retroscope import share
    raw = {"seed": "8988", "level": "18"}  # as the page's router hands them on
    decoded = share.validate(INFO.params, raw, validate)
    assert decoded.messages == []
    m = create(**decoded.values)
    run(m, 0, 3)
    assert (m.read(model.LEVEL), m.read(0x17) | 0) == (18, m.read(0x17))
    raw = {"seed": "0", "level": "25"}
    decoded = share.validate(INFO.params, raw, validate)
    assert any("cycle" in msg for msg in decoded.messages)
    assert any("level" in msg for msg in decoded.messages)
    assert decoded.values["seed"] == "8988" and decoded.values["level"] == 0
    create(**decoded.values)


def test_another_seed_gives_another_game():
    a = playing(seed=0x8988)
    b = playing(seed=model.next_random(0x8988))
    assert a.read(0x17) != b.read(0x17)


def test_a_frame_of_play_costs_a_few_milliseconds_and_its_picture_is_saved():
    m = playing(level=5)
    rng = random.Random(3)
    start = time.perf_counter()
    for i in range(300):
        run(m, rng.choice((0, 0, 0, RIGHT, LEFT, DOWN, A)) if i % 3 == 0 else 0)
    per_frame = (time.perf_counter() - start) / 300 * 1000
    print(f"tetris run_frame: {per_frame:.2f} ms/frame (CPython)")
    assert per_frame < 25
    out = REPO / "test-output"
    out.mkdir(exist_ok=True)
    write_png(out / "tetris_game.png", m.width, m.height, m.framebuffer, m.palette)
    assert len(set(m.framebuffer)) > 3


@pytest.mark.long
def test_the_demo_replays_its_recording_made_with_this_engine():
    from retroscope.machines.tetris.demo import BUTTONS, RECORDED
    frames, result, field = RECORDED
    assert len(BUTTONS) == 250
    m = create(start="demo")
    run(m, 0, frames)
    ram = m.ram()
    assert m.read(0xC0) == 5
    assert ram[0x50:0x56].hex() == result
    assert hashlib.sha256(ram[0x400:0x4C8]).hexdigest()[:16] == field
    assert ram[model.LINES] > 0  # the recording clears lines
    extra = 0
    while m.read(0xC0) == 5 and extra < 40:  # then the table ends: the title
        run(m)
        extra += 1
    assert 79 <= (frames + extra) / 60.0988 <= 81  # the article: about 80 s


def test_the_demo_tables_256_pairs_last_about_80_seconds():
    from retroscope.machines.tetris.demo import demo_asm
    data = bytes(int(b, 16) for line in demo_asm().splitlines() if ".byte" in line
                 for b in line.split(".byte")[1].replace("$", "").split(","))[:512]
    frames = sum(data[i + 1] + 1 for i in range(0, 512, 2))  # a pair lasts n + 1 frames
    assert 79 <= frames / 60.0988 <= 81


def test_the_demo_takes_its_pieces_from_the_df00_table_and_its_moves_from_dd00():
    from retroscope.machines.tetris.demo import piece_table
    from retroscope.machines.tetris.tables import SPAWN_OF, SPAWN_TABLE
    table = piece_table()
    # bits 6-4 index the spawn table; 7 reads the next table's first byte ($02)
    expected = [(list(SPAWN_TABLE) + [SPAWN_OF[0]])[(b >> 4) & 7] for b in table]
    m = create(start="demo")
    seen, xs = [], set()
    for _ in range(900):
        run(m)
        if m.read(model.PLAY_STATE) == 1 and m.read(model.TET_Y) == 0 and (
                not seen or m.read(0xD3) != seen[-1][0]):
            seen.append((m.read(0xD3), m.read(model.ORIENT)))
        xs.add(m.read(model.TET_X))
    spawned = [orient for _, orient in seen]
    assert spawned == expected[:len(spawned)] and len(spawned) >= 5
    assert len(xs) > 3  # the recorded buttons move the pieces


# Seed 002, "Demo": the sequence the $DF00 table gives; its space is a type 7,
# which reads past the spawn table into Td (a T).
ARTICLE_DEMO_PIECES = "TJTSZJTSZJSZLZJTTSITO JSZLZLIOLZLIOJTSITOJ"


def test_the_demo_piece_table_holds_the_articles_sequence_in_bits_6_to_4():
    from retroscope.machines.tetris.demo import piece_table
    types = "".join("TJZOSLI "[(b >> 4) & 7] for b in piece_table()[:len(ARTICLE_DEMO_PIECES)])
    assert types == ARTICLE_DEMO_PIECES


def test_the_demos_first_pieces_are_the_articles_and_next_shows_the_one_after():
    from retroscope.machines.tetris.tables import SPAWN_TABLE, TYPE_NAMES
    m = create(start="demo")
    spawned: list[str] = []
    nexts: list[str] = []
    for _ in range(1500):
        run(m)
        if m.read(model.PLAY_STATE) == 1 and m.read(model.TET_Y) == 0 and (
                len(spawned) < m.read(0xD3) - 1):
            spawned.append(TYPE_NAMES[SPAWN_TABLE.index(m.read(model.ORIENT))])
            nexts.append(TYPE_NAMES[SPAWN_TABLE.index(m.read(0xBF))])
    expected = ARTICLE_DEMO_PIECES.replace(" ", "T")
    assert len(spawned) >= 8
    assert "".join(spawned) == expected[:len(spawned)]
    assert "".join(nexts) == expected[1:len(nexts) + 1]


def test_the_panels_choice_names_the_next_box_and_the_piece_after_it():
    from retroscope.machines.tetris.tables import SPAWN_TABLE, TYPE_NAMES
    m = create(start="demo")
    while not (m.read(model.PLAY_STATE) == 1 and m.read(0xD3) == 2):
        run(m)
    sel = m.state()["selection"]
    # the NEXT box holds the article's second piece; the demo's table the third
    assert sel["next_box"] == TYPE_NAMES[SPAWN_TABLE.index(m.read(0xBF))] == "J"
    assert (sel["source"], sel["table_at"], sel["result"]) == ("demo", 0xDF02, "T")
    m = playing()
    sel = m.state()["selection"]
    assert sel["source"] == "random"
    assert sel["next_box"] == TYPE_NAMES[SPAWN_TABLE.index(m.read(0xBF))]


def test_the_title_screen_falls_into_the_demo_and_start_leaves_it():
    m = create(start="title")
    run(m, 0, 800)
    assert m.read(0xC0) == 5
    run(m, START)
    run(m, 0, 3)
    assert m.read(0xC0) == 1


@pytest.mark.parametrize(("k", "flashes"), [(4, True), (3, False)])
def test_only_a_tetris_flashes_the_backdrop_white_every_4th_frame(k, flashes):
    m = playing()
    setup_clear(m, 0, k)
    seen = []
    for _ in range(120):
        run(m)
        seen.append(m.ppu.palette[0x0E])
        if m.read(model.LINES) == k and m.read(model.PLAY_STATE) == 1:
            break
    assert (0x30 in seen) is flashes
    if flashes:
        white = [i for i, c in enumerate(seen) if c == 0x30]
        assert all(b - a == 4 for a, b in zip(white, white[1:], strict=False))


@pytest.mark.parametrize(("ending", "height"), [(7, 4), (2, 0), (3, 5)])
def test_b_type_endings_fly_height_plus_one_objects_from_the_articles_tables(ending, height):
    from retroscope.machines.tetris.tables import ENDING_SPEED, ENDING_SPRITE, ENDING_Y
    m = playing(type="B", height=height)
    m.bus.ram[model.LINES], m.bus.ram[0xC2], m.bus.ram[model.PLAY_STATE] = 0x00, ending, 6
    run(m, 0, 20)
    assert m.read(0xBD) == 4 and m.read(0xC4) == ending
    oam = bytes(m.ppu.oam)
    shown = [oam[i : i + 4] for i in range(0, 256, 4) if oam[i] < 0xEF]
    assert len(shown) == 2 * (height + 1)
    assert {s[1] for s in shown} == {ENDING_SPRITE[ending], ENDING_SPRITE[ending] + 1}
    assert sorted({s[0] for s in shown}) == sorted(set(ENDING_Y[ending][: height + 1]))
    x0 = oam[3]
    run(m)
    assert (m.ppu.oam[3] - x0) & 0xFF == ENDING_SPEED[ending]


def test_a_level_up_in_play_repaints_the_squares_with_the_next_levels_colours():
    from retroscope.machines.tetris.tables import COLOURS
    m = playing()
    assert list(m.ppu.palette[10:12]) == list(COLOURS[0][2:])
    m.bus.ram[model.LINES] = 0x09
    setup_clear(m, 0, 1)
    for _ in range(200):
        run(m)
        if m.read(model.LEVEL) == 1 and m.read(model.PLAY_STATE) == 1:
            break
    run(m, 0, 2)
    assert m.read(model.LEVEL) == 1
    assert list(m.ppu.palette[10:12]) == list(COLOURS[1][2:])
    assert list(m.ppu.palette[0x1A:0x1C]) == list(COLOURS[1][2:])
