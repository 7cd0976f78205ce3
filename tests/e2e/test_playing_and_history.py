"""The page starts playing; a link can start it paused; edits are part of the
rewind history; a program can take the controller (the input source)."""

from __future__ import annotations

from playwright.sync_api import expect

from harness.page import settled, tid


def dbg(page, verb: str, args: str = "{}"):
    return page.evaluate(f"window.retroscope.debug('{verb}', {args})")


def test_opening_the_page_shows_the_machine_running(open_page, page_log):
    page = open_page("#/tetris?seed=8988", running=True)
    page.wait_for_function("window.retroscope.frame() > 30", timeout=30_000)
    assert page.evaluate("window.retroscope.isRunning()")
    expect(page.locator(tid("btn-run"))).to_have_text("Pause")
    page.screenshot(path="test-output/e2e-starts-playing.png")
    assert page_log.console_errors == []


def test_a_link_with_paused_1_starts_paused_at_frame_0(open_page, page_log):
    page = open_page("#/tetris?seed=8988&paused=1", running=True)
    settled(page)
    assert not page.evaluate("window.retroscope.isRunning()")
    assert page.evaluate("window.retroscope.frame()") == 0
    assert page.evaluate("window.retroscope.current().values.seed") == "8988"
    messages = page.locator(tid("messages")).text_content()
    assert "paused" not in messages  # the page's own parameter: no "unknown parameter"
    assert page_log.console_errors == []


def test_seeking_back_after_a_memory_edit_gives_the_rng_that_was_seen(open_page, page_log):
    """A user's case: pause Tetris, step a few frames, write two bytes at $0017,
    step one frame and note the RNG, step 30 more, seek back to that frame."""
    page = open_page("#/tetris")
    page.evaluate("window.retroscope.pause()")  # the page starts running: pause first
    page.evaluate("window.retroscope.step('frame', 5)")
    before_edit = page.evaluate("window.retroscope.read(0x17, 2)")
    page.evaluate("window.retroscope.write(0x17, [0x12, 0x34])")
    page.evaluate("window.retroscope.step('frame', 1)")
    frame = page.evaluate("window.retroscope.frame()")
    rng = page.evaluate("window.retroscope.read(0x17, 2)")
    seen = dbg(page, "state_hash")
    page.evaluate("window.retroscope.step('frame', 30)")
    page.evaluate(f"window.retroscope.seek({frame})")
    assert page.evaluate("window.retroscope.read(0x17, 2)") == rng
    assert dbg(page, "state_hash") == seen
    events = dbg(page, "rewind_info")["events"]
    assert [(e["frame"], e["kind"], e["payload"]["values"]) for e in events] == [
        (frame - 1, "write", [0x12, 0x34])]
    # The frame the edit was made at: seeking there gives the edited RNG...
    page.evaluate(f"window.retroscope.seek({frame - 1})")
    assert page.evaluate("window.retroscope.read(0x17, 2)") == [0x12, 0x34]
    # ...and playing on from before the edit reaches the old one (that future
    # replaces the edited one).
    page.evaluate(f"window.retroscope.seek({frame - 2})")
    page.evaluate("window.retroscope.step('frame', 1)")
    assert page.evaluate("window.retroscope.read(0x17, 2)") == before_edit
    assert dbg(page, "rewind_info")["events"] == []
    assert page_log.console_errors == []


def test_a_program_holds_the_pad_and_rewind_replays_its_presses(open_page, page_log):
    page = open_page("#/tetris?seed=8988&start=legal")
    page.evaluate("window.retroscope.setInputSource('ai', {tap_hz: 30})")
    page.evaluate("window.retroscope.step('frame', 120)")
    frame = page.evaluate("window.retroscope.frame()")
    seen = dbg(page, "state_hash")
    page.evaluate("window.retroscope.step('frame', 60)")
    page.evaluate(f"window.retroscope.seek({frame})")
    assert dbg(page, "state_hash") == seen  # the program's presses, replayed
    page.screenshot(path="test-output/e2e-input-source.png")
    events = dbg(page, "rewind_info")["events"]
    assert events[0]["payload"] == {"source": "ai"}
    page.evaluate("window.retroscope.setInputSource('player')")
    assert dbg(page, "rewind_info")["events"][-1]["payload"] == {"source": "player"}
    assert page_log.console_errors == []


def test_edits_made_with_the_page_s_controls_are_history_and_seek_exactly(open_page, page_log):
    """The same case through the controls a person uses: two bytes at $0017
    in the memory view, an X edit in the CPU tab, the Reset button, all while
    paused; every frame before and after them seeks to the state seen then."""
    import random

    from harness.page import wait_until

    page = open_page("#/tetris")
    seen: dict[int, str] = {}

    def note() -> None:
        seen[page.evaluate("window.retroscope.frame()")] = dbg(page, "state_hash")

    def frame_button() -> None:
        at = page.evaluate("window.retroscope.frame()")
        page.click(tid("btn-frame"))
        wait_until(page, f"window.retroscope.frame() === {at + 1}")
        note()

    note()
    for _ in range(4):
        frame_button()
    page.evaluate("window.retroscope.showTab('cpu')")
    page.fill(tid("memory-edit"), "$0017 = 12 34")
    page.click(tid("memory-write"))
    wait_until(page, "window.retroscope.read(0x17, 2).then(b => b[0] === 0x12 && b[1] === 0x34)")
    note()  # the frame now starts edited
    frame_button()
    page.fill(tid("reg-x"), "21")
    page.press(tid("reg-x"), "Enter")
    wait_until(page, "window.retroscope.debug('registers').then(r => r.registers.x === 0x21)")
    note()
    for _ in range(2):
        frame_button()
    page.click(tid("btn-reset"))
    wait_until(page, "window.retroscope.rewindInfo().then(i => "
                     "i.events.some(e => e.kind === 'reset'))")
    note()
    for _ in range(12):
        frame_button()
    events = [e["kind"] for e in dbg(page, "rewind_info")["events"]]
    assert events == ["write", "register", "reset"], events
    order = list(seen)
    random.Random(3).shuffle(order)
    for frame in order:
        page.evaluate(f"window.retroscope.seek({frame})")
        assert dbg(page, "state_hash") == seen[frame], f"frame {frame} differs after a seek"
    assert page_log.console_errors == []


def test_after_a_pause_the_mechanics_panel_shows_the_paused_frame(open_page, page_log):
    """While running, state comes with every few frames; a pause between them
    left the panel a few frames behind the picture (RNG, timers)."""
    from harness.page import wait_until

    page = open_page("#/tetris?seed=8988")
    same = """() => window.retroscope.state().then(s => s.machine.mechanics.every(r =>
        [...document.querySelectorAll('[data-testid]')].find(
            e => e.dataset.testid === 'mech-value-' + r.name)?.textContent === String(r.value)))"""
    for i in range(6):
        at = page.evaluate("window.retroscope.frame()")
        page.evaluate("window.retroscope.run()")
        wait_until(page, f"window.retroscope.frame() >= {at + 20 + 3 * i}")
        page.evaluate("window.retroscope.pause()")
        wait_until(page, same, timeout=5_000)
    assert page_log.console_errors == []
