"""Share links: every bad parameter gets a message and a default; good ones pass."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlsplit

from retroscope.machines.base import Param
from retroscope.share import encode, parse_int, validate

PARAMS = (
    Param("seed", "int", 0x8988, "RNG seed", lo=1, hi=0xFFFF),
    Param("level", "int", 0, "start level", lo=0, hi=19),
    Param("maze", "str", "", "maze text", max_len=8, alphabet="#. "),
)


def test_numbers_may_be_decimal_dollar_hex_or_0x_hex():
    assert parse_int("35208") == 35208
    assert parse_int("$8988") == 0x8988
    assert parse_int("0x8988") == 0x8988
    assert parse_int("-3") == -3
    for bad in ("", "12a", "$", "0x", "1e3", "٣", "$-1"):
        assert parse_int(bad) is None, bad


def test_good_values_pass_and_missing_ones_take_their_defaults():
    out = validate(PARAMS, {"seed": "$1234"})
    assert out.values == {"seed": 0x1234, "level": 0, "maze": ""}
    assert out.messages == []


def test_a_value_out_of_range_falls_back_with_a_message_naming_the_range():
    out = validate(PARAMS, {"level": "20"})
    assert out.values["level"] == 0
    assert out.messages == ["level='20' is outside 0-19; using level=0 (the default)"]


def test_text_that_is_not_a_number_is_quoted_short_and_printable():
    out = validate(PARAMS, {"seed": "<script>" + "x" * 100 + "\x00"})
    assert out.values["seed"] == 0x8988
    (message,) = out.messages
    assert "not a number" in message and len(message) < 120 and "\x00" not in message


def test_unknown_parameters_are_ignored_with_a_message():
    out = validate(PARAMS, {"bogus": "1"})
    assert out.messages == ["unknown parameter 'bogus' ignored"]


def test_strings_are_checked_for_length_and_alphabet():
    assert validate(PARAMS, {"maze": "#. #"}).values["maze"] == "#. #"
    too_long = validate(PARAMS, {"maze": "#" * 9})
    assert too_long.values["maze"] == "" and "9 characters" in too_long.messages[0]
    bad_chars = validate(PARAMS, {"maze": "#x"})
    assert bad_chars.values["maze"] == "" and "'x'" in bad_chars.messages[0]


def test_a_machine_hook_can_reject_a_combination_and_name_the_parameter():
    def hook(values):
        return [("seed", "seed 1 is not in the cycle")] if values["seed"] == 1 else []

    out = validate(PARAMS, {"seed": "1", "level": "5"}, hook)
    assert out.values == {"seed": 0x8988, "level": 5, "maze": ""}
    assert out.messages == ["seed 1 is not in the cycle; using seed=35208 (the default)"]


def test_a_hook_message_without_a_name_resets_the_parameters_it_mentions():
    out = validate(PARAMS, {"seed": "7", "level": "5"}, lambda v: ["level 5 is cursed"])
    assert out.values["level"] == 0 and out.values["seed"] == 7
    assert out.messages == ["level 5 is cursed; using level=0 (the default)"]


def test_a_default_of_none_is_said_in_words_never_as_python_none():
    params = (Param("seed", "int", None, "sequence", lo=0, hi=31),)
    (message,) = validate(params, {"seed": "99"}).messages
    assert "None" not in message and message.endswith("using no seed (the default)")


def test_a_problem_the_spec_reported_is_not_reported_again_by_the_hook():
    def hook(values):
        return [("level", "level is not allowed here")]

    out = validate(PARAMS, {"level": "99"}, hook)
    assert len(out.messages) == 1 and "outside 0-19" in out.messages[0]


def test_encode_round_trips_through_a_url_parser_and_validate():
    """(web/router.js splits links in the page; tests/e2e/test_router.py covers it.)"""
    values = {"seed": 0x1234, "level": 7, "maze": "#. #"}
    fragment = urlsplit("http://x/" + encode("tetris", values)).fragment
    path, _, query = fragment.partition("?")
    assert path == "/tetris"
    raw = dict(parse_qsl(query, keep_blank_values=True))
    out = validate(PARAMS, raw)
    assert (out.values, out.messages) == (values, [])


def test_encode_leaves_out_values_that_are_not_set():
    assert encode("backgammon", {"seed": None, "moves": ""}) == "#/backgammon?moves="
