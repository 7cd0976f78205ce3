"""Every machine on a phone and a tablet (Chromium's device emulation: touch,
a mobile viewport, the device's pixel ratio): the touch controls built from
the machine's INFO appear by themselves, taps play the game (several fingers
at once, a tap shorter than a frame, a finger sliding from one button to the
next), the debugger's main controls work by touch, and at every size the
picture takes the largest whole scale that fits beside or above its
controls with nothing wider than the screen. One page boot per machine
serves all of it; the screenshots at every size are in test-output/.
The site offline after one visit, and a new build taking over, are in
test_offline.py."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest
from playwright.sync_api import expect

from harness.backgammon import point_at
from harness.jmc import first_move, page_board, page_cell_point
from harness.page import BOOT_TIMEOUT_MS, wait_until
from harness.touch import PHONE, Fingers, centre

SHOTS = Path("test-output")
# name -> (width, height, device pixels per CSS pixel): phones upright and on
# their side, tablets both ways.
SIZES = {
    "360x740": (360, 740, 3), "740x360": (740, 360, 3),
    "390x844": (390, 844, 3), "844x390": (844, 390, 3),
    "412x915": (412, 915, 2.625), "915x412": (915, 412, 2.625),
    "768x1024": (768, 1024, 2), "1024x768": (1024, 768, 2),
}
SLOW = 60_000  # ms: a busy machine


PAD_ARMS = {"Up": (0.5, 0.12), "Down": (0.5, 0.88), "Left": (0.12, 0.5), "Right": (0.88, 0.5)}


def arm(page, direction: str) -> dict[str, float]:
    return centre(page, "touch-pad-area", *PAD_ARMS[direction])


def bits(page, *names: str) -> int:
    """The running machine's button bits for these names (INFO.buttons)."""
    running = page.evaluate("window.retroscope.current().id")
    info = next(m for m in page.evaluate("window.retroscope.machines()") if m["id"] == running)
    return sum(1 << info["buttons"].index(n) for n in names)


def pressed(page) -> int:
    return page.evaluate("window.retroscope.touch().pressed")


@pytest.fixture
def phone(browser, site_url):
    """open(hash) -> a page on a phone (360x740 at 3 device pixels), booted."""
    context = browser.new_context(**PHONE, service_workers="block",
                                  bypass_csp=True)  # (conftest: browser_context_args)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"uncaught: {e}"))

    def _open(hash_: str):
        page.goto(f"{site_url}index.html{hash_}")
        page.wait_for_function("document.documentElement.dataset.state !== 'booting'",
                               timeout=BOOT_TIMEOUT_MS)
        assert page.evaluate("document.documentElement.dataset.state") == "ready"
        return page

    yield _open, errors
    context.close()


def controls_shown(page, machine: str) -> None:
    """The controls are there without asking (a coarse pointer), as the
    machine's touch plan names them."""
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    expect(page.locator("html")).to_have_attribute("data-touch", "on")
    plan = next(m for m in page.evaluate("window.retroscope.machines()")
                if m["id"] == machine)["touch"]
    pad = page.locator("[data-testid=touch-pad-area]")
    expect(pad).to_have_count(1 if plan["ways"] else 0)
    if plan["ways"]:
        expect(pad).to_be_visible()
    for button in plan["buttons"]:
        expect(page.locator(f"[data-testid='touch-{button['button']}']")).to_be_visible()
    # Fingers on the controls and the picture never scroll or zoom the page.
    for part in ("touch-pad", "touch-buttons", "screen"):
        assert page.locator(f"[data-testid={part}]").evaluate(
            "e => getComputedStyle(e).touchAction") == "none", part


def every_size(page, machine: str) -> None:
    """At each size: nothing wider than the screen (the page neither scrolls
    sideways nor zooms out), the picture at the largest whole scale its
    place holds, it and the controls in view; a screenshot of each."""
    cdp = page.context.new_cdp_session(page)
    SHOTS.mkdir(exist_ok=True)
    for name, (width, height, ratio) in SIZES.items():
        cdp.send("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": ratio, "mobile": True})
        page.evaluate("window.scrollTo(0, 0)")
        scale = page.wait_for_function("""([w, r]) => {
          const c = document.querySelector('[data-testid=screen]');
          const s = document.querySelector('[data-testid=stage]').getBoundingClientRect();
          if (devicePixelRatio !== r || document.documentElement.clientWidth < w) return false;
          const fits = Math.floor(Math.min(s.width * r / c.width, s.height * r / c.height));
          return Number(c.dataset.scale) === fits && fits;
        }""", arg=[width, ratio], timeout=10_000).json_value()
        view = page.evaluate("""() => {
          const parts = '[data-testid=screen], [data-testid^=touch-]';
          const shown = [...document.querySelectorAll(parts)].filter(
            (e) => e.getClientRects().length && !e.matches('[data-empty=true]'));
          const out = (r) => r.left < -1 || r.top < -1 || r.right > innerWidth + 1
                             || r.bottom > innerHeight + 1;
          const outside = shown.filter(e => out(e.getBoundingClientRect()));
          return { width: innerWidth, scroll: document.scrollingElement.scrollWidth,
                   out: outside.map(e => e.dataset.testid) };
        }""")
        assert view["width"] == width and view["scroll"] <= width, (name, view)
        assert view["out"] == [], (name, view)
        assert scale >= 2, (name, scale)
        shot = cdp.send("Page.captureScreenshot", {"format": "png"})["data"]
        (SHOTS / f"e2e-phone-{machine}-{name}.png").write_bytes(base64.b64decode(shot))
    # The side panels' tabs, below the picture on a phone: none wider than it.
    cdp.send("Emulation.setDeviceMetricsOverride", {
        "width": 360, "height": 740, "deviceScaleFactor": 3, "mobile": True})
    for tab in ("cpu", "source", "breakpoints", "machine"):
        page.evaluate("t => window.retroscope.showTab(t)", tab)
        page.wait_for_function("document.documentElement.clientWidth === 360")
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 360, tab


