"""Source edits in the page, on every machine, through window.retroscope:
a line of the machine's source changed and applied as a patch (its bytes in
memory, the banner, the history's marker), shared, the link opened in a
fresh browser (the same state hash, the link's banner); a line that does not
assemble answers its file and line, shows the error, and the game goes on."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from harness.page import frames_pass, settled, tid, wait_until

SHOTS = Path("/tmp/shots/srcedit")

# Per machine: a file, the first line holding `old`, and what it becomes (a
# constant changed: one or two bytes of code differ).
EDITS = {
    "tetris": ("mechanics.asm", "lda #$0A", "lda #$0B"),
    "backgammon": ("reset.asm", "LDA #$1E", "LDA #$1F"),
    "pacman": ("game.asm", "        ld a,4\n", "        ld a,3\n"),
    "crpg": ("crpg.asm", "LI   R3,128", "LI   R3,127"),
    "jmc": ("flow.asm", "on_keys:\n        lda #1\n", "on_keys:\n        lda #2\n"),
}


def edited(text: str, old: str, new: str) -> str:
    assert old in text, f"{old!r} is no longer in the source: choose another line"
    return text.replace(old, new, 1)


def state_hash(page) -> str:
    return page.evaluate("window.retroscope.debug('state_hash')")


@pytest.mark.parametrize("mid", list(EDITS))
def test_edit_apply_share_and_refuse(mid, open_page, page, page_log, browser):
    SHOTS.mkdir(parents=True, exist_ok=True)
    open_page(f"#/{mid}")
    page.evaluate("window.retroscope.runFrames(20)")
    file, old, new = EDITS[mid]
    sources = page.evaluate("window.retroscope.sources()")
    assert file in [s["file"] for s in sources]
    text = next(s["text"] for s in sources if s["file"] == file)

    # A line that does not assemble: its file and line, shown; nothing changes.
    line = text[:text.index(old)].count("\n") + 1
    bad = edited(text, old, old.replace(old.strip(), "this is not an instruction", 1))
    before = state_hash(page)
    answer = page.evaluate("([f, t]) => window.retroscope.editSource(f, t)", [file, bad])
    assert answer["ok"] is False
    assert any(e["file"] == file and e["line"] == line for e in answer["errors"]), answer
    expect(page.locator(f"{tid('message')}[data-kind=error]").filter(
        has_text=f"{file}:{line}")).to_be_visible()
    assert state_hash(page) == before
    assert not page.locator(tid("program-banner")).is_visible()

    # The line changed: its bytes in memory, the banner, the history's marker.
    answer = page.evaluate("([f, t]) => window.retroscope.editSource(f, t, {mode: 'patch'})",
                           [file, edited(text, old, new)])
    assert answer["ok"] is True and answer["errors"] == [], answer
    assert answer["changed"], "a patch that changed no byte"
    lo, hi = answer["changed"][0]
    assert hi - lo <= 4
    now = page.evaluate("window.retroscope.sources()")
    assert next(s["text"] for s in now if s["file"] == file) == edited(text, old, new)
    banner = page.locator(tid("program-banner"))
    expect(banner).to_contain_text(f"you changed the program: 1 line in {file}")
    page.locator(tid("program-show-diff")).click()
    expect(page.locator(tid("program-diff"))).to_contain_text(re.compile(
        rf"^\+\s*{re.escape(new.strip().splitlines()[-1].strip())}", re.M))
    expect(page.locator(tid("rewind-edit"))).to_contain_text("program edited")
    page.screenshot(path=str(SHOTS / f"banner-{mid}.png"))

    # The game goes on with it.
    page.evaluate("window.retroscope.run()")
    frames_pass(page, 10)
    page.evaluate("window.retroscope.pause()")
    settled(page)

    shared = page.evaluate("window.retroscope.share()")
    assert shared["url"] and "src=" in shared["url"], shared
    expected = state_hash(page)

    # The link in a fresh browser: the same program, the same state.
    context = browser.new_context(viewport={"width": 1400, "height": 900},
                                  service_workers="block",
                                  bypass_csp=True)  # (conftest: browser_context_args)
    try:
        other = context.new_page()
        errors: list[str] = []
        other.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        other.goto(shared["url"])
        other.wait_for_function("document.documentElement.dataset.state !== 'booting'",
                                timeout=180_000)
        assert other.evaluate("document.documentElement.dataset.state") == "ready"
        wait_until(other, "window.retroscope.current() !== null")
        assert state_hash(other) == expected
        expect(other.locator(tid("program-banner"))).to_contain_text(
            f"this link changes the program: 1 line in {file}")
        again = other.evaluate("window.retroscope.sources()")
        assert next(s["text"] for s in again if s["file"] == file) == edited(text, old, new)
        if mid == "pacman":
            other.screenshot(path=str(SHOTS / f"link-banner-{mid}.png"))
        # Revert: the shipped program again, the banner gone.
        reverted = other.evaluate("window.retroscope.revertSource()")
        assert reverted["ok"] is True
        expect(other.locator(tid("program-banner"))).to_be_hidden()
        assert errors == []
    finally:
        context.close()
    assert page_log.console_errors == []
