"""Share the moment, end to end: the link opened in a fresh browser replays a
few frames from the state it carries to the same frame, the same state hash
and the same picture; a link from power-on (or, past 5,120 characters, the
moment file) replays every frame, with a progress bar and a stop; a damaged
link says so and shows the machine from power-on."""

from __future__ import annotations

import json
import random
import time

import pytest
from playwright.sync_api import expect

from harness.page import focus_picture, in_view

SHOTS = "test-output"
SIZES = {"wide": (1400, 900), "small": (800, 600)}
REPLAY_MS = 15 * 60_000
PICTURE = """() => {
  const c = document.querySelector('[data-testid=screen]');
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let h = 2166136261;
  for (let i = 0; i < d.length; i++) { h ^= d[i]; h = Math.imul(h, 16777619) >>> 0; }
  return [c.width, c.height, h];
}"""


def tid(name: str) -> str:
    return f"[data-testid={name}]"


def state_hash(page) -> str:
    return page.evaluate("window.retroscope.debug('state_hash')")


# The contexts open_fresh made during a test, closed after it: a page left open
# runs its machine through the rest of the session (two cores: it slowed the
# whole suite).
_OPENED: list = []


@pytest.fixture(autouse=True)
def _close_fresh_contexts():
    yield
    while _OPENED:
        _OPENED.pop().close()


