"""Breakpoint conditions: our own expression parser (never eval)."""

from __future__ import annotations

import pytest

from retroscope.debug.condition import ConditionError, Env, compile_condition

MEMORY = bytearray(0x10000)
MEMORY[0x0041] = 19
MEMORY[0x0017] = 0x34
MEMORY[0x0018] = 0x12
REGS = {"a": 0x0F, "x": 3, "y": 0, "s": 0xFD, "p": 0x24, "pc": 0xAB47}


def env(big_endian: bool = False) -> Env:
    return Env({name: (lambda v=v: v) for name, v in REGS.items()}, MEMORY.__getitem__,
               {"rng": 0x0017, "level": 0x0041}, {"frame": lambda: 7},
               big_endian=big_endian)


def value(text: str, big_endian: bool = False) -> int:
    return compile_condition(text, env(big_endian))()


@pytest.mark.parametrize(("text", "expected"), [
    ("a == $0F && [$0041] > 18", 1),
    ("a == $0F && [$0041] > 19", 0),
    ("A == 15", 1),  # register names ignore case
    ("x + 1 == 4", 1),
    ("a & %1000 == 8", 1),  # bitwise binds tighter than comparison
    ("a | $F0", 0xFF),
    ("a ^ $FF", 0xF0),
    ("!(a == 15) || x == 3", 1),
    ("!0", 1),
    ("-1 + 2", 1),
    ("~0 & $FF", 0xFF),
    ("w[$0017]", 0x1234),
    ("w[rng] == $1234", 1),
    ("[level] >= 19 && [level] <= 19", 1),
    ("[level + 0] != 19", 0),
    ("0x10 + $10 + 16 + %1_0000", 64),
    ("pc == $AB47", 1),
    ("frame == 7", 1),
    ("(((a)))", 15),
    ("a < 16 && x > 2 && y >= 0 && s <= $FD", 1),
])
def test_conditions_evaluate_over_registers_memory_and_symbols(text: str, expected: int) -> None:
    assert value(text) == expected


def test_words_follow_the_cpus_byte_order() -> None:
    assert value("w[$0017]", big_endian=True) == 0x3412


def test_logic_operators_short_circuit() -> None:
    # The right side would read memory through a failing reader if evaluated.
    def boom(addr: int) -> int:
        raise AssertionError("evaluated the right side")
    e = Env({"a": lambda: 0}, boom)
    assert compile_condition("a && [1]", e)() == 0
    e2 = Env({"a": lambda: 1}, boom)
    assert compile_condition("a || [1]", e2)() == 1


def test_a_condition_sees_registers_as_they_are_when_it_is_evaluated() -> None:
    regs = {"a": 1}
    cond = compile_condition("a == 2", Env({"a": lambda: regs["a"]}, MEMORY.__getitem__))
    assert cond() == 0
    regs["a"] = 2
    assert cond() == 1


@pytest.mark.parametrize(("text", "column", "words"), [
    ("", 1, "empty"),
    ("a ==", 5, "value is missing"),
    ("a == $0F &&", 12, "value is missing"),
    ("[ $41", 6, "expected ']'"),
    ("(a == 1", 8, "expected ')'"),
    ("a == 1)", 7, "unexpected ')'"),
    ("a = 1", 3, "use == to compare"),
    ("foo > 1", 1, "unknown name 'foo'"),
    ("a == $", 6, "unexpected character '$'"),
    ("a # 1", 3, "unexpected character '#'"),
    ("1 < a < 3", 7, "cannot be chained"),
    ("a == 1 2", 8, "after a complete expression"),
    ("__import__('os')", 12, "unexpected character"),
])
def test_bad_conditions_say_where_and_why(text: str, column: int, words: str) -> None:
    with pytest.raises(ConditionError) as info:
        compile_condition(text, env())
    assert info.value.column == column
    assert words in str(info.value)
    assert str(info.value).startswith(f"column {column}:")


def test_deep_nesting_is_refused_with_a_message_not_a_crash() -> None:
    with pytest.raises(ConditionError, match="nested more than"):
        compile_condition("(" * 100 + "1" + ")" * 100, env())
    with pytest.raises(ConditionError, match="nested more than"):
        compile_condition("!" * 200 + "1", env())


def test_overlong_conditions_are_refused() -> None:
    with pytest.raises(ConditionError, match="longer than"):
        compile_condition("1 + " * 200 + "1", env())


def test_registers_win_over_symbols_of_the_same_name() -> None:
    e = env()
    e.symbols["a"] = 0x1234
    assert compile_condition("a", e)() == 0x0F


def test_no_input_makes_the_parser_fail_other_than_with_a_condition_error() -> None:
    """Random text and random token soup: a value or a ConditionError, nothing else."""
    import random
    rnd = random.Random(7)
    pieces = ["a", "x", "[", "]", "w[", "(", ")", "==", "!=", "<", "<=", ">", ">=", "&&",
              "||", "!", "-", "~", "+", "&", "|", "^", "$", "$1F", "0x", "%", "%101", "12",
              "rng", "level", "frame", " ", "=", "'", "__import__", "9" * 30]
    e = env()
    for _ in range(3000):
        if rnd.random() < 0.5:
            text = "".join(rnd.choice(pieces) for _ in range(rnd.randrange(1, 12)))
        else:
            text = "".join(chr(rnd.randrange(32, 127)) for _ in range(rnd.randrange(0, 20)))
        try:
            result = compile_condition(text, e)()
        except ConditionError:
            continue
        assert isinstance(result, int)
