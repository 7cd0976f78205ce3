"""Each machine's own sound engine writes its chip when its event happens (read
back from the chip devices and their SoundLogs), and what it writes sounds as
composed once rendered by the page's synths."""

from __future__ import annotations

import json
import math
import shutil
import struct
import subprocess
from pathlib import Path
from typing import Any

import pytest

from retroscope.machines import create
from retroscope.machines.crpg.tiles import flags

ROOT = Path(__file__).resolve().parents[2]
RATE = 48_000
needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


def render_frames(machine: Any, frames: list[list[int]]) -> list[float]:
    """A machine's frames of writes, rendered as the page plays them."""
    log = machine.sound_logs()[0]
    job = [{"cycles": machine.last_frame_cycles, "clock": log.clock_hz,
            "logs": [{"chip": log.chip, "clock": log.clock_hz, "writes": w}]} for w in frames]
    done = subprocess.run(["node", str(ROOT / "tools" / "render_sound.mjs"), "--rate", str(RATE)],
                          input=json.dumps(job).encode(), capture_output=True, check=True)
    return list(struct.unpack(f"<{len(done.stdout) // 4}f", done.stdout))


def power(samples: list[float], hz: float) -> float:
    """Goertzel: the signal's power at one frequency."""
    k = 2 * math.cos(2 * math.pi * hz / RATE)
    s1 = s2 = 0.0
    for x in samples:
        s1, s2 = x + k * s1 - s2, s1
    return s1 * s1 + s2 * s2 - k * s1 * s2


def stands_out(samples: list[float], hz: float, apart: int = 1) -> bool:
    """Much stronger at hz than `apart` semitones either side."""
    here, step = power(samples, hz), 2 ** (apart / 12)
    return here > 20 * power(samples, hz * step) and here > 20 * power(samples, hz / step)


def run(machine: Any, buttons: int, frames: int) -> list[list[int]]:
    out = []
    for _ in range(frames):
        machine.run_frame(buttons)
        out.append(machine.sound_logs()[0].drain())
    return out


# -- Pac-Man --------------------------------------------------------------------------
def started_pacman() -> tuple[Any, list[list[int]]]:
    m = create("pacman")
    for buttons, frames in ((0, 60), (16, 5), (0, 5)):
        run(m, buttons, frames)
    return m, run(m, 32, 1) + run(m, 0, 14)


@needs_node
def test_pacman_starts_with_its_tune_c5_over_c3() -> None:
    m, frames = started_pacman()
    assert m.wsg.enabled and m.wsg.voice(0)["volume"] and m.wsg.voice(2)["volume"]
    # Stamped in the vertical blank's burst, each write at its own
    # instruction (the start press's frame runs over, its handler spilling
    # into the next): after the interrupt's frame event, rising.
    bursts = [w[0::3] for w in frames[5:] if w]
    assert bursts and all(43_008 < b[0] and b == sorted(b) and b[-1] - b[0] > 300
                          for b in bursts)
    assert stands_out(render_frames(m, frames[2:7]), 523.25)  # the first eighth: C5
    assert stands_out(render_frames(m, frames[2:14]), 130.81, 2)  # over a quarter of C3


def test_pacman_siren_rises_with_the_dots_and_a_dot_is_a_waka() -> None:
    m, _ = started_pacman()
    while m.read(0x4E00) != 2:  # ST_PLAY
        m.run_frame(0)
    m.run_frame(0)
    siren = m.wsg.voice(1)
    assert siren["volume"] == 8 and siren["waveform"] == 0
    lows = []
    for dots in (0, 200):
        m.write(0x4E06, dots)
        m.run_frame(0)       # worked out in this frame's vertical blank,
        heard = []           # written at the next one's
        for _ in range(34):  # a whole wobble
            m.run_frame(0)
            heard.append(m.wsg.voice(1)["hz"])
        lows.append(min(heard))
    # Pac-Man eats a dot or two meanwhile: a register step (1.46 Hz) each
    assert lows[1] - lows[0] == pytest.approx(200 * 96_000 / 2 ** 16, abs=5)


def test_each_dot_pac_man_eats_is_half_a_waka() -> None:
    m, _ = started_pacman()
    halves = []
    for _ in range(300):
        eaten = m.read(0x4E06)
        m.run_frame(2)
        if m.read(0x4E06) != eaten:
            m.run_frame(2)  # worked out now, written at the next vertical blank
            m.run_frame(2)
            voice = m.wsg.voice(0)
            halves.append((voice["volume"], voice["waveform"], m.read(0x4F10)))
    assert len(halves) >= 2
    assert all(v[:2] == (12, 1) for v in halves)
    assert {v[2] for v in halves} == {0, 1}  # "wa" and "ka" in turn


def test_pacman_frightened_eyes_ghost_and_death_sounds() -> None:
    m, _ = started_pacman()
    while m.read(0x4E00) != 2:
        m.run_frame(0)
    m.write(0x4E0C, 200)            # frightTimer
    m.run_frame(0)
    m.run_frame(0)
    assert m.wsg.voice(1)["waveform"] == 6 and m.wsg.voice(1)["volume"] == 9
    m.write(0x4D15, 3)              # Blinky: eyes going home
    m.run_frame(0)
    m.run_frame(0)
    assert m.wsg.voice(1)["waveform"] == 1 and m.wsg.voice(1)["hz"] > 1000
    m.call("sndGhost")
    m.run_frame(0)
    climb = []
    for _ in range(20):
        m.run_frame(0)
        climb.append(m.wsg.voice(0)["hz"])
    assert m.wsg.voice(0)["waveform"] == 3 and climb == sorted(climb) and climb[-1] > climb[0]
    m.call("die")
    falls = []
    for _ in range(150):  # the ghosts go at 60 frames: then the death sound
        m.run_frame(0)
        if m.wsg.voice(0)["volume"] and m.wsg.voice(0)["waveform"] == 0:
            falls.append(m.wsg.voice(0)["hz"])
    assert len(falls) > 80 and falls[0] > falls[-1]  # the death: falling warbles
    assert m.wsg.voice(1)["volume"] == 0              # no siren while dying


