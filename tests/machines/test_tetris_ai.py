"""The Tetris bot: its search against the routines, and its games on the machine."""

from __future__ import annotations

import random

import pytest

from retroscope.debug import Session
from retroscope.machines import create
from retroscope.machines.tetris import model
from retroscope.machines.tetris.ai import Bot, Choice, Planner, frames_to_spawn, level_after
from retroscope.machines.tetris.evaluate import FEATURES, features
from retroscope.machines.tetris.search import (
    A_BUTTON,
    LEFT,
    RIGHT,
    Start,
    board_from_ram,
    lock,
    placements,
)
from retroscope.machines.tetris.sim import play
from retroscope.machines.tetris.weights import WEIGHTS


def _ram_with(rows: list[int], orient: int, x: int, y: int, level: int) -> bytearray:
    m = bytearray(0x800)
    for i in range(0x400, 0x500):
        m[i] = model.EMPTY
    for r, row in enumerate(rows):
        for c in range(10):
            if row >> c & 1:
                m[0x400 + 10 * r + c] = 0x7B
    m[model.ORIENT], m[model.TET_X], m[model.TET_Y] = orient, x, y
    m[model.LEVEL] = level
    m[model.PLAY_STATE] = 1
    return m


def _run_model(m: bytearray, buttons: list[int]) -> tuple[int, int, int]:
    """Play frames through the reference routines (pad polled as $AB9D does)
    until the piece locks; returns (orientation, x, y) where it locked."""
    held = 0
    frame = 0
    while m[model.PLAY_STATE] == 1:
        b = buttons[frame] if frame < len(buttons) else 0
        m[model.PRESSED] = b & ~held
        m[model.HELD] = held = b
        m[model.FALL_TIMER] = (m[model.FALL_TIMER] + 1) & 0xFF
        model.shift(m)
        model.rotate(m)
        model.drop(m)
        frame += 1
        assert frame < 1000
    return m[model.ORIENT], model.s8(m[model.TET_X]), m[model.TET_Y]


def _random_board(rng: random.Random) -> list[int]:
    heights = [rng.randint(0, 9) for _ in range(10)]
    rows = [0] * 20
    for c, h in enumerate(heights):
        for r in range(20 - h, 20):
            if rng.random() < 0.85:
                rows[r] |= 1 << c
    # an overhang or two, for tucks and spins
    for _ in range(2):
        r, c = rng.randint(8, 17), rng.randint(0, 8)
        rows[r] |= 3 << c
    return [r & 0x3FF if r != 0x3FF else 0x3FE for r in rows]


@pytest.mark.parametrize("level", [0, 18, 19, 29])
def test_every_placement_the_search_finds_is_where_the_routines_lock(level: int) -> None:
    rng = random.Random(level)
    checked = 0
    for _ in range(2 if level < 10 else 6):  # level 0 falls slowly: long searches
        rows = _random_board(rng)
        for orient in (0x02, 0x07, 0x08, 0x0A, 0x0B, 0x0E, 0x12):
            start = Start.spawn(orient, level)
            for p in placements(rows, start, 2).values():
                m = _ram_with(rows, orient, 5, 0, level)
                assert _run_model(m, p.buttons()) == (p.orient, p.x, p.y)
                checked += 1
    assert checked > (100 if level < 10 else 500)


def test_the_search_finds_tucks_and_spins() -> None:
    # A slot at columns 6-7 of rows 18-19 under a square at (17, 7): an O
    # dropped there stops on row 17; it gets in by falling at columns 5-6 and
    # sliding right at the bottom (a tuck).
    rows = [0] * 20
    rows[17] = 0b1110000000
    rows[18] = rows[19] = 0b1100011111
    found = placements(rows, Start.spawn(0x0A, 18), 2)
    assert (0x0A, 6, 18) in found  # the plain drop beside it
    tuck = found.get((0x0A, 7, 18))
    assert tuck is not None and tuck.presses[-1][1] == RIGHT
    assert (0x0A, 7, 15) in found  # straight down at columns 6-7 it rests on row 17
    # A T turned at the bottom into a slot it cannot fall into turned (a spin):
    # Tu's nose up through a gap, Td's nose down into a one-square hole.
    rows = [0] * 20
    rows[19] = 0b1111111011  # a hole at column 2 of the bottom row
    rows[18] = 0b1111100000  # columns 0-4 open on row 18 under ...
    rows[17] = 0b0000000011  # ... a roof over columns 0-1
    spin = placements(rows, Start.spawn(0x02, 18), 2).get((0x02, 2, 18))
    assert spin is not None and any(b & (A_BUTTON | 0x40) for _f, b in spin.presses)


