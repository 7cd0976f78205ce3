"""Pac-Man in the page: coin and start play a game; the article's experiment:
draw a dead end in the editor, share it, open the link in a second page and
watch a ghost pass through the wall."""

from __future__ import annotations

from harness.page import BOOT_TIMEOUT_MS, hold_key, wait_until
from retroscope.machines.pacman.maze import WALL, Maze


def press(page, key: str) -> None:
    """Hold a key while frames run (the game reads the switches once a frame,
    as the board does)."""
    hold_key(page, key, frames=3, after=0)


def machine_state(page) -> dict:
    return page.evaluate("window.retroscope.state()")["machine"]


def insert_coin_and_start(page) -> None:
    """Coin (Shift) and Start (Enter) from the keyboard, then pause at READY."""
    page.evaluate("window.retroscope.run()")
    page.locator("[data-testid=screen]").click()
    press(page, "ShiftLeft")
    wait_until(page,
        "window.retroscope.state().then(s => s.machine.credits === 1)", timeout=20_000)
    press(page, "Enter")
    wait_until(page,
        "window.retroscope.state().then(s => s.machine.game_state === 'ready')", timeout=60_000)
    page.evaluate("window.retroscope.pause()")
    assert not machine_state(page)["demo"]


def test_coin_and_start_play_a_game_with_the_keyboard(open_page, page_log):
    page = open_page("#/pacman")
    page.evaluate("window.retroscope.step('frame', 3)")
    assert machine_state(page)["game_state"] == "attract"
    page.evaluate("window.retroscope.run()")
    page.locator("[data-testid=screen]").click()
    press(page, "ShiftLeft")
    wait_until(page,
        "window.retroscope.state().then(s => s.machine.credits === 1)", timeout=20_000)
    press(page, "Enter")
    wait_until(page,
        "window.retroscope.state().then(s => s.machine.game_state === 'play')", timeout=60_000)
    page.keyboard.down("ArrowLeft")
    wait_until(page,
        "window.retroscope.state().then(s => s.machine.score >= 20)", timeout=60_000)
    page.keyboard.up("ArrowLeft")
    page.evaluate("window.retroscope.pause()")
    assert not machine_state(page)["demo"]
    page.screenshot(path="test-output/e2e-pacman-play.png")
    assert page.locator("[data-testid=pacman-ghost-blinky]").is_visible()
    assert page_log.console_errors == []


def test_a_shared_dead_end_makes_a_ghost_pass_through_the_wall(open_page, page_log):
    page = open_page("#/pacman")
    editor = page.locator("[data-testid=pacman-editor]")
    editor.wait_for()
    page.wait_for_function(
        "document.querySelector('[data-testid=pacman-deadends]').textContent.length > 0")
    assert "No dead ends" in page.locator("[data-testid=pacman-deadends]").text_content()
    page.click("[data-testid=pacman-paint-wall]")
    box = editor.bounding_box()
    cell_w, cell_h = box["width"] / 28, box["height"] / 31
    # Maze row 11 (screen row 14), column 10: the corridor above the house,
    # left of where Blinky starts: two dead ends.
    editor.click(position={"x": 10.5 * cell_w, "y": 11.5 * cell_h})
    page.wait_for_function(
        "document.querySelector('[data-testid=pacman-deadends]').textContent.includes('(red)')")
    page.click("[data-testid=pacman-share]")
    url = page.locator("[data-testid=pacman-share-link]").text_content()
    assert "#/pacman?maze=1" in url and len(url) < 5120 + 200
    drawn = Maze.from_link(url.split("maze=", 1)[1])
    assert drawn.at(11, 10) == WALL, drawn.to_text()

    second = page.context.new_page()
    second.on("pageerror", lambda e: page_log.console_errors.append(f"uncaught: {e}"))
    second.goto(url)
    second.wait_for_function("document.documentElement.dataset.state === 'ready'",
                             timeout=BOOT_TIMEOUT_MS)
    assert second.evaluate("window.retroscope.current()")["values"]["maze"] in url
    insert_coin_and_start(second)
    ghost = None
    for _ in range(600):  # frame by frame until a ghost is inside a wall
        second.evaluate("window.retroscope.step('frame', 1)")
        ghost = next((g for g in machine_state(second)["ghosts"] if g["in_wall"]), None)
        if ghost:
            break
    second.screenshot(path="test-output/e2e-pacman-second.png")
    assert ghost is not None, machine_state(second)["ghosts"]
    assert ghost["name"] == "blinky" and ghost["tile"] == [10, 14]
    # The picture is drawn at the vertical blank, before the frame moves the
    # ghosts: one more frame shows Blinky inside the wall, with the marker.
    second.evaluate("window.retroscope.step('frame', 1)")
    blinky = machine_state(second)["ghosts"][0]
    assert blinky["in_wall"]
    cx, cy = blinky["pixel"]
    white = second.evaluate("""([x, y]) => {
        const c = document.querySelector('[data-testid=screen]');
        const s = c.width / 224;
        const d = c.getContext('2d').getImageData(Math.round((x - 9) * s), Math.round((y - 9) * s),
                                                  Math.round(18 * s), 1).data;
        let n = 0;
        for (let i = 0; i < d.length; i += 4) n += d[i] > 240 && d[i + 1] > 240 && d[i + 2] > 240;
        return n;
    }""", [cx, cy])
    assert white >= 12, "the through-a-wall marker's top edge"
    second.screenshot(path="test-output/e2e-pacman-through-the-wall.png")
    assert page_log.console_errors == []


def test_a_corrupt_maze_link_says_so_and_plays_the_default_maze(open_page, page_log):
    page = open_page("#/pacman?maze=1bad.00000000")
    text = page.locator("[data-testid=messages]").text_content()
    assert "maze" in text
    page.evaluate("window.retroscope.step('frame', 2)")
    assert machine_state(page)["maze_link"].startswith("1")


def test_a_gamepads_select_button_puts_in_a_coin(open_page, page_log):
    # The standard mapping's Select (button 8) is the arcade's coin switch here.
    page = open_page("#/pacman")
    page.evaluate("""() => {
        const pressed = (i) => ({pressed: window.padButton === i, value: 0});
        navigator.getGamepads = () => [{axes: [0, 0],
            buttons: Array.from({length: 16}, (_, i) => pressed(i))}];
    }""")
    page.evaluate("window.retroscope.run()")
    page.evaluate("window.padButton = 8")
    wait_until(page, "window.retroscope.state().then(s => s.machine.credits === 1)")
    page.evaluate("window.padButton = -1")
    assert machine_state(page)["credits"] == 1
    assert not page_log.console_errors
