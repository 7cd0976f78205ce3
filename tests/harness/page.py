"""The page in the e2e tests: where the built site is, waits on conditions
(never fixed sleeps), frames passing, keys held, controls found and seen."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DIST = Path(os.environ.get("RETROSCOPE_DIST", REPO / "dist"))
BOOT_TIMEOUT_MS = 90_000


def wait_until(page, expression: str, arg=None, timeout: float = 30_000,
               poll_ms: int = 100):
    """Poll `expression` (JS, which may return a Promise, as the page's API does)
    until its value is truthy, and return that value.

    Playwright's `wait_for_function` takes a returned Promise itself as truthy
    and returns at once, so waits on `window.retroscope...` go through here."""
    return wait_for(page, lambda: page.evaluate(expression, arg), expression, timeout, poll_ms)


def wait_for(page, predicate, what: str, timeout: float = 30_000, poll_ms: int = 100):
    """Poll a Python `predicate()` (which may read the page) until it returns
    something truthy, and return that; `what` names the condition when it
    never comes."""
    end = time.monotonic() + timeout / 1000
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"timed out after {timeout / 1000:.0f} s waiting for {what}"
                                 f" (last: {value!r})")
        page.wait_for_timeout(poll_ms)


def settled(page) -> None:
    """The worker has answered a request sent now (so every frame it sent
    before, it has posted) and the page has drawn what arrived: after this,
    what the page shows no longer moves unless something runs the machine."""
    page.evaluate("window.retroscope.state().then(() => new Promise("
                  "(r) => requestAnimationFrame(() => requestAnimationFrame(r))))")


def frames_pass(page, n: int, timeout: float = 60_000) -> int:
    """Wait until `n` more frames are drawn (the machine is running); the frame."""
    start = page.evaluate("window.retroscope.frame()")
    return wait_until(page, f"window.retroscope.frame() >= {start + n} && "
                            "window.retroscope.frame()", timeout=timeout)


def hold_key(page, key: str, frames: int = 2, after: int = 2) -> None:
    """A key held while `frames` frames run, then released for `after` more,
    so the running game sees a press and then a release (a new press next)."""
    page.keyboard.down(key)
    frames_pass(page, frames)
    page.keyboard.up(key)
    if after:
        frames_pass(page, after)


def tid(name: str) -> str:
    """The selector of a control or panel by its data-testid."""
    return f"[data-testid={name}]"


def in_view(page, selector: str) -> bool:
    """Wholly inside the window, as it is scrolled now."""
    return page.evaluate("""(sel) => {
      const r = document.querySelector(sel).getBoundingClientRect();
      return r.width > 0 && r.top >= 0 && r.left >= 0
        && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1;
    }""", selector)


def window_sizes(sizes: dict[str, tuple[int, int]]):
    """A `size` fixture for a test module: each test runs once at each named
    window size (`size = window_sizes({"wide": (1400, 900), ...})`)."""
    @pytest.fixture(params=list(sizes))
    def size(request, page):
        w, h = sizes[request.param]
        page.set_viewport_size({"width": w, "height": h})
        return request.param
    return size


def focus_picture(page) -> None:
    """Click the picture once: the first click on it after a machine loads only
    gives it the focus (a player's click to "get into" the game); the next
    clicks are the game's."""
    page.locator("[data-testid=screen]").click()
    page.wait_for_function("document.activeElement?.dataset.testid === 'screen'")


def source_go_to_line(page, line: int) -> None:
    """The Source tab's editor at `line`, by its own go-to-line (Ctrl-Alt-G), as
    a person would: the editor draws only the lines in view."""
    page.locator('[data-testid="dbg-source"] .cm-content').click()
    page.keyboard.press("Control+Alt+g")
    field = page.locator('[data-testid="dbg-source"] .cm-goto-line input[type=text]')
    field.fill(str(line))
    field.press("Enter")