def test_thirty_hertz_taps_reach_fewer_columns_at_level_29_than_at_18() -> None:
    rows = [0] * 8 + [0x1FF] * 12  # a 12-high stack, column 9 open
    fast = {(p.x, p.orient) for p in placements(rows, Start.spawn(0x12, 29), 2).values()}
    slow = {(p.x, p.orient) for p in placements(rows, Start.spawn(0x12, 18), 2).values()}
    assert len(fast) < len(slow)
    assert (9, 0x11) in slow  # the tetris: vertical I in column 9
    assert min(x for x, _o in fast) > min(x for x, _o in slow)
    assert all(b & (LEFT | RIGHT | A_BUTTON | 0x40) for p in
               placements(rows, Start.spawn(0x12, 18), 2).values() for _f, b in p.presses)


def test_lock_clears_full_rows() -> None:
    rows = [0] * 16 + [0x1FF] * 4
    after, cleared = lock(rows, 0x11, 9, 18)  # vertical I in column 9
    assert cleared == 4 and after == [0] * 20


def test_level_after_follows_the_games_bcd_rule() -> None:
    # From level 18 the first level-up is at 130 lines (the article's table).
    assert level_after(18, 0x29, 0x01, 1)[0] == 19
    assert level_after(18, 0x19, 0x01, 1)[0] == 18


def test_features_line_up_with_their_names() -> None:
    assert len(features([0] * 20, 0)) == len(FEATURES) == len(WEIGHTS["normal"])


def _play(seed: str, frames: int, bot: Bot, session: Session | None = None):
    m = create("tetris", level=18, seed=seed)
    for _ in range(frames):
        b = bot.buttons(m)
        if session is not None:
            session.run_frame(b)
        else:
            m.run_frame(b)
    return m


def test_on_the_machine_each_piece_locks_where_it_was_planned() -> None:
    m = create("tetris", level=18)
    bot = Bot()
    planned = None
    locks = 0
    for _ in range(2500):
        m.run_frame(bot.buttons(m))
        if m.read(model.PLAY_STATE) == 1 and bot.plan is not None:
            planned = bot.plan.choice.placement
        if m.read(model.PLAY_STATE) == 2 and planned is not None:
            here = (m.read(model.ORIENT), model.s8(m.read(model.TET_X)), m.read(model.TET_Y))
            assert here == (planned.orient, planned.x, planned.y)
            locks += 1
            planned = None
    assert locks >= 30
    assert bot.replans <= 1  # the first piece (its 1.6 s hang) may be planned twice
    assert int(m.state()["lines"]) >= 8


def test_the_bot_never_writes_memory() -> None:
    m = create("tetris", start="legal")
    bot = Bot()
    writes: list[tuple[int, int]] = []

    def caught(addr: int, value: int) -> None:
        writes.append((addr, value))

    for _ in range(1500):
        before = bytes(m.bus.ram)
        m.bus.add_watch("write", caught)
        b = bot.buttons(m)
        m.bus.remove_watch("write", caught)
        assert not writes and bytes(m.bus.ram) == before
        m.run_frame(b)


def test_from_the_legal_screen_it_starts_a_game_at_level_18_and_plays() -> None:
    m = create("tetris", start="legal")
    bot = Bot(start_level=18)
    for _ in range(2400):
        m.run_frame(bot.buttons(m))
    assert m.read(model.GAME_MODE) == 4
    assert m.read(model.LEVEL) >= 18 and bot.decisions > 10


def test_a_game_is_the_same_for_the_same_seed() -> None:
    a = _play("8988", 700, Bot())
    b = _play("8988", 700, Bot())
    c = _play("1234", 700, Bot())
    assert a.ram() == b.ram()
    assert a.ram()[0x400:0x4C8] != c.ram()[0x400:0x4C8]


def test_frames_to_spawn_counts_the_entry_delay_as_the_machine_runs_it() -> None:
    m = create("tetris", level=18)
    bot = Bot()
    waiting: list[int] = []  # predictions made since the last lock, as frames to go
    checked = cleared = 0
    for _ in range(2500):
        ram = m.ram()
        state = ram[model.PLAY_STATE]
        waiting = [w - 1 for w in waiting]  # a frame (one PRNG step) went by
        if state == 8:
            assert waiting and all(left == 0 for left in waiting)
            checked += len(waiting)
            waiting = []
        elif 3 <= state <= 7:
            cleared += state == 4
            left = frames_to_spawn(ram, state)
            assert left is not None
            waiting.append(left)
        m.run_frame(bot.buttons(m))
    assert checked > 300 and cleared > 20  # pieces with and without lines to clear


def test_the_decision_spread_over_the_entry_delay_plays_the_same_game() -> None:
    spread, whole = Bot(), Bot(spread=False)
    a = _play("8988", 2500, spread)
    b = _play("8988", 2500, whole)
    assert a.ram() == b.ram()
    assert spread.decisions == whole.decisions > 40
    assert spread.spread_misses == 0 and spread.spread_hits >= spread.decisions - 2
    assert spread.report()["frame_ms_max"] > 0


