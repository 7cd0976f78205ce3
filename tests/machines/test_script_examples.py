"""The scripts that ship (py/retroscope/script/examples), run on their machines
in CPython: each does what its text says, checked against the machine and
its reference model. The Tetris AI's script plays as "AI plays" does, and a
changed weight plays another game."""

from __future__ import annotations

import re

import pytest

from retroscope import machines
from retroscope.debug import Session
from retroscope.script import shipped as examples
from retroscope.script.host import ScriptHost

EXAMPLES = {e.name: e for e in examples.EXAMPLES}


def start(name: str, **params) -> tuple[Session, ScriptHost]:
    example = EXAMPLES[name]
    session = Session(machines.create(example.machine, **params))
    host = ScriptHost(session)
    result = host.run(example.text())
    assert result["ok"], result
    return session, host


def printed(host: ScriptHost) -> str:
    return "".join(text for kind, text in host.news()["output"] if kind in ("out", "log"))


def press(session: Session, name: str, frames: int = 3, after: int = 20) -> None:
    bit = 1 << session.machine.INFO.buttons.index(name)
    session.run_frames(frames, bit)
    session.run_frames(after, 0)


def test_every_machine_has_an_example_and_each_runs():
    assert {e.machine for e in examples.EXAMPLES} == set(machines.available())
    for example in examples.EXAMPLES:
        session, host = start(example.name)
        session.run_frames(120)
        assert host.status == "running", (example.name, host.message, printed(host))
        assert examples.for_machine(example.machine)[0]["text"].startswith('"""')


def test_the_ai_script_plays_as_ai_plays_and_a_changed_weight_plays_another_game():
    frames = 900
    builtin = Session(machines.create("tetris", level=18))
    builtin.set_input_source(machines.input_sources("tetris")["ai"]({}), "ai")
    builtin.run_frames(frames)
    session, host = start("tetris_ai", level=18)
    session.run_frames(frames)
    assert session.state_hash() == builtin.state_hash()
    assert host.overlay.shapes  # the plan over the playfield
    assert session.machine.variable("lines") > 0
    text = EXAMPLES["tetris_ai"].text()
    changed = text.replace('"holes": -30.0', '"holes": 30.0', 1)
    assert changed != text
    other = Session(machines.create("tetris", level=18))
    other_host = ScriptHost(other)
    assert other_host.run(changed)["ok"]
    other.run_frames(frames)
    assert other.machine.read_space("cpu", 0x400, 200) != session.machine.read_space(
        "cpu", 0x400, 200)  # another playfield
    assert other_host.status == "running"


def test_the_rng_logger_logs_what_0017_and_0018_hold_after_each_frame():
    session, host = start("tetris_rng")
    for _ in range(40):
        session.run_frames(1)
        line = printed(host).strip().splitlines()[-1]
        value = session.machine.read_space("cpu", 0x17, 2).hex().upper()
        assert line == f"[frame {session.machine.frame}] RNG ${value}"
    assert host.overlay.shapes[0][3] == f"RNG ${value}"


def test_the_ghost_logger_logs_the_choice_the_reference_model_makes():
    from retroscope.machines.pacman import model

    session, host = start("pacman_ghosts")
    session.run_frames(30)
    press(session, "Coin")
    press(session, "Start")
    session.run_frames(400)
    lines = re.findall(r"\] (\w+) +at \((\d+), (\d+)\): target \((-?\d+), (-?\d+)\), "
                       r"came (\w+), goes (\w+)", printed(host))
    assert len(lines) > 10
    ways = ("right", "down", "left", "up")
    for _, x, y, tx, ty, came, goes in lines:
        position = model.position(int(x), int(y))
        target = ((0x3B - int(tx)) << 8 | (int(ty) + 0x1E)) & 0xFFFF
        chosen = model.choose_direction(session.machine.read, position, target,
                                        ways.index(came))
        assert ways[chosen.direction] == goes
    assert {shape[0] for shape in host.overlay.shapes} == {"box"}


def test_the_dice_script_foretells_each_roll():
    session, host = start("backgammon_dice")
    for _ in range(12):
        for name in ("Start", "A"):
            press(session, name, after=30)
    out = printed(host)
    foretold = re.findall(r"the game will roll \((\d), (\d)\)", out)
    rolled = re.findall(r"it rolled \((\d), (\d)\)", out)
    assert len(rolled) >= 2 and rolled == foretold[:len(rolled)]
    assert "not what this script foretold" not in out


def test_the_mapprc_script_adds_its_stages_to_what_the_machine_measures():
    session, host = start("crpg_mapprc")
    session.run_frames(60)
    for name in ("Right", "Down"):
        press(session, name, frames=2, after=60)
    found = re.findall(r"MAPPRC ([\d,]+) cycles = (.*)", printed(host))
    assert len(found) >= 2
    for total, stages in found:
        parts = dict((name.strip(), int(n.replace(",", "")))
                     for name, n in re.findall(r"([a-z ]+) ([\d,]+)", stages))
        assert sum(parts.values()) == int(total.replace(",", ""))
        assert {"window", "mobs", "line of sight", "masking"} <= set(parts)
    # The machine's own probes time the same call (with its BL and return,
    # without the interrupt's cycles): within a few percent.
    last = int(found[-1][0].replace(",", ""))
    assert abs(last - session.machine.step_cycles) < 0.05 * last


def test_the_inference_script_lists_what_the_6502_narrowed():
    from retroscope.machines.jmc import ai
    from retroscope.machines.jmc import model as M
    from retroscope.machines.jmc.program import key

    session, host = start("jmc_inferred")
    m = session.machine

    def settle(frames: int = 4) -> None:
        session.run_frames(frames, 0)
        for _ in range(200):
            if not m.state()["busy"]:
                return
            session.run_frames(1, 0)

    def keys(name: str, frames: int = 4) -> None:
        session.run_frames(2, key(name))
        settle(frames)

    def click_cell(p: int) -> None:
        from retroscope.machines.jmc.draw import cell_xy
        x, y, w = cell_xy(p)
        session.pointer((x + w // 2) * 2, y + 10, True)
        settle()

    settle(3)
    keys("C")
    keys("R")
    keys("Return", frames=6)
    assert "nothing yet" in printed(host)
    board = m.board()
    frm, to = M.pos(1, 4), M.pos(1, 3)  # the human's piece attacks the computer's
    board.pieces[frm], board.types[frm] = frm, M.SO5
    board.pieces[to], board.types[to] = to, M.TANK
    m.load_board(board)
    session.run_frames(1, 0)
    click_cell(frm)
    click_cell(to)
    settle(8)
    want = ai.possible_types(M.TANK, m.bus.ram[0x53], False)
    names = " or ".join(M.NAMES[t] for t in sorted(want))
    assert f"piece {M.flip(frm)}: {names}" in printed(host)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_each_example_is_a_script_a_link_carries(name):
    from retroscope import share

    text = EXAMPLES[name].text()
    assert share.decode_script(share.encode_script(text)) == text
