"""End-to-end plumbing: dist/ served on 127.0.0.1, Debian's chromium via Playwright.

`python3 build.py test` builds dist/ and sets $CHROMIUM and $RETROSCOPE_DIST.
Every request the page makes is recorded, so tests can assert that nothing
leaves 127.0.0.1, and every console error fails the test that caused it.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from tools.serve import serve_in_thread  # noqa: E402
from tools.setup_env import find_chromium  # noqa: E402

DIST = Path(os.environ.get("RETROSCOPE_DIST", REPO / "dist"))
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
TEST_MACHINE = Path(__file__).with_name("testmachine.py")
BOOT_TIMEOUT_MS = 90_000
# Playwright's `expect` waits 5 s by default: on a busy machine (the suite's
# own workers, a CPU hog) loading a machine can take longer. A wait on a
# condition returns as soon as it holds, so a longer bound costs a passing
# test nothing.
expect.set_options(timeout=30_000)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def site_url() -> str:
    if not (DIST / "index.html").exists():
        pytest.skip("dist/ is not built: run the tests through `python3 build.py test`")
    server, url = serve_in_thread(DIST)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    chromium = find_chromium()
    if chromium is None:
        pytest.skip("chromium is missing: `python3 build.py test` installs it")
    return {**browser_type_launch_args, "executable_path": chromium, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    """The pages' contexts: no service worker, which would keep the whole site
    (some 40 MB) after each boot; the offline tests ask for it (test_phone.py)."""
    return {**browser_context_args, "service_workers": "block"}


def wait_until(page, expression: str, arg=None, timeout: float = 30_000,
               poll_ms: int = 100):
    """Poll `expression` (JS, which may return a Promise, as the page's API does)
    until its value is truthy, and return that value.

    Playwright's `wait_for_function` takes a returned Promise itself as truthy
    and returns at once, so waits on `window.retroscope...` go through here."""
    end = time.monotonic() + timeout / 1000
    while True:
        value = page.evaluate(expression, arg)
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"timed out after {timeout / 1000:.0f} s waiting for "
                                 f"{expression} (last: {value!r})")
        page.wait_for_timeout(poll_ms)


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


class PageLog:
    """What the page said and asked for while a test ran."""

    def __init__(self) -> None:
        self.console_errors: list[str] = []
        self.requests: list[str] = []


@pytest.fixture
def page_log(page) -> PageLog:
    log = PageLog()
    page.on("console", lambda m: log.console_errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: log.console_errors.append(f"uncaught: {e}"))
    page.on("request", lambda r: log.requests.append(r.url))
    # Workers' requests go through the context.
    page.context.on("request", lambda r: log.requests.append(r.url))
    return log


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


def with_test_machine(page, site_url: str) -> None:
    """Serve tests/e2e/testmachine.py and tell the page to register it."""
    source = TEST_MACHINE.read_text()
    page.context.route(f"{site_url}__test__/testmachine.py",
               lambda route: route.fulfill(status=200, body=source, content_type="text/plain"))
    page.add_init_script(
        "self.RETROSCOPE_TEST_MACHINES = [{id: 'testcard', url: '__test__/testmachine.py'}];")


@pytest.fixture
def open_page(page, site_url, page_log):
    """open_page(hash, test_machine=False, running=False) -> page, booted to ready.

    The page starts running on open; unless `running`, the link asks it to
    start paused (`paused=1`), so that what a test reads and steps is its own doing."""

    def _open(hash_: str = "", test_machine: bool = False, running: bool = False):
        if test_machine:
            with_test_machine(page, site_url)
        if not running:
            hash_ = (hash_ or "#/") + ("&" if "?" in hash_ else "?") + "paused=1"
        page.goto(f"{site_url}index.html{hash_}")
        page.wait_for_function(
            "document.documentElement.dataset.state !== 'booting'", timeout=BOOT_TIMEOUT_MS)
        state = page.evaluate("document.documentElement.dataset.state")
        if state != "ready":
            detail = page.locator("[data-testid=error-message]").text_content()
            pytest.fail(f"page did not become ready: {state}: {detail}")
        return page

    return _open


# -- phones and tablets ------------------------------------------------------------------------
# A phone, as Chromium's device emulation has it: touch, a mobile viewport
# (360x740 CSS pixels, 3 device pixels to each), a coarse pointer.
PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 3,
         "is_mobile": True, "has_touch": True}


class Fingers:
    """Fingers on the screen as Chromium's touch events (CDP): any number at
    once, each put down, slid and lifted by itself."""

    def __init__(self, page):
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.at: dict[int, dict[str, float]] = {}

    def _send(self, kind: str, points: list[dict]) -> None:
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def down(self, finger: int, where: dict[str, float]) -> None:
        self.at[finger] = where
        self._send("touchStart", [{**p, "id": f} for f, p in self.at.items()])

    def slide(self, finger: int, where: dict[str, float]) -> None:
        self.at[finger] = where
        self._send("touchMove", [{**p, "id": f} for f, p in self.at.items()])

    def up(self, finger: int) -> None:
        self._send("touchEnd", [{**self.at.pop(finger), "id": finger}])

    def tap(self, where: dict[str, float]) -> None:
        """Down and up at once: far shorter than a frame."""
        self.down(9, where)
        self.up(9)


def centre(page, testid: str, dx: float = 0.5, dy: float = 0.5) -> dict[str, float]:
    """A point of a control, as shares of its box (the middle by default)."""
    box = page.locator(f"[data-testid={testid}]").bounding_box()
    return {"x": box["x"] + box["width"] * dx, "y": box["y"] + box["height"] * dy}
