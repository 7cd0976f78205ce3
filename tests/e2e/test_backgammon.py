"""Backgammon in the page: a seed from the link, the dice tape, a turn with the mouse."""

from __future__ import annotations

from harness.backgammon import point_at
from harness.page import focus_picture, wait_until


def click_point(page, white_point: int) -> None:
    page.mouse.click(**point_at(page, white_point))


def test_a_seed_link_shows_its_tape_and_a_turn_is_played_with_the_mouse(open_page, page_log):
    page = open_page("#/backgammon?seed=17")
    state = page.evaluate("window.retroscope.state()")["machine"]
    assert state["sequence"] == 17
    page.evaluate("window.retroscope.step('frame', 1)")  # panels update with a frame
    page.wait_for_selector("[data-testid=bg-tape-current]")
    assert page.locator("[data-testid=bg-tape] span").count() >= 100
    page.evaluate("window.retroscope.command('players', {white: 'human', black: 'human'})")
    game = page.evaluate("window.retroscope.state()")["machine"]["game"]
    turn = game["turn"]
    src, dst = game["legal"][0]
    focus_picture(page)

    def white(point: int) -> int:
        return point if turn == 0 else 25 - point

    click_point(page, white(src))
    wait_until(page,
        f"window.retroscope.state().then(s => s.machine.game.selected === {src})")
    click_point(page, white(dst))
    side = "white" if turn == 0 else "black"
    wait_until(page,
        f"window.retroscope.state().then(s => s.machine.game.{side}[{dst}] === "
        f"{game[side][dst] + 1})")
    page.screenshot(path="test-output/e2e-backgammon.png")
    assert page_log.console_errors == []


def test_a_bad_moves_link_says_why(open_page):
    page = open_page("#/backgammon?seed=3&moves=24/13")
    text = " ".join(page.locator("[data-testid=message]").all_text_contents())
    assert "not a legal play" in text


def test_the_explorer_plots_the_32_sequences(open_page, page_log):
    page = open_page("#/backgammon?seed=2")
    page.click("[data-testid=bg-explorer] summary")
    page.click("[data-testid=bg-explorer-compute]")
    page.wait_for_function(
        "document.querySelector('[data-testid=bg-explorer-text]').textContent"
        ".startsWith('sequence 0:')", timeout=60_000)
    page.select_option("[data-testid=bg-explorer-sequence]", "17")
    text = page.locator("[data-testid=bg-explorer-text]").text_content()
    assert text.startswith("sequence 17: 300 rolls")
    painted = page.evaluate("""() => {
      const c = document.querySelector('[data-testid=bg-totals-plot]');
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < d.length; i += 4) n += d[i] > 0;
      return n;
    }""")
    assert painted > 500
    page.screenshot(path="test-output/e2e-backgammon-explorer.png", full_page=True)
    assert page_log.console_errors == []


def test_a_frame_drawn_late_never_puts_the_old_players_back(open_page, page_log):
    """A frame's state is shown at the next animation frame, so a frame sent
    before a change of players can be drawn after the change: the selects
    keep the choice until a state shows it."""
    page = open_page("#/backgammon?seed=17")
    white = page.locator("[data-testid=bg-white]")
    page.evaluate("window.retroscope.step('frame', 1)")  # the panel shows the players
    assert white.input_value() == "human"
    chosen = page.evaluate("""async () => {
      const r = window.retroscope, raf = window.requestAnimationFrame;
      window.requestAnimationFrame = (draw) => setTimeout(draw, 600);  // frames drawn late
      try {
        const stepped = r.step("frame");   // its frame's state: the old players
        const sel = document.querySelector('[data-testid=bg-white]');
        sel.value = "computer";
        sel.dispatchEvent(new Event("change"));
        await new Promise((done) => setTimeout(done, 300));  // the choice is answered
        await stepped;                     // drawn after it
        return sel.value;
      } finally { window.requestAnimationFrame = raf; }
    }""")
    assert chosen == "computer"
    assert page.evaluate("window.retroscope.state()")["machine"]["players"][0] == "computer"
    page.evaluate("window.retroscope.step('frame', 2)")
    assert white.input_value() == "computer"
    # A choice the machine shows lets the machine's own changes through again.
    page.evaluate("window.retroscope.command('players', {white: 'oracle', black: 'human'})")
    page.evaluate("window.retroscope.step('frame', 1)")
    assert white.input_value() == "oracle"
    assert page_log.console_errors == []
