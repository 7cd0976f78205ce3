"""The computer opponent: hidden information only, and its measured strength."""

from __future__ import annotations

import random

from retroscope.machines.jmc import ai, model

M = model


def test_the_computer_does_not_look_at_the_other_sides_types() -> None:
    board, _ = M.random_setup(0xABCDEF, 2)
    other = board.copy()
    rng = random.Random(3)
    for p in M.AWAY:                         # shuffle the enemy's types around
        pid = other.pieces[p]
        other.types[pid] = rng.randrange(16)
    know = ai.Knowledge()
    assert ai.choose(board, know, random.Random(1)) == ai.choose(other, know, random.Random(1))


def test_a_fight_narrows_what_an_enemy_piece_can_be() -> None:
    know = ai.Knowledge()
    ai.learn(know, M.JO2, 5, M.ATTACKER_WINS, True)
    assert set(know.of(5)) == {M.SPY, M.ENGINEER, M.CAVALRY, M.JO1, M.BANNER}
    ai.learn(know, M.JO1, 5, M.BOTH_DIE, True)
    assert set(know.of(5)) == {M.JO1, M.BANNER}
    know.moved(5, far=False)
    assert know.of(5) == [M.JO1]
    ai.learn(know, M.GENERAL, 9, M.DEFENDER_WINS, False)   # it attacked our general and lost
    assert M.SPY not in know.of(9)


def test_strength_against_a_random_player_and_itself() -> None:
    games = 24
    ai_wins = sum(ai.match(("ai", "random") if i % 2 == 0 else ("random", "ai"), 500 + i)
                  == i % 2 for i in range(games))
    # measured: see the report; the bar is well under what it reaches
    assert ai_wins >= games * 3 // 4, ai_wins
    results = [ai.match(("ai", "ai"), 900 + i) for i in range(12)]
    assert all(r in (-1, 0, 1) for r in results)
    assert 0 < sum(1 for r in results if r == 0) < len(results)    # neither side always wins
