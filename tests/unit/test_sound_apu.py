"""The page's APU synth (web/audio/chips/apu.js), rendered offline under node by
tools/render_sound.mjs and measured from its samples: pitch, duty, volume,
envelope, sweep, length and linear counters, noise, the frame sequencer, and a
write's timing within its frame. Then the NES machine's own log, end to end."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.sound_measure import (
    NES_CLOCK,
    NES_FRAME,
    RATE,
    autocorrelation_peak,
    duty,
    frame,
    frequency,
    node,
    peak_to_peak,
    pulse_level,
    render,
    silent,
    triangle_level,
)

REPO = Path(__file__).resolve().parents[2]


pytestmark = pytest.mark.skipif(node() is None, reason="node renders the sound")

SETTLE = RATE // 20  # skip the first 50 ms of a note


def pulse(duty_bits=2, volume=15, timer=253, length=0x1F, sweep=0x08, *, halt=True,
          constant=True, base=0):
    """Writes starting pulse 1 (base 0) or 2 (base 4) at stamp 0."""
    ctrl = duty_bits << 6 | (0x20 if halt else 0) | (0x10 if constant else 0) | volume
    return [(0, 0x15, 0x0F), (0, base, ctrl), (0, base + 1, sweep),
            (0, base + 2, timer & 0xFF), (0, base + 3, length << 3 | timer >> 8)]


def play(writes, frames=30):
    return render([frame(NES_FRAME, writes)] + silent(frames - 1))


def test_pulse_pitch_is_the_cpu_clock_over_16_times_period_plus_1():
    for timer in (253, 100, 0x3F0):
        samples = play(pulse(timer=timer))[SETTLE:]
        expected = NES_CLOCK / (16 * (timer + 1))
        assert frequency(samples) == pytest.approx(expected, rel=0.003), timer


@pytest.mark.parametrize(("bits", "share"), [(0, 0.125), (1, 0.25), (2, 0.5), (3, 0.75)])
def test_pulse_duty(bits, share):
    samples = play(pulse(duty_bits=bits, timer=0x1FF))[SETTLE:]
    assert duty(samples) == pytest.approx(share, abs=0.015)


def test_pulse_volume_follows_the_nonlinear_mixer():
    loud = peak_to_peak(play(pulse(volume=15))[SETTLE:])
    quiet = peak_to_peak(play(pulse(volume=4))[SETTLE:])
    assert loud == pytest.approx(pulse_level(15), rel=0.01)
    assert quiet == pytest.approx(pulse_level(4), rel=0.01)
    # Both pulses at 15 are less than twice one (the mixer is not linear).
    both = play(pulse(volume=15) + pulse(volume=15, base=4)[1:])[SETTLE:]
    assert peak_to_peak(both) == pytest.approx(pulse_level(30) / 1, rel=0.01)
    assert peak_to_peak(both) < 2 * loud


def test_envelope_decays_over_15_quarter_frames_and_stops():
    # Envelope period 0: the first quarter frame (7457 cycles) starts it at 15,
    # each later one takes a step, the 16th reaches 0. Before the first: silence.
    samples = play(pulse(volume=0, constant=False, halt=False), frames=12)
    quarter = round(7457 / NES_CLOCK * RATE)
    assert peak_to_peak(samples[:quarter - 5]) == 0.0
    early = peak_to_peak(samples[quarter + 5:2 * quarter - 5])
    later = peak_to_peak(samples[9 * quarter + 5:10 * quarter - 5])
    assert early == pytest.approx(pulse_level(15), rel=0.02)
    assert later == pytest.approx(pulse_level(7), rel=0.02)  # 15 - 8 steps
    assert peak_to_peak(samples[17 * quarter:]) == 0.0


def test_envelope_loops_when_asked():
    samples = play([(0, 0x15, 1), (0, 0, 0xA0), (0, 2, 0xFD), (0, 3, 0xF8)], frames=12)
    quarter = round(7457 / NES_CLOCK * RATE)
    assert peak_to_peak(samples[18 * quarter:20 * quarter]) > 0.1


def test_sweep_mutes_low_periods_and_overflowing_targets():
    assert peak_to_peak(play(pulse(timer=7))[SETTLE:]) == 0.0
    # shift 0, no negate: target = 2 * period > $7FF once the period is $400.
    assert peak_to_peak(play(pulse(timer=0x400, sweep=0x00))[SETTLE:]) == 0.0
    assert peak_to_peak(play(pulse(timer=0x3FF, sweep=0x01))[SETTLE:]) > 0.1


def test_sweep_raises_the_pitch_with_negate():
    # Enabled, divider period 3 (every 4th half frame), negate, shift 3. The
    # divider starts at 0, so the first half frame already sweeps; pulse 1
    # subtracts the ones' complement: $100 - $20 - 1 = $DF, then $DF - $1B - 1 = $C3.
    samples = play(pulse(timer=0x100, sweep=0xBB), frames=20)
    half = 14913 / NES_CLOCK * RATE
    assert frequency(samples[20:int(half) - 10]) == pytest.approx(
        NES_CLOCK / (16 * 0x101), rel=0.01)
    assert frequency(samples[int(half) + 50:int(5 * half) - 50]) == pytest.approx(
        NES_CLOCK / (16 * 0xE0), rel=0.003)
    assert frequency(samples[int(5 * half) + 50:int(9 * half) - 50]) == pytest.approx(
        NES_CLOCK / (16 * 0xC4), rel=0.003)


def test_length_counter_silences_after_its_count_of_half_frames():
    # Halt off, length index 0 = 10 half frames = 5 frames of the 4-step sequence.
    samples = play(pulse(length=0, halt=False), frames=10)
    frame_samples = NES_FRAME / NES_CLOCK * RATE
    assert peak_to_peak(samples[: int(4 * frame_samples)]) > 0.1
    assert peak_to_peak(samples[int(5.1 * frame_samples):]) == 0.0


def test_disabled_channel_is_silent():
    writes = pulse()
    writes[0] = (0, 0x15, 0x0E)
    assert peak_to_peak(play(writes)) == 0.0


def test_triangle_pitch_and_level():
    writes = [(0, 0x15, 0x04), (0, 8, 0xFF), (0, 0x0A, 126), (0, 0x0B, 0xF8)]
    samples = play(writes)[SETTLE:]
    assert frequency(samples) == pytest.approx(NES_CLOCK / (32 * 127), rel=0.003)
    assert peak_to_peak(samples) == pytest.approx(triangle_level(15), rel=0.03)


def test_triangle_linear_counter_stops_the_note():
    # Control clear, reload 10: 10 quarter frames, then the sequencer holds.
    writes = [(0, 0x15, 0x04), (0, 8, 0x0A), (0, 0x0A, 126), (0, 0x0B, 0xF8)]
    samples = play(writes, frames=8)
    quarter = 7457 / NES_CLOCK * RATE
    assert peak_to_peak(samples[: int(8 * quarter)]) > 0.1
    tail = samples[int(12 * quarter):]
    assert peak_to_peak(tail) < 1e-6  # held at one level (a DC step, no tone)


def test_noise_short_mode_repeats_every_93_steps():
    # Mode 1, period index 8 = 202 cycles: the sequence repeats every 93 * 202 cycles.
    writes = [(0, 0x15, 0x08), (0, 0x0C, 0x3F), (0, 0x0E, 0x88), (0, 0x0F, 0xF8)]
    samples = play(writes, frames=12)[SETTLE:SETTLE + 4000]
    period = 93 * 202 / NES_CLOCK * RATE
    lag = autocorrelation_peak(samples, int(period) - 40, int(period) + 40)
    assert lag == pytest.approx(period, abs=2)
    # The triangle, never started, holds its first step (15): the noise rides on it.
    assert peak_to_peak(samples) == pytest.approx(
        159.79 / (1 / (15 / 12241 + 15 / 8227) + 100) - triangle_level(15), rel=0.02)


def test_noise_long_mode_does_not_repeat_so_soon():
    writes = [(0, 0x15, 0x08), (0, 0x0C, 0x3F), (0, 0x0E, 0x08), (0, 0x0F, 0xF8)]
    samples = play(writes, frames=12)[SETTLE:SETTLE + 6000]
    # Roughly half the samples high, no tone at the short mode's period.
    assert 0.3 < duty(samples) < 0.7
    period = 93 * 202 / NES_CLOCK * RATE
    short = play([(0, 0x15, 0x08), (0, 0x0C, 0x3F), (0, 0x0E, 0x88), (0, 0x0F, 0xF8)],
                 frames=12)[SETTLE:SETTLE + 6000]

    def match(xs, lag):
        m = sum(xs) / len(xs)
        return sum((xs[i] - m) * (xs[i + lag] - m) for i in range(len(xs) - lag))

    assert match(samples, round(period)) < 0.5 * match(short, round(period))


def test_five_step_mode_slows_the_envelope():
    four = play(pulse(volume=0, constant=False, halt=False), frames=8)
    five = play([(0, 0x17, 0x80)] + pulse(volume=0, constant=False, halt=False), frames=8)

    def silent_from(samples):
        return max(i for i, s in enumerate(samples) if abs(s - samples[-1]) > 1e-9)

    ratio = silent_from(five) / silent_from(four)
    assert ratio == pytest.approx(37282 / 29830, rel=0.05)


def test_a_write_sounds_at_the_sample_of_its_stamp():
    stamp = 12000
    writes = [(w[0] + stamp, w[1], w[2]) for w in pulse()]
    samples = render([frame(NES_FRAME, writes)])
    first = next(i for i, s in enumerate(samples) if s != samples[0])  # the triangle's rest level
    expected = stamp / NES_CLOCK * RATE
    # The pulse's duty 2 sequence starts low for one step (2 * 254 cycles).
    assert expected - 1 <= first <= expected + 2 * 254 / NES_CLOCK * RATE + 2


# -- end to end: the NES machine's APU log, rendered -------------------------------

PROGRAM = """
.org $8000
reset:  lda #$01
        sta $4015
        lda #$BF            ; duty 50%, constant volume 15
        sta $4000
        lda #$08
        sta $4001
        lda #$FD            ; period 253: A4
        sta $4002
        lda #$08
        sta $4003
loop:   jmp loop
.org $FFFA
        .word reset, reset, reset
"""


def test_a_nes_program_plays_through_the_same_path_as_the_page():
    from harness.tiny_nes import tiny_nes

    m = tiny_nes(PROGRAM)
    frames = []
    for _ in range(20):
        m.run_frame()
        frames.append({"cycles": m.last_frame_cycles, "clock": m.INFO.clock_hz,
                       "logs": [{"chip": log.chip, "clock": log.clock_hz, "writes": log.drain()}
                                for log in m.sound_logs()]})
    assert frames[0]["logs"][0]["writes"][:3] == [5, 0x15, 0x01]
    samples = render(frames)
    assert len(samples) == pytest.approx(20 * NES_FRAME / NES_CLOCK * RATE, abs=2)
    assert frequency(samples[SETTLE:]) == pytest.approx(NES_CLOCK / (16 * 254), rel=0.003)
    assert duty(samples[SETTLE:]) == pytest.approx(0.5, abs=0.01)
