"""The Hardware tab in the page: the memory search finds Tetris's level byte,
Pac-Man's lives and the CRPG's player position in a few steps (played as a
person would, buttons held over frames, rewinding to try again); the event
viewer shows the frame's device writes and goes to the instruction's source
line; the viewers hover and click through to the memory view; the profiler
counts cycles per routine. One page boot serves each machine's checks."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from harness.page import tid, wait_until

SHOTS = "test-output"


def buttons_of(page) -> dict[str, int]:
    info = page.evaluate("window.retroscope.machines().find("
                         "m => m.id === window.retroscope.current().id)")
    return {name: 1 << i for i, name in enumerate(info["buttons"])}


def play(page, frames: int, buttons: int = 0) -> None:
    page.evaluate("([n, b]) => window.retroscope.runFrames(n, b)", [frames, buttons])


def search(page, op: str, value: int | None = None, space: str = "cpu") -> list[int]:
    return page.evaluate("([s, o, v]) => window.retroscope.search(s, o, v)", [space, op, value])


def dbg(page, verb: str, **args):
    return page.evaluate("([v, a]) => window.retroscope.debug(v, a)", [verb, args])


# -- Tetris: the level byte, the event viewer, the viewers, the profiler -------------------

def start_at_level(page, menu_frame: int, rights: int, extra: int = 0) -> None:
    """From the level menu (rewound to), move the cursor and start a game."""
    b = buttons_of(page)
    page.evaluate("(f) => window.retroscope.seek(f)", menu_frame)
    for _ in range(rights):
        play(page, 2, b["Right"])
        play(page, 6)
    play(page, 2, b["Start"] | extra)
    play(page, 30)


def test_tetris_level_byte_events_viewers_and_profile(open_page, page_log):
    page = open_page("#/tetris?start=menu")
    b = buttons_of(page)
    play(page, 30)
    play(page, 2, b["Start"])  # the game type menu: A-type
    play(page, 20)
    menu = page.evaluate("window.retroscope.frame()")

    # The search, started from the panel: a game at level 3, then (rewound to
    # the level menu) at 7, then at 7 with A held (level 17).
    page.click(tid("tabbtn-hardware"))
    page.select_option(tid("search-space"), "cpu")
    page.click(tid("search-start"))
    expect(page.locator(tid("search-summary"))).to_contain_text("left in cpu")
    start_at_level(page, menu, 3)
    page.fill(tid("search-value"), "3")
    page.click(tid("search-eq"))
    expect(page.locator(tid("search-summary"))).to_contain_text("eq 3")
    start_at_level(page, menu, 7)
    search(page, "eq", 7)
    start_at_level(page, menu, 7, b["A"])
    left = search(page, "eq", 17)
    # The level ($0044, the article's), its mirror for the screen and where the
    # game keeps the level it started at: each holds the level, nothing else does.
    assert 0x44 in left and len(left) <= 4, [hex(a) for a in left]
    row = page.locator(tid("search-row-0044"))
    expect(row).to_contain_text("$11 (17)")
    row.locator(tid("search-break-0044")).click()
    wait_until(page, "window.retroscope.breakpoints().then(bps => bps.some("
                     "bp => bp.kind === 'write' && bp.start === 0x44))")
    page.locator(tid("hw-search-panel")).screenshot(path=f"{SHOTS}/e2e-hardware-search.png")
    page.evaluate("window.retroscope.breakpoints().then(bps => Promise.all(bps.map("
                  "bp => window.retroscope.removeBreakpoint(bp.id))))")

    # The event viewer: this frame's writes, the NMI at line 241.
    page.click(f"{tid('viewer-events')} > summary")
    wait_until(page, "window.retroscope.status().then(s => s.slowed_by.includes('event viewer'))")
    page.evaluate("window.retroscope.step('frame', 1)")
    rows = page.locator(f"{tid('events-list')} tr")
    expect(rows.filter(has_text="NMI")).to_have_count(1)
    expect(rows.filter(has_text="PPUSCROLL").first).to_be_visible()
    log = page.evaluate("window.retroscope.viewer('events')")
    nmi = next(e for e in log["events"] if e["register"] == "NMI")
    assert nmi["line"] == 241
    write = next(e for e in log["events"] if e["register"].startswith("PPUSCROLL"))
    where = log["pcs"][str(write["pc"])]
    assert where["text"].startswith("sta") and where["file"]
    # Hover its mark: the write and the instruction; a click: its source line.
    plot = page.locator(tid("events-plot"))
    box = plot.bounding_box()
    timing = log["timing"]
    mark = {"x": (write["dot"] + 0.5) / timing["dots"] * box["width"],
            "y": (write["line"] + 0.5) / timing["lines"] * box["height"]}
    plot.hover(position=mark)
    expect(page.locator(tid("events-hover"))).to_contain_text("PPUSCROLL")
    expect(page.locator(tid("events-hover"))).to_contain_text(f"${write['pc']:04X}")
    page.locator(tid("viewer-events")).screenshot(path=f"{SHOTS}/e2e-hardware-events.png")
    plot.click(position=mark)
    expect(page.locator(tid("tab-source"))).to_be_visible()
    expect(page.locator(tid(f"src-{where['line']}"))).to_have_class(re.compile(r"\bcursor\b"))
    expect(page.locator(tid("dbg-source-file"))).to_have_value(where["file"])
    # Filtered: the PPU's rows go.
    page.click(tid("tabbtn-hardware"))
    page.uncheck(tid("events-filter-0"))
    expect(rows.filter(has_text="PPUSCROLL")).to_have_count(0)
    page.click(f"{tid('viewer-events')} > summary")  # closed: recording stops
    wait_until(page, "window.retroscope.status().then(s => !s.slowed_by.includes('event viewer'))")

    # A viewer: OAM listed as the memory holds it; a hover and a click go to
    # the nametable byte in the PPU's memory space.
    sprites = page.evaluate("window.retroscope.viewer('ppu-sprites')")
    oam = dbg(page, "read_memory", addr=0, length=256, space="oam")["data"]
    assert [bytes.fromhex(oam)[e["addr"]] for e in sprites["items"]] == [
        e["y"] for e in sprites["items"]]
    page.click(f"{tid('viewer-ppu-nametables')} > summary")
    canvas = page.locator(tid("viewer-ppu-nametables-nametables"))
    expect(canvas).to_be_visible()
    box = canvas.bounding_box()
    # Tile (5, 3) of $2000: picture pixel (44, 28) of 512 x 480.
    tile = {"x": 44.5 * box["width"] / 512, "y": 28.5 * box["height"] / 480}
    canvas.hover(position=tile)
    expect(page.locator(tid("viewer-ppu-nametables-hover"))).to_contain_text("$2065 (5, 3)")
    canvas.click(position=tile)
    expect(page.locator(tid("memory-space"))).to_have_value("ppu")
    expect(page.locator(tid("memory-address"))).to_have_value("$2065")
    expect(page.locator(tid("mem-row-2060"))).to_be_visible()
    page.locator(tid("viewer-ppu-nametables")).screenshot(path=f"{SHOTS}/e2e-hardware-nametables.png")

    # The profiler: cycles per routine over 10 frames, every cycle counted;
    # off again after (the machine back on its own runner).
    report = page.evaluate("window.retroscope.profile(10)")
    assert report["frames"] == 10 and 29_000 * 10 < report["cycles"] < 30_000 * 10
    names = {r["name"]: r for r in report["routines"]}
    assert names["nmi"]["interrupt"] and names["nmi"]["calls"] == 10
    expect(page.locator(f"{tid('profile-table')} tr", has_text="nmi (interrupt)")).to_be_visible()
    page.click(tid("profile-sort-calls"))
    first = page.locator(f"{tid('profile-table')} tr").nth(1)
    top = max(report["routines"], key=lambda r: r["calls"])
    expect(first).to_contain_text(top["name"])
    assert page.evaluate("window.retroscope.status()")["slowed_by"] == []
    page.locator(tid("hw-profiler-panel")).screenshot(path=f"{SHOTS}/e2e-hardware-profiler.png")
    assert page_log.console_errors == []


# -- Pac-Man: the lives ---------------------------------------------------------------------

def test_pacman_lives_are_found_in_a_few_steps(open_page, page_log):
    page = open_page("#/pacman")
    b = buttons_of(page)
    play(page, 60)
    play(page, 3, b["Coin"])
    play(page, 30)
    play(page, 3, b["Start"])
    play(page, 120)
    search(page, "start")
    assert len(search(page, "eq", 3)) < 20  # three lives: few bytes hold 3
    play(page, 200, b["Left"])
    search(page, "unchanged")
    # Run into the ghosts: a life goes.
    for _ in range(60):
        play(page, 16, b["Left"])
        if page.evaluate("window.retroscope.read(0x4E04)")[0] != 3:
            break
    play(page, 60)
    assert search(page, "lt") == [0x4E04]
    assert page_log.console_errors == []


# -- the CRPG: the player's position, and the other machines' viewers ------------------------

def test_crpg_position_then_every_machines_viewers_draw(open_page, page_log):
    page = open_page("#/crpg")
    b = buttons_of(page)

    def walk(name: str) -> None:
        play(page, 4, b[name])
        play(page, 20)
    play(page, 60)
    search(page, "start")
    walk("Right")
    search(page, "gt")
    walk("Right")
    search(page, "gt")
    play(page, 30)
    search(page, "unchanged")
    walk("Left")
    search(page, "lt")
    play(page, 30)
    search(page, "unchanged")
    x = page.evaluate("window.retroscope.state()")["machine"]
    left = search(page, "eq", 17)
    # X, a word at $A714 (the map processing's): its low byte.
    assert left == [0xA715], ([hex(a) for a in left], x)

    # Each machine's viewers open and draw, without a word in the console.
    page.click(tid("tabbtn-hardware"))
    for mid in ("crpg", "backgammon", "jmc", "pacman"):
        if mid != "crpg":
            page.evaluate("(id) => window.retroscope.load(id)", mid)
            play(page, 90)
        for viewer in page.evaluate("window.retroscope.viewers()"):
            panel = tid(f"viewer-{viewer['id']}")
            page.click(f"{panel} > summary")
            expect(page.locator(f"{panel} .hw-items tr, {panel} canvas").first).to_be_visible()
            page.locator(panel).screenshot(path=f"{SHOTS}/e2e-viewer-{mid}-{viewer['id']}.png")
            page.click(f"{panel} > summary")
    assert page_log.console_errors == []
