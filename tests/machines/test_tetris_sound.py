"""Tetris's sound driver (our 2A03 code, `sound.asm`), heard through its APU
register writes: a bus write watch records every write to $4000-$4017 with
the frame it falls in, and the tests read notes, periods and timing back
from that log.

Expected periods are computed here from the NTSC CPU clock, independently of
`music.period_table`: clock / (16 f) - 1 for the pulses, clock / (32 f) - 1
for the triangle, f in equal temperament from A4 = 440 Hz.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass

import pytest

from retroscope.machines.tetris import create, model, music

RIGHT, LEFT, DOWN, UP = 0x01, 0x02, 0x04, 0x08
START, SELECT, B, A = 0x10, 0x20, 0x40, 0x80
CLOCK = 1_789_773
APU = range(0x4000, 0x4018)


def freq(midi: int) -> float:
    return 440.0 * 2 ** ((midi - 69) / 12)


def pulse(midi: int) -> int:
    return round(CLOCK / (16 * freq(midi)) - 1)


def triangle(midi: int) -> int:
    return round(CLOCK / (32 * freq(midi)) - 1)


def note(name: str) -> int:
    return music.parse_note(name)


@dataclass
class Log:
    writes: list[tuple[int, int, int]]  # (frame, address, value)

    def at(self, addr: int) -> list[tuple[int, int]]:
        return [(f, v) for f, a, v in self.writes if a == addr]

    def onsets(self, lo: int) -> list[tuple[int, int]]:
        """(frame, period) of each note start of a channel: its period-low
        write, with the high bits from the high write in the same frame or the
        last one before."""
        hi_addr = lo + 1
        hi = 0
        out = []
        for i, (f, a, v) in enumerate(self.writes):
            if a == hi_addr:
                hi = v & 7
                if out and out[-1][0] == f:
                    out[-1] = (f, (out[-1][1] & 0xFF) | hi << 8)
            elif a == lo:
                later = [w for w in self.writes[i + 1 :] if w[0] == f and w[1] == hi_addr]
                high = later[0][2] & 7 if later else hi
                out.append((f, v | high << 8))
        return out


def listen(m, frames: int, buttons: int = 0, log: Log | None = None) -> Log:
    log = log or Log([])

    def caught(addr: int, value: int) -> None:
        if addr in APU and addr not in (0x4014, 0x4016):
            log.writes.append((m.frame, addr, value))

    m.bus.add_watch("write", caught)
    try:
        for _ in range(frames):
            m.run_frame(buttons)
    finally:
        m.bus.remove_watch("write", caught)
    return log


def playing(**params):
    m = create(**params)
    for _ in range(3):
        m.run_frame()
    assert m.read(model.PLAY_STATE) == 1 and m.read(0xC0) == 4
    return m


def expected(tune: music.Tune, voice: int) -> list[tuple[int, int | None]]:
    """(tick, MIDI note or None) of each event of a voice, from the tune's text."""
    out, tick = [], 0
    for e in music.tune_events(tune)[voice]:
        out.append((tick, e.note))
        tick += e.ticks
    return out


# -- the table and the tunes -------------------------------------------------------
def test_the_period_table_follows_the_clock_formula():
    table = music.period_table()
    assert table[69 - music.LOWEST_NOTE] == pulse(69) == 253  # A4, 440 Hz
    assert table[music.LOWEST_NOTE - music.LOWEST_NOTE] == 2033  # A1, 55 Hz: fits 11 bits
    for n in range(music.LOWEST_NOTE, music.HIGHEST_NOTE + 1):
        assert table[n - music.LOWEST_NOTE] == pulse(n)
    for n in range(music.LOWEST_NOTE - 12, music.HIGHEST_NOTE - 11):  # the triangle's
        assert table[n + 12 - music.LOWEST_NOTE] == triangle(n)


def test_every_tune_has_whole_bars_and_voices_of_one_length():
    for tune in music.TUNES:
        voices = music.tune_events(tune)
        total = sum(e.ticks for e in voices[0])
        assert total % tune.bar_ticks == 0
        assert tune.allegro < tune.tempo


def test_music_1_opens_with_korobeiniki():
    melody = [(e.note, e.ticks) for e in music.tune_events(music.KOROBEINIKI)[0]][:19]
    names = "E5 B4 C5 D5 C5 B4 A4 A4 C5 E5 D5 C5 B4 C5 D5 E5 C5 A4 A4".split()
    eighths = [2, 1, 1, 2, 1, 1, 2, 1, 1, 2, 1, 1, 3, 1, 2, 2, 2, 2, 2]
    assert melody == [(note(n), t) for n, t in zip(names, eighths, strict=True)]