def test_the_demonstration_is_silent() -> None:
    m = create("pacman")
    heard = []
    for _ in range(900):  # the title, then the demonstration: ready, play
        m.run_frame(0)
        heard += [m.wsg.voice(v)["volume"] for v in range(3)]
    assert m.read(0x4E1B) == 1 and m.read(0x4E00) == 2
    assert not any(heard)


# -- the CRPG ---------------------------------------------------------------------------
def settled_crpg() -> Any:
    """The CRPG after boot, its first map drawn."""
    m = create("crpg")
    run(m, 0, 30)
    return m


def test_the_crpg_steps_with_a_footstep_each_step() -> None:
    m = settled_crpg()
    steps = m.read(m.symbols["STEPS"] + 1)
    written = [v for w in run(m, 1, 40) for v in w[2::3]]
    assert m.read(m.symbols["STEPS"] + 1) != steps
    assert {v for v in written if v & 0xF0 == 0xE0} == {0xE5, 0xE6}  # left foot, right foot


@pytest.mark.parametrize(("mob", "channels", "hz"), [(False, {0}, 150.0), (True, {0, 1}, 300.0)])
def test_the_crpg_knocks_on_a_wall_and_growls_at_a_mob(mob: bool, channels: set[int],
                                                       hz: float) -> None:
    m = settled_crpg()
    state = m.symbols["STATE"]
    solid = next(code for code, f in enumerate(flags()) if f & 0x40)
    m.write(state + 10, 0 if mob else solid)     # south: the tile, then a mob or $FF
    m.write(state + 11, 0 if mob else 0xFF)
    before, registers = m.cpu.snapshot(), [m.read(0x8300 + i) for i in range(32)]
    m.call("MOVE", r0=0)   # as the main loop would: then back to where it was
    m.cpu.restore(before)
    for i, value in enumerate(registers):
        m.write(0x8300 + i, value)
    written = [v for w in run(m, 0, 3) for v in w[2::3]]
    tones = {v >> 5 & 3 for v in written if v & 0x90 == 0x80 and v >> 5 & 3 < 3}
    assert tones == channels
    assert m.sound.tone_hz(0) == pytest.approx(hz, rel=0.01)  # the third frame's pitch


# -- JMC ----------------------------------------------------------------------------------
@needs_node
def test_jmc_plays_its_jingles_through_osword_7() -> None:
    m = create("jmc")
    run(m, 0, 5)
    before = m.cpu.snapshot()
    m.call("sound_result", a=1)
    m.cpu.restore(before)
    frames = run(m, 0, 30)
    assert round(m.sound.tone_hz(2)) == 1050  # MOS channel 1 is the chip's tone 2: top C
    samples = render_frames(m, frames[:7])  # the first 140 ms: C5 over C4
    assert stands_out(samples, 523.25) and stands_out(samples, 261.63)


def until_done(m: Any, after: int = 5) -> list[list[int]]:
    """Frames until the 6502's main loop has run the posted command, and more."""
    frames = []
    for _ in range(600):
        frames += run(m, 0, 1)
        if m.read(0x80) == 0:  # Z_command: the mailbox is empty again
            break
    return frames + run(m, 0, after)


def test_a_jmc_move_ticks_through_the_mailbox() -> None:
    m = create("jmc")
    run(m, 0, 5)
    m.write(0x81, 0)                           # resolve_move (command 2) through the
    m.write(0x82, 1)                           # mailbox: two empty squares, no fight
    m.write(0x80, 2)
    written = [v for w in until_done(m) for v in w[2::3]]
    assert written and round(m.sound.tone_hz(2)) == round(4e6 / 32 / 142)  # A5's period


def test_a_jmc_fight_in_play_clashes() -> None:
    from retroscope.machines.jmc.draw import cell_xy

    m = create("jmc")
    keys = {name: 1 << i for i, name in enumerate(m.INFO.buttons)}
    for key, done in (("R", lambda: m.read(0xC7)),             # Z_random
                      ("Return", lambda: m.state()["phase"] == "play")):
        for _ in range(600):  # held until the 6502's key scan has seen it
            run(m, keys[key], 1)
            if done():
                break
        run(m, 0, 5)
    assert m.state()["phase"] == "play"

    def click(p: int) -> list[list[int]]:
        x, y, w = cell_xy(p)
        m.pointer((x + w // 2) * 2, y + 10, True)
        frames = []
        for _ in range(600):                      # until the 6502 has taken the click
            frames += run(m, 0, 1)
            if not m.state()["busy"] and m.read(0xFC12) == 0:
                break
        return frames

    attack = None
    for piece in range(47, -1, -1):  # the first of red's pieces that can attack
        pid = m.read(0x400 + piece)
        if pid & 0x80 or not pid & 4 or piece in (0x18, 0x1F):
            continue
        click(piece)
        marks = m.marks()
        if 2 in marks:
            attack = marks.index(2)
            break
    assert attack is not None
    written = [v for w in click(attack) + run(m, 0, 30) for v in w[2::3]]
    assert 0xE6 in written              # the clash: white noise
    assert written[-1] == 0xDF          # then the tone (MOS channel 1, chip 2) off
