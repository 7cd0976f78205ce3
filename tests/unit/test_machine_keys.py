"""Each machine says what its buttons do, in one place (INFO.actions): the
first screen's hint, the `?` overlay and the Controls panel read it with the
bindings from INFO.keys, so the description does not name keys again."""

from __future__ import annotations

import pytest

from retroscope import machines

NAMED = ("tetris", "backgammon", "pacman", "crpg", "jmc")


@pytest.mark.parametrize("machine_id", [m for m in NAMED if m in machines.available()])
def test_every_button_a_player_uses_says_what_it_does(machine_id: str) -> None:
    info = machines.info(machine_id)
    named = [button for button, _ in info.actions]
    assert named and len(named) == len(set(named))
    assert set(named) <= set(info.buttons)
    assert all(what.strip() for _, what in info.actions)
    assert info.keys, "the page's hint and help read INFO.keys"
    assert set(info.keys.values()) <= set(info.buttons)
    # Every bound key presses a button that says what it does, but for the
    # NES pad's defaults that Backgammon leaves unused.
    unused = {"Up", "Down", "Select"} if machine_id == "backgammon" else set()
    assert set(info.keys.values()) - set(named) == unused
    assert "Keys:" not in info.summary  # one table of keys: INFO.actions


def test_the_actions_travel_to_the_page_in_order() -> None:
    info = machines.info("tetris").to_json()
    assert info["actions"][:2] == [["Left", "move left"], ["Right", "move right"]]
    order = [button for button, _ in info["actions"]]
    assert order.index("P2 Left") > order.index("A")  # player 1 first
