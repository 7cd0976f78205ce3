"""The FDS wavetable channel: the device on the FDS bus (fds/audio.py), the
page's synth (web/audio/chips/fds.js) measured from its samples under node,
and Backgammon's own effects played through both."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from tools.sound_measure import (
    NES_CLOCK,
    NES_FRAME,
    RATE,
    frame,
    frequency,
    node,
    peak_to_peak,
    render,
    silent,
)

REPO = Path(__file__).resolve().parents[2]


needs_node = pytest.mark.skipif(node() is None, reason="node renders the sound")
SINE = [round(31.5 + 31.5 * math.sin(2 * math.pi * k / 64)) for k in range(64)]


def fds_frames(writes, frames=20):
    return [frame(NES_FRAME, writes, chip="fds")] + silent(frames - 1, chip="fds")


def setup(pitch=1030, gain=32, master=0, wave=SINE, envelope=None):
    """Writes (reg = address - $4040) loading `wave` and starting a note."""
    out = [(0, 0x49, 0x80)] + [(0, i, v) for i, v in enumerate(wave)]
    out += [(0, 0x49, master), (0, 0x4A, 0xE8), (0, 0x40, 0x80 | gain)]
    if envelope is not None:
        out.append((0, 0x40, envelope))
    out += [(0, 0x42, pitch & 0xFF), (0, 0x43, pitch >> 8)]
    return out


# -- the device ---------------------------------------------------------------------

def test_the_fds_logs_its_writes_and_guards_its_wave_ram():
    from retroscope.machines import create

    m = create("backgammon")
    apu, fds = m.sound_logs()
    assert (apu.chip, fds.chip) == ("apu", "fds")
    m.run_frame()
    fds.drain()
    m.write(0x4089, 0x00)
    m.write(0x4040, 0x3F)  # write-protected: ignored
    assert m.read(0x4040) & 0x3F == m.fds_sound.regs[0]
    m.write(0x4089, 0x80)
    m.write(0x4041, 0xFF)
    assert m.read(0x4041) == 0x40 | 0x3F  # 6 bits, open bus above
    m.write(0x4080, 0x9C)
    assert m.read(0x4090) & 0x3F == 0x1C
    regs = [w[1] for w in fds.triples()]
    assert regs == [0x49, 0x49, 0x01, 0x40]
    snap = m.snapshot()
    assert snap["devices"]["fds_sound"]["regs"][1] == 0x3F
    m.write(0x4041, 0x00)
    m.restore(snap)
    assert m.read(0x4041) == 0x7F


# -- the synth ------------------------------------------------------------------------

@needs_node
def test_pitch_is_cpu_clock_times_pitch_over_2_to_the_22():
    for pitch in (1030, 400):
        samples = render(fds_frames(setup(pitch=pitch)))[RATE // 20:]
        assert frequency(samples) == pytest.approx(NES_CLOCK * pitch / 2**22, rel=0.003)


@needs_node
def test_gain_and_master_volume_scale_the_wave():
    full = peak_to_peak(render(fds_frames(setup(gain=32)))[RATE // 10:])
    half = peak_to_peak(render(fds_frames(setup(gain=16)))[RATE // 10:])
    over = peak_to_peak(render(fds_frames(setup(gain=63)))[RATE // 10:])  # clamped at 32
    third = peak_to_peak(render(fds_frames(setup(gain=32, master=1)))[RATE // 10:])
    assert half / full == pytest.approx(0.5, rel=0.02)
    assert over == pytest.approx(full, rel=0.001)
    assert third / full == pytest.approx(2 / 3, rel=0.02)
    pulse15 = 95.88 / (8128 / 15 + 100)
    assert full == pytest.approx(2.4 * pulse15, rel=0.1)  # a sine, filtered: near full swing


@needs_node
def test_volume_envelope_decays_to_silence():
    # Gain 32, decreasing at speed 0: a step every 8 x 1 x $E8 = 1856 cycles.
    samples = render(fds_frames(setup(envelope=0x00), frames=4))
    ticks_to_zero = 32 * 1856 / NES_CLOCK * RATE
    early = peak_to_peak(samples[200:600])
    assert early > 0.1
    assert peak_to_peak(samples[int(ticks_to_zero) + 200:]) < 0.002


@needs_node
def test_write_enable_holds_the_output():
    writes = setup() + [(20000, 0x49, 0x80)]
    samples = render(fds_frames(writes, frames=3))
    after = samples[int(20000 / NES_CLOCK * RATE) + 300:]
    assert peak_to_peak(after) < 1e-3  # held (the filter settles on one level)


@needs_node
def test_modulation_bends_the_pitch():
    # A mod table of +1 steps: the counter climbs, the pitch rises with it.
    mod = [(0, 0x47, 0x80)] + [(0, 0x48, 1)] * 32 + [(0, 0x44, 0x80 | 20), (0, 0x45, 0),
                                                     (0, 0x46, 0x20), (0, 0x47, 0x00)]
    plain = frequency(render(fds_frames(setup(pitch=600)))[RATE // 20:RATE // 10])
    bent = render(fds_frames(setup(pitch=600) + mod))
    assert frequency(bent[RATE // 20:RATE // 10]) != pytest.approx(plain, rel=0.02)


# -- Backgammon's effects, end to end ----------------------------------------------

@needs_node
def test_backgammon_rattles_the_dice_and_tocks_a_move():
    from retroscope.machines import create
    from retroscope.machines.backgammon import sounds
    from retroscope.machines.backgammon.layout import COUNTER, SFX_REQ
    from retroscope.machines.backgammon.machine import BUTTON, counter_for

    m = create("backgammon")
    frames = []

    def run(n, buttons=0):
        for _ in range(n):
            m.run_frame(buttons)
            frames.append({"cycles": m.last_frame_cycles, "clock": m.INFO.clock_hz,
                           "logs": [{"chip": log.chip, "clock": log.clock_hz,
                                     "writes": log.drain()} for log in m.sound_logs()]})

    # As the worker does: every frame's writes drained, from the reset on
    # (the program loads its wave then); Start begins the game and its roll.
    m.write(COUNTER, counter_for(5))
    m.reset()
    run(3, BUTTON["Start"])
    run(40)
    dice_regs = [w for f in frames for w in f["logs"][1]["writes"][1::3]]
    assert dice_regs.count(0x42) == len(sounds.EFFECTS["dice"])  # one pitch a step
    dice_end = len(frames)
    m.write(SFX_REQ, sounds.SFX_IDS["move"])
    run(12)
    samples = render(frames)  # one run: the synth keeps the wave the program loaded
    per_frame = NES_FRAME / NES_CLOCK * RATE
    split = int(dice_end * per_frame)
    assert peak_to_peak(samples[:split]) > 0.1
    assert peak_to_peak(samples[split - RATE // 10:split]) < 1e-3  # over, and silent
    tock = samples[split:]
    start = next(i for i, s in enumerate(tock) if abs(s - tock[0]) > 1e-3)
    hz = sounds.hz_of(sounds.pitch(330))
    assert frequency(tock[start + 200:start + 200 + RATE // 20]) == pytest.approx(hz, rel=0.01)