def open_fresh(browser, url: str, size: str, watch=None):
    """The link in a new browser context: nothing shared with the first page.
    `watch(page)` runs as soon as the page is open, while it boots and replays."""
    w, h = SIZES[size]
    context = browser.new_context(viewport={"width": w, "height": h},
                                  bypass_csp=True)  # (conftest: browser_context_args)
    _OPENED.append(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(url)
    if watch is not None:
        watch(page)
    page.wait_for_function("document.documentElement.dataset.state !== 'booting'",
                           timeout=REPLAY_MS)
    assert page.evaluate("document.documentElement.dataset.state") == "ready"
    page.wait_for_function("window.retroscope.current() !== null")
    return page, errors


def replay_progress(page, of: int, size: str, name: str) -> None:
    """While a long moment replays: a bar that fills, and a page that answers."""
    bar = page.locator(tid("replay-bar"))
    expect(page.locator(tid("replay-progress"))).to_be_visible(timeout=REPLAY_MS)
    expect(page.locator(tid("replay-stop"))).to_be_visible()
    page.wait_for_function("document.querySelector('[data-testid=replay-bar]').value > 0",
                           timeout=REPLAY_MS)
    first = float(bar.get_attribute("value") or 0)
    assert float(bar.get_attribute("max")) == of
    expect(page.locator(tid("replay-text"))).to_contain_text(f"of {of}")
    page.screenshot(path=f"{SHOTS}/e2e-share-{name}-replaying-{size}.png")
    began = time.monotonic()
    page.keyboard.press("?")  # the page answers at once while the worker replays
    expect(page.locator(tid("help-overlay"))).to_be_visible(timeout=2000)
    page.keyboard.press("Escape")
    assert time.monotonic() - began < 3
    page.wait_for_function(f"document.querySelector('[data-testid=replay-bar]').value > {first}"
                           " || document.querySelector('[data-testid=replay-progress]').hidden",
                           timeout=REPLAY_MS)


def round_trip(page, browser, size: str, name: str, also: str | None = None,
               watch: bool = False):
    """Share (the Share button), then open the link in a fresh browser at
    `size` (watching the replay's progress if `watch`); then look at it at
    the size `also` too."""
    want_hash, want_picture = state_hash(page), page.evaluate(PICTURE)
    frame = page.evaluate("window.retroscope.frame()")
    page.click(tid("btn-share"))
    link = page.locator(tid("share-link"))
    page.wait_for_function("document.querySelector('[data-testid=share-link]').value.includes('moment=')")
    url = link.input_value()
    assert len(url) <= 5120
    page.screenshot(path=f"{SHOTS}/e2e-share-{name}-made-{size}.png")
    other, errors = open_fresh(
        browser, url, size, (lambda p: replay_progress(p, frame, size, name)) if watch else None)
    moment = other.evaluate("window.retroscope.current().moment")
    assert (moment["frame"], moment["exact"]) == (frame, True)
    assert moment["replayed"] <= 4, moment  # from the state in the link
    assert other.evaluate("window.retroscope.frame()") == frame
    assert state_hash(other) == want_hash
    assert other.evaluate(PICTURE) == want_picture
    expect(other.locator(tid("replay-progress"))).to_be_hidden()
    for at in (size, also) if also else (size,):
        w, h = SIZES[at]
        other.set_viewport_size({"width": w, "height": h})
        if at == size:  # (a note: it goes by itself after a few seconds)
            expect(other.locator(tid("message")).first).to_contain_text("same state")
            assert in_view(other, tid("messages"))
        assert in_view(other, tid("screen"))
        other.screenshot(path=f"{SHOTS}/e2e-share-{name}-opened-{at}.png")
    assert errors == []
    other.context.close()


@pytest.fixture(params=list(SIZES))
def size(request, page):
    w, h = SIZES[request.param]
    page.set_viewport_size({"width": w, "height": h})
    return request.param


def tetris_script(frames: int) -> list[int]:
    """A player's hands: down held to drop, taps left/right, rotations, Start
    now and then (pause and resume), from a fixed seed."""
    rnd = random.Random(2026)
    out, hold = [], 0x04
    for f in range(frames):
        if f % 12 == 0:
            hold = rnd.choice([0x04, 0x04, 0x01, 0x02, 0x80, 0x40, 0x04 | 0x01, 0])
        if f % 1500 == 700:
            hold = 0x10  # Start: pause (and the next one resumes)
        out.append(hold)
    return out


@pytest.mark.timeout(1200)  # 7,200 frames played in Pyodide
def test_two_minutes_of_tetris_come_back_exactly(open_page, browser, page_log):
    page = open_page("#/tetris?paused=1")  # the script counts frames from power-on
    page.set_viewport_size({"width": 1400, "height": 900})
    script = tetris_script(7200)  # two minutes at 60 fps

    def play(frames: list[int]) -> None:
        runs: list[list[int]] = []
        for b in frames:
            if runs and runs[-1][0] == b:
                runs[-1][1] += 1
            else:
                runs.append([b, 1])
        page.evaluate("async (runs) => { for (const [b, n] of runs) "
                      "await window.retroscope.runFrames(n, b); }", runs)
    play(script[:4800])  # the game is on (it ends, and the demo plays, before 6,000)
    stats = page.evaluate("window.retroscope.lastState().stats")
    assert sum(int(v) for v in stats.values()) > 5  # pieces really fell
    play(script[4800:])
    assert page.evaluate("window.retroscope.frame()") == 7200
    # Opened at the small size at once (a few frames replayed); then seen wide.
    round_trip(page, browser, "small", "tetris", also="wide")
    assert page_log.console_errors == []


@pytest.mark.timeout(1200)
def test_a_long_replay_from_power_on_shows_its_progress_and_stops_part_way(open_page, browser):
    page = open_page("#/tetris?paused=1")
    page.evaluate("window.retroscope.runFrames(3000, 4)")  # down held: a short link
    url = page.evaluate("window.retroscope.share({from: 'power-on'})")["url"]
    assert "moment=1." in url

    def stop(other) -> None:
        replay_progress(other, 3000, "small", "tetris")
        other.click(tid("replay-stop"), timeout=REPLAY_MS)

    other, errors = open_fresh(browser, url, "small", stop)
    moment = other.evaluate("window.retroscope.current().moment")
    frame = other.evaluate("window.retroscope.frame()")
    assert moment["exact"] is False and moment["frame"] == frame and 0 <= frame < 3000
    expect(other.locator(tid("message")).filter(has_text="stopped")).to_have_count(1)
    expect(other.locator(tid("replay-progress"))).to_be_hidden()
    other.screenshot(path=f"{SHOTS}/e2e-share-stopped-small.png")
    other.evaluate("window.retroscope.runFrames(5, 0)")  # it goes on from there
    assert other.evaluate("window.retroscope.frame()") == frame + 5
    assert errors == []


def test_a_backgammon_game_begun_from_the_title_screen_comes_back(open_page, browser, size):
    page = open_page("#/backgammon?paused=1")
    buttons = page.evaluate("window.retroscope.machines().find(m => m.id === 'backgammon').buttons")
    start = 1 << buttons.index("Start")
    page.evaluate("window.retroscope.runFrames(45, 0)")  # the title screen steps the dice
    page.evaluate(f"window.retroscope.runFrames(1, {start})")
    page.evaluate("window.retroscope.runFrames(3, 0)")
    assert page.evaluate("window.retroscope.lastState().mode") == "game"
    page.click(tid("tabbtn-machine"))
    page.select_option(tid("bg-white"), "computer")  # a command, journalled
    focus_picture(page)
    box = page.locator(tid("screen")).bounding_box()
    page.mouse.click(box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.5)
    page.evaluate("window.retroscope.runFrames(150, 0)")
    assert page.evaluate("window.retroscope.lastState().game.turns") >= 1
    round_trip(page, browser, size, "backgammon")


def test_a_long_moment_goes_to_a_moment_file_and_opens_from_it(open_page, browser, tmp_path,
                                                               size):
    page = open_page("#/tetris?paused=1")
    rnd = random.Random(5)
    presses = [rnd.randrange(0x10000) for _ in range(2200)]  # no two frames alike
    page.evaluate("(p) => window.retroscope.runFrames(p.length, p)", presses)
    want = state_hash(page)
    with page.expect_download() as download:  # every frame's presses from power-on
        assert page.evaluate("window.retroscope.share({from: 'power-on'})")["url"] is None
    path = tmp_path / "moment.json"
    download.value.save_as(path)
    data = json.loads(path.read_text())
    assert data["kind"] == "retroscope-moment" and data["machine"] == "tetris"
    expect(page.locator(tid("message")).last).to_contain_text("moment file")
    page.screenshot(path=f"{SHOTS}/e2e-share-file-made-{size}.png")
    other, errors = open_fresh(browser, page.url.split("#")[0], size)
    other.set_input_files(tid("moment-file"), str(path))
    other.wait_for_function("window.retroscope.current()?.moment?.exact === true",
                            timeout=REPLAY_MS)
    assert state_hash(other) == want
    assert other.evaluate("window.retroscope.frame()") == 2200
    other.screenshot(path=f"{SHOTS}/e2e-share-file-opened-{size}.png")
    assert errors == []


def test_a_damaged_link_says_so_and_shows_power_on(open_page, browser, size):
    page = open_page("#/tetris?level=3&paused=1")
    page.evaluate("window.retroscope.runFrames(30, 4)")
    url = page.evaluate("window.retroscope.share()")["url"]
    head, _, moment = url.partition("moment=")
    broken = head + "moment=" + moment[:20] + ("x" if moment[20] != "x" else "y") + moment[21:]
    other, errors = open_fresh(browser, broken, size)
    message = other.locator(tid("message")).filter(has_text="damaged")
    expect(message).to_have_count(1)
    expect(message).to_contain_text("power-on")
    assert other.evaluate("window.retroscope.frame()") == 0
    assert other.evaluate("window.retroscope.current().values.level") == 3
    other.screenshot(path=f"{SHOTS}/e2e-share-damaged-{size}.png")
    old = head + "moment=0" + moment[1:]
    third, _ = open_fresh(browser, old, size)
    expect(third.locator(tid("message")).filter(has_text="older Retroscope")).to_have_count(1)
    assert errors == []
