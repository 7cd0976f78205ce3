"""The Namco WSG and the SN76489: register sequences rendered by the page's own
synths (web/audio/chips/*.js, under node) give the pitch, level and noise the
hardware would, measured from the samples; the Python devices decode the same
registers."""

from __future__ import annotations

import json
import math
import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from retroscope.machines.namco.wsg import SOUND_PROM, Wsg, prom_module
from retroscope.machines.sn76489 import BBC_CLOCK, SN76489, TI99_CLOCK

ROOT = Path(__file__).resolve().parents[2]
RATE = 48_000
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed")


def render(chip: str, clock: float, writes: list[int], seconds: float = 1.0) -> list[float]:
    """The writes as one frame `seconds` long, through tools/render_sound.mjs."""
    frames = [{"cycles": round(clock * seconds), "clock": clock,
               "logs": [{"chip": chip, "clock": clock, "writes": writes}]}]
    done = subprocess.run([NODE, str(ROOT / "tools" / "render_sound.mjs"), "--rate", str(RATE)],
                          input=json.dumps(frames).encode(), capture_output=True, check=True)
    data = done.stdout
    return list(struct.unpack(f"<{len(data) // 4}f", data))


def rising_crossings(samples: list[float]) -> int:
    mean = sum(samples) / len(samples)
    return sum(1 for a, b in zip(samples, samples[1:], strict=False) if a < mean <= b)


def rms(samples: list[float]) -> float:
    mean = sum(samples) / len(samples)
    return math.sqrt(sum((s - mean) ** 2 for s in samples) / len(samples))


# -- the WSG --------------------------------------------------------------------
WSG_CPU = 3_072_000


def wsg_voice(voice: int, hz: float, volume: int, wave: int) -> list[int]:
    """Writes (stamp 0) that set a voice; the board's enable first."""
    shift = 0 if voice == 0 else 4
    freq = Wsg.frequency_for(hz, WSG_CPU, shift)
    first = (0x10, 0x16, 0x1B)[voice]
    nibbles = 5 if voice == 0 else 4
    writes = [0, 0x20, 1]
    for n in range(nibbles):
        writes += (0, first + n, freq >> (4 * n) & 15)
    writes += (0, (0x15, 0x1A, 0x1F)[voice], volume, 0, (0x05, 0x0A, 0x0F)[voice], wave)
    return writes


def test_the_prom_module_is_made_from_the_python_table() -> None:
    assert (ROOT / "web/audio/chips/wsg_prom.js").read_text() == prom_module()
    assert len(SOUND_PROM) == 256 and max(SOUND_PROM) <= 15


def test_the_wsg_device_decodes_what_the_cpu_wrote() -> None:
    wsg = Wsg(WSG_CPU)
    for _stamp, reg, value in zip(*[iter(wsg_voice(1, 440.0, 12, 3))] * 3, strict=True):
        if reg < 0x20:
            wsg.write(reg, value)
    voice = wsg.voice(1)
    assert voice["volume"] == 12 and voice["waveform"] == 3
    assert abs(voice["hz"] - 440.0) < 1.0


@needs_node
@pytest.mark.parametrize(("voice", "hz", "wave"), [(0, 486.3, 0), (1, 220.0, 1), (2, 1000.0, 2),
                                                   (0, 110.0, 5)])
def test_a_wsg_voice_sounds_at_freq_times_96khz_over_2_to_the_20(voice: int, hz: float,
                                                                  wave: int) -> None:
    samples = render("wsg", WSG_CPU, wsg_voice(voice, hz, 15, wave))
    assert rising_crossings(samples) == pytest.approx(hz, rel=0.01)


@needs_node
def test_the_octave_waveform_sounds_an_octave_up() -> None:
    samples = render("wsg", WSG_CPU, wsg_voice(1, 300.0, 15, 6))
    assert rising_crossings(samples) == pytest.approx(600, rel=0.01)


@needs_node
def test_wsg_volume_scales_the_level_and_the_enable_line_silences() -> None:
    loud = rms(render("wsg", WSG_CPU, wsg_voice(2, 500.0, 15, 0), 0.25))
    soft = rms(render("wsg", WSG_CPU, wsg_voice(2, 500.0, 5, 0), 0.25))
    assert loud / soft == pytest.approx(3.0, rel=0.02)
    off = wsg_voice(2, 500.0, 15, 0)
    off[2] = 0  # the board's $5001 latch left at 0
    assert max(abs(s) for s in render("wsg", WSG_CPU, off, 0.1)) == 0


