"""galois32, prng_seed and random_setup as 6502 code against the published
algorithm and the model."""

from __future__ import annotations

import pytest

from retroscope.machines.jmc import model
from retroscope.machines.jmc.machine import JmcMachine

MOS_CLOCK = 0x0292


@pytest.fixture(scope="module")
def machine() -> JmcMachine:
    return JmcMachine()


def reference_galois32(seed: bytes) -> tuple[bytes, int]:
    """Brad Smith's smallest 32-bit version spelled out byte by byte, as his
    6502 does it: A = seed+0; 8 times ASL A, ROL seed+1..3, EOR #$C5 on carry."""
    s = bytearray(seed)
    a = s[0]
    for _ in range(8):
        carry = a >> 7
        a = (a << 1) & 0xFF
        for i in (1, 2, 3):
            carry, s[i] = s[i] >> 7, ((s[i] << 1) | carry) & 0xFF
        if carry:
            a ^= 0xC5
    s[0] = a
    return bytes(s), a


def test_galois32_sequence_matches_the_published_algorithm(machine: JmcMachine) -> None:
    for start in (0x00000001, 0x12345678, 0xFFFFFFFF, 0x80000000):
        machine.seed = start
        state = start.to_bytes(4, "little")
        value = start
        for _ in range(200):
            regs = machine.call("galois32")
            state, out = reference_galois32(state)
            value, model_out = model.galois32(value)
            assert regs["a"] == out == model_out
            assert machine.seed == int.from_bytes(state, "little") == value


def test_galois32_has_the_full_period_on_a_sample() -> None:
    seen, value = set(), 1
    for _ in range(5000):
        value, _ = model.galois32(value)
        assert value and value not in seen
        seen.add(value)


def test_prng_seed_mixes_the_clock_and_never_leaves_zero(machine: JmcMachine) -> None:
    for clock, start in ((0x0000, 0), (0x1234, 0xDEADBEEF), (0x00FF, 0)):
        machine.bus.ram[MOS_CLOCK:MOS_CLOCK + 5] = clock.to_bytes(5, "little")
        machine.seed = start
        machine.call("prng_seed")
        ram = machine.bus.ram
        samples = [clock & 0xFF, clock >> 8, ram[0x98]]   # Z_spin: reads before a tick
        assert machine.seed == model.seed_with(start, samples)
        assert machine.seed != 0
    assert model.seed_with(0, [0]) == 1          # all zero becomes 1


@pytest.mark.parametrize("bridges", [2, 4])
def test_random_setup_matches_the_model_and_is_legal(machine: JmcMachine, bridges: int) -> None:
    for seed in range(1, 40):
        seed = seed * 0x9E3779B1 & 0xFFFFFFFF or 1
        machine.load_board(model.Board(bridges))
        machine.seed = seed
        machine.call("random_setup", a=0xFF, max_cycles=20_000_000)
        want, after = model.random_setup(seed, bridges)
        got = machine.board()
        assert got.pieces == want.pieces and got.types == want.types, hex(seed)
        assert machine.seed == after
        assert model.setup_legal(got) == []
        assert list(machine.bus.ram[0x0460:0x0470]) == [0] * 16


@pytest.mark.parametrize("bridges", [2, 4])
def test_random_setups_are_always_legal_over_thousands_of_seeds(bridges: int) -> None:
    seed = 1
    for _ in range(3000):
        seed, _ = model.galois32(seed)
        board, _ = model.random_setup(seed, bridges)
        assert model.setup_legal(board) == [], hex(seed)


def test_setup_legal_catches_bad_setups() -> None:
    board, _ = model.random_setup(0x1234, 2)
    banner = next(p for p in model.HOME if board.type_at(p) == model.BANNER)
    back = next(p for p in model.HOME if p & 7 == 7)
    board.types[banner], board.types[back] = board.types[back], board.types[banner]
    assert model.setup_legal(board)


@pytest.mark.parametrize("a", [0x00, 0x04, 0x37, 0xFF])
def test_random_setup_places_both_sides_whatever_a_holds(machine: JmcMachine, a: int) -> None:
    machine.load_board(model.Board(2))
    machine.seed = 0xC0FFEE
    machine.call("random_setup", a=a, x=a ^ 0x55, y=a ^ 0xAA, max_cycles=20_000_000)
    want, after = model.random_setup(0xC0FFEE, 2)
    got = machine.board()
    assert got.pieces == want.pieces and got.types == want.types
    assert machine.seed == after
    assert model.setup_legal(got) == []


@pytest.mark.long
def test_random_setup_6502_matches_the_model_over_a_thousand_seeds(machine: JmcMachine) -> None:
    seed = 7
    for i in range(1000):
        seed, _ = model.galois32(seed)
        bridges = 2 if i % 2 else 4
        machine.load_board(model.Board(bridges))
        machine.seed = seed
        machine.call("random_setup", a=0xFF, max_cycles=20_000_000)
        want, _ = model.random_setup(seed, bridges)
        assert machine.board().pieces == want.pieces
        assert machine.board().types == want.types


@pytest.mark.parametrize("only", [0x04, 0x00])
def test_random_setup_of_one_side_leaves_the_other_alone(machine: JmcMachine, only: int) -> None:
    start, _ = model.random_setup(0x5EED, 2)
    machine.load_board(start)
    machine.seed = 0xC0FFEE
    machine.call("random_setup_sides", a=only, max_cycles=20_000_000)
    want, after = model.random_setup(0xC0FFEE, 2, only=only, board=start)
    got = machine.board()
    assert got.pieces == want.pieces and got.types == want.types
    assert machine.seed == after
    for p in model.SPACES:
        if (p & 4) != only:
            assert got.pieces[p] == start.pieces[p]
    assert model.setup_legal(got) == []
