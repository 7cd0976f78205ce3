"""Each machine's table of documented variables: one source for the panel's
rows, the Gymnasium environments' info and scripts."""

from __future__ import annotations

import pytest

from retroscope import machines
from retroscope.machines import MachineError
from retroscope.machines.variables import Variable, describe, type_size


@pytest.fixture(scope="module", params=machines.available())
def played(request):
    """Each machine after a few hundred frames of pressing its buttons."""
    m = machines.create(request.param)
    for i in range(300):
        m.run_frame((i * 7919 >> 3) & ((1 << len(m.INFO.buttons)) - 1) if i % 3 else 0)
    return m


def test_every_machine_has_a_table_of_unique_names_at_real_places(played) -> None:
    table = played.VARIABLES
    assert table, f"{played.INFO.id} documents no variables"
    names = [v.name for v in table]
    assert len(names) == len(set(names))
    for row in describe(table, played.symbols):
        assert 0 <= row["address"] <= 0xFFFF and row["size"] == type_size(row["type"])


def test_the_panel_shows_the_tables_variables_at_their_addresses(played) -> None:
    rows = {(r["name"], r["addr"], r["size"]) for r in played.state()["mechanics"]}
    usual = [v for v in played.VARIABLES if not v.group or v.group == "stats"]
    for v in usual:
        assert (v.label or v.name, v.address(played.symbols), v.size) in rows


def test_values_agree_with_the_games_own_summary(played) -> None:
    values, state = played.variables(), played.state()
    mid = played.INFO.id
    if mid == "tetris":
        assert values["score"] == int(state["score"]) and values["lines"] == int(state["lines"])
        assert values["RNG"] == state["rng"] and values["level"] == state["level"]
    elif mid == "pacman":
        assert (values["score"], values["lives"], values["level"]) == (
            state["score"], state["lives"], state["level"])
        assert values["dotsLeft"] == state["dots_left"]
    elif mid == "crpg":
        assert (values["X"], values["Y"]) == (state["x"], state["y"])
    elif mid == "jmc":
        assert f"{values['seed']:08X}" == state["seed"]
    elif mid == "backgammon":
        assert len(values["rngTable"]) == 55
    assert played.variable(played.VARIABLES[0].name) == values[played.VARIABLES[0].name]


def test_an_unknown_variable_is_named_with_the_known_ones() -> None:
    m = machines.create("tetris")
    with pytest.raises(MachineError, match="no variable 'nope'.*score"):
        m.variable("nope")


@pytest.mark.parametrize(("kind", "data", "value"), [
    ("u8", b"\xfe", 254), ("s8", b"\xfe", -2), ("u16", b"\x34\x12", 0x1234),
    ("u16be", b"\x12\x34", 0x1234), ("u32", b"\x01\x00\x00\x80", 0x80000001),
    ("bcd16", b"\x34\x12", 1234), ("bcd24", b"\x99\x99\x99", 999_999),
    ("bcd24", b"\x00\x50\x01", 15_000), ("u8[3]", b"\x01\x02\x03", [1, 2, 3]),
])
def test_types_decode_their_bytes(kind, data, value) -> None:
    assert Variable("v", 0, kind).decode(data) == value


def test_a_table_refuses_an_unknown_type_or_format() -> None:
    with pytest.raises(ValueError, match="unknown variable type"):
        Variable("v", 0, "u24")
    with pytest.raises(ValueError, match="format"):
        Variable("v", 0, "u8", "octal")
