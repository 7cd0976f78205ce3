"""NES Tetris in the page: a link starts a game, the keyboard plays it, the RNG
moves in memory each frame, pause and step, a bad link says why."""

from __future__ import annotations

from harness.page import frames_pass, hold_key, wait_for, wait_until


def lfsr(value: int) -> int:
    return ((((value >> 9) ^ (value >> 1)) & 1) << 15) | (value >> 1)


def mechanic(page, name: str) -> str:
    rows = page.evaluate("window.retroscope.state()")["machine"]["mechanics"]
    return next(r["value"] for r in rows if r["name"] == name)


def test_a_link_starts_that_game_and_the_keyboard_moves_the_piece(open_page, page_log):
    page = open_page("#/tetris?seed=8988&level=18")
    page.evaluate("window.retroscope.step('frame', 3)")
    assert mechanic(page, "level") == "18"
    x0 = int(mechanic(page, "tetriminoX"))
    page.evaluate("window.retroscope.run()")
    page.locator("[data-testid=screen]").click()
    page.keyboard.down("ArrowLeft")
    wait_until(page,
        f"window.retroscope.read(0x40, 1).then(b => b[0] <= {x0 - 2})", timeout=20_000)
    page.keyboard.up("ArrowLeft")
    page.keyboard.press("Enter")  # Start: pause
    wait_until(page, "window.retroscope.read(0xCA, 1).then(b => b[0] === 1)",
                           timeout=20_000)
    page.evaluate("window.retroscope.pause()")
    page.screenshot(path="test-output/e2e-tetris.png")
    assert page_log.console_errors == []


def test_a_stepped_frame_sees_the_buttons_set_while_paused(open_page, page_log):
    page = open_page("#/tetris?seed=8988&level=18")
    page.evaluate("window.retroscope.step('frame', 3)")
    x0 = int(mechanic(page, "tetriminoX"))
    left = 1 << page.evaluate(
        "window.retroscope.machines().find(m => m.id === 'tetris').buttons.indexOf('Left')")
    page.evaluate(f"window.retroscope.setButtons({left})")
    page.evaluate("window.retroscope.step('frame', 20)")
    assert page.evaluate("window.retroscope.read(0x40, 1)")[0] <= x0 - 2
    page.evaluate("window.retroscope.setButtons(0)")
    x1 = page.evaluate("window.retroscope.read(0x40, 1)")[0]
    page.evaluate("window.retroscope.step('frame', 20)")
    assert page.evaluate("window.retroscope.read(0x40, 1)")[0] == x1, "let go: it stays"
    assert page_log.console_errors == []


def test_the_rng_changes_in_memory_with_each_stepped_frame(open_page, page_log):
    page = open_page("#/tetris?start=legal")
    page.evaluate("window.retroscope.step('frame', 5)")
    hi, lo = page.evaluate("window.retroscope.read(0x17, 2)")
    page.evaluate("window.retroscope.step('frame', 1)")
    assert page.evaluate("window.retroscope.read(0x17, 2)") == list(
        divmod(lfsr(hi << 8 | lo), 256))
    page.click("[data-testid='mech-addr-RNG']")
    page.wait_for_selector("[data-testid=mem-row-0010]")

    def rng_cells() -> list[str]:
        cells = page.locator("[data-testid=mem-row-0010] .byte").all_text_contents()
        return cells[7:9]  # $0017-$0018

    hi, lo = page.evaluate("window.retroscope.read(0x17, 2)")
    page.wait_for_function(
        f"[...document.querySelectorAll('[data-testid=mem-row-0010] .byte')]"
        f".slice(7, 9).map(e => e.textContent).join('') === '{hi:02X}{lo:02X}'")
    before = rng_cells()
    page.evaluate("window.retroscope.step('frame', 1)")
    want = "".join(f"{b:02X}" for b in divmod(lfsr(hi << 8 | lo), 256))
    page.wait_for_function(
        f"[...document.querySelectorAll('[data-testid=mem-row-0010] .byte')]"
        f".slice(7, 9).map(e => e.textContent).join('') === '{want}'")
    assert rng_cells() != before
    assert page_log.console_errors == []


