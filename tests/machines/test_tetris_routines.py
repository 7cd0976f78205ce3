"""Every documented routine of the Tetris program against the reference model.

Each test puts the machine's RAM in many random states, runs the 6502 routine
at its documented address through `Machine.call`, and compares RAM with what
`model.py` computes from the same state.
"""

from __future__ import annotations

import random

import pytest

from retroscope.machines.tetris import create, model
from retroscope.machines.tetris.tables import COLOURS, ORIENTATIONS, SPAWN_TABLE, TYPE_OF

TRIALS = 300

# Bytes the routines may use as scratch (not part of the documented contract),
# the stack the call uses, sound requests and the sound driver's state (the
# game-over lock calls it at $E003; the spawn may ask for the allegro), and our
# HUD flags.
SCRATCH = {*range(0xA9, 0xAE), 0xC9, *range(0x680, 0x6F6), 0xEE, 0xEF,
           *range(0x100, 0x200)}


@pytest.fixture(scope="module")
def machine():
    return create()


def random_playfield(rng: random.Random, density: float) -> bytes:
    tiles = (0x7B, 0x7C, 0x7D)
    return bytes(rng.choice(tiles) if rng.random() < density else model.EMPTY
                 for _ in range(256))


def fresh_state(machine, rng: random.Random) -> bytearray:
    """The machine's RAM with a random playfield and random mechanics bytes."""
    m = bytearray(machine.bus.ram[:0x800])
    m[0x400:0x500] = random_playfield(rng, rng.choice((0.0, 0.2, 0.5)))
    for addr in (0x17, 0x18, 0x19, 0x1A, 0x45, 0x46, 0x4E, 0x4F, 0xB5, 0xB6):
        m[addr] = rng.randrange(256)
    m[model.ORIENT] = rng.randrange(19)
    m[model.TET_X] = rng.randrange(-2, 12) & 0xFF
    m[model.TET_Y] = rng.randrange(0, 22)
    m[model.LEVEL] = rng.randrange(40)
    m[model.VRAM_ROW] = rng.choice((32, rng.randrange(21)))
    m[0xB8], m[0xB9] = 0x00, 0x04  # the playfield pointer the program keeps
    return m


def run_routine(machine, m: bytearray, label: str, **regs: int) -> bytearray:
    machine.bus.ram[:0x800] = m
    machine.call(label, **regs)
    return bytearray(machine.bus.ram[:0x800])


def assert_same(got: bytearray, want: bytearray, ignore: set[int] = SCRATCH) -> None:
    diffs = [(f"${a:04X}", got[a], want[a]) for a in range(0x800)
             if got[a] != want[a] and a not in ignore]
    assert not diffs, f"(address, 6502, model): {diffs[:8]}"


def check(machine, seed: int, label: str, fn, prepare=None, ignore=SCRATCH, **regs):
    rng = random.Random(seed)
    for _ in range(TRIALS):
        m = fresh_state(machine, rng)
        if prepare:
            prepare(m, rng)
        want = bytearray(m)
        fn(want)
        got = run_routine(machine, m, label, **regs)
        assert_same(got, want, ignore)


def test_the_routines_sit_at_the_documented_addresses(machine):
    documented = {
        "generateNextPseudorandomNumber": 0xAB47, "pickRandomTetrimino": 0x9907,
        "isPositionValid": 0x948B, "rotateTetrimino": 0x88AB, "shiftTetrimino": 0x89AE,
        "dropTetrimino": 0x8914, "addOneLine": 0x9BA8, "setLevelColours": 0x9808,
        "addLineClearPoints": 0x9C31, "lockTetrimino": 0x99A2, "checkCompletedRows": 0x9A6B,
        "orientationTable": 0x8A9C, "rotationTable": 0x88EE, "framesPerDropTable": 0x898E,
        "spawnTable": 0x994E, "spawnOrientationTable": 0x9956, "typeTable": 0x993B,
        "rowOffsetTable": 0x96D6, "levelDisplayTable": 0x96B8, "colorTable": 0x984C,
        "nmi": 0x8005, "mainLoop": 0x8138, "branchOnPlayState": 0x81B2,
        "copyPlayfieldRowToVRAM": 0x9725, "updateCurtain": 0x9A11, "pointsTable": 0x9CA5,
        "waitForVBlank": 0xAA2F, "jumpTable": 0xAC82, "chooseNextTetrimino": 0x98EB,
    }
    assert {k: machine.symbols[k] for k in documented} == documented


