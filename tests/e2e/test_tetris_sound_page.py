"""Tetris's own sound in the page: with nothing but the game running, the 2A03
driver's writes (Korobeiniki from the first frame of play) reach the worklet,
which plays them; with `music=0` only a move's effect sounds; a speaker turned
on mid-game is heard at once. A screenshot of the game playing shows nothing
else changed."""

from __future__ import annotations

from harness.page import wait_until

STATS = "window.retroscope.sound.stats()"


def start_sound(page):
    page.click("[data-testid=btn-sound]")
    wait_until(page, "(() => { const s = window.retroscope.sound.state();"
                     " return s.started && s.context === 'running'; })()", timeout=20_000)


def frames(page, n: int, buttons: int = 0) -> None:
    page.evaluate(f"window.retroscope.setButtons({buttons})")
    start = page.evaluate("window.retroscope.frame()")
    wait_until(page, f"window.retroscope.frame() >= {start + n}", timeout=30_000)


def test_the_game_plays_its_own_music_into_the_worklet(open_page, page_log):
    page = open_page("#/tetris")  # paused at power-on: the worklet hears it all
    start_sound(page)
    page.evaluate("window.retroscope.run()")
    frames(page, 20)
    first = wait_until(page, f"{STATS}.then(s => s.writes > 20 && s.peak > 0.02"
                             " && s.played > 10 ? s : null)", timeout=30_000)
    assert first["chips"] == ["apu"] and first["unknown"] == []
    frames(page, 60)
    later = page.evaluate(STATS)
    assert later["writes"] > first["writes"] + 20  # the music goes on: new notes, volumes
    frames(page, 3, 0x01)  # right: the shift's effect on pulse 2
    frames(page, 30)
    page.screenshot(path="test-output/e2e-tetris-sound.png")
    state = page.evaluate("window.retroscope.state()")["machine"]
    assert state["game_mode"] == 4 and state["play_state"] in range(1, 9)
    page.evaluate("window.retroscope.pause()")
    wait_until(page, f"{STATS}.then(s => !s.playing && s.queuedMs === 0)")
    assert page_log.console_errors == []


def test_music_off_from_the_link_leaves_only_the_effects(open_page, page_log):
    page = open_page("#/tetris?music=0")
    start_sound(page)
    page.evaluate("window.retroscope.run()")
    frames(page, 60)
    stats = page.evaluate(STATS)
    assert stats["unknown"] == []
    page.evaluate(STATS)  # the peak counts from here
    frames(page, 40)
    assert page.evaluate(STATS)["peak"] == 0  # no music, no event: silence
    frames(page, 3, 0x01)
    wait_until(page, f"{STATS}.then(s => s.peak > 0.01 ? s : null)", timeout=20_000)
    page.evaluate("window.retroscope.pause()")
    assert page_log.console_errors == []


def test_sound_started_mid_game_plays_at_once(open_page, page_log):
    """The driver wrote $4015 and the notes' periods before the speaker was on:
    the worklet starts from the APU's registers, so the music is heard at once."""
    page = open_page("#/tetris", running=True)
    frames(page, 100)
    start_sound(page)
    stats = wait_until(page, f"{STATS}.then(s => s.peak > 0.02 && s.played > 10 ? s : null)",
                       timeout=30_000)
    assert stats["unknown"] == []
    page.evaluate("window.retroscope.pause()")
    assert page_log.console_errors == []