def test_a_bad_link_keeps_the_default_seed_and_says_why(open_page):
    page = open_page("#/tetris?seed=0&level=40")
    messages = " ".join(page.locator("[data-testid=message]").all_text_contents())
    assert "cycle" in messages and "level" in messages
    assert page.evaluate("window.retroscope.current().values.seed") == "8988"
    page.evaluate("window.retroscope.step('frame', 4)")
    assert page.evaluate("window.retroscope.read(0xC0, 1)") == [4]


def test_a_share_link_round_trips_to_the_same_game(open_page):
    page = open_page("#/tetris?seed=1234&level=7")
    page.evaluate("window.retroscope.pause()")  # share a moment that holds still
    page.click("[data-testid=btn-share]")
    page.wait_for_function(
        "document.querySelector('[data-testid=share-link]').value.includes('#/tetris?')")
    link = page.input_value("[data-testid=share-link]")
    assert "#/tetris?" in link and "seed=1234" in link and "level=7" in link, link
    page.evaluate("window.retroscope.step('frame', 30)")
    here = page.evaluate("window.retroscope.read(0x17, 2)")

    other = page.context.new_page()
    other.goto(link + "&paused=1")  # a share link starts running; this one waits
    other.wait_for_function("document.documentElement.dataset.state === 'ready'",
                            timeout=90_000)
    assert other.evaluate("window.retroscope.current().values") == page.evaluate(
        "window.retroscope.current().values")
    other.evaluate("window.retroscope.step('frame', 30)")
    assert other.evaluate("window.retroscope.read(0x17, 2)") == here
    assert other.evaluate("window.retroscope.read(0x44, 1)") == [7]
    other.close()


def test_a_remapped_key_plays_and_is_remembered(open_page):
    page = open_page("#/tetris")
    page.click("[data-testid=key-Left]")
    page.keyboard.press("KeyJ")
    assert page.text_content("[data-testid=key-Left]") == "J"
    page.reload()
    page.wait_for_function("document.documentElement.dataset.state === 'ready'",
                           timeout=90_000)
    assert page.text_content("[data-testid=key-Left]") == "J"
    page.evaluate("window.retroscope.step('frame', 3)")
    x0 = page.evaluate("window.retroscope.read(0x40, 1)")[0]
    page.evaluate("window.retroscope.run()")
    page.locator("[data-testid=screen]").click()
    page.keyboard.down("KeyJ")
    wait_until(page,
        f"window.retroscope.read(0x40, 1).then(b => b[0] <= {x0 - 2})", timeout=20_000)
    page.keyboard.up("KeyJ")
    page.evaluate("window.retroscope.pause()")
    page.click("[data-testid=keys-reset]")
    assert page.text_content("[data-testid=key-Left]") == "←"


def test_bad_saved_data_shows_a_message_and_the_game_still_runs(open_page):
    page = open_page("#/tetris")
    for bad, says in (("{not json", "not readable"), ('{"scores": 42}', "not usable")):
        page.evaluate("v => localStorage.setItem('retroscope.save.tetris', v)", bad)
        page.reload()
        page.wait_for_function("document.documentElement.dataset.state === 'ready'",
                               timeout=90_000)
        messages = " ".join(page.locator("[data-testid=message]").all_text_contents())
        assert says in messages, messages
        page.evaluate("window.retroscope.step('frame', 4)")
        assert page.evaluate("window.retroscope.read(0xC0, 1)") == [4]  # playing


def wait_ram(page, addr: int, length: int, ok, timeout: float = 60.0) -> list[int]:
    """Poll memory until ok(bytes) (page.evaluate awaits the read's promise;
    wait_for_function would take the promise itself as a truthy value)."""
    def read() -> list[int] | None:
        got = page.evaluate(f"window.retroscope.read({addr}, {length})")
        return got if ok(got) else None
    return wait_for(page, read, f"${addr:04X} to hold what the test wants", timeout * 1000)


def tap(page, key: str) -> None:
    """A key held while the running game reads it a few frames, then let go."""
    hold_key(page, key, frames=4, after=4)


