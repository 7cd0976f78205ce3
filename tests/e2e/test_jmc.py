"""JMC in the page: a hot-seat round through the interstitial screen, a random
setup from a link, a saved game downloaded, reloaded and uploaded."""

from __future__ import annotations

from pathlib import Path

from harness.jmc import first_move, page_board, page_cell_point
from harness.page import focus_picture, wait_for, wait_until
from retroscope.machines.jmc import model

M = model
BUSY = "window.retroscope.state().then(s => !s.machine.busy)"


def start(open_page, hash_: str):
    page = open_page(hash_)
    page.evaluate("window.retroscope.run()")
    return page


def machine(page) -> dict:
    return page.evaluate("window.retroscope.state()")["machine"]


def frames_pass(page, n: int) -> None:
    start = page.evaluate("window.retroscope.frame()")
    page.wait_for_function(f"window.retroscope.frame() >= {start + n}", timeout=SLOW)


def press(page, code: str) -> None:
    """Hold a key for a few frames (the 6502 scans the keyboard at vsync)."""
    page.keyboard.down(code)
    frames_pass(page, 3)
    page.keyboard.up(code)
    frames_pass(page, 2)
    wait_until(page, BUSY, timeout=SLOW)


SLOW = 120_000  # ms: a page on a busy machine (the first moves also compile hot code)


def wait_phase(page, phase: str) -> None:
    wait_until(page,
        f"window.retroscope.state().then(s => s.machine.phase === '{phase}' && !s.machine.busy)",
        timeout=SLOW)


def click_cell(page, p: int) -> None:
    page.mouse.click(**page_cell_point(page, p))
    frames_pass(page, 3)
    wait_until(page, BUSY, timeout=SLOW)


def no_pieces_on_screen(page) -> bool:
    """The interstitial hides the board: the canvas has no red or blue pixels."""
    return page.evaluate("""() => {
      const c = document.querySelector('[data-testid=screen]');
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      for (let i = 0; i < d.length; i += 4) {
        const [r, g, b] = [d[i], d[i + 1], d[i + 2]];
        if ((r > 150 && g < 80 && b < 80) || (b > 150 && r < 80 && g < 100)) return false;
      }
      return true;
    }""")


def test_a_hot_seat_round_with_the_interstitial(open_page, page_log):
    page = start(open_page, "#/jmc")
    wait_phase(page, "menu")
    page.locator("[data-testid=screen]").focus()
    press(page, "Enter")
    wait_phase(page, "setup")
    press(page, "KeyR")                      # this side at random, then end the setup
    press(page, "KeyE")
    wait_phase(page, "pass")
    assert no_pieces_on_screen(page)
    page.screenshot(path="test-output/e2e-jmc-interstitial.png")
    press(page, "Enter")
    wait_phase(page, "setup")
    assert machine(page)["turn"] == "blue"
    press(page, "KeyR")
    press(page, "F1")
    wait_phase(page, "pass")
    press(page, "Enter")
    wait_phase(page, "play")
    for turn in ("red", "blue"):
        assert machine(page)["turn"] == turn
        before = page_board(page)
        frm, to = first_move(before)
        click_cell(page, frm)
        click_cell(page, to)
        want = before.copy()
        want.resolve_move(frm, to)
        # the 6502 takes the move on a coming frame
        wait_for(page, lambda want=want: page_board(page).pieces == want.pieces,
                 f"the {turn} move on the board")
        if turn == "red":
            page.screenshot(path="test-output/e2e-jmc-hotseat.png")
        press(page, "KeyE")
        wait_phase(page, "pass")
        assert no_pieces_on_screen(page)
        press(page, "Enter")
        wait_phase(page, "play")
    assert page_log.console_errors == []


def test_a_random_setup_from_a_link(open_page, page_log):
    page = start(open_page, "#/jmc?seed=00C0FFEE&bridges=4")
    wait_phase(page, "play")
    want, _ = M.random_setup(0x00C0FFEE, 4)
    got = page_board(page)
    assert got.pieces == want.pieces and got.types == want.types
    assert machine(page)["bridges"] == 4
    page.screenshot(path="test-output/e2e-jmc-link.png")
    assert page_log.console_errors == []