# -- the driver's writes -------------------------------------------------------------
def test_power_on_enables_the_channels_and_sets_the_sweeps_harmless():
    m = create()
    log = listen(m, 4)  # (after the PPU's two warm-up frames)
    assert (0x4015, 0x0F) in [(a, v) for _, a, v in log.writes]
    assert log.at(0x4001) and all(v == 0x08 for _, v in log.at(0x4001))
    assert log.at(0x4005) and all(v == 0x08 for _, v in log.at(0x4005))


@pytest.mark.parametrize("voice,lo,period", [(0, 0x4002, pulse), (1, 0x4006, pulse),
                                             (2, 0x400A, triangle)])
def test_korobeiniki_plays_its_notes_in_order_with_their_periods_and_timing(
        voice, lo, period):
    tune = music.KOROBEINIKI
    m = create()  # music=1 by default; it starts as the game does
    ticks = 40
    log = listen(m, ticks * tune.tempo)
    onsets = log.onsets(lo)
    want = [(t, n) for t, n in expected(tune, voice) if t < ticks - 1]
    notes = [(t, n) for t, n in want if n is not None]
    assert len(onsets) >= len(notes)
    start = onsets[0][0]
    got = [((f - start) / tune.tempo, p) for f, p in onsets[: len(notes)]]
    assert got == [(t, period(n)) for t, n in notes]


def test_the_melody_rests_where_the_tune_rests():
    tune = music.KOROBEINIKI
    m = create()
    log = listen(m, 40 * tune.tempo)
    start = log.onsets(0x4002)[0][0]
    rest_tick = next(t for t, n in expected(tune, 0) if n is None)  # bar 4's last quarter
    frame = start + rest_tick * tune.tempo
    assert (frame, 0x30 | 0x40) in log.at(0x4000)  # duty 25 %, volume 0


def test_the_drums_play_on_the_noise_channel():
    tune = music.KOROBEINIKI
    m = create()
    log = listen(m, 8 * tune.tempo)
    starts = [f for f, _ in log.at(0x400F)]
    assert len(starts) == 8  # k h s h k h s h, a hit each eighth
    assert [v for _, v in log.at(0x400E)][:3] == [12, 1, 6]
    assert all(b - a == tune.tempo for a, b in zip(starts, starts[1:], strict=False))


def test_music_0_is_silent_and_the_menu_choice_changes_the_tune():
    m = playing(music=0)
    log = listen(m, 120)
    assert not log.onsets(0x4002) and not log.onsets(0x400A)
    m = create(start="menu", music=1)
    log = listen(m, 10)
    assert log.onsets(0x4002)[0][1] == pulse(note("E5"))  # the menu plays Music-1
    log = press(m, DOWN)
    log = listen(m, 2, log=log)
    assert m.read(0x6F6) == 1
    tune = music.STEPPE_DANCE
    assert log.onsets(0x4002)[0][1] == pulse(tune_first(tune))
    for _ in range(3):
        press(m, DOWN)
    assert m.read(0x6F6) == 3  # OFF, and no further
    log = listen(m, 60)
    assert not log.onsets(0x4002)


def tune_first(tune: music.Tune) -> int:
    return next(n for _, n in expected(tune, 0) if n is not None)


def test_the_tempo_quickens_while_the_stack_is_high_and_slows_when_it_falls():
    tune = music.KOROBEINIKI
    m = playing()
    listen(m, 60)
    ram = m.bus.ram
    for row in range(4, 20):  # a stack 16 high, a hole in each row
        cells = [0x7C] * 10
        cells[row % 10] = model.EMPTY
        ram[0x400 + 10 * row : 0x40A + 10 * row] = bytes(cells)
    ram[model.VRAM_ROW] = 0
    ram[model.PLAY_STATE] = 8  # the next piece spawns over it
    listen(m, 1)
    assert m.read(0x681) == 1 and m.read(0x682) == tune.allegro
    log = Log([])
    for _ in range(30 * tune.allegro):
        ram[model.FALL_TIMER] = 0  # the piece floats while we listen
        listen(m, 1, log=log)
    frames = [f for f, _ in log.onsets(0x400A)]  # the bass: a note each tick
    gaps = {b - a for a, b in zip(frames[1:], frames[2:], strict=False)}
    assert gaps == {tune.allegro}
    # the rows clear (by hand): the next piece brings the tempo back
    for row in range(0, 20):
        ram[0x400 + 10 * row : 0x40A + 10 * row] = bytes([model.EMPTY] * 10)
    ram[model.PLAY_STATE] = 8
    listen(m, 1)
    assert m.read(0x681) == 0 and m.read(0x682) == tune.tempo


