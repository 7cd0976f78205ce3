"""Each machine says what its buttons do, in one place (INFO.actions): the
first screen's hint, the `?` overlay and the Controls panel read it with the
bindings from INFO.keys, so the description does not name keys again."""

from __future__ import annotations

import pytest

from retroscope import machines
from retroscope.machines.base import PAD_DIRECTIONS, TouchControls

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


# -- touch screens (INFO.touch: web/touch.js draws what TouchControls.plan gives) ---------------

@pytest.mark.parametrize("machine_id", [m for m in NAMED if m in machines.available()])
def test_a_touch_screen_reaches_every_button_a_player_uses(machine_id: str) -> None:
    info = machines.info(machine_id)
    assert info.touch.problems(info.buttons) == []
    plan = info.to_json()["touch"]
    assert plan["ways"] or plan["board"], "a pad, or taps on the picture"
    shown = [b["button"] for b in plan["buttons"]]
    assert len(shown) == len(set(shown))
    assert all(len(b["caption"]) <= 16 for b in plan["buttons"]), "each caption fits its button"
    # The directions: on the pad, or a board game's taps (which do what its
    # cursor keys do).
    pointed = set(PAD_DIRECTIONS) if plan["ways"] or plan["board"] else set()
    used = {button for button, _ in info.actions}
    assert used <= pointed | set(shown) | set(info.touch.omit)
    assert not set(shown) & set(info.touch.omit)


def test_each_machine_gets_the_controls_its_game_needs() -> None:
    def plan(machine_id: str) -> tuple[int, bool, bool, list[str], list[str]]:
        p = machines.info(machine_id).to_json()["touch"]
        return (p["ways"], p["keep_direction"], p["board"],
                [b["button"] for b in p["buttons"] if not b["big"]],
                [b["button"] for b in p["buttons"] if b["big"]])

    # The NES pad with diagonals and B A; player 2 stays on the keyboard.
    assert plan("tetris") == (8, False, False, ["Start", "Select"], ["B", "A"])
    assert plan("pacman") == (4, True, False, ["Coin", "Start"], [])  # the arcade's stick
    assert plan("crpg") == (4, False, False, [], [])                  # a square a step
    # Board games: taps on the board, and the keys the board does not give.
    assert plan("backgammon") == (0, False, True, ["Start", "B"], [])
    assert plan("jmc") == (0, False, True, ["Return", "H", "C", "D", "R", "B", "P", "S", "E",
                                            "Escape"], [])
    jmc = machines.info("jmc").to_json()["touch"]
    captions = {b["button"]: b["caption"] for b in jmc["buttons"]}
    assert (captions["P"], captions["S"], captions["E"]) == ("place", "switch", "end")


def test_a_touch_plan_says_what_does_not_fit_its_machine() -> None:
    assert TouchControls().problems(("Up", "Down", "Left", "Right", "A")) == []
    found = TouchControls(ways=6, big=("Z",), omit=("Q",)).problems(("A",))
    assert len(found) == 4 and "6 ways" in found[0] and "needs the buttons" in found[1]
    assert TouchControls(ways=0).problems(("A",)) == []  # no pad: no directions needed


def test_a_caption_is_what_the_button_does_in_a_few_words() -> None:
    touch = TouchControls(captions={"C": "computer", "Coin": ""})
    assert touch.caption("D", "menu: debug mode") == "debug mode"
    assert touch.caption("C", "menu: against the computer") == "computer"
    assert touch.caption("Start", "start, pause") == ""  # no more than its name
    assert touch.caption("Coin", "put in a coin") == ""
    assert touch.caption("R", "menu: random setup; in the setup, this side") == "random setup"
