"""The move generator and scoring against hand-made positions."""

from __future__ import annotations

import pytest

from retroscope.machines.backgammon.rules import (
    BAR,
    OFF,
    Position,
    TurnState,
    legal_plays,
    play_result,
    point_name,
    result_points,
)


def plays_as_text(pos: Position, dice: tuple[int, int]) -> set[str]:
    """Each legal play as sorted 'src/dst' steps, for comparing with hand lists."""
    out = set()
    for play in legal_plays(pos, dice).values():
        out.add(" ".join(sorted(
            f"{point_name(s)}/{point_name(d)}{'*' if h else ''}" for s, d, h in play)))
    return out


def test_the_opening_position_has_fifteen_checkers_a_side_and_familiar_plays():
    pos = Position()
    pos.check()
    plays = legal_plays(pos, (3, 1))
    assert "6/5 8/5" in plays_as_text(pos, (3, 1))
    assert all(len(play) == 2 for play in plays.values())


def test_a_checker_on_the_bar_must_enter_before_anything_else_moves():
    # White on the bar; Black holds White's 22 and 21 (its own 3 and 4).
    pos = Position.build({BAR: 1, 13: 14}, {3: 2, 4: 2, 1: 11})
    texts = plays_as_text(pos, (6, 2))
    # bar/19/17 and bar/23/17 end alike, so three distinct results.
    assert len(texts) == 3 and all("bar/" in t for t in texts)
    assert {"13/11 bar/19", "13/7 bar/23"} < texts
    # Neither 22 (3) nor 21 (4) is open: nothing moves.
    assert plays_as_text(pos, (4, 3)) == {""}


def test_a_closed_board_leaves_the_checker_on_the_bar_and_the_turn_passes():
    pos = Position.build({BAR: 1, 13: 14}, {p: 2 for p in range(1, 7)} | {13: 3})
    assert list(legal_plays(pos, (6, 5)).values()) == [()]
    turn = TurnState(pos, (6, 5))
    assert turn.total == 0 and turn.done()


def test_entering_with_one_die_only_when_the_other_entry_point_is_blocked():
    # Two on the bar; the 6 enters on 19, the 2 (point 23 = Black's 2) is blocked.
    pos = Position.build({BAR: 2, 13: 13}, {2: 2, 1: 13})
    assert plays_as_text(pos, (6, 2)) == {"bar/19"}


def test_bearing_off_uses_a_larger_die_only_from_the_highest_point():
    pos = Position.build({4: 1, 2: 1}, {13: 15})
    assert plays_as_text(pos, (6, 1)) == {"2/1 4/off", "3/off 4/3"}


def test_bearing_off_is_not_allowed_while_a_checker_is_outside_home():
    pos = Position.build({7: 1, 3: 1}, {13: 15})
    # 7/3 3/off and 7/4 4/off end alike: one checker left on 3.
    assert plays_as_text(pos, (4, 3)) == {"3/off 7/3"}
    turn = TurnState(pos, (4, 3))
    assert sorted(turn.legal_steps()) == [(7, 3, False), (7, 4, False)]


def test_both_dice_must_be_played_when_one_order_allows_it():
    # Only the checker on 8 can move; 8/6 is blocked (Black's 19), so the 5
    # must go first: 8/3 then 3/1.
    pos = Position.build({8: 1, 1: 14}, {19: 2, 13: 13})
    assert plays_as_text(pos, (5, 2)) == {"3/1 8/3"}
    turn = TurnState(pos, (5, 2))
    assert turn.total == 2
    assert turn.legal_steps() == [(8, 3, False)]


def test_when_only_one_die_can_be_played_the_larger_one_must_be():
    # 8/2 or 8/3 can be played, but neither lets the other die follow
    # (24/18 and 24/19 are blocked, no bearing off with 24 outside).
    pos = Position.build({8: 1, 24: 14}, {7: 2, 6: 2, 24: 11})
    assert plays_as_text(pos, (6, 5)) == {"8/2"}
    turn = TurnState(pos, (6, 5))
    assert turn.total == 1 and turn.larger_only
    assert turn.legal_steps() == [(8, 2, False)]
    with pytest.raises(ValueError, match="not a legal move"):
        turn.move(8, 3)


