"""End-to-end plumbing: dist/ served on 127.0.0.1, Debian's chromium via Playwright.

`python3 build.py test` builds dist/ and sets $CHROMIUM and $RETROSCOPE_DIST.
Every request the page makes is recorded, so tests can assert that nothing
leaves 127.0.0.1, and every console error fails the test that caused it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from harness.page import BOOT_TIMEOUT_MS, DIST
from harness.served_wheel import TEST_WHEELS, write_wheel
from tools.serve import serve_in_thread
from tools.setup_env import find_chromium

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
TEST_MACHINE = Path(__file__).with_name("testmachine.py")
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
def site_url(tmp_path_factory) -> str:
    if not (DIST / "index.html").exists():
        pytest.skip("dist/ is not built: run the tests through `python3 build.py test`")
    wheels = tmp_path_factory.mktemp("wheels")
    write_wheel(wheels)
    server, url = serve_in_thread(DIST, mounts={TEST_WHEELS: wheels})
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
    (some 40 MB) after each boot; the offline tests ask for it (test_phone.py).
    And the site's Content-Security-Policy bypassed: Playwright evaluates
    `wait_for_function`'s string predicates in the page as text, which the
    policy refuses (no 'unsafe-eval'); a test's own context bypasses it too
    (`browser.new_context(bypass_csp=True)`). test_script.py checks the
    policy in a context of its own, which keeps it."""
    return {**browser_context_args, "service_workers": "block", "bypass_csp": True}


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
