"""The computer players: book openings from the 1-ply evaluator, and it plays well."""

from __future__ import annotations

import random

import pytest

from retroscope.machines.backgammon.ai import best_play, evaluate, oracle_play
from retroscope.machines.backgammon.model import DiceRng
from retroscope.machines.backgammon.notation import play_text
from retroscope.machines.backgammon.rules import Position, legal_plays, winner


@pytest.mark.parametrize("dice, expected", [
    ((3, 1), {"8/5 6/5", "6/5 8/5"}),  # make the 5 point
    ((4, 2), {"8/4 6/4", "6/4 8/4"}),  # make the 4 point
    ((6, 1), {"13/7 8/7", "8/7 13/7"}),  # make the bar point
    ((6, 5), {"24/18 18/13", "24/13"}),  # lover's leap
    ((6, 6), {"13/7(2) 24/18(2)", "24/18(2) 13/7(2)"}),
])
def test_the_sound_player_finds_the_book_opening_plays(dice, expected):
    play, _ = best_play(Position(), dice)
    assert play_text(play) in expected


def test_the_evaluation_is_symmetric_between_the_sides():
    pos = Position.build({24: 2, 13: 5, 8: 3, 6: 4, 5: 1}, {24: 2, 13: 5, 8: 3, 6: 5})
    mirrored = Position((pos.sides[1], pos.sides[0]), 1 - pos.turn)
    assert evaluate(pos, 0) == pytest.approx(evaluate(mirrored, 1))
    assert evaluate(pos, 0) == pytest.approx(-evaluate(pos, 1))


def test_the_sound_player_beats_a_random_player_on_every_sequence_tried():
    wins = 0
    for seq in range(0, 32, 4):
        pick = random.Random(seq)
        rng = DiceRng.for_sequence(seq)
        pos = Position()
        while winner(pos) is None:
            dice = rng.dice_roll()
            if pos.turn == 0:
                _, pos = best_play(pos, dice)
            else:
                pos = pick.choice(list(legal_plays(pos, dice)))
        wins += winner(pos) == 0
    assert wins == 8


def test_the_oracle_dodges_the_shot_the_tape_says_is_coming():
    # From sequence 0's third turn: White rolls 3-1 and Black will roll 6-1.
    # The sound player makes its 5 point and gets hit; the oracle, knowing the
    # 6-1, plays so that Black's best reply hits nothing.
    white = (0, 0, 2, 0, 0, 0, 4, 0, 2, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
    black = (0, 0, 0, 0, 2, 0, 3, 0, 3, 0, 0, 2, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
    pos = Position((white, black), 0)
    pos.check()
    _, sound = best_play(pos, (3, 1))
    reply, _ = best_play(sound, (6, 1))
    assert any(hit for _, _, hit in reply)
    _, oracle = oracle_play(pos, (3, 1), (6, 1))
    reply, _ = best_play(oracle, (6, 1))
    assert not any(hit for _, _, hit in reply)
