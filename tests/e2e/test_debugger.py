"""The debugger in the page, on NES Tetris: every control, breakpoints on the
documented PRNG ($AB47) and RNG ($0017), a condition, a memory edit seen on
screen, rewind and resume, the trace download, breakpoints kept over a reload."""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from harness.page import wait_until

PRNG = 0xAB47  # generateNextPseudorandomNumber, per the article
RNG = 0x0017
SHOTS = "test-output"


def tid(name: str) -> str:
    return f"[data-testid={name}]"


def dbg(page, verb: str, **args):
    return page.evaluate("([v, a]) => window.retroscope.debug(v, a)", [verb, args])


def status(page) -> dict:
    return dbg(page, "status")


def expect_pc(page, pc: int) -> None:
    expect(page.locator(tid("dbg-pc"))).to_have_text(f"PC ${pc:04X}", timeout=20_000)


def lfsr(value: int) -> int:
    return ((((value >> 9) ^ (value >> 1)) & 1) << 15) | (value >> 1)


def add_breakpoint_in_page(page, kind: str, where: str, condition: str = "") -> None:
    page.click(tid("tabbtn-breakpoints"))
    page.select_option(tid("bp-kind"), kind)
    page.fill(tid("bp-where"), where)
    page.fill(tid("bp-condition"), condition)
    if condition:
        expect(page.locator(tid("bp-condition-check"))).to_contain_text("ok")
    page.click(tid("bp-add"))


def test_every_toolbar_control_runs_steps_and_resets_the_machine(open_page, page_log):
    page = open_page("#/tetris")
    counter = page.locator(tid("frame-counter"))
    reason = page.locator(tid("dbg-reason"))
    page.click(tid("btn-frame"))
    expect(counter).to_have_text("frame 1")

    # Run into the PRNG: the page says why it stopped and shows the CPU tab.
    add_breakpoint_in_page(page, "exec", "$AB47")
    page.click(tid("btn-run"))
    expect(reason).to_have_text("stopped: breakpoint #1: exec $AB47", timeout=20_000)
    expect_pc(page, PRNG)
    expect(page.locator(tid("dbg-disasm")).locator(".dbg-line.pc")).to_contain_text("AB47")
    expect(page.locator(tid("dbg-registers-panel"))).to_be_visible()
    page.screenshot(path=f"{SHOTS}/e2e-debugger-breakpoint.png")
    caller = dbg(page, "call_stack")[0]
    page.click(tid("tabbtn-breakpoints"))
    page.click(tid("bp-remove-1"))
    expect(page.locator(tid("bp-list"))).to_contain_text("no breakpoints")

    # Out: back after the JSR that called the PRNG, the RNG moved once.
    rng = page.evaluate("window.retroscope.read(0x17, 2)")
    page.click(tid("btn-out"))
    expect_pc(page, caller["return"])
    assert page.evaluate("window.retroscope.read(0x17, 2)") == list(
        divmod(lfsr(rng[0] << 8 | rng[1]), 256))

    # To cursor: the JSR itself, picked in the disassembly; then Over it.
    page.click(tid("tabbtn-cpu"))
    page.fill(tid("dbg-disasm-address"), f"${caller['call']:04X}")
    page.press(tid("dbg-disasm-address"), "Enter")
    call_line = tid(f"dis-{caller['call']:04X}")
    page.click(f"{call_line} .dbg-text")
    expect(page.locator(call_line)).to_have_class(re.compile("cursor"))
    page.click(tid("btn-cursor"))
    expect_pc(page, caller["call"])
    before = status(page)["cycles"]
    page.click(tid("btn-over"))
    expect_pc(page, caller["return"])
    assert status(page)["cycles"] - before > 20  # the whole routine ran

    # Step: one instruction.
    before = status(page)["cycles"]
    page.click(tid("btn-step"))
    expect(reason).to_contain_text("step into done")
    assert 2 <= status(page)["cycles"] - before <= 7

    # Run / Pause.
    page.click(tid("btn-run"))
    expect(page.locator("html")).to_have_attribute("data-running", "true")
    expect(page.locator(tid("dbg-run-state"))).to_have_text("running")
    page.click(tid("btn-run"))
    expect(page.locator(tid("dbg-run-state"))).to_have_text("paused")
    assert status(page)["frame"] > 2

    # Reset: part of the history, so the frame counter goes on from where it was.
    frame = status(page)["frame"]
    page.click(tid("btn-reset"))
    expect(reason).to_have_text("stopped: reset")
    expect(counter).to_have_text(f"frame {frame}")
    assert dbg(page, "rewind_info")["events"][-1]["kind"] == "reset"
    assert page_log.console_errors == []


