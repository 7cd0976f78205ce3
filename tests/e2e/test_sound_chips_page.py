"""The WSG and the SN76489 in the page: Pac-Man's start tune, the CRPG's
footsteps and a tone written to the BBC's chip through the system VIA reach
the worklet, which knows their synths and plays them."""

from __future__ import annotations

from harness.page import wait_until

STATS = "window.retroscope.sound.stats()"


def start_sound(page):
    page.click("[data-testid=btn-sound]")
    wait_until(page, "(() => { const s = window.retroscope.sound.state();"
                     " return s.started && s.context === 'running'; })()", timeout=20_000)


def hold(page, buttons: int, frames: int) -> None:
    page.evaluate(f"window.retroscope.setButtons({buttons})")
    start = page.evaluate("window.retroscope.frame()")
    wait_until(page, f"window.retroscope.frame() >= {start + frames}", timeout=30_000)


def heard(page, chip: str) -> dict:
    return wait_until(page, f"{STATS}.then(s => s.chips.includes('{chip}') && s.peak > 0.02"
                            " && s.played > 10 ? s : null)", timeout=30_000)


def test_pac_man_plays_its_start_tune_on_the_wsg(open_page, page_log):
    page = open_page("#/pacman")
    start_sound(page)
    page.evaluate("window.retroscope.run()")
    hold(page, 0, 10)
    hold(page, 16, 5)   # a coin
    hold(page, 0, 5)
    page.evaluate(STATS)  # the peak counts from here: the title is silent
    hold(page, 32, 5)   # start: the tune
    hold(page, 0, 30)
    stats = heard(page, "wsg")
    assert stats["unknown"] == []
    page.evaluate("window.retroscope.pause()")
    assert page_log.console_errors == []


def test_the_crpg_walks_with_footsteps_on_the_tms9919(open_page, page_log):
    page = open_page("#/crpg")
    start_sound(page)
    page.evaluate("window.retroscope.run()")
    hold(page, 0, 10)
    hold(page, 1, 40)   # walk north
    stats = heard(page, "sn76489")
    assert stats["unknown"] == []
    page.evaluate("window.retroscope.pause()")
    assert page_log.console_errors == []


def test_a_byte_through_the_bbc_system_via_sounds(open_page, page_log):
    page = open_page("#/jmc")
    start_sound(page)
    page.evaluate("window.retroscope.step('frame', 5)")  # the MOS sets the VIA's ports up
    # Paused, so the MOS's keyboard scan does not write port A in between:
    # each byte on port A, then latch bit 0 (the chip's write enable) low, high.
    for byte in (0x8E, 0x0F, 0x90):   # tone 0: period $0FE (492 Hz), loudest
        for addr, value in ((0xFE43, 0xFF), (0xFE4F, byte), (0xFE40, 0x00), (0xFE40, 0x08)):
            page.evaluate(f"window.retroscope.write({addr}, [{value}])")
    page.evaluate("window.retroscope.write(0xFE43, [0x7F])")
    page.evaluate("window.retroscope.run()")
    stats = heard(page, "sn76489")
    assert stats["unknown"] == []
    page.evaluate("window.retroscope.pause()")
    assert page_log.console_errors == []