def test_a_bad_link_says_why_and_plays_on(open_page):
    page = start(open_page, "#/jmc?seed=zz&bridges=3")
    text = " ".join(page.locator("[data-testid=message]").all_text_contents())
    assert "seed" in text and "bridges" in text
    wait_phase(page, "menu")


def test_a_saved_game_is_reloaded_and_a_file_round_trips(open_page, page_log, tmp_path):
    page = start(open_page, "#/jmc?seed=0BADCAFE")
    wait_phase(page, "play")
    frm, to = first_move(page_board(page))
    focus_picture(page)
    click_cell(page, frm)
    click_cell(page, to)
    page.click("[data-testid=jmc-save]")
    wait_until(page, BUSY, timeout=SLOW)
    wait_until(page,
        "window.retroscope.state().then(s => s.machine.message === 'GAME SAVED')")
    saved = page_board(page).pieces
    with page.expect_download() as info:
        page.click("[data-testid=jmc-download]")
    path = Path(tmp_path) / "save.jmc"
    info.value.save_as(path)
    data = path.read_bytes()
    assert data[:4] == b"JMC\x1a"
    # the browser keeps the save: a fresh page loads it back. (This step was
    # flaky, 1 in ~6: its waits went through wait_for_function on the page's
    # Promise API, which Playwright takes as truthy at once, so the board was read
    # before the 6502 had loaded. Every wait on the page's state polls now.)
    page.wait_for_function(                  # the page stores save data every 5 s
        "hex => (localStorage.getItem('retroscope.save.jmc') || '').includes(hex)",
        arg=data.hex(), timeout=30_000)
    page.goto(page.url.split("#")[0] + "#/jmc")
    page.reload()
    page.wait_for_function("document.documentElement.dataset.state === 'ready'",
                           timeout=90_000)
    page.evaluate("window.retroscope.run()")
    wait_phase(page, "menu")
    assert page_board(page).pieces != saved       # a new machine: the menu's empty board
    page.click("[data-testid=jmc-load]")
    wait_until(page,
        "window.retroscope.state().then(s => s.machine.message.startsWith('LOADED')"
        " && s.machine.phase === 'play' && !s.machine.busy)", timeout=SLOW)
    assert page_board(page).pieces == saved
    page.screenshot(path="test-output/e2e-jmc-reloaded.png")
    # a damaged file: a clear message, and the game goes on
    bad = Path(tmp_path) / "bad.jmc"
    bad.write_bytes(data[:20] + bytes([data[20] ^ 0xFF]) + data[21:])
    page.set_input_files("[data-testid=jmc-upload]", str(bad))
    page.wait_for_function(
        "[...document.querySelectorAll('[data-testid=message]')]"
        ".some(e => e.textContent.includes('damaged'))")
    assert machine(page)["phase"] == "play"
    # the good file loads, over a new game
    page.click("[data-testid=jmc-new-game]")
    wait_phase(page, "menu")
    page.set_input_files("[data-testid=jmc-upload]", str(path))
    wait_until(page,
        "window.retroscope.state().then(s => s.machine.message.startsWith('LOADED')"
        " && s.machine.phase === 'play' && !s.machine.busy)", timeout=SLOW)
    assert page_board(page).pieces == saved
    page.screenshot(path="test-output/e2e-jmc-loaded.png")


def test_one_person_plays_the_computer(open_page, page_log):
    page = start(open_page, "#/jmc")
    wait_phase(page, "menu")
    page.locator("[data-testid=screen]").focus()
    press(page, "KeyC")
    press(page, "KeyR")
    press(page, "Enter")
    wait_phase(page, "play")
    before = page_board(page)
    frm, to = first_move(before)
    click_cell(page, frm)
    click_cell(page, to)
    wait_until(page, "window.retroscope.state().then(s => s.machine.moves === 1)",
               timeout=SLOW)             # the 6502 has taken the move
    mine = page_board(page)
    press(page, "KeyE")                      # no interstitial: the computer answers
    wait_until(page,                         # its move counted, and back to us
        "window.retroscope.state().then(s => s.machine.moves === 2"
        " && ['play', 'over'].includes(s.machine.phase)"
        " && !s.machine.busy && s.machine.turn === 'red')", timeout=SLOW)
    assert page_board(page).pieces != mine.pieces
    page.screenshot(path="test-output/e2e-jmc-computer.png")
    assert page_log.console_errors == []
