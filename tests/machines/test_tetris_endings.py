"""The endings, reached through the side panel's debug jump, which sets the
score (A-type) or the start level and height (B-type) and the play state so
that the game's own code shows them; pictures saved in test-output/."""

from __future__ import annotations

from pathlib import Path

import pytest

from retroscope.machines import MachineError
from retroscope.machines.tetris import castle_art as castle
from retroscope.machines.tetris import create, model
from retroscope.machines.tetris import ending_art as art
from retroscope.machines.tetris.panel import ENDING_SCORES
from retroscope.machines.tetris.screens import LIFT_ROWS
from retroscope.util.png import write_png

REPO = Path(__file__).resolve().parents[2]
START = 0x10


def run(m, buttons: int = 0, frames: int = 1) -> None:
    for _ in range(frames):
        m.run_frame(buttons)


def in_play(**params):
    m = create(**params)
    run(m, 0, 5)
    return m


def jumped(kind: str, ending: int, height: int = 0, frames: int = 0):
    """A game jumped to an ending, `frames` frames into its animation."""
    m = in_play(type=kind)
    m.command("ending", {"type": kind, "ending": ending, "height": height})
    for _ in range(400):
        run(m)
        if m.read(0xBD) == 4:
            break
    assert m.read(0xBD) == 4 and m.read(0xC4) == ending
    run(m, 0, frames)
    return m


def shot(m, name: str) -> None:
    out = REPO / "test-output" / "endings"
    out.mkdir(parents=True, exist_ok=True)
    write_png(out / f"{name}.png", m.width, m.height, m.framebuffer, m.palette)


def sprites(m) -> list[bytes]:
    oam = bytes(m.ppu.oam)
    return [oam[i : i + 4] for i in range(0, 256, 4) if oam[i] < 0xEF]


def vram_rows(m, at: tuple[int, int], w: int, h: int) -> list[list[int]]:
    base = 0x2000 + 32 * at[1] + at[0]
    return [[m.ppu.vram_read(base + 32 * r + c) for c in range(w)] for r in range(h)]


@pytest.mark.parametrize("ending", range(5))
def test_an_a_type_ending_is_chosen_from_the_score_the_jump_sets(ending):
    m = in_play()
    m.command("ending", {"type": "A", "ending": ending})
    score = ENDING_SCORES[ending]
    assert m.read(model.SCORE + 2) == score >> 16 and m.read(0x48) == 0x0A
    for _ in range(400):
        run(m)
        if m.read(0xBD) == 4:
            break
    assert m.read(0xC4) == ending  # $A96E chose it from the score's top digits
    run(m, 0, 60)
    shot(m, f"A{ending}")


def rocket_rows(m) -> int:
    rows = {s[0] for s in sprites(m) if s[1] in range(0x40, 0x49)}
    return len(rows)


def test_the_a_type_rockets_grow_with_the_ending_and_lift_off():
    heights = []
    for ending in range(4):
        m = jumped("A", ending, frames=50)  # ignited, flame shown every other 2 frames
        for _ in range(4):
            heights.append((ending, rocket_rows(m)))
            run(m)
    tallest = [max(h for e, h in heights if e == k) for k in range(4)]
    assert tallest == sorted(tallest) and tallest[0] < tallest[2] < tallest[3]
    m = jumped("A", 1, frames=80)  # lifting since frame 64
    nose = min(s[0] for s in sprites(m) if s[1] == 0x40)
    run(m, 0, 40)
    assert min(s[0] for s in sprites(m) if s[1] == 0x40) == nose - 40  # one line a frame
    shot(m, "A1_liftoff")


def test_buran_rides_only_the_fourth_ending():
    burans = {e: any(s[1] in range(art.BURAN_UP, art.BURAN_UP + 3)
                     for s in sprites(jumped("A", e, frames=10))) for e in range(5)}
    assert burans == {0: False, 1: False, 2: False, 3: True, 4: False}


def test_in_the_best_ending_the_cathedral_lifts_off_and_the_ufo_hangs_over_the_pad():
    m = jumped("A", 4, frames=10)
    w, h = art.CATHEDRAL_SIZE
    cx, cy = art.CATHEDRAL_AT
    cathedral = [list(r) for r in art.cathedral_map()]
    assert vram_rows(m, art.CATHEDRAL_AT, w, h) == cathedral
    ufo = [s for s in sprites(m) if s[1] in (0x32, 0x33)]
    assert len(ufo) == 2 and all(art.LAUNCH_X <= s[3] <= art.LAUNCH_X + 8 for s in ufo)
    run(m, 0, 300)
    lifted = vram_rows(m, (cx, cy - LIFT_ROWS), w, h + 1)
    assert lifted[:h] == cathedral and lifted[h] == [0xFF] * w  # risen, blank below
    shot(m, "A4_lifted")