@needs_node
def test_wsg_writes_take_effect_at_their_stamp() -> None:
    writes = wsg_voice(0, 400.0, 15, 0) + [WSG_CPU // 2, 0x15, 0]  # silent after 0.5 s
    samples = render("wsg", WSG_CPU, writes)
    first, second = samples[: RATE // 2 - 10], samples[RATE // 2 + 10:]
    assert rms(first) > 0.1 and max(abs(s) for s in second) == 0


# -- the SN76489 ------------------------------------------------------------------
def sn_writes(clock: int, data: bytes) -> list[int]:
    writes = [0, 1, clock]
    for value in data:
        writes += (0, 0, value)
    return writes


def test_the_latch_and_data_protocol() -> None:
    chip = SN76489(BBC_CLOCK, 2_000_000)
    for value in (0x8E, 0x0F, 0x92, 0xA5, 0x3F, 0xE5, 0xFA, 0x03):
        chip.write(value)
    assert chip.periods == [0x0FE, 0x3F5, 0]
    assert chip.attenuation == [2, 15, 15, 3]  # the data byte went to the latched noise volume
    assert chip.noise == 5
    chip.write(0xC1)   # latch tone 2, low bits 1
    chip.write(0x10)   # data: high bits
    assert chip.periods[2] == 0x101
    assert chip.tone_hz(2) == pytest.approx(BBC_CLOCK / 32 / 0x101)


@needs_node
@pytest.mark.parametrize(("clock", "channel", "hz"), [(BBC_CLOCK, 0, 440.0),
                                                      (TI99_CLOCK, 1, 440.0),
                                                      (TI99_CLOCK, 2, 1200.0),
                                                      (BBC_CLOCK, 2, 150.0)])
def test_a_tone_sounds_at_clock_over_32n(clock: int, channel: int, hz: float) -> None:
    period = SN76489.period_for(hz, clock)
    data = SN76489.tone_bytes(channel, period) + bytes([SN76489.volume_byte(channel, 0)])
    samples = render("sn76489", 1_000_000, sn_writes(clock, data))
    assert rising_crossings(samples) == pytest.approx(clock / 32 / period, rel=0.01)


@needs_node
def test_attenuation_is_2_db_a_step_and_15_is_off() -> None:
    def level(att: int) -> float:
        data = SN76489.tone_bytes(0, 200) + bytes([SN76489.volume_byte(0, att)])
        return rms(render("sn76489", 1_000_000, sn_writes(BBC_CLOCK, data), 0.25))
    full = level(0)
    for att in (1, 3, 7):
        assert 20 * math.log10(level(att) / full) == pytest.approx(-2.0 * att, abs=0.05)
    assert level(15) == 0


@needs_node
@pytest.mark.parametrize("rate", [0, 1, 2])
def test_periodic_noise_repeats_every_15_shifts(rate: int) -> None:
    data = bytes([0xE0 | rate, SN76489.volume_byte(3, 0)])
    samples = render("sn76489", 1_000_000, sn_writes(BBC_CLOCK, data))
    shift_hz = BBC_CLOCK / (512, 1024, 2048)[rate]
    assert rising_crossings(samples) == pytest.approx(shift_hz / 15, rel=0.01)


@needs_node
def test_white_noise_is_noise_at_its_shift_rate_and_follows_tone_2() -> None:
    white = render("sn76489", 1_000_000, sn_writes(BBC_CLOCK, bytes([0xE4, 0xF0])))
    # a 15-bit maximal sequence: about a quarter of the shifts start a run of ones
    shifts = BBC_CLOCK / 512
    assert rising_crossings(white) == pytest.approx(shifts / 4, rel=0.1)
    assert rms(white) > 0.2
    # rate 3: tone 2's period (kept silent) clocks the periodic noise
    data = SN76489.tone_bytes(2, 100) + bytes([0xDF, 0xE3, 0xF0])
    samples = render("sn76489", 1_000_000, sn_writes(TI99_CLOCK, data))
    assert rising_crossings(samples) == pytest.approx(TI99_CLOCK / 32 / 100 / 15, rel=0.01)


def test_the_state_bytes_rebuild_the_chip() -> None:
    chip = SN76489(TI99_CLOCK, 3_000_000)
    for value in (0x85, 0x12, 0xB4, 0xC9, 0x3F, 0xE6, 0xF1, 0x9A, 0xD7):
        chip.write(value)
    copy = SN76489(TI99_CLOCK, 3_000_000)
    for value in chip.state_bytes():
        copy.write(value)
    assert copy.snapshot() == chip.snapshot()


def test_the_sync_writes_bring_a_fresh_synth_to_the_chip() -> None:
    """The page makes its synths afresh after a load, reset, step or seek: the
    worker then sends each log's `sync` writes, the chip's state now."""
    chip = SN76489(BBC_CLOCK, 2_000_000)
    for value in (0x85, 0x12, 0xB4, 0xE5, 0xF1, 0xC3, 0x2A):
        chip.write(value)
    writes = chip.log.sync_writes()
    assert writes[:3] == [0, 1, BBC_CLOCK]
    fresh = SN76489(BBC_CLOCK, 2_000_000)
    for i in range(3, len(writes), 3):
        assert writes[i:i + 2] == [0, 0]
        fresh.write(writes[i + 2])
    assert fresh.snapshot() == chip.snapshot()

    wsg = Wsg(WSG_CPU)
    wsg.set_enabled(1)
    for reg, value in ((0x10, 3), (0x11, 9), (0x15, 12), (0x05, 4)):
        wsg.write(reg, value)
    fresh_wsg = Wsg(WSG_CPU)
    for stamp, reg, value in zip(*[iter(wsg.log.sync_writes())] * 3, strict=True):
        assert stamp == 0
        if reg == 0x20:
            fresh_wsg.set_enabled(value)
        else:
            fresh_wsg.write(reg, value)
    assert fresh_wsg.snapshot() == wsg.snapshot()