# -- each machine played by touch ------------------------------------------------------------

def play_tetris(page, fingers: Fingers) -> None:
    x = lambda: page.evaluate("window.retroscope.read(0x40, 1)")[0]  # noqa: E731 (tetriminoX)
    turn = lambda: page.evaluate("window.retroscope.read(0x42, 1)")[0]  # noqa: E731 (orientation)
    wait_until(page, "window.retroscope.read(0x42, 1).then(b => b[0] === 8)", timeout=SLOW)
    x0, t0 = x(), turn()                      # seed 8988 begins with an S: 8 and 9
    # A thumb holds Left while another taps A: both are pressed at once.
    fingers.down(0, arm(page, "Left"))
    wait_until(page, f"window.retroscope.read(0x40, 1).then(b => b[0] < {x0})", timeout=SLOW)
    fingers.down(1, centre(page, "touch-A"))
    assert pressed(page) == bits(page, "Left", "A")
    wait_until(page, f"window.retroscope.read(0x42, 1).then(b => b[0] !== {t0})", timeout=SLOW)
    fingers.up(1)
    fingers.up(0)
    assert pressed(page) == 0
    # A tap far shorter than a frame still turns the piece (back to 8).
    t1 = turn()
    fingers.tap(centre(page, "touch-A"))
    wait_until(page, f"window.retroscope.read(0x42, 1).then(b => b[0] !== {t1})", timeout=SLOW)
    # A finger slid from B onto A lets B go and presses A.
    fingers.down(0, centre(page, "touch-B"))
    expect(page.locator("[data-testid=touch-B]")).to_have_attribute("aria-pressed", "true")
    fingers.slide(0, centre(page, "touch-A"))
    assert pressed(page) == bits(page, "A")
    expect(page.locator("[data-testid=touch-B]")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("[data-testid=touch-A]")).to_have_attribute("aria-pressed", "true")
    fingers.up(0)
    # The pad's corner is a diagonal on the NES's eight-way pad.
    fingers.down(0, centre(page, "touch-pad-area", 0.9, 0.9))
    assert pressed(page) == bits(page, "Down", "Right")
    fingers.up(0)


def play_pacman(page, fingers: Fingers) -> None:
    state = "window.retroscope.state().then(s => s.machine)"
    fingers.tap(centre(page, "touch-Coin"))
    wait_until(page, f"{state}.then(m => m.credits === 1)", timeout=SLOW)
    fingers.tap(centre(page, "touch-Start"))
    wait_until(page, f"{state}.then(m => m.game_state === 'play')", timeout=SLOW)
    # A flick up and the finger lifts: the joystick keeps Up, and Pac-Man
    # turns up at the next corner that lets him.
    fingers.down(0, arm(page, "Left"))
    fingers.slide(0, arm(page, "Up"))
    fingers.up(0)
    assert pressed(page) == bits(page, "Up")
    expect(page.locator("[data-testid=touch-pad-area]")).to_have_attribute("data-pressed", "Up")
    wait_until(page, f"{state}.then(m => m.pacman.dir === 'up')", timeout=SLOW)
    # The stick's middle lets go.
    fingers.tap(centre(page, "touch-pad-area"))
    assert pressed(page) == 0


def play_crpg(page, fingers: Fingers) -> None:
    state = "window.retroscope.state().then(s => s.machine)"
    start = page.evaluate(f"{state}")
    # A tap on the pad's right arm, shorter than a frame: one square east.
    fingers.tap(arm(page, "Right"))
    wait_until(page, f"{state}.then(m => m.x === {start['x'] + 1} && m.y === {start['y']})",
               timeout=SLOW)
    # No diagonals on the walking pad: the corner is the nearer way only.
    fingers.down(0, centre(page, "touch-pad-area", 0.5, 0.95))
    assert pressed(page) == bits(page, "Down")
    fingers.up(0)