# -- effects ------------------------------------------------------------------------
def effect_frames(log: Log, name: str) -> list[int]:
    """Frames in which the effect's first step was written to its channel."""
    effect = music.EFFECTS[music.EFFECT_IDS[name] - 1]
    base = 0x4004 if effect.channel == music.PULSE2 else 0x400C
    _, ctrl, lo, hi = effect.steps[0]
    by_frame: dict[int, list[tuple[int, int]]] = {}
    for f, a, v in log.writes:
        if a in (base, base + 2, base + 3):
            by_frame.setdefault(f, []).append((a, v))
    step = [(base, ctrl), (base + 2, lo), (base + 3, hi)]
    return [f for f, w in by_frame.items()
            if any(w[i : i + 3] == step for i in range(len(w)))]


def only(log: Log, name: str) -> bool:
    return bool(effect_frames(log, name))


def press(m, buttons: int) -> Log:
    """A press and the two frames after it: the NMI reads the pad at the end of
    the frame, the next frame's logic takes it and the driver sounds it then."""
    log = listen(m, 1, buttons)
    return listen(m, 2, log=log)


def test_shift_and_rotate_sound_when_the_piece_moves_or_turns():
    m = playing()
    listen(m, 2)
    assert only(press(m, RIGHT), "shift")
    assert only(press(m, A), "rotate")
    m.bus.ram[model.TET_X] = 0  # against the left wall: a blocked shift is silent
    m.bus.ram[model.ORIENT] = 0x0A  # the O piece
    listen(m, 1)
    assert not only(press(m, LEFT), "shift")


def test_a_lock_without_lines_thuds_on_the_noise_channel():
    m = playing()
    log = listen(m, 120, DOWN)
    assert only(log, "lock")


def setup_clear(m, k: int, lines: int = 0) -> None:
    ram = m.bus.ram
    for row in range(20):
        fill = [0x7C] * 10 if row >= 20 - k else [model.EMPTY] * 10
        if row >= 20 - k:
            fill[0] = model.EMPTY
        ram[0x400 + 10 * row : 0x40A + 10 * row] = bytes(fill)
    ram[model.ORIENT], ram[model.TET_X], ram[model.TET_Y] = 0x11, 0, 17
    ram[model.AUTOREPEAT_Y], ram[model.FALL_TIMER], ram[model.VRAM_ROW] = 0, 100, 0
    ram[model.LINES] = lines


def test_a_cleared_row_a_tetris_and_a_level_up_each_sound():
    m = playing()
    setup_clear(m, 1)
    log = listen(m, 60)
    assert only(log, "row cleared") and not only(log, "tetris")
    m = playing()
    setup_clear(m, 4)
    log = listen(m, 60)
    assert only(log, "tetris") and only(log, "tetris flash")
    m = playing()
    setup_clear(m, 1, lines=0x09)
    log = listen(m, 120)
    assert m.read(model.LEVEL) == 1 and only(log, "level up")


def test_game_over_stops_the_music_and_drops_the_curtain():
    m = playing()
    listen(m, 30)
    for row in range(20):
        cells = [0x7D] * 10
        cells[row % 10] = model.EMPTY
        m.bus.ram[0x400 + 10 * row : 0x40A + 10 * row] = bytes(cells)
    m.bus.ram[model.AUTOREPEAT_Y] = 0
    m.bus.ram[model.FALL_TIMER] = 100
    log = listen(m, 150)
    curtain = effect_frames(log, "curtain")
    assert curtain
    assert m.read(0x680) == 0  # no tune
    assert not [f for f, _ in log.onsets(0x4002) if f > curtain[0]]


def test_pause_silences_the_music_and_it_comes_back():
    m = playing()
    listen(m, 30)
    log = press(m, START)
    assert [v for _, v in log.at(0x4000)][-1] & 0x1F == 0x10  # constant volume 0
    assert 0x80 in [v for _, v in log.at(0x4008)]
    log = listen(m, 60)
    assert not log.onsets(0x4002)
    log = press(m, START)
    assert log.onsets(0x4002)  # the note that was playing, rewritten


def test_the_menus_sound_their_choices():
    m = create(start="menu")
    listen(m, 5)
    assert only(press(m, RIGHT), "menu option")
    assert only(press(m, START), "menu screen")
    listen(m, 3)
    assert only(press(m, RIGHT), "menu option")


def test_the_driver_state_survives_snapshot_and_restore():
    m = playing()
    listen(m, 50)
    snap = m.snapshot()
    first = listen(m, 100).writes
    m.restore(snap)
    second = listen(m, 100).writes
    assert first == second and first


# -- heard through the page's APU synth (tools/render_sound.mjs under node) ----------
def apu_frames(m, frames: int) -> list[tuple[int, list[int]]]:
    """(frame, the APU log's writes) for each frame run, as the worker drains them."""
    out = []
    for _ in range(frames):
        m.run_frame()
        out.append((m.frame, m.sound_logs()[0].drain()))
    return out


