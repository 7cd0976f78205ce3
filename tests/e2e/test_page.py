"""The page boots Python in a worker, draws a machine, survives bad links, stays local."""

from __future__ import annotations

from urllib.parse import urlparse

from playwright.sync_api import expect

from harness.page import settled

COUNT_COLOURS = """() => {
  const c = document.querySelector('[data-testid=screen]');
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  const seen = new Set();
  for (let i = 0; i < d.length; i += 4) seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
  return seen.size;
}"""


def test_the_page_boots_to_ready_and_offers_the_scripting_object(open_page, page_log):
    page = open_page("#/testcard", test_machine=True)
    assert page.evaluate("typeof window.retroscope.ready.then") == "function"
    assert page.evaluate("window.retroscope.current().id") == "testcard"
    assert page_log.console_errors == []


def test_a_machine_draws_a_frame_that_is_not_blank(open_page, page_log):
    page = open_page("#/testcard", test_machine=True)
    page.evaluate("window.retroscope.step('frame', 2)")  # resolves once drawn
    assert page.evaluate(COUNT_COLOURS) > 8
    page.screenshot(path="test-output/e2e-testcard.png")
    assert page_log.console_errors == []


def test_running_advances_frames_and_pausing_stops_them(open_page):
    page = open_page("#/testcard", test_machine=True)
    page.click("[data-testid=btn-run]")
    page.wait_for_function("window.retroscope.frame() > 10", timeout=20_000)
    page.click("[data-testid=btn-run]")
    page.wait_for_function("!window.retroscope.isRunning()")
    # A frame the worker sent before it paused may still be waiting for its
    # animation frame to be drawn: read the counter once that has happened.
    settled(page)
    stopped_at = page.evaluate("window.retroscope.frame()")
    settled(page)
    assert page.evaluate("window.retroscope.frame()") == stopped_at


def test_memory_reads_and_writes_round_trip_through_the_worker(open_page):
    page = open_page("#/testcard?seed=9", test_machine=True)
    assert page.evaluate("window.retroscope.read(0x10, 1)") == [9]
    page.evaluate("window.retroscope.write(0x0100, [1, 2, 255])")
    assert page.evaluate("window.retroscope.read(0x0100, 3)") == [1, 2, 255]


def test_a_bad_memory_edit_shows_a_message_and_changes_nothing(open_page):
    page = open_page("#/testcard", test_machine=True)
    page.fill("[data-testid=memory-edit]", "$0100 = zz")
    page.click("[data-testid=memory-write]")
    assert "write as" in page.locator("[data-testid=message]").last.text_content()
    error = page.evaluate("window.retroscope.write(0x0100, [300]).then(() => '', e => e.message)")
    assert "0-255" in error
    assert page.evaluate("window.retroscope.read(0x0100, 1)") == [0]


def test_a_bad_link_parameter_shows_a_message_and_the_machine_still_runs(open_page, page_log):
    hostile = "%3Cimg%20src=x%20onerror=alert(1)%3E"
    page = open_page(f"#/testcard?seed=999&bogus={hostile}", test_machine=True)
    messages = page.locator("[data-testid=message]").all_text_contents()
    assert any("seed" in m and "0-255" in m for m in messages), messages
    assert any("unknown parameter" in m for m in messages), messages
    assert page.locator("img").count() == 0  # URL text never becomes HTML
    assert page.evaluate("window.retroscope.current().values.seed") == 7
    page.evaluate("window.retroscope.step('frame', 1)")
    assert page.evaluate(COUNT_COLOURS) > 8
    assert page_log.console_errors == []


