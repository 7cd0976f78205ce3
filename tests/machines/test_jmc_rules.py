"""JMC's rules as 6502 code against the pure-Python model (seed 001)."""

from __future__ import annotations

import random

import pytest

from retroscope.machines.jmc import model
from retroscope.machines.jmc.machine import JmcMachine

M = model


@pytest.fixture(scope="module")
def machine() -> JmcMachine:
    return JmcMachine()


def fresh(machine: JmcMachine, board: model.Board) -> None:
    machine.cpu.s = 0xFF
    machine.cpu.p = machine.cpu.p | 0x04   # no interrupts while calling
    machine.load_board(board)


def put(board: model.Board, p: int, kind: int, pid: int | None = None) -> int:
    """Place a piece of `kind` at p; its ID is a free position index of the side
    it belongs to (bit 2 of p unless pid says otherwise)."""
    if pid is None:
        pid = p
    board.pieces[p] = pid
    board.types[pid] = kind
    return pid


def random_board(rng: random.Random, bridges: int, fill: float = 0.45) -> model.Board:
    """Pieces of both sides anywhere, IDs from each side's own starting cells."""
    board = model.Board(bridges)
    ids = {0: list(M.AWAY), 4: list(M.HOME)}
    for v in ids.values():
        rng.shuffle(v)
    for p in M.SPACES:
        if rng.random() < fill:
            side = rng.choice((0, 4))
            if ids[side]:
                put(board, p, rng.randrange(16), ids[side].pop())
    return board


# -- combat ---------------------------------------------------------------------------
ATTACKERS = [t for t in range(16) if t not in (M.MINE, M.BANNER)]


@pytest.mark.parametrize("attacker", ATTACKERS, ids=[M.NAMES[t] for t in ATTACKERS])
def test_combat_for_every_defender_matches_the_model(machine: JmcMachine, attacker: int) -> None:
    frm, to = M.pos(1, 4), M.pos(1, 3)          # over the column 1 bridge
    for defender in range(16):
        for behind in (None, "own", "enemy") if defender == M.BANNER else (None,):
            for behind_type in range(14) if behind == "own" else (0,):
                board = model.Board(2)
                put(board, frm, attacker)
                put(board, to, defender)
                if behind == "own":
                    put(board, M.pos(1, 2), behind_type)
                elif behind == "enemy":
                    put(board, M.pos(1, 2), 0, pid=M.pos(5, 5))
                want = board.copy()
                result = want.resolve_move(frm, to)
                fresh(machine, board)
                regs = machine.call("resolve_move", x=frm, y=to)
                got = machine.board()
                case = f"{M.NAMES[attacker]} attacks {M.NAMES[defender]} ({behind} {behind_type})"
                assert regs["a"] == result, case
                assert got.pieces == want.pieces, case


def test_the_articles_exceptions_in_the_model() -> None:
    assert M.combat(M.SPY, M.GENERAL) == M.ATTACKER_WINS
    assert M.combat(M.GENERAL, M.SPY) == M.ATTACKER_WINS
    assert M.combat(M.SPY, M.SPY) == M.DEFENDER_WINS
    assert M.combat(M.TANK, M.TANK) == M.BOTH_DIE
    assert M.combat(M.ENGINEER, M.MINE) == M.ATTACKER_WINS
    assert M.combat(M.PLANE, M.MINE) == M.ATTACKER_WINS
    assert M.combat(M.GENERAL, M.MINE) == M.BOTH_DIE
    assert M.combat(M.CAVALRY, M.JO1) == M.DEFENDER_WINS


def test_a_banner_with_nobody_of_its_own_behind_always_loses(machine: JmcMachine) -> None:
    board = model.Board(2)
    put(board, M.pos(1, 4), M.SPY)
    put(board, M.pos(1, 3), M.BANNER)
    fresh(machine, board)
    assert machine.call("resolve_move", x=M.pos(1, 4), y=M.pos(1, 3))["a"] == M.ATTACKER_WINS
    assert machine.board().pieces[M.pos(1, 3)] == M.pos(1, 4)


# -- marking ----------------------------------------------------------------------------
@pytest.mark.parametrize("bridges", [2, 4])
def test_marking_on_random_boards_matches_the_model_for_every_type(
        machine: JmcMachine, bridges: int) -> None:
    rng = random.Random(1000 + bridges)
    seen = set()
    for _ in range(60):
        board = random_board(rng, bridges)
        fresh(machine, board)
        for p in M.SPACES:
            pid = board.pieces[p]
            if pid & 0x80 or not pid & 4:
                continue
            seen.add(board.types[pid])
            regs = machine.call("mark_moves", x=p)
            want = board.marks(p)
            assert machine.marks() == want, (bridges, hex(p), M.NAMES[board.types[pid]])
            assert regs["a"] == sum(1 for v in want if v)
    assert seen == set(range(16))