def test_the_shortcuts_step_as_the_help_overlay_lists_them(open_page, page_log):
    page = open_page("#/tetris")
    page.keyboard.press("?")
    overlay = page.locator(tid("help-overlay"))
    expect(overlay).to_be_visible()
    for keys in ("F5", "F10", "F11", "Shift+F11", "F6"):
        expect(page.locator(tid("help-shortcuts"))).to_contain_text(keys)
    page.screenshot(path=f"{SHOTS}/e2e-debugger-help.png")
    page.keyboard.press("Escape")
    expect(overlay).to_be_hidden()

    page.keyboard.press("F6")
    expect(page.locator(tid("frame-counter"))).to_have_text("frame 1")
    page.evaluate(f"window.retroscope.stepTo({PRNG})")
    caller = dbg(page, "call_stack")[0]

    # The source view: the listing's line for PC, highlighted; its number toggles a breakpoint.
    here = dbg(page, "source")
    page.click(tid("tabbtn-source"))
    expect(page.locator(tid("dbg-source-file"))).to_have_value(here["file"])
    current = page.locator(f"{tid('dbg-source')} .dbg-line.pc")
    expect(current).to_have_attribute("data-testid", f"src-{here['line']}")
    expect(current).to_be_in_viewport()
    page.click(tid(f"src-bp-{here['line']}"))
    wait_until(page, "window.retroscope.breakpoints().then(b => b.length === 1)")
    assert dbg(page, "list_breakpoints")[0]["start"] == PRNG
    page.click(tid(f"src-bp-{here['line']}"))
    wait_until(page, "window.retroscope.breakpoints().then(b => b.length === 0)")
    page.screenshot(path=f"{SHOTS}/e2e-debugger-source.png")

    page.keyboard.press("F11")
    expect(page.locator(tid("dbg-reason"))).to_contain_text("step into done")
    page.keyboard.press("Shift+F11")
    expect_pc(page, caller["return"])
    page.evaluate(f"window.retroscope.stepTo({caller['call']})")
    page.keyboard.press("F10")
    expect_pc(page, caller["return"])
    page.keyboard.press("F5")
    expect(page.locator("html")).to_have_attribute("data-running", "true")
    page.keyboard.press("F5")
    expect(page.locator("html")).to_have_attribute("data-running", "false")
    assert page_log.console_errors == []


def test_a_step_to_a_far_target_resolves_once_it_is_there(open_page, page_log):
    """From the legal screen the title screen's code first runs 510 frames
    in: the step takes many calls of the run loop, and stepTo resolves only
    when it has stopped there (the next Run then runs on, not stopping at once)."""
    page = open_page("#/tetris?start=legal&paused=1")
    title = dbg(page, "disassemble", addr="titleScreen", before=0, after=1)[0]["addr"]
    reply = page.evaluate(f"window.retroscope.stepTo({title})")
    assert reply["status"]["paused"] and not reply["status"]["stepping"]
    assert dbg(page, "registers")["registers"]["pc"] == title
    assert reply["status"]["frame"] > 500
    expect(page.locator("html")).to_have_attribute("data-running", "false")
    page.evaluate("window.retroscope.run()")
    expect(page.locator("html")).to_have_attribute("data-running", "true")
    assert page_log.console_errors == []


def test_read_and_write_breakpoints_on_the_rng_stop_at_the_access(open_page, page_log):
    page = open_page("#/tetris")
    reason = page.locator(tid("dbg-reason"))
    add_breakpoint_in_page(page, "read", "$0017")
    page.click(tid("btn-run"))
    expect(reason).to_contain_text("at $0017", timeout=20_000)
    stop = status(page)["reason"]
    assert (stop["kind"], stop["addr"]) == ("read", RNG)
    assert page.evaluate("window.retroscope.read(0x17, 1)") == [stop["value"]]
    assert re.search(r"breakpoint #1: read \$[0-9A-F]{2} at \$0017", reason.text_content())

    page.click(tid("tabbtn-breakpoints"))
    page.click(tid("bp-enabled-1"))  # off: the read no longer stops us
    add_breakpoint_in_page(page, "write", "$0017-$0018")
    page.click(tid("btn-run"))
    expect(reason).to_contain_text("breakpoint #2: wrote", timeout=20_000)
    stop = status(page)["reason"]
    assert stop["kind"] == "write" and stop["addr"] in (RNG, RNG + 1)
    # (A read-modify-write such as ROR writes twice; the stop names the first write.)
    assert f"wrote ${stop['value']:02X} at ${stop['addr']:04X}" in reason.text_content()
    page.click(tid("tabbtn-breakpoints"))
    expect(page.locator(tid("bp-hits-2"))).to_have_text("1 hit")
    page.fill(tid("watch-where"), "$0017")
    page.select_option(tid("watch-format"), "u16be")
    page.click(tid("watch-add"))
    hi, lo = page.evaluate("window.retroscope.read(0x17, 2)")
    word = hi << 8 | lo
    expect(page.locator(tid("watch-value-1"))).to_have_text(f"${word:04X} ({word})")
    expect(page.locator(tid("bp-1"))).to_have_class("off")
    assert page_log.console_errors == []


