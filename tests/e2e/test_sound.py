"""Sound in the page: after a click the AudioContext runs and the worklet
receives the APU's writes and plays them; pausing silences it; faster than
real time it stays quiet; mute and volume are remembered.

Headless chromium without an audio device still runs an AudioContext (with a
null output) once the page has had a user gesture; Playwright's click is
one, so no --autoplay-policy flag is needed."""

from __future__ import annotations

from harness.page import wait_until

STATS = "window.retroscope.sound.stats()"
QUARTER_SECOND = 94  # render quanta of 128 samples at 48 kHz


def after_a_while(page, blocks: int) -> None:
    """The worklet has output a quarter of a second more since `blocks`
    (its own clock: a busy page may take longer to get there)."""
    wait_until(page, f"{STATS}.then(s => s.blocks >= {blocks + QUARTER_SECOND})")


def start_sound(page):
    page.click("[data-testid=btn-sound]")
    wait_until(page, "(() => { const s = window.retroscope.sound.state();"
                     " return s.started && s.context === 'running'; })()", timeout=20_000)


def test_a_click_starts_the_sound_and_the_worklet_plays_the_apu_writes(open_page, page_log):
    page = open_page("#/tetris")
    state = page.evaluate("window.retroscope.sound.state()")
    assert state["context"] == "none" and not state["started"]  # no sound before a gesture
    assert page.get_attribute("[data-testid=btn-sound]", "data-state") == "waiting"
    start_sound(page)
    assert page.get_attribute("[data-testid=btn-sound]", "data-state") == "on"
    page.evaluate("window.retroscope.run()")
    # A pulse at 440 Hz, constant volume 15, length halted: it plays until stopped.
    page.evaluate("window.retroscope.write(0x4015, [1])")
    page.evaluate("window.retroscope.write(0x4000, [0xBF, 0x08, 0xFD, 0x08])")
    stats = wait_until(page, f"{STATS}.then(s => s.writes >= 5 && s.live > 10 && s.peak > 0.02"
                             " && s.played > 10 ? s : null)")
    assert stats["chips"] == ["apu"] and stats["unknown"] == []
    # Paused: the queue is dropped and the output fades to silence at once.
    page.evaluate("window.retroscope.pause()")
    wait_until(page, f"{STATS}.then(s => !s.playing && s.queuedMs === 0)")
    blocks = page.evaluate(STATS)["blocks"]  # the peak counts from here
    after_a_while(page, blocks)
    assert page.evaluate(STATS)["peak"] == 0
    # Running again, it plays again.
    page.evaluate("window.retroscope.run()")
    wait_until(page, f"{STATS}.then(s => s.playing && s.peak > 0.02)")
    page.evaluate("window.retroscope.pause()")
    assert page_log.console_errors == []


def test_faster_than_real_time_is_silent(open_page, page_log):
    page = open_page("#/tetris")
    start_sound(page)
    page.evaluate("window.retroscope.write(0x4015, [1])")
    page.evaluate("window.retroscope.write(0x4000, [0xBF, 0x08, 0xFD, 0x08])")
    page.click("[data-testid=tetris-ai-speed-x4]")
    page.evaluate("window.retroscope.run()")
    # Faster than real time the worker sends the worklet nothing to play.
    wait_until(page, "window.retroscope.frame() > 60")
    blocks = page.evaluate(STATS)["blocks"]  # live and the peak count from here
    after_a_while(page, blocks)
    stats = page.evaluate(STATS)
    assert stats["live"] == 0 and stats["peak"] == 0 and not stats["playing"]
    page.click("[data-testid=tetris-ai-speed-x1]")
    wait_until(page, f"{STATS}.then(s => s.playing && s.peak > 0.02)")
    page.evaluate("window.retroscope.pause()")
    assert page_log.console_errors == []


def test_mute_and_volume_are_remembered(open_page, page_log):
    page = open_page("#/tetris")
    start_sound(page)
    page.fill("[data-testid=sound-volume]", "30")  # a range input takes fill()
    page.click("[data-testid=btn-sound]")  # on -> muted
    assert page.get_attribute("[data-testid=btn-sound]", "data-state") == "muted"
    page.reload()
    page.wait_for_function("document.documentElement.dataset.state === 'ready'", timeout=90_000)
    assert page.get_attribute("[data-testid=btn-sound]", "data-state") == "muted"
    state = page.evaluate("window.retroscope.sound.state()")
    assert state["muted"] is True and state["volume"] == 0.3
    assert page.input_value("[data-testid=sound-volume]") == "30"
    # A key starts the context (a gesture), still muted as remembered.
    page.locator("[data-testid=screen]").click()
    wait_until(page, "window.retroscope.sound.state().started")
    assert page.evaluate("window.retroscope.sound.state()")["muted"] is True
    page.click("[data-testid=btn-sound]")
    assert page.get_attribute("[data-testid=btn-sound]", "data-state") == "on"
    assert page_log.console_errors == []


def test_backgammon_plays_its_dice_on_the_fds_channel(open_page, page_log):
    page = open_page("#/backgammon?seed=5")
    start_sound(page)
    page.evaluate("window.retroscope.run()")
    page.locator("[data-testid=screen]").click()
    page.keyboard.press("Enter")  # Start: the game begins with the opening roll
    stats = wait_until(page, f"{STATS}.then(s => s.chips.includes('fds') && s.peak > 0.02"
                             " ? s : null)", timeout=30_000)
    assert stats["unknown"] == []
    page.evaluate("window.retroscope.pause()")
    assert page_log.console_errors == []