@pytest.mark.parametrize(("white", "black", "dice", "move", "why"), [
    ({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5}, (3, 1), (13, 20), "that is backwards"),
    ({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5}, (3, 1), (13, 5), "no dice make 8"),
    ({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5}, (3, 1), (8, 1), "point 1 is blocked"),
    ({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5}, (3, 1), (7, 6),
     "no checker of yours there"),
    ({25: 1, 13: 14}, {1: 15}, (3, 1), (13, 10), "enter from the bar first"),
    ({8: 1, 6: 14}, {1: 15}, (3, 1), (6, OFF), "not all checkers home yet"),
    ({6: 15}, {1: 15}, (2, 1), (6, OFF), "dice too small to go off"),
    ({6: 2, 5: 3, 1: 10}, {1: 15}, (4, 2), (5, OFF), "bear off from 6 first"),
    # 13/9 with 3-1: both stops (12 and 10) are Black's points
    ({13: 14, 6: 1}, {13: 2, 15: 2, 1: 11}, (3, 1), (13, 9), "no open point on the way"),
    ({8: 1, 24: 14}, {7: 2, 6: 2, 24: 11}, (6, 5), (8, 3), "must play the larger die"),
    ({13: 15}, {1: 15}, (3, 1), (13, 10), ""),
])
def test_an_illegal_move_says_why(white, black, dice, move, why):
    turn = TurnState(Position.build(white, black), dice)
    assert turn.why_not(*move) == why
    assert len(f"{point_name(move[0])}/{point_name(move[1])}: {why}") <= 32  # the screen's line
    if why:
        with pytest.raises(ValueError, match=why):
            turn.move(*move)


def test_a_spent_turn_says_the_dice_are_used():
    turn = TurnState(Position.build({13: 15}, {1: 15}), (3, 1))
    turn.move(13, 10)
    turn.move(10, 9)
    assert turn.why_not(13, 12) == "no dice left: end the turn"


def test_doubles_are_played_four_times():
    pos = Position()
    plays = legal_plays(pos, (6, 6))
    assert plays and all(len(play) == 4 for play in plays.values())
    assert "13/7 13/7 24/18 24/18" in plays_as_text(pos, (6, 6))


def test_hitting_a_blot_sends_it_to_the_bar():
    pos = Position.build({13: 15}, {20: 1, 1: 14})  # Black blot on White's 5
    after = play_result(pos, ((13, 5, True),))
    assert after.sides[1][BAR] == 1 and after.sides[1][20] == 0
    assert after.turn == 1


@pytest.mark.parametrize("loser, points, kind", [
    ({1: 14}, 1, "single"),              # loser has borne one off
    ({1: 15}, 2, "gammon"),              # none off, none in the winner's home
    ({1: 14, 20: 1}, 3, "backgammon"),   # one still in the winner's home board
    ({1: 14, BAR: 1}, 3, "backgammon"),  # one on the bar
])
def test_a_finished_game_scores_single_gammon_or_backgammon(loser, points, kind):
    pos = Position.build({}, loser)
    assert pos.sides[0][OFF] == 15
    assert result_points(pos) == (points, kind)


def test_undo_within_a_turn_returns_to_the_turns_start():
    pos = Position()
    turn = TurnState(pos, (3, 1))
    turn.move(8, 5)
    turn.move(6, 5)
    assert turn.done()
    assert turn.undo() and turn.undo() and not turn.undo()
    assert turn.position() == pos


def _interactive_results(turn: TurnState) -> set[Position]:
    """Every end position reachable by legal single steps, passing the turn."""
    if turn.done():
        return {play_result(turn.start, tuple(turn.steps))}
    out: set[Position] = set()
    for step in turn.legal_steps():
        src, dst, _ = step
        turn.move(src, dst)
        out |= _interactive_results(turn)
        turn.undo()
    return out


def test_step_by_step_play_reaches_exactly_the_generators_plays():
    """Two ways to the rules agree on positions from 12 random-ish games."""
    from retroscope.machines.backgammon.ai import best_play
    from retroscope.machines.backgammon.model import DiceRng

    checked = 0
    for seq in range(0, 32, 3):
        rng = DiceRng.for_sequence(seq)
        pos = Position()
        for n in range(60):
            dice = rng.dice_roll()
            if n % 4 == 0 and dice[0] != dice[1]:  # doubles explode the walk
                turn = TurnState(pos, dice)
                assert _interactive_results(turn) == set(legal_plays(pos, dice)), (seq, n)
                checked += 1
            _, pos = best_play(pos, dice)
            pos.check()
            if any(side[OFF] == 15 for side in pos.sides):
                break
    assert checked > 50


def test_one_checker_can_be_moved_over_both_dice_at_once():
    pos = Position()
    turn = TurnState(pos, (4, 2))
    paths = turn.paths(13)
    assert set(paths) == {11, 9, 7}
    assert len(paths[7]) == 2 and paths[7][-1][1] == 7
    assert turn.steps == []  # looking does not move
    # 24/18 with 4-2 would land on 20 or 22 first: both open, so 18 is reachable.
    assert 18 in turn.paths(24)
