"""What a new user tripped over, at 1400x900 and 1024x700: the bare page says
what Retroscope is and offers every machine; the picture takes the largest
whole scale that fits with the toolbar and the rewind bar in view; another
machine's side panel opens at its top; the keys say what they do; the help
lists player 1 first and holds the game; messages keep off the picture and
notes go by themselves; a breakpoint set on a source line stops on the Source
tab; the click that gives the picture the focus is not a game click; a maze
link cut short says so and stays in the address bar; a moment file opens
like a moment's link."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from harness.page import in_view, source_go_to_line, tid, wait_until, window_sizes

SHOTS = "test-output"
SIZES = {"wide": (1400, 900), "small": (1024, 700)}
PRNG = 0xAB47  # Tetris's generateNextPseudorandomNumber, per the article


size = window_sizes(SIZES)


def box(page, selector: str) -> dict:
    return page.evaluate("""(sel) => {
      const r = document.querySelector(sel).getBoundingClientRect();
      return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,
              width: r.width, height: r.height};
    }""", selector)


def overlaps(a: dict, b: dict) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] \
        and b["top"] < a["bottom"]


def largest_whole_scale(page) -> tuple[int, int]:
    """(the canvas's scale, the largest whole scale its stage holds)."""
    return page.evaluate("""() => {
      const c = document.querySelector('[data-testid=screen]');
      const s = document.querySelector('[data-testid=stage]').getBoundingClientRect();
      const dpr = window.devicePixelRatio;
      const cw = parseFloat(c.style.width), ch = parseFloat(c.style.height);
      return [Math.round(cw * dpr / c.width),
              Math.floor(Math.min(s.width * dpr / c.width, s.height * dpr / c.height))];
    }""")


def test_the_bare_page_says_what_it_is_and_the_picture_fits_with_its_controls(
        open_page, size, page_log):
    page = open_page("", running=True)
    welcome = page.locator(tid("welcome"))
    expect(welcome).to_be_visible()
    expect(welcome).to_contain_text("Retroscope runs the mechanics of classic games")
    machines = page.evaluate("window.retroscope.machines()")
    assert len(machines) == 5
    for info in machines:
        choice = page.locator(tid(f"welcome-{info['id']}"))
        expect(choice).to_have_attribute("href", f"#/{info['id']}")
        first = info["summary"].split(". ")[0]
        assert first and first in choice.text_content(), info["id"]
    assert in_view(page, tid("welcome-jmc")), "every machine in view"
    # The picture: the largest whole scale its stage holds, 2x for Tetris at
    # both sizes; the toolbar and the rewind bar in the window.
    scale, fits = largest_whole_scale(page)
    assert scale == fits >= 2, (scale, fits)
    for part in ("screen", "btn-run", "btn-help", "sound-controls", "dbg-counters", "dbg-rewind"):
        assert in_view(page, tid(part)), part
    page.screenshot(path=f"{SHOTS}/e2e-newcomer-bare-{size}.png")

    # Pac-Man: its toolbar in one row, its ghost table whole in its panel.
    page.locator(".side-column").evaluate("(e) => { e.scrollTop = e.scrollHeight; }")
    assert page.locator(".side-column").evaluate("(e) => e.scrollTop") > 200
    page.click(tid("welcome-pacman"))
    page.wait_for_function("document.documentElement.dataset.machine === 'pacman'")
    expect(welcome).to_be_hidden()
    # Its panel opens at its top, not where Tetris's was scrolled to.
    expect(page.locator(tid("pacman-ghosts"))).to_be_visible()
    assert page.locator(".side-column").evaluate("(e) => e.scrollTop") == 0
    tops = page.evaluate(
        "[...document.querySelectorAll('.controls > *')].filter(e => e.getClientRects().length)"
        ".map(e => e.getBoundingClientRect().top)")  # (shown: not the touch button, here)
    assert max(tops) - min(tops) < 8, tops
    table, panel = box(page, tid("pacman-ghosts")), box(page, tid("machine-panel"))
    assert table["right"] <= panel["right"] and in_view(page, tid("pacman-ghosts")), (table, panel)
    scale, fits = largest_whole_scale(page)
    assert scale == fits >= 1
    for part in ("screen", "btn-run", "dbg-rewind"):
        assert in_view(page, tid(part)), part
    page.screenshot(path=f"{SHOTS}/e2e-newcomer-pacman-{size}.png")
    assert page_log.console_errors == []


def test_the_keys_say_what_they_do_and_the_help_holds_the_game(open_page, size, page_log):
    page = open_page("#/crpg")
    hint = page.locator(tid("first-hint-keys"))
    expect(hint).to_contain_text("arrows, E S D X: walk")
    page.evaluate("window.retroscope.load('jmc', {})")
    expect(hint).to_contain_text("Enter: start")
    expect(hint).to_contain_text("H C D R B: menu")
    assert "as named" not in hint.get_attribute("title")
    page.keyboard.press("?")
    expect(page.locator(tid("help-key-H"))).to_contain_text("menu: two players")
    page.keyboard.press("Escape")

    page.evaluate("window.retroscope.load('tetris', {})")
    expect(hint).to_contain_text("← →: move")
    expect(hint).to_contain_text("X Z: rotate")
    assert "W A S D Q E: player 2" in hint.get_attribute("title")  # all of them, on hover
    page.evaluate("window.retroscope.run()")
    page.wait_for_function("window.retroscope.isRunning()")
    page.keyboard.press("?")
    expect(page.locator(tid("help-overlay"))).to_be_visible()
    page.wait_for_function("!window.retroscope.isRunning()")  # the game waits
    expect(page.locator(tid("help-key-A"))).to_contain_text("rotate clockwise")
    order = page.evaluate("""() => [...document.querySelectorAll(
        '[data-testid=help-machine-keys] tr')].map(r => r.dataset.testid)""")
    first, second = order.index("help-key-Left"), order.index("help-key-P2 Left")
    assert first < order.index("help-key-A") < second  # player 1, then player 2
    page.screenshot(path=f"{SHOTS}/e2e-newcomer-help-{size}.png")
    page.keyboard.press("Escape")
    expect(page.locator(tid("help-overlay"))).to_be_hidden()
    page.wait_for_function("window.retroscope.isRunning()")  # and goes on
    # Paused before, it stays paused after.
    page.evaluate("window.retroscope.pause()")
    page.wait_for_function("!window.retroscope.isRunning()")
    page.click(tid("btn-help"))
    page.click(tid("help-close"))
    expect(page.locator(tid("help-overlay"))).to_be_hidden()
    assert page.evaluate("window.retroscope.status()")["paused"]
    assert not page.evaluate("window.retroscope.isRunning()")
    assert page_log.console_errors == []


def test_messages_keep_off_the_picture_and_notes_go_by_themselves(open_page, size, page_log):
    page = open_page("#/pacman?maze=1abc&level=3")
    messages = page.locator(tid("message"))
    expect(messages.filter(has_text="maze")).to_have_count(1)
    page.click(tid("btn-share"))
    note = messages.filter(has_text="copied").or_(messages.filter(has_text="in the box"))
    expect(note).to_have_count(1)
    picture = box(page, tid("screen"))
    for i in range(messages.count()):
        assert not overlaps(box(page, f"{tid('messages')} li:nth-child({i + 1})"), picture)
    assert in_view(page, tid("messages"))
    page.screenshot(path=f"{SHOTS}/e2e-newcomer-messages-{size}.png")
    expect(note).to_have_count(0, timeout=20_000)  # a note goes by itself
    expect(messages.filter(has_text="maze")).to_have_count(1)  # a problem stays
    assert page_log.console_errors == []


def test_a_maze_link_cut_short_says_so_and_stays_in_the_address_bar(open_page, size, page_log):
    from retroscope.machines.pacman.maze import default_maze

    cut = default_maze().to_link()[:60]
    page = open_page(f"#/pacman?maze={cut}")
    message = page.locator(tid("message")).filter(has_text="maze")
    expect(message).to_contain_text("incomplete")
    assert "checksum" not in message.text_content()
    assert f"maze={cut}" in page.evaluate("location.hash")
    page.reload()
    page.wait_for_function("document.documentElement.dataset.state === 'ready'", timeout=90_000)
    expect(page.locator(tid("message")).filter(has_text="incomplete")).to_have_count(1)
    assert f"maze={cut}" in page.evaluate("location.hash")
    assert page_log.console_errors == []


def test_a_breakpoint_set_on_a_source_line_stops_on_the_source_tab(open_page, size, page_log):
    page = open_page("#/tetris")
    page.evaluate("window.retroscope.step('frame', 2)")
    page.click(tid("tabbtn-source"))
    page.select_option(tid("dbg-source-file"), "mechanics.asm")
    lines = page.evaluate("window.retroscope.debug('source_lines', {file: 'mechanics.asm'})")
    line = next(x["line"] for x in lines["lines"] if x["addr"] == PRNG)
    source_go_to_line(page, line)
    page.click(tid(f"src-bp-{line}"))
    wait_until(page, "window.retroscope.breakpoints().then(b => b.length === 1)")
    page.click(tid("btn-run"))
    expect(page.locator(tid("dbg-reason"))).to_contain_text("breakpoint", timeout=20_000)
    expect(page.locator(tid("tab-source"))).to_be_visible()
    expect(page.locator(tid("tab-cpu"))).to_be_hidden()
    current = page.locator(f"{tid('dbg-source')} .dbg-line.pc")
    expect(current).to_have_attribute("data-testid", f"src-{line}")
    expect(current).to_be_in_viewport()
    page.screenshot(path=f"{SHOTS}/e2e-newcomer-source-stop-{size}.png")
    # With the CPU tab the code view last used, a stop shows the CPU tab.
    page.click(tid("tabbtn-cpu"))
    page.click(tid("tabbtn-breakpoints"))
    page.click(tid("btn-run"))
    expect(page.locator(tid("dbg-reason"))).to_contain_text("breakpoint", timeout=20_000)
    expect(page.locator(tid("tab-cpu"))).to_be_visible()
    assert page_log.console_errors == []


def test_the_click_that_gives_the_picture_the_focus_is_not_a_game_click(open_page, size,
                                                                         page_log):
    page = open_page("#/jmc")
    page.evaluate("window.retroscope.runFrames(20, 0)")
    mode = "window.retroscope.state().then(s => s.machine.mode)"
    assert page.evaluate(mode) == "hotseat"
    picture = page.locator(tid("screen"))
    b = picture.bounding_box()
    row_c = (60 + 16 + 6) / 256  # draw.py: the menu's rows from y 60, 16 apart; C's is the second
    at = {"x": b["width"] * 0.4, "y": b["height"] * row_c}
    picture.click(position=at)
    page.evaluate("window.retroscope.runFrames(5, 0)")
    assert page.evaluate(mode) == "hotseat"  # only the focus
    assert page.evaluate("document.activeElement.dataset.testid") == "screen"
    picture.click(position=at)
    page.evaluate("window.retroscope.runFrames(5, 0)")
    assert page.evaluate(mode) == "computer"  # now the game's
    page.screenshot(path=f"{SHOTS}/e2e-newcomer-focus-click-{size}.png")
    assert page_log.console_errors == []


def test_an_opened_moment_file_shows_the_moment_as_a_link_does(open_page, size, tmp_path,
                                                               page_log):
    page = open_page("#/tetris")
    page.evaluate("window.retroscope.runFrames(20, 4)")
    page.evaluate("window.retroscope.reset()")
    page.evaluate("window.retroscope.runFrames(10, 1)")
    moment = page.evaluate("window.retroscope.share()")
    path = tmp_path / "moment.json"
    path.write_text(json.dumps(moment["file"]))
    page.evaluate("window.retroscope.load('backgammon', {})")
    page.set_input_files(tid("moment-file"), str(path))
    page.wait_for_function("window.retroscope.current()?.moment?.exact === true", timeout=90_000)
    shared = page.locator(tid("message")).filter(has_text="the shared moment: frame 30")
    expect(shared).to_have_count(1)
    expect(page.locator(tid("dbg-run-state"))).to_have_text("paused")
    expect(page.locator(tid("dbg-reason"))).to_have_text("")
    page.screenshot(path=f"{SHOTS}/e2e-newcomer-moment-file-{size}.png")
    page.click(tid("btn-run"))  # it runs on from the moment: the note has said its piece
    expect(shared).to_have_count(0)
    assert page_log.console_errors == []
