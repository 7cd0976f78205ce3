"""The TI-99/4A CRPG in the page: walk with the arrow keys, paint a square
and see it drawn, share the map and open the link in a second page."""

from __future__ import annotations

from harness.page import frames_pass, wait_for

STATE = "window.retroscope.state().then(s => s.machine)"


def machine_state(page) -> dict:
    return page.evaluate(STATE)


def wait_machine(page, condition: str, timeout_s: float = 60) -> dict:
    """Poll the machine's state until `condition` (JS over `m`) holds."""
    def holds() -> dict | None:
        ok, state = page.evaluate(f"{STATE}.then(m => [({condition}), m])")
        return state if ok else None
    return wait_for(page, holds, condition, timeout_s * 1000)


def square_colours(page, row: int, col: int) -> set[str]:
    """The canvas colours inside window square (row, col) (8x8 pixels at
    character (5 + row, 2 + col) of the 256 x 192 picture)."""
    return set(page.evaluate(f"""() => {{
      const c = document.querySelector('[data-testid=screen]');
      const g = c.getContext('2d');
      const sx = c.width / 256, sy = c.height / 192;
      const x = Math.round((16 + {col} * 8 + 1) * sx), y = Math.round((40 + {row} * 8 + 1) * sy);
      const d = g.getImageData(x, y, Math.round(6 * sx), Math.round(6 * sy)).data;
      const out = new Set();
      for (let i = 0; i < d.length; i += 4) {{
        out.add(((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]).toString(16));
      }}
      return [...out];
    }}"""))


def wait_colours(page, row: int, col: int, wanted: set[str], timeout_s: float = 30) -> None:
    """Poll the canvas until window square (row, col) shows the `wanted` colours
    (a step redraws it; mobs may trigger other steps before it)."""
    wait_for(page, lambda: wanted <= set(square_colours(page, row, col)),
             f"square ({row},{col}) to show {sorted(wanted)}", timeout_s * 1000)


def test_walk_edit_and_share_a_map(open_page, page_log, browser):
    page = open_page("#/crpg")
    page.evaluate("window.retroscope.run()")
    wait_machine(page, "m.steps >= 1")
    start = machine_state(page)
    assert start["map"] == "town" and start["step_cycles"] > 100_000
    page.locator("[data-testid=screen]").click()  # focus: the keys go to the machine
    page.keyboard.down("ArrowRight")
    # held: it moves once the square is free (a villager may stand there a while)
    wait_machine(page, f"m.x > {start['x']} && m.y === {start['y']}")
    page.keyboard.up("ArrowRight")
    page.wait_for_selector("[data-testid=crpg-step-cycles]")
    assert "cycles" in page.locator("[data-testid=crpg-step-cycles]").inner_text()
    page.screenshot(path="test-output/e2e-crpg-walk.png")

    # paint water east of the player by clicking the picture
    page.locator("[data-testid=crpg-brush]").select_option("tile:8")
    wait_machine(page, "m.brush.kind === 'tile'")
    box = page.locator("[data-testid=screen]").bounding_box()
    page.mouse.click(box["x"] + (16 + 7 * 8 + 4) * box["width"] / 256,
                     box["y"] + (40 + 6 * 8 + 4) * box["height"] / 192)
    wait_colours(page, 6, 7, {"5455ed", "7d76fc"})  # water's blues, drawn by the program
    page.screenshot(path="test-output/e2e-crpg-painted.png")

    # share it: a second page opens the same map
    page.locator("[data-testid=crpg-share]").click()
    page.wait_for_function(
        "document.querySelector('[data-testid=crpg-share-link]').value.includes('map=')")
    link = page.locator("[data-testid=crpg-share-link]").input_value()
    assert len(link.split("map=")[1]) < 5120
    crc = machine_state(page)["tiles_crc"]
    second = browser.new_page(bypass_csp=True)  # (conftest: browser_context_args)
    second.goto(link)
    second.wait_for_function("document.documentElement.dataset.state === 'ready'",
                             timeout=90_000)
    second.evaluate("window.retroscope.run()")
    wait_machine(second, "m.steps >= 1")
    other = machine_state(second)
    assert other["map"] == "shared" and other["tiles_crc"] == crc
    wait_colours(second, 6, 7, {"5455ed", "7d76fc"})
    second.screenshot(path="test-output/e2e-crpg-shared.png")
    second.close()
    assert page_log.console_errors == []


def test_a_hostile_map_link_says_why_and_the_world_starts(open_page):
    page = open_page("#/crpg?map=1AAAAAAAAAAAA%3Cscript%3E")
    text = " ".join(page.locator("[data-testid=message]").all_text_contents())
    assert "map" in text
    assert machine_state(page)["map"] == "town"


