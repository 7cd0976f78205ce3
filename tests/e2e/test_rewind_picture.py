"""Rewind shows the picture of the frame it lands on, on every machine: step
frames one at a time noting the canvas, then seek back to each (and scrub the
rewind slider to some): the canvas shows the picture it showed then. One page
for all five machines."""

from __future__ import annotations

import random

from harness.page import wait_until

STEPS = 40  # frames stepped one at a time, per machine
PLAY = 100  # frames of random play before
MACHINES = ("tetris", "backgammon", "pacman", "crpg", "jmc")
# Buttons pressed first (each held 2 frames, then 30 without), into a game.
WARM_UP = {"tetris": ("Start",) * 3, "pacman": ("Coin", "Start")}
# Screen memory (space, address) edited half-way, paused: drawn by the next frame only.
SCREEN = {"tetris": ("ppu", 0x2080), "backgammon": ("ppu", 0x2080), "pacman": ("cpu", 0x4080),
          "jmc": ("cpu", 0x3280)}
QUIET = {"Start", "Select", "Coin", "Escape", "P"}  # (pause or leave the game: not pressed)
# A digest of the canvas's pixels as the page shows them.
CANVAS = """() => {
  const c = document.querySelector('[data-testid=screen]');
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let h = 2166136261;
  for (let i = 0; i < d.length; i++) { h ^= d[i]; h = Math.imul(h, 16777619) >>> 0; }
  return h;
}"""


def presses(names: list[str], frames: int, rng: random.Random) -> list[int]:
    """Random buttons held for stretches, as a player would."""
    usable = [i for i, name in enumerate(names[:8]) if name not in QUIET]
    out: list[int] = []
    while len(out) < frames:
        held = sum(1 << i for i in usable if rng.random() < 0.3) if rng.random() < 0.7 else 0
        out += [held] * rng.randint(1, 8)
    return out[:frames]


def play(page, machine: str, rng: random.Random) -> list[int]:
    """Into a game that moves; the presses for the frames to step."""
    names = page.evaluate(f"window.retroscope.machines().find(m => m.id === '{machine}').buttons")
    script = []
    for name in WARM_UP.get(machine, ()):
        script += [1 << names.index(name)] * 2 + [0] * 30
    script += presses(names, PLAY, rng)
    if machine == "backgammon":  # the computer plays both sides
        page.evaluate("window.retroscope.command('players', "
                      "{white: 'computer', black: 'computer'})")
    page.evaluate("(p) => window.retroscope.runFrames(p.length, p)", script)
    if machine == "tetris":  # the AI moves and drops the pieces
        page.evaluate("window.retroscope.setInputSource('ai')")
    return presses(names, STEPS, rng)


def test_every_machine_shows_the_frame_a_seek_lands_on(open_page, page_log):
    page = open_page("#/tetris")
    for n, machine in enumerate(MACHINES):
        if n:
            page.evaluate(f"window.retroscope.load('{machine}')")
        rng = random.Random(n)
        seen: dict[int, int] = {}
        for i, held in enumerate(play(page, machine, rng)):  # a stepped frame sees the buttons
            page.evaluate(f"window.retroscope.setButtons({held})")
            page.evaluate("window.retroscope.step('frame', 1)")
            frame = page.evaluate("window.retroscope.frame()")
            seen[frame] = page.evaluate(CANVAS)
            if i == STEPS // 2 and machine in SCREEN:
                space, addr = SCREEN[machine]
                page.evaluate("([space, addr]) => window.retroscope.debug('write_memory', "
                              "{addr, values: Array(64).fill(0x55), space})", [space, addr])
                assert page.evaluate(CANVAS) == seen[frame], f"{machine}: an edit drew itself"
        page.evaluate("window.retroscope.setButtons(0)")
        assert len(set(seen.values())) > 2, f"{machine}: the picture hardly moved"
        order = list(seen)
        rng.shuffle(order)
        for frame in order:
            page.evaluate(f"window.retroscope.seek({frame})")
            assert page.evaluate("window.retroscope.frame()") == frame
            assert page.evaluate(CANVAS) == seen[frame], (
                f"{machine}: seeking to frame {frame} shows another frame's picture")
        # The rewind slider seeks the same way.
        for frame in order[:4]:
            page.evaluate("""(f) => {
              const s = document.querySelector('[data-testid=rewind-slider]');
              s.value = String(f);
              s.dispatchEvent(new Event('input'));
            }""", frame)
            wait_until(page, f"""window.retroscope.frame() === {frame}
                                 && window.retroscope.status().then(s => s.frame === {frame})""")
            assert page.evaluate(CANVAS) == seen[frame], (
                f"{machine}: the slider at frame {frame} shows another frame's picture")
        page.screenshot(path=f"test-output/e2e-rewind-picture-{machine}.png")
    assert page_log.console_errors == []