def test_the_cathedral_redraw_fits_in_vblank():
    m = jumped("A", 4, frames=10)
    m.bus.ram[0xD7], m.bus.ram[0xD8] = 3, 0  # lifted one more row: redraw from the top
    cycles = m.call("renderEnding")["cycles"]
    # vblank is 20 lines (2,273 cycles); the NMI also runs the OAM DMA (513)
    assert cycles + 513 < 2273
    assert m.read(0xD8) == 4  # four rows a frame


@pytest.mark.parametrize(("ending", "height"), [(0, 5), (2, 3), (6, 5), (8, 1)])
def test_b_type_objects_pass_behind_the_cathedral(ending, height):
    m = jumped("B", ending, height, frames=120)
    shown = sprites(m)
    assert len(shown) == 2 * (height + 1)
    assert all(s[2] & 0x20 for s in shown)  # behind the background
    shot(m, f"B{ending}_h{height}")


@pytest.mark.parametrize("height", range(6))
def test_the_best_b_type_ending_is_a_castle_whose_band_grows_with_the_height(height):
    m = jumped("B", 9, height, frames=60)
    w, h = castle.CASTLE_SIZE
    assert vram_rows(m, castle.CASTLE_AT, w, h) == [list(r) for r in art.castle_map()]
    cast = castle.CAST_BY_HEIGHT[height]
    players = {}
    for s in sprites(m):
        if castle.CAST <= s[1] < castle.CAST + 8 * len(castle.BAND):
            players.setdefault((s[1] - castle.CAST) // 8, []).append(s)
    assert sorted(players) == list(range(cast))  # the first `cast` of the band, in order
    for i, quad in players.items():
        p = castle.BAND[i]
        assert sorted((s[3], s[0] + 1) for s in quad) == [
            (p.x, p.y), (p.x, p.y + 8), (p.x + 8, p.y), (p.x + 8, p.y + 8)]
        assert all(s[2] == p.palette for s in quad)  # in front, its own colours
    domes = [s for s in sprites(m) if castle.DOME <= s[1] < castle.FLAME]
    assert len(domes) == 2 * castle.DOME_ROWS * len(castle.DOMES)  # all three, resting
    shot(m, f"B9_h{height}")


def test_the_castle_band_plays_and_its_domes_lift_off_in_turn():
    m = jumped("B", 9, 5, frames=100)
    before = {s[1] for s in sprites(m)}
    run(m, 0, 16)
    assert {s[1] for s in sprites(m)} != before  # every player changed pose
    resting = [d[1] for d in castle.DOMES]
    tops = []
    for _ in range(200):
        run(m)
        domes = [s for s in sprites(m) if castle.DOME <= s[1] < castle.FLAME + 2]
        tops.append(sorted(s[3] for s in domes))
        # the centre dome and the left fly (the sprites are those drawn the frame before)
        if m.read(0xD5) == castle.DOMES[1][2] + 21:
            top = {x: min(s[0] + 1 for s in domes if s[3] == x) for x in {s[3] for s in domes}}
            assert top.get(castle.DOMES[0][0], 0) < resting[0] - 20  # higher, or gone
            assert top[castle.DOMES[1][0]] == resting[1] - 20  # one line a frame
            assert top[castle.DOMES[2][0]] == resting[2]  # its turn has not come
            flames = {s[3] for s in domes if s[1] >= castle.FLAME}
            assert castle.DOMES[1][0] in flames and castle.DOMES[2][0] not in flames
            shot(m, "B9_domes")
    assert tops[-1] == []  # all flown off the top


def test_no_line_of_the_castle_ending_carries_more_than_8_sprites():
    m = jumped("B", 9, 5, frames=1)
    for _ in range(260):
        run(m)
        lines = [0] * 240
        for s in sprites(m):
            for y in range(s[0] + 1, min(240, s[0] + 9)):
                lines[y] += 1
        assert max(lines) <= 8, m.read(0xD5)


def test_start_ends_an_ending_after_a_second_and_the_game_is_over():
    m = jumped("B", 1, 0, frames=70)
    run(m, START)
    run(m, 0, 5)
    assert m.read(0xC0) in (2, 6)  # back to the menu (or the name entry)


def test_the_jump_refuses_bad_arguments_and_works_only_in_play():
    m = in_play()
    for args, words in (({"type": "C"}, "A or B"), ({"type": "A", "ending": 5}, "0-4"),
                        ({"type": "B", "ending": 10}, "0-9"),
                        ({"type": "B", "ending": 1, "height": 6}, "0-5"),
                        ({"type": "A", "ending": "1"}, "0-4")):
        with pytest.raises(MachineError, match=words):
            m.command("ending", args)
    menu = create(start="menu")
    run(menu, 0, 5)
    with pytest.raises(MachineError, match="start a game"):
        menu.command("ending", {"type": "A", "ending": 0})