def test_a_map_file_opens_and_a_bad_one_says_why(open_page, page_log, tmp_path):
    page = open_page("#/crpg")
    code = page.evaluate("window.retroscope.command('export', {})")["code"]
    bad = tmp_path / "bad.crpgmap"
    bad.write_text(code[:-7] + "AAAAAAA")
    page.locator("[data-testid=crpg-import-file]").set_input_files(str(bad))
    page.wait_for_function(
        "[...document.querySelectorAll('[data-testid=message]')]"
        ".some(m => m.textContent.includes('map'))")
    assert machine_state(page)["map"] == "town"
    good = tmp_path / "good.crpgmap"
    good.write_text(code)
    page.locator("[data-testid=crpg-import-file]").set_input_files(str(good))
    wait_machine(page, "m.map === 'shared'")
    assert page_log.console_errors == []


def test_a_frame_drawn_late_never_puts_old_settings_back(open_page, page_log):
    """A frame's state is shown at the next animation frame, so a frame sent
    before a change can be drawn after the change's answer, and after a newer
    state: the panel keeps the applied settings and the brush. (CI caught the
    race: old settings came back under the next edit and were applied with it.)"""
    page = open_page("#/crpg")
    before = machine_state(page)
    assert before["width"] != 20 and before["kind"] != 0 and before["brush"]["kind"] == "walk"
    late_frame = """async (change) => {
      const r = window.retroscope, raf = window.requestAnimationFrame;
      window.requestAnimationFrame = (draw) => setTimeout(draw, 600);  // frames drawn late
      try {
        const stepped = r.step("frame");   // its frame's state: before the change
        await change();
        await stepped;                     // drawn after the change's answer
      } finally { window.requestAnimationFrame = raf; }
    }"""
    # Apply answered, and the frame from before it is the newest state.
    page.locator("[data-testid=crpg-width]").fill("20")
    page.locator("[data-testid=crpg-kind]").select_option("0")
    page.evaluate(f"""({late_frame})(async () =>
      document.querySelector('[data-testid=crpg-apply]').click())""")
    assert machine_state(page)["width"] == 20
    assert page.locator("[data-testid=crpg-width]").input_value() == "20"
    assert page.locator("[data-testid=crpg-kind]").input_value() == "0"
    # A newer state (pause asks for one) is shown before the older frame is drawn.
    brush = page.evaluate(f"""({late_frame})(async () => {{
      const brushSel = document.querySelector('[data-testid=crpg-brush]');
      brushSel.value = brushSel.options[2].value;
      brushSel.dispatchEvent(new Event("change"));
      await window.retroscope.pause();
    }}).then(() => document.querySelector('[data-testid=crpg-brush]').value)""")
    assert brush.startswith("tile:"), brush
    assert machine_state(page)["brush"]["kind"] == "tile"
    assert "20 x" in page.locator("[data-testid=crpg-where]").inner_text()
    page.evaluate("window.retroscope.run()")
    wait_machine(page, "m.steps >= 1")
    assert page.locator("[data-testid=crpg-width]").input_value() == "20"
    assert page.locator("[data-testid=crpg-kind]").input_value() == "0"
    assert page_log.console_errors == []


def test_the_editor_settings_resize_and_slant_the_map(open_page, page_log):
    page = open_page("#/crpg")
    page.evaluate("window.retroscope.run()")
    wait_machine(page, "m.steps >= 1")
    page.locator("[data-testid=crpg-width]").fill("20")
    page.locator("[data-testid=crpg-kind]").select_option("0")
    frames_pass(page, 10)  # state updates arrive meanwhile: the fields keep their values
    page.locator("[data-testid=crpg-apply]").click()
    wait_machine(page, "m.width === 20 && m.kind === 0")
    page.locator("[data-testid=crpg-width]").fill("8")
    page.locator("[data-testid=crpg-apply]").click()  # slanted and 8 wide: refused
    page.wait_for_function(
        "[...document.querySelectorAll('[data-testid=message]')]"
        ".some(m => m.textContent.includes('at least 12'))")
    assert machine_state(page)["width"] == 20
    page.locator("[data-testid=crpg-measure]").click()
    page.wait_for_function(
        "document.querySelector('[data-testid=crpg-copy-table]').textContent.includes('50,688')")
    table = page.locator("[data-testid=crpg-copy-table]").inner_text()
    assert "81,920" in table and "unrolled" in table
    page.screenshot(path="test-output/e2e-crpg-slanted.png")
    assert page_log.console_errors == []