def test_the_side_panels_debug_jump_reaches_an_ending(open_page, page_log):
    page = open_page("#/tetris?type=B")
    page.evaluate("window.retroscope.step('frame', 5)")
    page.evaluate("window.retroscope.showTab('machine')")
    page.select_option("[data-testid=tetris-ending-type]", "B")
    page.select_option("[data-testid=tetris-ending-number]", "6")
    page.select_option("[data-testid=tetris-ending-height]", "4")
    page.click("[data-testid=tetris-ending-go]")
    page.evaluate("window.retroscope.run()")
    wait_ram(page, 0xBD, 1, lambda b: b[0] == 4)  # render mode 4: the ending
    frames_pass(page, 90)  # the ending's picture under way
    page.evaluate("window.retroscope.pause()")
    assert page.evaluate("window.retroscope.read(0xC4, 1)") == [6]  # which
    assert page.evaluate("window.retroscope.read(0xC5, 1)") == [4]
    page.screenshot(path="test-output/e2e-tetris-ending.png")
    assert page_log.console_errors == []


def test_a_high_score_name_entered_is_there_after_a_reload(open_page, page_log):
    page = open_page("#/tetris")
    page.evaluate("localStorage.removeItem('retroscope.save.tetris')")
    page.evaluate("window.retroscope.step('frame', 5)")
    # 30,000 points through the debug jump: the first ending, then the name entry
    page.evaluate("window.retroscope.command('ending', {type: 'A', ending: 0})")
    page.evaluate("window.retroscope.run()")
    wait_ram(page, 0xBD, 1, lambda b: b[0] == 4)
    wait_ram(page, 0xD5, 1, lambda b: b[0] > 70)  # Start ends an ending after 64 frames
    page.locator("[data-testid=screen]").click()
    tap(page, "Enter")
    wait_ram(page, 0xBD, 1, lambda b: b[0] == 2)  # the congratulations screen
    for key in ("ArrowUp", "ArrowUp", "ArrowRight", "ArrowUp"):  # "BA"
        tap(page, key)
    wait_ram(page, 0x720, 2, lambda b: b == [2, 1], timeout=60)
    tap(page, "Enter")  # done
    wait_ram(page, 0xC0, 1, lambda b: b[0] == 2, timeout=60)  # the menu
    # The page keeps the save data every 5 s while running: wait for the name in it.
    wait_until(page, "JSON.parse(localStorage.getItem('retroscope.save.tetris') || '{}')"
               ".names?.startsWith('0201')", timeout=60_000)
    page.reload()
    page.wait_for_function("document.documentElement.dataset.state === 'ready'",
                           timeout=90_000)
    assert page.evaluate("window.retroscope.read(0x720, 2)") == [2, 1]
    page.evaluate("window.retroscope.showTab('machine')")
    page.evaluate("window.retroscope.step('frame', 1)")  # the panels follow the frames
    page.wait_for_function(
        "document.querySelector('[data-testid=tetris-score-A1]')?.textContent.includes('BA')",
        timeout=30_000)
    assert "030000" in page.text_content("[data-testid=tetris-score-A1]")
    page.locator("[data-testid=tetris-high-scores]").scroll_into_view_if_needed()
    page.screenshot(path="test-output/e2e-tetris-high-score.png")
    assert page_log.console_errors == []


def test_the_panels_toggle_starts_the_two_player_mode_and_wasd_moves_player_2(
        open_page, page_log):
    page = open_page("#/tetris")
    page.evaluate("window.retroscope.step('frame', 5)")
    page.evaluate("window.retroscope.showTab('machine')")
    page.check("[data-testid=tetris-players-2]")
    wait_ram(page, 0xBE, 1, lambda b: b[0] == 2)  # the article's $00BE
    page.evaluate("window.retroscope.run()")
    wait_ram(page, 0xE3, 1, lambda b: b[0] == 2)  # the game began again with two
    x2 = page.evaluate("window.retroscope.read(0x60, 1)")[0]  # player 2's block
    page.locator("[data-testid=screen]").click()
    page.keyboard.down("KeyD")  # player 2's Right
    wait_ram(page, 0x60, 1, lambda b: b[0] >= x2 + 2, timeout=60)
    page.keyboard.up("KeyD")
    page.evaluate("window.retroscope.pause()")
    page.wait_for_function(
        "document.querySelector('[data-testid=tetris-versus-state]')?.textContent"
        ".includes('two fields')", timeout=30_000)
    page.screenshot(path="test-output/e2e-tetris-versus.png")
    assert page_log.console_errors == []
