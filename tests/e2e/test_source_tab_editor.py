"""The Source tab as an editor, as a person uses it on Tetris: a bad line
typed in, Assemble shows its error at its line and the game goes on; fixed,
Apply puts it in (the program's source holds it, the banner says so); a breakpoint toggled from the
editor's gutter stops there."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect

from harness.page import source_go_to_line, tid, wait_until

SHOTS = Path("/tmp/shots/srctab")
FILE, OLD, NEW = "mechanics.asm", "lda #$0A", "lda #$0B"
PRNG = 0xAB47  # Tetris's generateNextPseudorandomNumber (in mechanics.asm), per the article


def test_type_assemble_fix_apply_and_break(open_page, page, page_log):
    SHOTS.mkdir(parents=True, exist_ok=True)
    open_page("#/tetris")
    page.evaluate("window.retroscope.step('frame', 2)")
    page.click(tid("tabbtn-source"))
    page.select_option(tid("dbg-source-file"), FILE)
    sources = page.evaluate("window.retroscope.sources()")
    text = next(s["text"] for s in sources if s["file"] == FILE)
    line = text[:text.index(OLD)].count("\n") + 1
    column = len(text.split("\n")[line - 1]) - len(text.split("\n")[line - 1].lstrip())

    # A bad line typed in: Assemble shows the error at its line; nothing is put in.
    source_go_to_line(page, line)
    page.keyboard.press("End")
    page.keyboard.press("Shift+Home")  # (the line's text, its indent kept)
    page.keyboard.type("this is not an instruction")
    before = page.evaluate("window.retroscope.debug('state_hash')")
    page.click(tid("src-assemble"))
    expect(page.locator(tid("src-error")).first).to_contain_text(f"{FILE}:{line}")
    expect(page.locator(f"{tid('dbg-source')} .cm-lintRange-error")).to_have_count(1)
    assert page.evaluate("window.retroscope.debug('state_hash')") == before
    page.screenshot(path=str(SHOTS / "assemble-error.png"))
    page.evaluate("window.retroscope.runFrames(5)")  # the game goes on

    # Fixed and applied as a patch: the program in force holds the new line.
    source_go_to_line(page, line)
    page.keyboard.press("End")
    page.keyboard.press("Shift+Home")
    page.keyboard.type(NEW)
    page.click(tid("src-assemble"))
    expect(page.locator(tid("src-status"))).to_have_text("assembles: ready to apply")
    page.click(tid("src-apply"))
    expect(page.locator(tid("src-status"))).to_have_text("applied as a patch")
    expect(page.locator(tid("program-banner"))).to_contain_text(f"1 line in {FILE}")
    now = next(s["text"] for s in page.evaluate("window.retroscope.sources()") if s["file"] == FILE)
    assert now.split("\n")[line - 1] == " " * column + NEW
    lines = page.evaluate(f"window.retroscope.debug('source_lines', {{file: '{FILE}'}})")
    addr = next(x["addr"] for x in lines["lines"] if x["line"] == line)
    page.screenshot(path=str(SHOTS / "applied.png"))

    assert addr is not None

    # A breakpoint from the editor's gutter on the PRNG's first line (it runs
    # every frame) stops there.
    line = next(x["line"] for x in lines["lines"] if x["addr"] == PRNG)
    source_go_to_line(page, line)
    page.click(tid(f"src-bp-{line}"))
    wait_until(page, "window.retroscope.breakpoints().then(b => b.length === 1)")
    assert page.evaluate("window.retroscope.breakpoints()")[0]["start"] == PRNG
    expect(page.locator(tid(f"src-bp-{line}"))).to_have_class("cm-spot bp")
    page.click(tid("btn-run"))
    expect(page.locator(tid("dbg-reason"))).to_contain_text("breakpoint", timeout=30_000)
    current = page.locator(f"{tid('dbg-source')} .dbg-line.pc")
    expect(current).to_have_attribute("data-testid", f"src-{line}")
    page.screenshot(path=str(SHOTS / "stopped.png"))
    assert page_log.console_errors == []