def test_a_condition_is_checked_as_typed_and_decides_where_it_stops(open_page, page_log):
    page = open_page("#/tetris")
    page.click(tid("tabbtn-breakpoints"))
    page.fill(tid("bp-where"), "generateNextPseudorandomNumber")
    page.fill(tid("bp-condition"), "x == $17 && frame >=")
    check = page.locator(tid("bp-condition-check"))
    expect(check).to_contain_text("column")
    expect(page.locator(tid("bp-add"))).to_be_disabled()
    add_breakpoint_in_page(page, "exec", "generateNextPseudorandomNumber",
                           "x == $17 && frame >= 40")
    expect(page.locator(tid("bp-list"))).to_contain_text("if x == $17 && frame >= 40")
    page.click(tid("btn-run"))
    expect(page.locator(tid("dbg-reason"))).to_contain_text("breakpoint #1", timeout=30_000)
    now = status(page)
    assert now["pc"] == PRNG and now["frame"] >= 40
    assert dbg(page, "registers")["registers"]["x"] == 0x17
    expect(page.locator(tid("reg-x"))).to_have_value("17")

    # Registers and flags are editable, and checked first.
    page.fill(tid("reg-a"), "1FF")
    page.press(tid("reg-a"), "Enter")
    expect(page.locator(tid("dbg-register-error"))).to_contain_text("not a 8-bit value")
    page.fill(tid("reg-a"), "$42")
    page.press(tid("reg-a"), "Enter")
    expect(page.locator(tid("dbg-register-error"))).to_be_hidden()
    assert dbg(page, "registers")["registers"]["a"] == 0x42
    carry = dbg(page, "registers")["registers"]["p"] & 1
    page.click(tid("flag-7"))  # C
    wait_until(page, "(c) => window.retroscope.debug('registers')"
                           ".then(r => (r.registers.p & 1) === c)", arg=1 - carry)
    assert page_log.console_errors == []


def canvas_cell(page, x: int, y: int) -> list[int]:
    """The RGBA pixels of one 8x8 cell of the machine's screen, from the canvas."""
    return page.evaluate(
        """([x, y]) => Array.from(document.querySelector('[data-testid=screen]')
             .getContext('2d').getImageData(x, y, 8, 8).data)""", [x, y])


def test_a_memory_edit_in_the_playfield_is_on_screen_at_the_next_frame(open_page, page_log):
    page = open_page("#/tetris")
    page.evaluate("window.retroscope.step('frame', 5)")
    before = canvas_cell(page, 96, 48)  # the playfield's top-left cell ($0400)
    page.fill(tid("memory-edit"), "$0400 = 7B")
    page.click(tid("memory-write"))
    page.fill(tid("memory-edit"), "$0049 = 00")  # vramRow: copy the playfield again
    page.click(tid("memory-write"))
    assert page.evaluate("window.retroscope.read(0x400, 1)") == [0x7B]
    # The NMI copies it to VRAM at the end of the next frame; the one after shows it.
    page.click(tid("btn-frame"))
    page.click(tid("btn-frame"))
    expect(page.locator(tid("frame-counter"))).to_have_text("frame 7")
    after = canvas_cell(page, 96, 48)
    assert after != before
    nametable = page.evaluate("window.retroscope.debug('read_memory', "
                              "{addr: 0x20CC, length: 1, space: 'ppu'})")
    assert nametable["data"] == "7b"
    page.select_option(tid("memory-space"), "ppu")
    page.fill(tid("memory-address"), "$20C0")
    page.click(tid("memory-go"))
    expect(page.locator(tid("mem-row-20C0"))).to_contain_text("7B")
    page.screenshot(path=f"{SHOTS}/e2e-debugger-memory-edit.png")
    assert page_log.console_errors == []


def test_the_rewind_slider_goes_back_exactly_and_run_resumes_from_there(open_page, page_log):
    page = open_page("#/tetris")
    page.evaluate("window.retroscope.step('frame', 30)")
    at30 = dbg(page, "state_hash")
    page.evaluate("window.retroscope.step('frame', 30)")
    at60 = dbg(page, "state_hash")
    slider = page.locator(tid("rewind-slider"))
    expect(slider).to_have_attribute("max", "60")
    slider.fill("30")
    expect(page.locator(tid("frame-counter"))).to_have_text("frame 30")
    expect(page.locator(tid("dbg-reason"))).to_have_text("stopped: rewound to frame 30")
    assert dbg(page, "state_hash") == at30
    page.screenshot(path=f"{SHOTS}/e2e-debugger-rewind.png")
    # Replaying the recorded frames lands on the same state.
    page.evaluate("window.retroscope.step('frame', 30)")
    assert dbg(page, "state_hash") == at60
    page.click(tid("rewind-back"))  # one second back
    expect(page.locator(tid("frame-counter"))).to_have_text("frame 0")
    page.click(tid("btn-run"))
    page.wait_for_function("window.retroscope.frame() >= 20", timeout=20_000)
    page.click(tid("btn-run"))
    expect(page.locator(tid("dbg-run-state"))).to_have_text("paused")
    info = dbg(page, "rewind_info")
    assert info["first"] == 0 and info["last"] == status(page)["frame"]
    assert page_log.console_errors == []


