"""The random fill of the program ROM: `random` answers ROM bytes at $0000-$1FFF
and a frightened ghost tries the direction in their low two bits first, so the
free space between and after our code is filled to make those bits even."""

from __future__ import annotations

from collections import Counter

import pytest

from harness.pacman import start_game
from retroscope.machines.pacman import create, model, program

AREA = program.RANDOM_AREA
# Each low-two-bit value within 20 % of an even share (2,048 of 8,192). The fill
# makes them exactly even while the program's own bytes leave room; the margin is
# for a program grown past that, and still fails the zero fill (4,890 and 775
# bytes: +139 % and -62 %) by far. Frightened picks in the game follow this share.
SHARE = len(AREA) // 4
MARGIN = 0.20


@pytest.fixture(scope="module")
def built():
    return program.build()


def test_low_two_bits_over_the_random_area_are_near_even(built):
    rom = built[0]
    counts = Counter(rom[a] & 3 for a in AREA)
    for low in range(4):
        assert abs(counts[low] - SHARE) <= MARGIN * SHARE, (low, counts)


def test_the_fill_leaves_every_program_byte_and_address_alone(built):
    rom, symbols, prog = built
    for address, data in prog.chunks:
        assert rom[address:address + len(data)] == data
    assert symbols["chooseDirection"] == 0x2966 and symbols["offsetPointers"] == 0x32FF
    assert not any(rom[program.MAZE_TILES:program.MAZE_COLOURS + 0x400])
    # Only the random area is filled: the rest of the free ROM stays zero.
    used = bytearray(len(rom))
    for address, data in prog.chunks:
        used[address:address + len(data)] = b"\1" * len(data)
    assert not any(rom[a] for a in range(AREA.stop, len(rom)) if not used[a])


def test_the_fill_is_the_same_every_time_and_follows_its_seed():
    code = bytes(range(256)) * 4
    first = program.random_fill(code, 3000)
    assert program.random_fill(code, 3000) == first
    assert program.random_fill(code, 3000, seed=program.FILL_SEED + 1) != first
    assert Counter(b & 3 for b in code + first) == Counter({v: 1006 for v in range(4)})
    with pytest.raises(ValueError):
        next(program.xorshift32(0))


def test_the_games_random_picks_are_near_even_over_a_thousand_calls(built):
    rom = built[0]
    seed, picks = 0, Counter()
    for _ in range(1000):  # the states the game visits from its seed of 0
        seed = model.next_random(seed)
        picks[rom[seed] & 3] += 1
    for low in range(4):
        assert abs(picks[low] - 250) <= 0.3 * 250, picks


def frightened_choices(m, x: int, y: int, direction: int, seeds) -> Counter:
    at = m.symbols["rngSeed"]
    pos = model.position(x, y)
    choices = Counter()
    for seed in seeds:
        m.write(at, seed & 0xFF)
        m.write(at + 1, seed >> 8)
        choices[m.call("chooseFrightened", hl=pos, a=direction)["a"]] += 1
    return choices


def test_a_frightened_ghost_at_a_junction_takes_each_open_way():
    m = create()
    start_game(m, 0)

    def open_ways(x: int, y: int) -> set[int]:
        pos = model.position(x, y)
        return {d for d in range(4)
                if m.read(model.maze_address(model.offset(pos, d))) & model.SOLID != model.SOLID}

    # (12, 26) going left: a wall ahead, up and down open. With the zero fill
    # seeds 0-39 all read $00 (right, the reverse) and went down.
    assert open_ways(12, 26) == {model.RIGHT, model.DOWN, model.UP}
    below = frightened_choices(m, 12, 26, model.LEFT, range(40))
    assert set(below) == {model.DOWN, model.UP}
    assert min(below.values()) >= 10, below
    # A crossroads going left: left, up and down open, right refused. Clockwise
    # from the refused reverse doubles down's share (1/2, 1/4, 1/4), as in the
    # original; over the chained states the game visits, each way comes up.
    assert open_ways(5, 7) == {0, 1, 2, 3}
    seeds, seed = [], 0
    for _ in range(400):
        seeds.append(seed)
        seed = model.next_random(seed)
    cross = frightened_choices(m, 5, 7, model.LEFT, seeds)
    assert set(cross) == {model.DOWN, model.LEFT, model.UP}
    assert abs(cross[model.DOWN] - 200) <= 0.2 * 200, cross
    for way in (model.LEFT, model.UP):
        assert abs(cross[way] - 100) <= 0.3 * 100, cross