def play_jmc(page, fingers: Fingers) -> None:
    state = "window.retroscope.state().then(s => s.machine)"
    wait_until(page, f"{state}.then(m => m.phase === 'play' && !m.busy)", timeout=SLOW)
    before = page_board(page)
    frm, to = first_move(before)
    fingers.tap(page_cell_point(page, frm))
    wait_until(page, f"{state}.then(m => !m.busy)", timeout=SLOW)
    fingers.tap(page_cell_point(page, to))
    want = before.copy()
    want.resolve_move(frm, to)
    wait_until(page, "([a, n]) => window.retroscope.read(a, n).then(r => r.join() === "
               f"{want.pieces!r}.join())", arg=[0x400, 48], timeout=SLOW)
    # E (end) by its button: the interstitial hands the board over.
    wait_until(page, f"{state}.then(m => !m.busy)", timeout=SLOW)
    fingers.tap(centre(page, "touch-E"))
    wait_until(page, f"{state}.then(m => m.phase === 'pass')", timeout=SLOW)


def play_backgammon(page, fingers: Fingers) -> None:
    page.evaluate("window.retroscope.command('players', {white: 'human', black: 'human'})")
    page.evaluate("window.retroscope.run()")  # (opened paused: no computer moves first)
    game = page.evaluate("window.retroscope.state()")["machine"]["game"]
    turn, (src, dst) = game["turn"], game["legal"][0]
    side = "white" if turn == 0 else "black"
    white = (lambda p: p) if turn == 0 else (lambda p: 25 - p)
    fingers.tap(point_at(page, white(src)))  # the first tap plays (no focus click)
    wait_until(page, f"window.retroscope.state().then(s => s.machine.game.selected === {src})")
    fingers.tap(point_at(page, white(dst)))
    count = f"window.retroscope.state().then(s => s.machine.game.{side}[{dst}])"
    wait_until(page, f"{count}.then(n => n === {game[side][dst] + 1})")
    fingers.tap(centre(page, "touch-B"))      # B: undo
    wait_until(page, f"{count}.then(n => n === {game[side][dst]})")


MACHINES = {
    "tetris": ("#/tetris?seed=8988&level=0", play_tetris),
    "pacman": ("#/pacman", play_pacman),
    "crpg": ("#/crpg", play_crpg),
    "jmc": ("#/jmc?seed=0BADCAFE", play_jmc),
    "backgammon": ("#/backgammon?seed=17&paused=1", play_backgammon),
}


@pytest.mark.parametrize("machine", list(MACHINES))
def test_each_machine_plays_by_touch_and_fits_every_phone_and_tablet(phone, machine):
    open_page, errors = phone
    hash_, play = MACHINES[machine]
    page = open_page(hash_)
    controls_shown(page, machine)
    play(page, Fingers(page))
    every_size(page, machine)
    assert errors == []


def test_the_debuggers_main_controls_work_by_touch(phone):
    open_page, errors = phone
    page = open_page("#/tetris?seed=8988")
    page.wait_for_function("window.retroscope.isRunning()")
    page.tap("[data-testid=btn-run]")            # pause
    page.wait_for_function("!window.retroscope.isRunning()")
    frame = page.evaluate("window.retroscope.frame()")
    page.tap("[data-testid=btn-frame]")
    page.wait_for_function(f"window.retroscope.frame() === {frame + 1}")
    pc = page.evaluate("window.retroscope.status()")["pc"]
    page.tap("[data-testid=btn-step]")
    wait_until(page, f"window.retroscope.status().then(s => s.pc !== {pc})")
    # The rewind slider, dragged by a finger to its start.
    slider = page.locator("[data-testid=rewind-slider]")
    slider.scroll_into_view_if_needed()
    fingers = Fingers(page)
    fingers.down(0, centre(page, "rewind-slider", 0.95))
    fingers.slide(0, centre(page, "rewind-slider", 0.3))
    fingers.slide(0, centre(page, "rewind-slider", 0.0))
    fingers.up(0)
    wait_until(page, "window.retroscope.status().then(s => s.frame <= 5)")
    page.tap("[data-testid=btn-share]")
    wait_until(page, "document.querySelector('[data-testid=share-link]').value.includes('moment=')")
    page.tap("[data-testid=btn-run]")            # and on from the frame shown
    page.wait_for_function("window.retroscope.isRunning()")
    # Hideable: the Touch button takes the controls away (and the page remembers).
    page.tap("[data-testid=btn-touch]")
    expect(page.locator("[data-testid=touch-pad]")).to_be_hidden()
    page.reload()
    page.wait_for_function("document.documentElement.dataset.state === 'ready'",
                           timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("html")).to_have_attribute("data-touch", "off")
    assert errors == []