def test_the_prng_matches_the_lfsr_for_any_register_and_width(machine):
    rng = random.Random(1)
    for _ in range(TRIALS):
        m = fresh_state(machine, rng)
        x = rng.choice((0x17, rng.randrange(0x02, 0x30)))
        y = rng.randrange(1, 4)
        want = bytearray(m)
        model.prng(want, x, y)
        got = run_routine(machine, m, "generateNextPseudorandomNumber", x=x, y=y)
        assert_same(got, want)


def test_the_two_byte_prng_is_the_articles_java_function(machine):
    m = bytearray(0x800)
    value = 0x8988
    for _ in range(1000):
        m[0x17], m[0x18] = value >> 8, value & 0xFF
        model.prng(m)
        value = model.next_random(value)
        assert (m[0x17] << 8) | m[0x18] == value


def test_the_lfsr_cycle_from_8988_has_32767_values():
    assert len(model.lfsr_cycle(0x8988)) == 32767


def test_a_link_seed_is_accepted_exactly_when_it_is_in_the_cycle():
    from retroscope.machines import tetris

    cycle = model.lfsr_cycle(0x8988)
    assert [s for s in range(0x10000) if tetris.in_lfsr_cycle(s)] == sorted(cycle)


def test_piece_selection_matches_the_model(machine):
    def prepare(m, rng):
        m[model.SPAWN_ID] = rng.choice((*SPAWN_TABLE, 0, rng.randrange(256)))
    check(machine, 2, "pickRandomTetrimino", model.pick_piece, prepare)


def test_the_collision_test_matches_the_model_and_leaves_its_answer_in_a8(machine):
    rng = random.Random(3)
    outcomes = set()
    for _ in range(TRIALS * 2):
        m = fresh_state(machine, rng)
        want = bytearray(m)
        collided = model.collides(want)
        outcomes.add(collided)
        got = run_routine(machine, m, "isPositionValid")
        assert_same(got, want, SCRATCH - {0xA8} | {0xA9, 0xAA, 0xAB, 0xAD})
        assert machine.cpu.a == (0xFF if collided else 0)
    assert outcomes == {True, False}


def test_rows_minus_two_and_minus_one_are_legal_but_not_minus_three(machine):
    m = bytearray(machine.bus.ram[:0x800])
    m[0x400:0x500] = bytes([model.EMPTY]) * 256
    m[model.ORIENT], m[model.TET_X] = 0x11, 5  # I vertical: squares at y-2 .. y+1
    for y, valid in ((0, True), (1, True), (18, True), (19, False)):
        m[model.TET_Y] = y
        run_routine(machine, m, "isPositionValid")
        assert (machine.cpu.a == 0) is valid, y
    m[model.ORIENT], m[model.TET_Y] = 0x11, 0xFF  # the top square at row -3
    run_routine(machine, m, "isPositionValid")
    assert machine.cpu.a == 0xFF


def test_rotation_matches_the_model(machine):
    def prepare(m, rng):
        m[model.PRESSED] = rng.choice((0x80, 0x40, 0xC0, 0, rng.randrange(256)))
        m[model.TET_X] = rng.randrange(10)
    check(machine, 4, "rotateTetrimino", model.rotate, prepare)


def test_shift_matches_the_model(machine):
    def prepare(m, rng):
        m[model.HELD] = rng.choice((1, 2, 3, 4, 5, 0, rng.randrange(256)))
        m[model.PRESSED] = rng.choice((0, m[model.HELD], rng.randrange(256)))
        m[model.AUTOREPEAT_X] = rng.choice((rng.randrange(20), rng.randrange(256)))
        m[model.TET_X] = rng.randrange(10)
    check(machine, 5, "shiftTetrimino", model.shift, prepare)


def test_drop_matches_the_model(machine):
    def prepare(m, rng):
        m[model.AUTOREPEAT_Y] = rng.choice((0, 1, 2, 3, 0xA0, 0xFF, rng.randrange(256)))
        m[model.HELD] = rng.choice((4, 0, 5, 6, rng.randrange(256)))
        m[model.PRESSED] = rng.choice((4, 0, m[model.HELD], rng.randrange(256)))
        m[model.FALL_TIMER] = rng.choice((rng.randrange(60), rng.randrange(256)))
        m[model.LEVEL] = rng.choice((rng.randrange(30), rng.randrange(256)))
        m[model.TET_X] = rng.randrange(10)
        m[model.TET_Y] = rng.randrange(20)
    check(machine, 6, "dropTetrimino", model.drop, prepare)


