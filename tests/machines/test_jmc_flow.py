"""JMC's flow on the 6502: what the computer infers (flow.asm's `learn`) against
the model (ai.possible_types, Knowledge.moved), and the key buffer."""

from __future__ import annotations

import random

import pytest

from retroscope.machines.jmc import ai, create
from retroscope.machines.jmc import model as M
from retroscope.machines.jmc.program import key

Z_PHASE, Z_RESULT, Z_ATTACKER, Z_DEFENDER = 0x5A, 0x53, 0x54, 0x55
Z_LAST_FROM, Z_LAST_TO = 0x60, 0x61
V_KNOW_LO, V_KNOW_HI, V_TYPES = 0x780, 0x7B0, 0x430


@pytest.fixture(scope="module")
def machine():
    m = create()
    for _ in range(5):
        m.run_frame(0)
    return m


def mask(m, pid: int) -> set[int]:
    value = m.read(V_KNOW_LO + pid) | m.read(V_KNOW_HI + pid) << 8
    return {t for t in range(16) if value >> t & 1}


def forget(m) -> None:
    for pid in range(48):
        m.write(V_KNOW_LO + pid, 0xFF)
        m.write(V_KNOW_HI + pid, 0xFF)


def test_a_fight_narrows_the_enemy_piece_as_the_model_does(machine) -> None:
    m = machine
    for ours in range(16):
        for theirs in range(16):
            for computer_attacked in (True, False):
                forget(m)
                if computer_attacked:       # the computer (bottom) attacks the top piece
                    attacker, defender, enemy = 0x0D, 0x0B, 0x0B
                    atype, dtype = ours, theirs
                else:                       # the player attacks: the computer's frame flips
                    attacker, defender, enemy = 0x0D, 0x0B, M.flip(0x0D)
                    atype, dtype = theirs, ours
                if not computer_attacked and theirs in (M.MINE, M.BANNER):
                    continue                # mines and banners never attack
                result = M.combat(atype, dtype)
                m.write(V_TYPES + attacker, atype)
                m.write(V_TYPES + defender, dtype)
                m.write(Z_ATTACKER, attacker)
                m.write(Z_DEFENDER, defender)
                m.write(Z_RESULT, result)
                m.write(Z_PHASE, 5 if computer_attacked else 3)
                m.call("learn")
                want = ai.possible_types(ours, result, computer_attacked)
                assert mask(m, enemy) == want, (ours, theirs, computer_attacked)
                assert theirs in want


def test_a_move_says_what_a_piece_is_not(machine) -> None:
    m = machine
    rng = random.Random(3)
    for _ in range(200):
        forget(m)
        frm, to = rng.choice(M.SPACES), rng.choice(M.SPACES)
        m.write(Z_ATTACKER, frm)
        m.write(Z_RESULT, 0xFF)
        m.write(Z_LAST_FROM, frm)
        m.write(Z_LAST_TO, to)
        m.write(Z_PHASE, 3)
        m.call("learn")
        know = ai.Knowledge()
        far = abs((frm & 7) - (to & 7)) > 1 or abs((frm >> 3) - (to >> 3)) > 1
        know.moved(M.flip(frm), far)
        assert mask(m, M.flip(frm)) == set(know.of(M.flip(frm)))


def test_an_impossible_fight_keeps_what_was_known(machine) -> None:
    m = machine
    forget(m)
    m.write(V_KNOW_LO + 0x0B, 1 << M.SPY)          # known: a spy
    m.write(V_KNOW_HI + 0x0B, 0)
    m.write(V_TYPES + 0x0D, M.GENERAL)
    m.write(V_TYPES + 0x0B, M.GENERAL)
    m.write(Z_ATTACKER, 0x0D)
    m.write(Z_DEFENDER, 0x0B)
    m.write(Z_RESULT, M.BOTH_DIE)                  # a spy would have lost: no type fits
    m.write(Z_PHASE, 5)
    m.call("learn")
    assert mask(m, 0x0B) == {M.SPY}


def test_keys_pressed_while_a_screen_is_drawn_are_not_lost() -> None:
    m = create()
    for _ in range(3):
        m.run_frame(0)
    m.run_frame(key("Return"))          # the setup screen starts to draw (many frames)
    for name in ("Up", "Up", "Right", "Right", "Right"):
        m.run_frame(key(name))
        m.run_frame(0)
    for _ in range(300):
        m.run_frame(0)
        if not m.state()["busy"]:
            break
    assert m.state()["phase"] == "setup"
    assert m.state()["cursor"] == [3, 5]
