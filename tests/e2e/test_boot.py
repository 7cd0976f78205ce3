"""The worker boots from the build's Pyodide memory snapshot, and falls back
to the plain boot, with a console message, when the snapshot is missing or
refused; either way the machine plays."""

from __future__ import annotations

import json

import pytest

from conftest import BOOT_TIMEOUT_MS, DIST

READY = "document.documentElement.dataset.state === 'ready'"


def manifest() -> dict:
    return json.loads((DIST / "manifest.json").read_text())


def boot(page, site_url: str, messages: list[str]) -> dict:
    page.on("console", lambda m: messages.append(f"{m.type}: {m.text}"))
    page.goto(f"{site_url}#/tetris")
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT_MS)
    page.evaluate("window.retroscope.pause()")  # the page starts running: hold it to count
    frame = page.evaluate("window.retroscope.frame()")
    page.evaluate("window.retroscope.step('frame', 3)")
    assert page.evaluate("window.retroscope.frame()") >= frame + 3
    return page.evaluate("window.retroscope.state()")


def test_the_page_boots_from_the_memory_snapshot(page, page_log, site_url) -> None:
    if "snapshot" not in manifest():
        pytest.skip("this build has no snapshot (no node, or RETROSCOPE_NO_SNAPSHOT)")
    messages: list[str] = []
    state = boot(page, site_url, messages)
    assert state["machine"]
    assert not [m for m in messages if "without the memory snapshot" in m], messages
    for part in manifest()["snapshot"]:
        assert any(url.endswith(part) for url in page_log.requests), part
    assert page_log.console_errors == []


@pytest.mark.parametrize("how", ["missing", "corrupt"])
def test_a_refused_snapshot_falls_back_to_the_plain_boot(page, page_log, site_url,
                                                          how: str) -> None:
    if "snapshot" not in manifest():
        pytest.skip("this build has no snapshot (no node, or RETROSCOPE_NO_SNAPSHOT)")

    def refuse(route) -> None:
        if how == "missing":
            route.fulfill(status=404, body="gone")
        else:  # the right size, a wrong build id: as after a Pyodide upgrade
            route.fulfill(status=200, body=bytes(64) * 1024,
                          content_type="application/octet-stream")
    page.context.route("**/snapshot/**", refuse)
    messages: list[str] = []
    state = boot(page, site_url, messages)
    assert state["machine"]
    assert [m for m in messages if m.startswith("warning:")
            and "booting without the memory snapshot" in m], messages
    if how == "missing":
        # the browser logs the failed request itself; nothing else may complain
        page_log.console_errors[:] = [e for e in page_log.console_errors if "404" not in e]
    assert page_log.console_errors == []


def test_a_reload_asks_the_server_for_the_page_alone(page, page_log) -> None:
    """Everything but the page names its content and is cached for good, and
    is small enough, in parts and gzipped, for the in-memory cache of an
    incognito-like context (Playwright's) to keep: a reload fetches only the
    page and its one unhashed asset, the manifest is inside the app folder."""
    import functools
    import threading
    from http.server import ThreadingHTTPServer

    from tools.serve import DistHandler

    asked: list[str] = []

    class Counting(DistHandler):
        def send_head(self):  # noqa: ANN202
            asked.append(self.path)
            return super().send_head()

    server = ThreadingHTTPServer(("127.0.0.1", 0),
                                 functools.partial(Counting, directory=str(DIST)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        messages: list[str] = []
        boot(page, url, messages)
        first = list(asked)
        assert any(p.endswith(".snapshot") for p in first), first
        asked.clear()
        page.reload()
        page.wait_for_function(READY, timeout=BOOT_TIMEOUT_MS)
        page.evaluate("window.retroscope.pause()")
        assert [p for p in asked if not p.startswith("/index.html")
                and p not in ("/", "/favicon.ico")] == [], asked
        assert page_log.console_errors == []
    finally:
        server.shutdown()
        server.server_close()
