"""The direction routine at $2966 (seed 004) against the pure-Python model."""

from __future__ import annotations

import random

import pytest

from retroscope.machines.pacman import create, model
from retroscope.machines.pacman.machine import PacmanMachine

LISTING = {"chooseDirection": 0x2966, "check": 0x2988, "next": 0x29C6,
           "offsetPointers": 0x32FF}
INSTRUCTION_STARTS = (0x2966, 0x2988, 0x298F, 0x299F, 0x29BC, 0x29C6, 0x29D4)
VARIABLES = ("curPosition", "curTarget", "curDirection", "revDirection", "minDistance",
             "myDirection", "myPosition")
HELPERS = ("calcOffsetPosition", "getMazePosition", "calcDistance")


@pytest.fixture(scope="module")
def machine() -> PacmanMachine:
    return create()


def call_choose(m: PacmanMachine, pos: int, target: int, direction: int) -> dict:
    m.cpu.sp = 0x4FC0
    return m.call("chooseDirection", hl=pos, de=target, a=direction)


def word(m: PacmanMachine, label: str) -> int:
    at = m.symbols[label]
    return m.read(at) | m.read(at + 1) << 8


def test_the_listing_names_are_symbols_at_the_listing_addresses(machine):
    for name, address in LISTING.items():
        assert machine.symbols[name] == address
    for name in VARIABLES + HELPERS:
        assert name in machine.symbols
    assert all(0x4C00 <= machine.symbols[v] < 0x4FF0 for v in VARIABLES)


def test_the_listing_addresses_start_instructions(machine):
    starts = {row.address for row in machine.program.listing if row.data}
    for address in INSTRUCTION_STARTS:
        assert address in starts, f"${address:04X} is not an instruction start"


def test_the_vectors_at_32ff_are_the_articles(machine):
    got = [machine.read(0x32FF + i) for i in range(8)]
    assert got == [0, 0xFF, 1, 0, 0, 1, 0xFF, 0]  # right, down, left, up (row, column)


def test_tile_address_and_position_and_their_inverses_cover_the_screen(machine):
    seen_addresses, seen_positions = set(), set()
    for y in range(36):
        for x in range(28):
            addr = machine.tile_address(x, y)
            assert machine.tile_of_address(addr) == (x, y)
            assert machine.tile_of_address(addr + 0x400) == (x, y)  # colour RAM
            pos = machine.position(x, y)
            assert machine.tile_of_position(pos) == (x, y)
            seen_addresses.add(addr)
            seen_positions.add(pos)
            if 2 <= y < 34:  # the playfield: getMazePosition agrees
                assert model.maze_address(pos) == addr
                m = machine.call("getMazePosition", hl=pos)
                assert m["h"] << 8 | m["l"] == addr
    assert len(seen_addresses) == len(seen_positions) == 28 * 36
    assert machine.tile_address(27, 2) == 0x4040  # the top right of the playfield
    assert machine.tile_address(0, 0) == 0x43DD
    assert machine.tile_address(0, 35) == 0x403D
    assert machine.tile_of_address(0x4000) is None  # column 29 of a top row: hidden


def test_moving_right_on_screen_is_the_right_vector():
    pos = model.position(10, 20)
    assert model.tile_of(model.offset(pos, model.RIGHT)) == (11, 20)
    assert model.tile_of(model.offset(pos, model.DOWN)) == (10, 21)
    assert model.tile_of(model.offset(pos, model.LEFT)) == (9, 20)
    assert model.tile_of(model.offset(pos, model.UP)) == (10, 19)


def fill_random_maze(m: PacmanMachine, rng: random.Random, wall_share: float) -> None:
    for addr in range(0x4000, 0x4400):
        if rng.random() < wall_share:
            m.bus.ram[addr] = rng.randrange(0xC0, 0x100)
        else:
            m.bus.ram[addr] = rng.randrange(0x00, 0xC0)


