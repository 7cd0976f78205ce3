"""The first minute, as a newcomer meets it, at two window sizes: the bare page
names its machine and says how to play and inspect, `?` lists the machine's
keys first, memory writes go to the space shown, the status line shows the
speed and what costs it, one frame number, link messages that say the value
used, watches in hex, long values that wrap, the memory view's text column,
data shown as data in the disassembly, and named rows instead of a JSON dump."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from harness.page import in_view, tid, window_sizes

SHOTS = "test-output"
SIZES = {"wide": (1400, 900), "small": (800, 600)}


size = window_sizes(SIZES)


def dbg(page, verb: str, **args):
    return page.evaluate("([v, a]) => window.retroscope.debug(v, a)", [verb, args])


def test_the_bare_page_names_its_machine_and_says_how_to_play(open_page, size, page_log):
    page = open_page("")
    page.wait_for_function("location.hash.startsWith('#/tetris')")
    hint = page.locator(tid("first-hint"))
    expect(hint).to_contain_text("Play:")
    expect(hint).to_contain_text("← →: move")  # what the keys do, not the pad's names
    expect(hint).to_contain_text("X Z: rotate")
    expect(hint).to_contain_text("?")
    assert in_view(page, tid("first-hint"))
    summary = page.locator(tid("machine-summary")).text_content()
    assert "PRNG" in summary  # what runs as machine code
    page.screenshot(path=f"{SHOTS}/e2e-first-bare-{size}.png")
    assert page_log.console_errors == []


def test_help_shows_the_machines_own_keys_before_the_debuggers(open_page, size):
    page = open_page("#/tetris")
    page.keyboard.press("?")
    keys = page.locator(tid("help-machine-keys"))
    expect(keys).to_be_visible()
    expect(page.locator(tid("help-key-A"))).to_contain_text("X")
    expect(page.locator(tid("help-key-Left"))).to_contain_text("←")
    expect(page.locator(tid("help-key-Start"))).to_contain_text("Enter")
    # However small the window, the help opens at its top: the machine's keys.
    assert in_view(page, tid("help-key-A")) and in_view(page, tid("help-key-Right"))
    order = page.evaluate("""() => {
      const k = document.querySelector('[data-testid=help-machine-keys]');
      const d = document.querySelector('[data-testid=help-shortcuts]');
      return Boolean(k.compareDocumentPosition(d) & Node.DOCUMENT_POSITION_FOLLOWING);
    }""")
    assert order
    page.screenshot(path=f"{SHOTS}/e2e-first-help-{size}.png")
    page.keyboard.press("Escape")
    expect(page.locator(tid("help-overlay"))).to_be_hidden()


def test_a_memory_write_goes_to_the_space_shown(open_page, size, page_log):
    page = open_page("#/tetris")
    cpu_before = page.evaluate("window.retroscope.read(0x0300, 1)")
    page.select_option(tid("memory-space"), "ppu")
    expect(page.locator(tid("memory-grid"))).to_have_attribute("data-space", "ppu")
    expect(page.locator(tid("memory-write"))).to_be_visible()
    page.fill(tid("memory-edit"), "$2300 = AB")  # a nametable byte
    page.click(tid("memory-write"))
    expect(page.locator(tid("mem-row-2300"))).to_contain_text("AB")
    ppu = dbg(page, "read_memory", addr=0x2300, length=1, space="ppu")
    assert ppu["data"] == "ab"
    assert page.evaluate("window.retroscope.read(0x0300, 1)") == cpu_before
    # PPU $0300 is Tetris's CHR ROM: the write is refused there, and said so.
    page.fill(tid("memory-edit"), "$0300 = AB")
    page.click(tid("memory-write"))
    expect(page.locator(tid("message")).last).to_contain_text("read-only there")
    assert page.evaluate("window.retroscope.read(0x0300, 1)") == cpu_before
    page.locator(tid("memory-panel")).scroll_into_view_if_needed()
    page.screenshot(path=f"{SHOTS}/e2e-first-memory-ppu-{size}.png")
    assert page_log.console_errors == []


def test_a_space_that_cannot_be_written_has_no_write_row(open_page, size):
    page = open_page("#/testcard", test_machine=True)
    # The test card's only space is the CPU's; hide it as the page would for a
    # space without writes, through the panel's own entry point.
    page.evaluate("""() => {
      const sel = document.querySelector('[data-testid=memory-space]');
      sel.append(new Option('rom', 'rom'));
    }""")
    page.select_option(tid("memory-space"), "rom")
    expect(page.locator(tid("memory-write"))).to_be_hidden()
    expect(page.locator(tid("memory-edit"))).to_be_hidden()
    page.select_option(tid("memory-space"), "cpu")
    expect(page.locator(tid("memory-write"))).to_be_visible()


def test_the_status_line_shows_speed_and_what_slows_it(open_page, size):
    page = open_page("#/tetris")
    page.evaluate("window.retroscope.run()")
    speed = page.locator(tid("dbg-speed"))
    expect(speed).to_contain_text("fps", timeout=10_000)
    expect(speed).to_contain_text("MHz")
    expect(speed).to_contain_text("of 1.79")
    expect(page.locator(tid("dbg-slow"))).to_have_text("")
    page.evaluate("window.retroscope.setTrace(true)")
    expect(page.locator(tid("dbg-slow"))).to_contain_text("slowed by trace", timeout=10_000)
    hint = page.locator(tid("first-hint-keys")).get_attribute("title")  # (the whole line)
    assert "W A S D Q E: player 2" in hint and "P2 Up" not in hint, hint  # the second pad: one item
    if size == "wide":  # the status line sits under the picture, in the window
        box = page.locator(tid("dbg-counters")).bounding_box()
        assert box and box["y"] + box["height"] <= SIZES[size][1], box
    page.screenshot(path=f"{SHOTS}/e2e-first-speed-{size}.png")
    # One frame number: the heading and the status line say the same.
    same = page.evaluate("""() => {
      const h = document.querySelector('[data-testid=frame-counter]').textContent;
      const s = document.querySelector('[data-testid=dbg-frame]').textContent;
      return [h, s];
    }""")
    assert same[1].startswith(same[0]), same
    page.evaluate("window.retroscope.setTrace(false)")
    expect(page.locator(tid("dbg-slow"))).to_have_text("", timeout=10_000)
    page.evaluate("window.retroscope.pause()")
    page.wait_for_function("!window.retroscope.isRunning()")
    expect(page.locator(tid("dbg-speed"))).to_have_text("")


def test_link_messages_are_one_per_problem_visible_and_name_the_value_used(open_page, size):
    page = open_page("#/tetris?level=77&start=bogus")
    messages = page.locator(tid("message"))
    expect(messages).to_have_count(2)
    texts = messages.all_text_contents()
    assert any("level" in t and "using level=0" in t for t in texts), texts
    assert any("start" in t and "using start=game" in t for t in texts), texts
    for i in range(2):
        box = messages.nth(i).bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= SIZES[size][1], box
    page.screenshot(path=f"{SHOTS}/e2e-first-messages-{size}.png")
    page.evaluate("window.location.hash = '#/backgammon?seed=99'")
    expect(messages.filter(has_text="seed")).to_have_count(1)
    text = messages.filter(has_text="seed").text_content()
    assert "None" not in text and "using no seed" in text


def test_a_watch_on_0017_is_labelled_in_hex(open_page, size):
    page = open_page("#/tetris")
    page.click(tid("tabbtn-breakpoints"))
    page.fill(tid("watch-where"), "$0017")
    page.click(tid("watch-add"))
    row = page.locator(f"{tid('watch-list')} tr").last
    expect(row).to_contain_text("$0017")
    assert "23" not in row.locator("td").first.text_content()


def test_long_values_wrap_in_backgammons_mechanics(open_page, size):
    page = open_page("#/backgammon")
    page.evaluate("window.retroscope.step('frame', 3)")
    value = page.locator("[data-testid='mech-value-RNG table (55 values)']")
    expect(value).not_to_have_text("")
    fits = page.evaluate("""() => {
      const t = document.querySelector('[data-testid=mechanics-table]');
      const p = document.querySelector('[data-testid=mechanics-panel]');
      return t.getBoundingClientRect().right <= p.getBoundingClientRect().right + 1;
    }""")
    assert fits
    label = page.locator("[data-testid='mech-RNG table (55 values)'] th")
    assert label.bounding_box()["width"] > 60  # the labels are not squeezed
    value.scroll_into_view_if_needed()
    page.screenshot(path=f"{SHOTS}/e2e-first-wrap-{size}.png")


def test_the_memory_views_text_column_is_whole(open_page, size):
    page = open_page("#/tetris")
    page.locator(tid("memory-panel")).scroll_into_view_if_needed()
    whole = page.evaluate("""() => {
      const a = document.querySelector('.mem-ascii');
      const g = document.querySelector('[data-testid=memory-grid]');
      return a.getBoundingClientRect().right <= g.getBoundingClientRect().right + 1;
    }""")
    assert whole
    page.screenshot(path=f"{SHOTS}/e2e-first-memory-{size}.png")


def test_the_disassembly_shows_padding_as_data(open_page, size):
    page = open_page("#/tetris")
    page.click(tid("tabbtn-cpu"))
    page.fill(tid("dbg-disasm-address"), "$AB47")
    page.click(tid("dbg-disasm-go"))
    pad = page.locator(tid("dis-AB54"))
    expect(pad).to_contain_text(".byte $FF")
    expect(pad).to_have_class("dbg-line data")
    expect(page.locator(tid("dbg-disasm"))).not_to_contain_text("isc")
    page.screenshot(path=f"{SHOTS}/e2e-first-disasm-{size}.png")


def test_the_machine_tab_shows_named_rows_not_a_json_dump(open_page, size):
    page = open_page("#/tetris")
    page.evaluate("window.retroscope.step('frame', 2)")
    more = page.locator(tid("state-more"))
    expect(more).to_be_visible()
    expect(page.locator(tid("state-extra"))).to_be_hidden()  # closed until asked
    more.locator("summary").click()
    extra = page.locator(tid("state-extra"))
    expect(extra).to_contain_text("spawn id")
    assert "{" not in extra.text_content()
    extra.scroll_into_view_if_needed()
    page.screenshot(path=f"{SHOTS}/e2e-first-state-{size}.png")


def test_backgammons_sequence_is_one_number_everywhere(open_page, size):
    page = open_page("#/backgammon")
    page.evaluate("window.retroscope.step('frame', 5)")
    state = page.evaluate("window.retroscope.lastState()")
    seq = state["sequence"]
    expect(page.locator(tid("bg-sequence"))).to_have_value(str(seq))
    expect(page.locator(tid("bg-status"))).to_contain_text(f"sequence {seq} in play")
    page.screenshot(path=f"{SHOTS}/e2e-first-bg-sequence-{size}.png")


def test_every_machine_is_in_view_and_a_machines_link_stays_with_it(open_page, size, page_log):
    """The machine list shows every machine (short names, the title as the
    tooltip), and switching machines drops the last one's link and notes."""
    page = open_page("#/tetris")
    names = page.evaluate("window.retroscope.machines().map(m => m.id)")
    assert len(names) >= 5
    for mid in names:
        assert in_view(page, tid(f"nav-{mid}")), mid
    nav = page.locator(tid("nav-backgammon"))
    expect(nav).to_have_text("FDS Backgammon")
    assert nav.get_attribute("title").startswith("FDS Backgammon: ")
    page.click(tid("btn-share"))
    expect(page.locator(tid("share-link"))).to_have_value(re.compile("#/tetris"))
    page.screenshot(path=f"{SHOTS}/e2e-first-nav-{size}.png")
    page.click(tid("nav-jmc"))
    page.wait_for_function("window.retroscope.current()?.id === 'jmc'")
    expect(page.locator(tid("share-link"))).to_have_value("")
    expect(page.locator(tid("message")).filter(has_text="copied")).to_have_count(0)
    # JMC's keys say what they do; the menu's go together, not "C: C · H: H".
    hint = page.locator(tid("first-hint-keys"))
    expect(hint).to_contain_text("H C D R B: menu")
    assert "C: C" not in hint.text_content() and "as named" not in hint.get_attribute("title")
    page.evaluate("window.retroscope.pause()")  # (the machine list's links run)
    page.wait_for_function("!window.retroscope.isRunning()")
    page.evaluate("window.retroscope.step('instruction', 3)")
    expect(page.locator(tid("dbg-frame"))).to_contain_text(", cycle ")
    page.screenshot(path=f"{SHOTS}/e2e-first-jmc-{size}.png")
    assert page_log.console_errors == []