def test_the_trace_downloads_as_text_with_the_last_instructions(open_page, page_log):
    page = open_page("#/tetris")
    page.click(tid("tabbtn-breakpoints"))
    page.check(tid("trace-toggle"))
    expect(page.locator(tid("trace-note"))).to_contain_text("recording")
    page.evaluate("window.retroscope.step('frame', 2)")
    page.evaluate("window.retroscope.step('instruction', 5)")
    with page.expect_download() as download:
        page.click(tid("trace-download"))
    assert download.value.suggested_filename == "tetris-trace.txt"
    lines = open(download.value.path()).read().splitlines()
    rows = [line for line in lines if not line.startswith(";")]
    assert 1000 < len(rows) <= 10_000
    assert lines[0] == f"; {len(rows)} instructions, oldest first"
    # Each row: cycles, PC, the instruction, the registers before it ran.
    assert all(re.match(r"\s*\d+ [0-9A-F]{4} .* a=[0-9A-F]{2} x=", row) for row in rows)
    page.uncheck(tid("trace-toggle"))
    assert page_log.console_errors == []


def test_breakpoints_survive_a_reload_and_stale_ones_are_explained(open_page, page_log):
    page = open_page("#/tetris")
    add_breakpoint_in_page(page, "exec", "generateNextPseudorandomNumber", "a != 0")
    add_breakpoint_in_page(page, "write", "$0400-$04C7")
    kept_js = "JSON.parse(localStorage.getItem('retroscope.breakpoints.tetris') || '[]')"
    page.wait_for_function(f"{kept_js}.length === 2")
    saved = page.evaluate(kept_js)
    assert [(bp["kind"], bp["start"], bp["end"]) for bp in saved] == [
        ("exec", PRNG, PRNG), ("write", 0x400, 0x4C7)]
    stale = saved + [{"id": 9, "kind": "exec", "start": 0x8000, "end": 0x8000,
                      "symbol": "noSuchRoutine", "condition": "", "enabled": True, "hits": 0}]
    page.evaluate("(s) => localStorage.setItem('retroscope.breakpoints.tetris', s)",
                  json.dumps(stale))
    page.reload()
    page.wait_for_function("document.documentElement.dataset.state === 'ready'",
                           timeout=90_000)
    kept = page.evaluate("window.retroscope.breakpoints()")
    assert [(bp["kind"], bp["start"], bp["symbol"], bp["condition"]) for bp in kept] == [
        ("exec", PRNG, "generateNextPseudorandomNumber", "a != 0"), ("write", 0x400, "", "")]
    messages = " ".join(page.locator(tid("message")).all_text_contents())
    assert "no longer applies" in messages and "noSuchRoutine" in messages
    page.click(tid("tabbtn-breakpoints"))
    expect(page.locator(tid("bp-list"))).to_contain_text("generateNextPseudorandomNumber")
    page.screenshot(path=f"{SHOTS}/e2e-debugger-breakpoints.png")
    page.click(tid("btn-run"))  # the game's start clears the playfield: #2 stops it
    expect(page.locator(tid("dbg-reason"))).to_contain_text(
        "breakpoint #2: wrote $EF at $0400", timeout=20_000)
    assert page_log.console_errors == []


def test_the_call_stack_shows_the_prng_call_through_the_nmi(open_page, page_log):
    """At $AB47 the stack holds a JSR from the NMI and the interrupt frame it
    came through (an interrupt has no call instruction: its return is shown)."""
    page = open_page("#/tetris")
    page.evaluate("window.retroscope.addBreakpoint('exec', '$AB47')")
    page.evaluate("window.retroscope.run()")
    page.wait_for_function("!window.retroscope.isRunning()", timeout=30_000)
    page.click("[data-testid=tabbtn-cpu]")
    first = page.locator("[data-testid=stack-0]")
    first.wait_for(timeout=10_000)
    assert "jsr generateNextPseudorandomNumber" in first.text_content()
    assert "interrupt" in page.locator("[data-testid=stack-1]").text_content()
    assert page_log.console_errors == []