def test_rewind_replays_an_ai_game_exactly() -> None:
    m = create("tetris", level=18)
    session = Session(m)
    bot = Bot()
    hashes = {}
    for _ in range(900):
        session.run_frame(bot.buttons(m))
        if m.frame in (300, 600, 900):
            hashes[m.frame] = session.state_hash()
    session.seek(300)
    assert session.state_hash() == hashes[300]
    session.seek(900)  # replays the bot's recorded presses from a checkpoint
    assert session.state_hash() == hashes[900]
    session.seek(600)
    assert session.state_hash() == hashes[600]


def test_the_quick_game_plays_and_scores_by_the_games_rules() -> None:
    r = play(Planner(2, dict(WEIGHTS)), 0x8988, 18, max_pieces=50)
    assert r.pieces == 50 and not r.topped_out
    assert r.lines >= 10 and r.score >= 40 * 19 * r.lines // 4


def test_board_from_ram_reads_squares_below_ef() -> None:
    m = _ram_with([0] * 19 + [0b1010000001], 2, 5, 0, 0)
    assert board_from_ram(m)[19] == 0b1010000001
    assert RIGHT == 1


@pytest.mark.parametrize("level", [0, 18])
def test_on_an_open_board_every_placement_is_reached_by_taps_from_the_start(level: int) -> None:
    # Nothing is in the way: each placement's taps come one every two frames
    # from the first frame (the earliest path), and the soft drop can follow.
    for orient in (0x02, 0x07, 0x08, 0x0A, 0x0B, 0x0E, 0x12):
        for p in placements([0] * 20, Start.spawn(orient, level), 2).values():
            assert [f for f, _b in p.presses] == list(range(0, 2 * len(p.presses), 2)), p


def _spawn_to_lock(level: int, pieces: int) -> tuple[list[tuple[int, int]], Bot]:
    """(frames from the spawn to the lock, rows fallen) of the bot's pieces."""
    m = create("tetris", level=level, seed="8988")
    bot = Bot(start_level=level)
    out: list[tuple[int, int]] = []
    spawned, before = 0, 0
    for frame in range(20 * 60 * 60):
        m.run_frame(bot.buttons(m))
        state = m.read(model.PLAY_STATE)
        if state == 1 and before != 1:
            spawned = frame
        elif state == 2 and before == 1:
            out.append((frame - spawned, m.read(model.TET_Y)))
            if len(out) == pieces:
                break
        before = state
    return out, bot


def test_the_bot_soft_drops_once_its_taps_are_done_at_level_0() -> None:
    # Gravity at level 0 takes 48 frames a row (about 850 frames to the
    # floor); Down, held once the plan's taps are done, takes 2.
    locks, bot = _spawn_to_lock(0, 16)
    assert len(locks) == 16
    assert all(frames <= 2 * rows + 24 for frames, rows in locks[1:]), locks
    assert locks[0][0] < 100  # the first piece: Down also ends its 1.6 s hang
    assert bot.replans == 0


def test_at_level_18_the_soft_drop_beats_gravity_too() -> None:
    locks, _ = _spawn_to_lock(18, 16)
    assert sum(f for f, _ in locks) < 2.5 * sum(rows for _, rows in locks)  # gravity: 3 a row


def test_a_tuck_soft_drops_to_the_row_of_its_slide_then_slides_in() -> None:
    # An O goes under a square at (17, 7) by falling at columns 5-6 and
    # sliding right at the bottom (test_the_search_finds_tucks_and_spins).
    rows = [0] * 17 + [0b1110000000, 0b1100011111, 0b1100011111]
    m = create("tetris", level=0, seed="8988")
    while m.read(model.PLAY_STATE) != 1:
        m.run_frame(0)
    for r, row in enumerate(rows):
        for c in range(10):
            m.write(model.PLAYFIELD + 10 * r + c, 0x7B if row >> c & 1 else model.EMPTY)
    m.write(model.ORIENT, 0x0A)
    bot = Bot(start_level=0, spread=False)
    tuck = (0x0A, 7, 18)

    def choose(rows: list[int], start: Start, *_: object) -> Choice:
        return Choice(placements(rows, start, bot.period)[tuck], 0.0)

    bot.planner.choose = choose  # type: ignore[method-assign]
    frames = 0
    while m.read(model.PLAY_STATE) == 1 and frames < 1000:
        m.run_frame(bot.buttons(m))
        frames += 1
    assert (m.read(model.ORIENT), model.s8(m.read(model.TET_X)), m.read(model.TET_Y)) == tuck
    # (The game's first piece ignores the first planned tap: planned again once.)
    assert bot.resumes == 1 and bot.replans <= 1
    # Gravity alone would take 18 x 48 frames; the soft drop stops on row 18,
    # where the slide is made before gravity's next row (48 frames) is due.
    assert frames < 2 * 18 + 48 + 8