def test_thousands_of_random_mazes_and_states_agree_with_the_model(machine):
    rng = random.Random(4)
    dead_ends = ties = 0
    for case in range(2500):
        if case % 50 == 0:
            fill_random_maze(machine, rng, rng.choice((0.2, 0.5, 0.8, 0.95)))
        x, y = rng.randrange(28), rng.randrange(2, 34)
        pos = model.position(x, y)
        if case % 10 == 0:
            pos = rng.randrange(0x10000)  # anywhere: the bytes wrap as on the Z80
        if case % 3 == 0:
            tx, ty = rng.randrange(28), rng.randrange(36)
            target = model.position(tx, ty)
        else:
            target = rng.randrange(0x10000)
        if case % 7 == 0:
            target = pos  # every open neighbour one away: ties
        direction = rng.randrange(4)
        want = model.choose_direction(machine.read, pos, target, direction)
        got = call_choose(machine, pos, target, direction)
        assert got["a"] == want.direction, (case, hex(pos), hex(target), direction)
        vector = model.VECTORS[want.direction]
        assert (got["l"], got["h"]) == vector
        assert word(machine, "minDistance") == want.min_distance
        assert machine.read(machine.symbols["curDirection"]) == want.direction
        assert machine.read(machine.symbols["revDirection"]) == direction ^ 2
        if all(d is None for d in want.distances):
            dead_ends += 1
        found = [d for d in want.distances if d is not None]
        if len(found) != len(set(found)):
            ties += 1
    assert dead_ends > 100 and ties > 20  # both cases were exercised


def clear_around(m: PacmanMachine, x: int, y: int) -> None:
    for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
        m.bus.ram[m.tile_address(x + dx, y + dy)] = 0x40


def test_a_dead_end_leaves_the_direction_so_the_ghost_goes_through_the_wall(machine):
    x, y = 10, 10
    clear_around(machine, x, y)
    for dx, dy in ((1, 0), (0, 1), (0, -1)):  # moving right: right, down, up walled
        machine.bus.ram[machine.tile_address(x + dx, y + dy)] = 0xC5
    got = call_choose(machine, model.position(x, y), model.position(20, 10), model.RIGHT)
    assert got["a"] == model.RIGHT  # straight on, into the wall
    assert word(machine, "minDistance") == 0xFFFF


def test_the_reverse_is_never_chosen_even_when_it_is_the_only_way_open(machine):
    x, y = 10, 10
    clear_around(machine, x, y)
    for dx, dy in ((1, 0), (0, 1), (0, -1)):
        machine.bus.ram[machine.tile_address(x + dx, y + dy)] = 0xC0
    got = call_choose(machine, model.position(x, y), model.position(0, 10), model.RIGHT)
    assert got["a"] != model.LEFT


@pytest.mark.parametrize("tile", [0xBF, 0x00, 0x40, 0x10])
def test_tiles_below_c0_are_open(machine, tile):
    x, y = 10, 10
    clear_around(machine, x, y)
    for dx, dy in ((0, 1), (0, -1)):
        machine.bus.ram[machine.tile_address(x + dx, y + dy)] = 0xC0
    machine.bus.ram[machine.tile_address(x + 1, y)] = tile
    got = call_choose(machine, model.position(x, y), model.position(0, 0), model.RIGHT)
    assert got["a"] == model.RIGHT


def test_a_later_direction_wins_a_tie(machine):
    x, y = 10, 10
    clear_around(machine, x, y)
    # Moving down, target straight below-right and below-left at equal distance
    # from the right and left neighbours: right (0) is tried before left (2).
    target = model.position(10, 10)  # the tile itself: right and left are both 1 away
    got = call_choose(machine, model.position(x, y), target, model.DOWN)
    choice = model.choose_direction(machine.read, model.position(x, y), target, model.DOWN)
    assert choice.distances[model.RIGHT] == choice.distances[model.LEFT] == 1
    assert choice.distances[model.DOWN] == 1
    assert got["a"] == model.LEFT  # down (1) and left (2) tie with right: left is last


def test_calc_distance_is_the_squared_distance_in_16_bits(machine):
    m = machine
    rng = random.Random(7)
    for _ in range(200):
        a, b = rng.randrange(0x10000), rng.randrange(0x10000)
        for i, v in enumerate((a & 0xFF, a >> 8, b & 0xFF, b >> 8)):
            m.bus.ram[0x4C00 + i] = v
        got = m.call("calcDistance", ix=0x4C00, iy=0x4C02)
        assert got["h"] << 8 | got["l"] == model.distance(a, b)
