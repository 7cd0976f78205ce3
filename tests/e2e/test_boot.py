"""The worker boots from the build's Pyodide memory snapshot, and falls back
to the plain boot, with a console message, when the snapshot is missing or
refused; either way the machine plays."""

from __future__ import annotations

import json

import pytest

from harness.page import BOOT_TIMEOUT_MS, DIST

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
    assert any(manifest()["snapshot"] in url for url in page_log.requests)
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