def only_channel(frames, regs: set[int]) -> list[dict]:
    """The frames in the worker's format, keeping the writes to these registers
    (and $4015, $4017): one voice alone, so its pitch can be measured."""
    from tools.sound_measure import frame

    keep = regs | {0x15, 0x17}
    out = []
    for _, w in frames:
        triples = [(w[i], w[i + 1], w[i + 2]) for i in range(0, len(w), 3)
                   if w[i + 1] in keep]
        out.append(frame(writes=triples))
    return out


@pytest.mark.skipif(shutil.which("node") is None, reason="node renders the sound")
def test_the_first_notes_sound_at_their_pitch_through_the_page_synth():
    from tools.sound_measure import RATE, frequency, render

    tune = music.KOROBEINIKI
    m = create()
    frames = apu_frames(m, 10 + 20 * tune.tempo)
    first = next(i for i, (_, w) in enumerate(frames)
                 if any(w[j + 1] == 0x02 for j in range(0, len(w), 3)))
    per_frame = RATE * 29781 / 1_789_773

    def pitch(samples, tick: int, ticks: int, sounding: int | None = None) -> float:
        """Hz over the note's frames, from its 3rd to 2 before its end (or to
        the end of a staccato note's `sounding` frames)."""
        a = int((first + tick * tune.tempo + 2) * per_frame)
        end = tick * tune.tempo + (sounding or ticks * tune.tempo - 2)
        return frequency(samples[a : int((first + end) * per_frame)])

    melody = render(only_channel(frames, {0, 1, 2, 3}))
    for tick, ticks, name in ((0, 2, "E5"), (2, 1, "B4"), (3, 1, "C5"), (4, 2, "D5")):
        assert pitch(melody, tick, ticks) == pytest.approx(freq(note(name)), rel=0.01)
    bass = render(only_channel(frames, {8, 9, 10, 11}))
    for tick, name in ((0, "A2"), (1, "A3"), (16, "E2"), (17, "E3")):  # bars 1 and 3
        hz = pitch(bass, tick, 1, sounding=6)  # staccato: 7 frames of 12
        assert hz == pytest.approx(freq(note(name)), rel=0.02)


def test_an_ending_silences_the_music_and_the_rocket_roars_as_it_ignites():
    m = playing()
    listen(m, 30)
    m.command("ending", {"type": "A", "ending": 1})
    log = listen(m, 200)
    roar = effect_frames(log, "rocket")
    assert len(roar) == 1
    assert m.read(0x680) == 0  # no tune
    assert not [f for f, _ in log.onsets(0x4002) if f >= roar[0]]


def test_an_effect_takes_pulse_2_and_gives_the_harmony_back_when_it_ends():
    tune = music.KOROBEINIKI
    m = create()
    listen(m, 10)
    log = press(m, RIGHT)  # the shift: 2 frames of C7 on pulse 2
    log = listen(m, 3, log=log)
    shift = effect_frames(log, "shift")[0]
    harmony = [p for f, p in log.onsets(0x4006) if f > shift]
    tick = (m.frame - 4) // tune.tempo  # the harmony's note now (it started at frame 4)
    playing_note = [n for t, n in expected(tune, 1) if t <= tick][-1]
    assert harmony and harmony[0] == pulse(playing_note)
    assert [v for f, v in log.at(0x4004) if f > shift][-1] & 0x0F > 0  # audible again


def test_the_mix_stays_within_full_scale():
    if shutil.which("node") is None:
        pytest.skip("node renders the sound")
    from tools.sound_measure import frame, render

    m = create()
    frames = [frame(writes=[(w[i], w[i + 1], w[i + 2]) for i in range(0, len(w), 3)])
              for _, w in apu_frames(m, 600)]
    samples = render(frames)
    assert 0.2 < max(samples) - min(samples) and max(abs(s) for s in samples) < 1.0


@pytest.mark.skipif(shutil.which("node") is None, reason="node renders the sound")
@pytest.mark.parametrize("number", [1, 2, 3])
def test_each_tune_opens_at_its_pitch_through_the_page_synth(number):
    from tools.sound_measure import RATE, frequency, render

    tune = music.TUNES[number - 1]
    m = create(music=number)
    frames = apu_frames(m, 10 + 8 * tune.tempo)
    first = next(i for i, (_, w) in enumerate(frames)
                 if any(w[j + 1] == 0x02 for j in range(0, len(w), 3)))
    per_frame = RATE * 29781 / 1_789_773
    melody = render(only_channel(frames, {0, 1, 2, 3}))
    tick = 0
    for e in music.tune_events(tune)[0][:3]:
        a = int((first + tick * tune.tempo + 2) * per_frame)
        b = int((first + (tick + e.ticks) * tune.tempo - 2) * per_frame)
        tick += e.ticks
        if e.note is not None:
            assert frequency(melody[a:b]) == pytest.approx(freq(e.note), rel=0.01)
