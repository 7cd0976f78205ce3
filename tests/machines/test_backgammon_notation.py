"""The text notation: export, import, and a clear message for each kind of bad record."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from retroscope.machines.backgammon.game import Game
from retroscope.machines.backgammon.model import DiceRng
from retroscope.machines.backgammon.notation import (
    NotationError,
    export_record,
    link_text,
    parse_link,
    parse_record,
)


def played_game(sequence: int = 2, turns: int = 10) -> Game:
    rng = DiceRng.for_sequence(sequence)
    game = Game(players=["computer", "computer"])
    while len(game.turns) < turns and not game.over:
        if game.need_roll:
            game.give_roll(rng.dice_roll())
        else:
            game.computer_turn()
    return game


def replayed(text: str, sequence: int = 2) -> Game:
    entries, _ = parse_record(text)
    game = Game(players=["human", "human"])
    game.replay(entries, DiceRng.for_sequence(sequence).dice_roll)
    return game


def test_a_record_has_the_mat_layout_with_both_columns():
    text = export_record(played_game().turns, 2, None)
    lines = text.splitlines()
    assert lines[0] == '; [Sequence "2"]' and lines[1] == " 1 point match"
    assert lines[3] == " Game 1" and "White : 0" in lines[4] and "Black : 0" in lines[4]
    assert lines[5].startswith("  1) ")


def test_export_and_import_round_trip_to_the_same_position():
    game = played_game()
    assert replayed(export_record(game.turns, 2, None)).pos == game.pos
    again = Game(players=["human", "human"])
    again.replay(parse_link(link_text(game.turns)), DiceRng.for_sequence(2).dice_roll)
    assert again.pos == game.pos


def test_moves_may_be_written_in_any_order_and_with_repeat_counts():
    game = played_game(turns=1)
    first = game.turns[0]
    a, b = first.dice
    steps = [f"{s}/{d}" for s, d, _ in first.play]
    text = f" 1) {a}{b}: {' '.join(reversed(steps))}" if first.player == 0 else \
        f" 1) {' ' * 30}{a}{b}: {' '.join(reversed(steps))}"
    assert replayed(text).pos == game.pos


@pytest.mark.parametrize("text, message", [
    ("hello", "line 1: expected a numbered turn"),
    (" 1) 31: 8/5 6/5\n Game 1\n Game 2", "only one game per record"),
    (" 1) 31: 8/5 6/5 Doubles => 2", "doubling cube is not supported"),
    (" 1) 31 8/5", "no dice like '31:'"),
])
def test_unreadable_records_say_which_line_and_why(text, message):
    with pytest.raises(NotationError, match=message):
        parse_record(text)


def test_a_record_with_other_dice_than_the_sequence_is_refused():
    game = played_game(turns=1)
    a, b = game.turns[0].dice
    wrong = (a % 6) + 1, b
    col = "" if game.turns[0].player == 0 else " " * 30
    with pytest.raises(NotationError, match="this sequence rolls"):
        replayed(f" 1) {col}{wrong[0]}{wrong[1]}: 13/7")


def test_an_illegal_play_names_the_player_and_the_dice():
    game = played_game(turns=1)
    a, b = game.turns[0].dice
    col = "" if game.turns[0].player == 0 else " " * 30
    who = "White" if game.turns[0].player == 0 else "Black"
    with pytest.raises(NotationError, match=f"not a legal play for {who} with {a}-{b}"):
        replayed(f" 1) {col}{a}{b}: 24/23")
    with pytest.raises(NotationError, match="has no checker on 20"):
        replayed(f" 1) {col}{a}{b}: 20/14")
    with pytest.raises(NotationError, match="does not move forward"):
        replayed(f" 1) {col}{a}{b}: 6/8")


def test_the_wrong_column_is_the_wrong_player():
    game = played_game(turns=1)
    a, b = game.turns[0].dice
    col = " " * 30 if game.turns[0].player == 0 else ""
    with pytest.raises(NotationError, match="turn, not"):
        replayed(f" 1) {col}{a}{b}: 13/7")


def test_link_moves_that_cannot_be_read_are_refused():
    with pytest.raises(NotationError, match="turn 2: cannot read the move 'x'"):
        parse_link("8/5,6/5;x")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=" 0123456789/*():;,\nbarofWhiteBlackGamewins)", max_size=200))
def test_any_text_either_reads_or_fails_with_a_notation_error(text):
    try:
        entries, _ = parse_record(text)
        Game(players=["human", "human"]).replay(entries, DiceRng.for_sequence(1).dice_roll)
    except NotationError:
        pass
    try:
        entries = parse_link(text)
        Game(players=["human", "human"]).replay(entries, DiceRng.for_sequence(1).dice_roll)
    except NotationError:
        pass
