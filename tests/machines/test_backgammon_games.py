"""Whole games on the machine's dice: computer against oracle, one per sequence."""

from __future__ import annotations

import pytest

from retroscope.machines.backgammon import create, model
from retroscope.machines.backgammon.explorer import explorer_stats, machine_rng, machine_rolls
from retroscope.machines.backgammon.game import Game
from retroscope.machines.backgammon.notation import export_record, parse_record
from retroscope.machines.backgammon.rules import CHECKERS, OFF, winner


@pytest.fixture(scope="module")
def machine():
    return create()


def play_out(machine, sequence: int) -> Game:
    """A computer (White) against the oracle (Black), dice from GetDiceRoll."""
    machine.reset_to(sequence)
    game = machine.game
    game.players = ["computer", "oracle"]
    for _ in range(2000):
        if game.over:
            return game
        if game.need_roll:
            game.give_roll(machine.roll_now())
        else:
            assert game.computer_turn()
    raise AssertionError(f"sequence {sequence}: no result in 2000 steps")


@pytest.mark.parametrize("sequence", range(model.SEQUENCES))
def test_a_computer_game_on_each_sequence_ends_with_a_legal_result(machine, sequence):
    game = play_out(machine, sequence)
    win = winner(game.pos)
    assert win is not None
    assert game.pos.sides[win][OFF] == CHECKERS
    loser = game.pos.sides[1 - win]
    assert sum(loser) == CHECKERS and loser[OFF] < CHECKERS
    _, points, kind = game.result()
    assert (points, kind) in ((1, "single"), (2, "gammon"), (3, "backgammon"))
    # The rolls the game used are the machine's tape from the Start.
    rng = model.DiceRng.for_sequence(sequence)
    rng.random_val()
    assert game.rolls == rng.tape(len(game.rolls))
    # Its record reads back into the same game.
    entries, seq = parse_record(export_record(game.turns, sequence, game.result()[:2]))
    replay = Game(players=["human", "human"])
    rng = model.DiceRng.for_sequence(seq)
    rng.random_val()
    replay.replay(entries, rng.dice_roll)
    assert replay.pos == game.pos


def test_the_explorer_rolls_come_from_the_machine_and_leave_it_untouched(machine):
    machine.reset_to(4)
    before = machine.snapshot()
    rolls = machine_rolls(machine, 11, 50)
    assert machine.snapshot() == before
    rng = model.DiceRng.for_sequence(11)
    rng.random_val()
    assert rolls == rng.tape(50)
    assert machine_rng(machine, 11).tape(50) == rolls
    assert machine.snapshot() == before


def test_the_explorer_statistics_cover_32_sequences(machine):
    stats = explorer_stats(machine, rolls=60)
    assert len(stats["sequences"]) == 32
    for seq in stats["sequences"]:
        assert sum(seq["totals"]) == 60 == seq["rolls"]
        assert 0 <= seq["doubles"] <= 60
        assert abs(sum(seq["expected"]) - 60) < 0.1
