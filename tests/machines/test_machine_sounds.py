"""Each machine's own sound engine writes its chip when its event happens
(read back from the chip devices and their SoundLogs)."""

from __future__ import annotations

from retroscope.machines import create


def test_pacman_plays_the_tune_on_start_then_the_siren_and_a_waka_per_dot() -> None:
    m = create("pacman")
    for buttons, frames in ((0, 60), (16, 5), (0, 5), (32, 5)):
        for _ in range(frames):
            m.run_frame(buttons)
    m.run_frame(0)
    assert m.wsg.enabled and m.wsg.voice(0)["volume"] and m.wsg.voice(2)["volume"]
    stamps = m.wsg.log.writes[0::3]
    assert stamps and min(stamps) >= 43_008  # written in the vertical blank's burst
    while m.read(0x4E00) != 2:  # ST_PLAY
        m.run_frame(0)
    m.run_frame(0)
    siren = m.wsg.voice(1)
    assert siren["volume"] == 8 and 300 < siren["hz"] < 800
    eaten = m.read(0x4E06)
    for _ in range(120):
        m.run_frame(2)
        if m.read(0x4E06) != eaten:
            break
    m.run_frame(2)
    assert m.read(0x4E06) > eaten and m.wsg.voice(0)["volume"] == 12  # the waka


def test_the_crpg_steps_with_a_footstep_each_step() -> None:
    m = create("crpg")
    for _ in range(30):
        m.run_frame(0)
    m.sound.log.drain()
    steps, noise = m.read(m.symbols["STEPS"] + 1), []
    for _ in range(40):
        m.run_frame(1)
        noise += [v for v in m.sound.log.drain()[2::3] if v & 0xF0 == 0xE0]
    assert m.read(m.symbols["STEPS"] + 1) != steps
    assert set(noise) == {0xE5, 0xE6}  # left foot, right foot


def test_jmc_plays_its_jingles_through_osword_7() -> None:
    m = create("jmc")
    for _ in range(5):
        m.run_frame(0)
    before = m.cpu.snapshot()
    m.call("sound_result", a=1)
    m.cpu.restore(before)
    data = []
    for _ in range(30):
        m.run_frame(0)
        data += m.sound.log.drain()[2::3]
    assert data and round(m.sound.tone_hz(2)) == 1050  # MOS channel 1: the top C
