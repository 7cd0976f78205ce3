"""The Tetris AI in the page: switch it on, see it clear lines with its plan
drawn as a ghost, take the controller back with a key."""

from __future__ import annotations

import time


def lines(page) -> int:
    lo, hi = page.evaluate("window.retroscope.read(0x50, 2)")
    return hi * 100 + (lo >> 4) * 10 + (lo & 15)


def test_the_ai_clears_lines_and_a_key_takes_the_controller_back(open_page, page_log):
    page = open_page("#/tetris?seed=8988&level=18")
    page.click("[data-testid=tetris-ai-toggle]")
    page.wait_for_function("document.documentElement.dataset.running === 'true'")
    page.click("[data-testid=tetris-ai-speed-max]")
    deadline = time.monotonic() + 180
    while lines(page) < 4:
        assert time.monotonic() < deadline, "the AI cleared no 4 lines in 3 minutes"
        page.wait_for_timeout(500)
    page.wait_for_function(
        "document.querySelector('[data-testid=tetris-ai-eval]').textContent.includes('column')")
    assert "runner-up: " in page.text_content("[data-testid=tetris-ai-runner]")
    page.click("[data-testid=tetris-ai-speed-x1]")
    page.wait_for_timeout(1000)
    page.screenshot(path="test-output/e2e-tetris-ai.png")
    # A key on the pad: the player has the controller again from that frame.
    page.locator("[data-testid=screen]").click()
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(
        "document.querySelector('[data-testid=tetris-ai-toggle]').getAttribute('aria-pressed')"
        " === 'false'", timeout=20_000)
    assert "ai" not in page.evaluate("window.retroscope.state()")["machine"]
    page.evaluate("window.retroscope.pause()")
    assert page_log.console_errors == []