def test_the_lock_matches_the_model(machine):
    def prepare(m, rng):
        m[model.TET_X] = rng.randrange(10)
        m[model.TET_Y] = rng.randrange(20)
        m[model.PLAY_STATE] = 2
    check(machine, 7, "lockTetrimino", model.lock, prepare)


def test_the_row_check_matches_the_model(machine):
    def prepare(m, rng):
        for row in rng.sample(range(20), rng.randrange(5)):
            m[0x400 + 10 * row : 0x40A + 10 * row] = bytes([0x7C]) * 10
        m[model.LINE_INDEX] = rng.randrange(4)
        m[model.COMPLETED_LINES] = rng.randrange(4)
        m[model.PLAY_STATE] = 3
    check(machine, 8, "checkCompletedRows", model.check_rows, prepare)


def test_adding_a_line_matches_the_model(machine):
    def prepare(m, rng):
        m[model.LINES] = int(f"{rng.randrange(100):02d}", 16)
        m[model.LINES + 1] = rng.choice((0, 1, 9, rng.randrange(256)))
        m[model.LEVEL] = rng.randrange(256)
    check(machine, 9, "addOneLine", model.add_line, prepare)


def random_bcd(rng: random.Random) -> int:
    return int(f"{rng.randrange(100):02d}", 16)


def test_the_score_loop_matches_the_model(machine):
    def prepare(m, rng):
        for i in range(3):
            m[model.SCORE + i] = random_bcd(rng)
        m[model.COMPLETED_LINES] = rng.randrange(5)
        m[model.LEVEL] = rng.choice((rng.randrange(30), rng.randrange(256)))
    check(machine, 10, "addLineClearPoints", model.add_score, prepare)


def test_soft_drop_points_then_the_score_match_the_model(machine):
    def prepare(m, rng):
        for i in range(3):
            m[model.SCORE + i] = random_bcd(rng)
        m[model.COMPLETED_LINES] = rng.randrange(5)
        m[model.HOLD_DOWN_POINTS] = rng.choice((0, 1, 2, rng.randrange(20), rng.randrange(256)))

    def both(m):
        model.soft_drop_points(m)
        model.add_score(m)
    check(machine, 11, "addHoldDownPoints", both, prepare)


def test_the_spawn_counts_statistics_with_a_bcd_low_byte(machine):
    def prepare(m, rng):
        m[0xBF] = rng.choice(SPAWN_TABLE)
        for i in range(14):
            m[0x3F0 + i] = random_bcd(rng) if i % 2 == 0 else rng.randrange(256)
    rng = random.Random(12)
    for _ in range(TRIALS):
        m = fresh_state(machine, rng)
        prepare(m, rng)
        want = bytearray(m)
        model.count_piece(want, want[0xBF])
        got = run_routine(machine, m, "spawnTetrimino")
        stats = slice(0x3F0, 0x3FE)
        assert got[stats] == want[stats]
        assert got[model.ORIENT] == m[0xBF]
        assert (got[model.TET_X], got[model.TET_Y], got[model.PLAY_STATE]) == (5, 0, 1)


@pytest.mark.parametrize("level", range(256))
def test_level_colours_come_from_the_table_or_past_it_from_level_138(machine, level):
    machine.bus.ram[model.LEVEL_MIRROR] = level
    machine.call("setLevelColours")
    rom = bytes(machine.bus.ram[0x8000:0x10000])
    want = [c & 0x3F for c in model.level_colours(level, rom)]
    assert list(machine.ppu.palette[8:12]) == want[:1] + want[1:]
    assert list(machine.ppu.palette[0x19:0x1C]) == want[1:]
    if level < 138:
        assert tuple(want) == tuple(c & 0x3F for c in COLOURS[level % 10])


def test_every_orientation_has_four_squares_of_its_types_tile():
    tiles = {0: 0x7B, 1: 0x7D, 2: 0x7C, 3: 0x7B, 4: 0x7D, 5: 0x7C, 6: 0x7B}
    for orient in range(19):
        assert {t for _y, t, _x in ORIENTATIONS[orient]} == {tiles[TYPE_OF[orient]]}


def test_the_selection_probabilities_are_the_articles():
    probs = model.selection_probabilities()
    article = {"T": 14.73, "J": 14.29, "Z": 14.29, "O": 14.29, "S": 14.73, "L": 13.84,
               "I": 13.84}
    assert {k: round(100 * v, 2) for k, v in probs.items()} == article