def test_the_headquarters_is_one_double_space() -> None:
    board = model.Board(2)
    put(board, M.HQ_BOTTOM, M.ENGINEER)
    marks = board.marks(M.HQ_BOTTOM)
    assert marks[M.pos(2, 6)] and marks[M.pos(3, 6)]      # up: both cells above
    assert marks[M.pos(1, 7)] and marks[M.pos(4, 7)]      # sideways over the unused cell
    assert not marks[M.pos(3, 7)]


def test_bridges_are_the_only_way_over_the_river() -> None:
    for bridges, columns in M.BRIDGE_COLUMNS.items():
        board = model.Board(bridges)
        for x in range(6):
            put(board, M.pos(x, 4), M.JO1)
        for x in range(6):
            crossing = board.marks(M.pos(x, 4))[M.pos(x, 3)]
            assert bool(crossing) == (x in columns), (bridges, x)


def test_the_plane_flies_over_pieces_and_the_river() -> None:
    board = model.Board(2)
    put(board, M.pos(0, 6), M.PLANE)
    put(board, M.pos(0, 5), M.JO1)               # own piece in the way
    put(board, M.pos(0, 2), M.JO1, pid=M.pos(5, 0))
    marks = board.marks(M.pos(0, 6))
    assert marks[M.pos(0, 4)] == 1 and marks[M.pos(0, 3)] == 1
    assert marks[M.pos(0, 2)] == 2 and marks[M.pos(0, 0)] == 1
    assert not marks[M.pos(0, 5)]


# -- swap_sides -------------------------------------------------------------------------
@pytest.mark.parametrize("bridges", [2, 4])
def test_swap_sides_matches_the_model_and_twice_is_the_identity(
        machine: JmcMachine, bridges: int) -> None:
    rng = random.Random(7 + bridges)
    for _ in range(20):
        board = random_board(rng, bridges, fill=0.8)
        fresh(machine, board)
        machine.call("swap_sides")
        once = machine.board()
        want = board.copy()
        want.swap_sides()
        assert once.pieces == want.pieces and once.types == want.types
        for p in M.SPACES:   # each piece keeps its type, and changes side
            if not board.pieces[p] & 0x80:
                q = M.flip(p)
                assert once.type_at(q) == board.type_at(p)
                assert (once.pieces[q] ^ board.pieces[p]) & 4
        machine.call("swap_sides")
        twice = machine.board()
        assert twice.pieces == board.pieces and twice.types == board.types


def test_flip_maps_the_headquarters_to_each_other() -> None:
    assert M.flip(M.HQ_BOTTOM) == M.HQ_TOP and M.flip(M.HQ_TOP) == M.HQ_BOTTOM
    assert sorted(M.flip(p) for p in M.SPACES) == sorted(M.SPACES)


# -- win checks -----------------------------------------------------------------------------
def test_check_win_matches_the_model(machine: JmcMachine) -> None:
    rng = random.Random(99)
    outcomes = set()
    for i in range(40):
        board = random_board(rng, 2 if i % 2 else 4, fill=0.12 if i % 3 else 0.5)
        if i % 5 == 0:
            put(board, M.HQ_TOP, rng.choice([M.FO7, M.FO8, M.GENERAL, M.JO1]),
                pid=rng.choice([p for p in M.HOME if p not in board.pieces]))
        fresh(machine, board)
        got = machine.call("check_win")["a"]
        assert got == board.check_win()
        outcomes.add(got)
        assert machine.board().pieces == board.pieces    # swapped there and back
    assert outcomes == {0, 1, 2}


def test_general_on_the_enemy_headquarters_wins() -> None:
    board = model.Board(2)
    put(board, M.HQ_TOP, M.GENERAL, pid=M.pos(0, 7))
    put(board, M.pos(0, 0), M.JO1)
    put(board, M.pos(5, 0), M.JO1, pid=M.pos(5, 0))
    assert board.check_win() == 1
    board.types[M.pos(0, 7)] = M.SO6
    assert board.check_win() == 0


def test_every_documented_routine_runs_to_its_return() -> None:
    from retroscope.machines.jmc.machine import ROUTINE_SPECS

    m = JmcMachine(seed=0x1234)
    for _ in range(6):
        m.run_frame()
    for label, _, regs in ROUTINE_SPECS:
        snap = m.snapshot()
        result = m.call(label, max_cycles=20_000_000, **dict(regs))
        assert result["cycles"] > 0, label
        m.restore(snap)