def test_a_links_messages_leave_when_another_link_loads(open_page, page_log):
    """A complaint about one link is not shown under the next one; a message
    about something else (a bad memory edit) stays until dismissed."""
    page = open_page("#/testcard?seed=999", test_machine=True)
    messages = page.locator("[data-testid=message]")
    expect(messages.filter(has_text="0-255")).to_have_count(1)
    page.fill("[data-testid=memory-edit]", "$0100 = zz")
    page.click("[data-testid=memory-write]")
    expect(messages.filter(has_text="write as")).to_have_count(1)
    page.evaluate("location.hash = '#/testcard?seed=5&bogus=1'")
    page.wait_for_function("window.retroscope.current()?.values.seed === 5")
    expect(messages.filter(has_text="unknown parameter")).to_have_count(1)
    expect(messages.filter(has_text="0-255")).to_have_count(0)
    expect(messages.filter(has_text="write as")).to_have_count(1)
    page.evaluate("window.retroscope.load('testcard', {seed: 6})")
    expect(messages.filter(has_text="unknown parameter")).to_have_count(0)
    assert page_log.console_errors == []


def test_an_unknown_machine_falls_back_with_a_message(open_page):
    page = open_page("#/nosuchmachine", test_machine=True)
    messages = page.locator("[data-testid=message]").all_text_contents()
    assert any("no machine" in m for m in messages), messages
    assert page.evaluate("window.retroscope.current()") is not None


def test_no_request_leaves_the_local_server(open_page, page_log):
    page = open_page("#/testcard", test_machine=True)
    page.evaluate("window.retroscope.step('frame', 1)")
    hosts = {urlparse(u).hostname for u in page_log.requests
             if not u.startswith(("data:", "blob:"))}
    assert hosts == {"127.0.0.1"}, hosts


def test_overlapping_loads_leave_one_machine_panel(open_page, page_log):
    # A hash change and a scripted load at once (or two quick clicks on the
    # machine list) used to mount the side panel twice.
    page = open_page("#/tetris")
    page.evaluate("""() => {
        location.hash = '#/crpg';
        return window.retroscope.load('crpg', {});
    }""")
    page.wait_for_function("document.documentElement.dataset.machine === 'crpg'")
    panel = page.locator("[data-testid=machine-panel]")
    expect(panel).to_contain_text("Map processing (MAPPRC), this step")
    settled(page)  # both loads answered and drawn: a stale one has mounted by now, if at all
    assert panel.inner_text().count("Map processing (MAPPRC), this step") == 1
    assert not page_log.console_errors


# Holds a load's answer back while `window.__holdLoads` is set, so that the
# load's frame (posted just before the answer) is drawn first.
HOLD_LOAD_ANSWERS = """
  window.__holdLoads = false;
  const RealWorker = window.Worker;
  window.Worker = class extends RealWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => {  // the first listener: before the page's
        const d = e.data;
        if (!window.__holdLoads || e.__late || !(d?.ok && d.result?.info && d.result?.hash)) return;
        e.stopImmediatePropagation();
        setTimeout(() => {
          const late = new MessageEvent("message", { data: d });
          late.__late = true;
          this.dispatchEvent(late);
        }, 400);
      });
    }
  };
"""


def test_a_loads_frame_drawn_before_its_answer_stays_on_the_canvas(page, open_page, page_log):
    """The worker posts a load's frame just before the load's answer. Drawn
    first, it must still be on the canvas once the answer has set the screen
    up, also when nothing runs after (a shared moment opens paused). (CI
    caught the race: the canvas stayed blank.)"""
    page.add_init_script(HOLD_LOAD_ANSWERS)
    page = open_page("#/testcard", test_machine=True)
    page.evaluate("window.retroscope.step('frame', 3)")
    assert page.evaluate(COUNT_COLOURS) > 8
    page.click("[data-testid=btn-share]")
    page.wait_for_function(
        "document.querySelector('[data-testid=share-link]').value.includes('moment=')")
    link = page.locator("[data-testid=share-link]").input_value()
    page.evaluate("window.retroscope.load('testcard', {seed: 9})")  # power-on: black
    assert page.evaluate(COUNT_COLOURS) <= 2
    page.evaluate("window.__holdLoads = true")
    page.evaluate("(hash) => { location.hash = hash; }", link[link.index("#"):])
    page.wait_for_function("window.retroscope.current()?.moment?.exact === true")
    settled(page)  # any frame still on its way is drawn
    assert page.evaluate("window.retroscope.frame()") == 3
    assert page.evaluate(COUNT_COLOURS) > 8
    assert page_log.console_errors == []
