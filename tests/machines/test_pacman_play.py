"""The game around the routine, driven through its buttons: targets, modes,
speeds, frightened ghosts, pellets, levels, lives and the dead-end experiment."""

from __future__ import annotations

import pytest

from harness.pacman import LEFT, RIGHT, START, UP, start_game
from retroscope.machines.namco.video import tile_offset
from retroscope.machines.pacman import create, model
from retroscope.machines.pacman.maze import TILE_PELLET, WALL, Maze, default_maze

PACMAN, BLINKY, PINKY, INKY, CLYDE = (0x4D00 + 16 * i for i in range(5))


def de(regs) -> int:
    return regs["d"] << 8 | regs["e"]


def word(m, label):
    at = m.symbols[label]
    return m.read(at) | m.read(at + 1) << 8


def test_coin_and_start_begin_a_game_with_three_lives_and_a_credit_spent():
    m = create()
    start_game(m)
    s = m.state()
    assert s["lives"] == 3 and s["level"] == 1 and s["credits"] == 0
    assert s["dots_left"] == default_maze().pellets()
    for _ in range(125):
        m.run_frame()
    assert m.state()["game_state"] == "play"


def test_start_without_a_credit_does_nothing():
    m = create()
    for _ in range(3):
        m.run_frame()
    m.run_frame(START)
    m.run_frame(0)
    assert m.state()["game_state"] == "attract"


def test_the_attract_mode_plays_a_demonstration_after_ten_seconds():
    m = create()
    for _ in range(610):
        m.run_frame()
    s = m.state()
    assert s["demo"] and s["game_state"] in ("ready", "play")


def test_pacman_eats_pellets_for_ten_points_and_stops_at_walls():
    m = create()
    start_game(m, 120)
    for _ in range(120):
        m.run_frame(LEFT)
    s = m.state()
    assert s["score"] >= 20 and s["score"] % 10 == 0
    x = m.read(PACMAN)
    for _ in range(30):
        m.run_frame(LEFT)
    assert m.read(PACMAN) == x  # against the wall at the corridor's end
    assert x & 7 == 4  # stopped at the tile's centre


def test_blinky_plays_the_ghosts_routine_towards_his_scatter_corner():
    m = create()
    start_game(m, 121)
    decisions = 0
    for _ in range(200):
        m.run_frame()
        g = m.state()["ghosts"][0]
        d = g["decision"]
        if d and not d["frightened"]:
            decisions += 1
            assert g["target"] == list(model.SCATTER["blinky"])
    assert decisions


def test_targets_follow_the_dossier_in_chase_mode():
    m = create()
    start_game(m, 121)
    for _ in range(60 * 8):  # past the first scatter (7 s)
        m.run_frame(RIGHT if m.frame % 200 < 100 else UP)
        if m.state()["game_state"] != "play":
            pytest.skip("Pac-Man was caught before chase mode")
    assert m.state()["mode"] == "chase"
    ram = m.bus.ram
    pac = word(m, "pacTile")
    pac_dir = ram[PACMAN + 2]
    blinky_pos = ((0x3D - (ram[BLINKY] >> 3)) << 8) | ((ram[BLINKY + 1] >> 3) + 0x20)
    assert de(m.call("ghostTarget", ix=PINKY)) == model.ahead(pac, pac_dir, 4)
    assert de(m.call("ghostTarget", ix=BLINKY)) == pac
    assert de(m.call("ghostTarget", ix=INKY)) == model.inky_target(pac, pac_dir, blinky_pos)


def test_pinky_four_ahead_when_pacman_faces_up_is_also_four_to_the_left():
    pac = model.position(14, 20)
    assert model.tile_of(model.ahead(pac, model.UP, 4)) == (10, 16)
    assert model.tile_of(model.ahead(pac, model.RIGHT, 4)) == (18, 20)


def test_scatter_and_chase_alternate_on_the_level_one_timetable():
    m = create()
    start_game(m, 0)
    while m.state()["game_state"] != "play":
        m.run_frame()
    changes = []
    mode = m.state()["mode"]
    for frame in range(1, 60 * 30):
        m.run_frame()
        s = m.state()
        if s["game_state"] != "play":
            break
        if s["mode"] != mode:
            mode = s["mode"]
            changes.append(frame)
    if not changes:
        pytest.skip("Pac-Man was caught before the first change")
    assert changes[0] == 7 * 60  # seven seconds of scatter first


def test_ghost_speeds_by_level_in_pixels_per_frame():
    m = create()
    start_game(m, 120)
    m.run_frame()
    moved = 0
    prev = (m.read(BLINKY), m.read(BLINKY + 1))
    for _ in range(64):
        m.run_frame()
        now = (m.read(BLINKY), m.read(BLINKY + 1))
        moved += abs(now[0] - prev[0]) % 240 + abs(now[1] - prev[1])
        prev = now
    # level 1: 75% of 1.25 pixels a frame, 60/64 pixel a frame (tunnel aside)
    assert abs(moved - 60) <= 2


@pytest.mark.parametrize("level", [2, 5, 21])
def test_later_levels_take_their_mode_times_and_speeds_from_the_tables(level):
    """A level begun by the program (startLevel) starts its first scatter on
    the level's timetable and moves Blinky at the level's speed."""
    m = create()
    start_game(m, 0)
    m.write(m.symbols["level"], level)
    m.call("startLevel", sp=0x4FB0)
    assert word(m, "modeTimer") == model.MODE_TIMES[model.mode_row(level)][0]
    for _ in range(121):  # READY, then the first frames of play
        m.run_frame()
    moved = 0
    prev = (m.read(BLINKY), m.read(BLINKY + 1))
    for _ in range(64):
        m.run_frame()
        now = (m.read(BLINKY), m.read(BLINKY + 1))
        moved += abs(now[0] - prev[0]) % 240 + abs(now[1] - prev[1])
        prev = now
    assert abs(moved - model.SPEEDS[model.speed_row(level)][2]) <= 2, moved


def test_an_energizer_frightens_and_reverses_the_ghosts():
    m = create()
    start_game(m, 122)
    blinky_dir = m.read(BLINKY + 2)
    m.write(m.symbols["pacPause"], 0)
    # Call the energizer's effect directly, as eating one does.
    m.call("startFright", sp=0x4FB0)
    assert m.read(BLINKY + 2) == blinky_dir ^ 2
    assert m.read(BLINKY + 6) == 1
    assert word(m, "frightTimer") == model.fright_frames(1)


def test_frightened_choice_matches_the_model_with_its_rom_random_numbers():
    import random

    m = create(maze=dead_end_maze().to_link())
    start_game(m, 2)
    seed = 0
    rng = random.Random(5)
    picks = set()
    for _ in range(300):
        x, y, d = rng.randrange(1, 27), rng.randrange(3, 33), rng.randrange(4)
        pos = model.position(x, y)
        want, seed = model.choose_frightened(m.read, pos, d, seed)
        got = m.call("chooseFrightened", hl=pos, a=d)
        assert got["a"] == want
        assert word(m, "rngSeed") == seed
        picks.add(want)
    assert picks == {0, 1, 2, 3}


def test_a_frightened_ghost_in_a_dead_end_takes_its_random_pick():
    m = create(maze=dead_end_maze().to_link())
    start_game(m, 2)
    pos = model.position(11, 14)  # left of Blinky's start: walls left, up and down
    for _ in range(40):
        seed = word(m, "rngSeed")
        pick = m.read(model.next_random(seed)) & 3
        got = m.call("chooseFrightened", hl=pos, a=model.LEFT)
        # Only the way back (right) is open, and it is refused: the random pick.
        assert got["a"] == pick


def test_the_last_pellet_ends_the_level_and_the_next_one_starts():
    m = create()
    start_game(m, 121)
    at = m.symbols["dotsLeft"]
    m.write(at, 1)
    m.write(at + 1, 0)
    for _ in range(60):
        m.run_frame(LEFT)
        if m.state()["game_state"] == "level done":
            break
    assert m.state()["game_state"] == "level done"
    for _ in range(170):
        m.run_frame()
    s = m.state()
    assert s["level"] == 2 and s["game_state"] in ("ready", "play")
    assert s["dots_left"] == default_maze().pellets()


def test_a_caught_pacman_loses_a_life_and_the_game_ends():
    m = create()
    start_game(m, 0)
    seen = set()
    for _ in range(60 * 90):
        m.run_frame()
        s = m.state()
        seen.add(s["game_state"])
        if s["game_state"] == "attract":
            break
    assert {"dying", "game over", "attract"} <= seen


def screen_text(m, x: int, y: int, length: int) -> str:
    return "".join(chr(m.read(0x4000 + tile_offset(x + i, y))) for i in range(length))


def test_ready_shows_in_the_maze_below_the_house_and_the_cells_under_it_come_back():
    m = create()
    start_game(m)
    under = [m.read(0x3400 + tile_offset(x, 20)) for x in range(11, 17)]  # the maze's ROM
    dots = word(m, "dotsLeft")
    assert screen_text(m, 11, 20, 6) == "READY!"
    assert screen_text(m, 9, 2, 10).strip(" @") == ""   # not under the scores
    assert TILE_PELLET in under  # our maze has pellets there: none may be lost
    for _ in range(121):
        m.run_frame()
        if m.state()["game_state"] == "play":
            break
    assert m.state()["game_state"] == "play"
    assert [m.read(0x4000 + tile_offset(x, 20)) for x in range(11, 17)] == under
    assert word(m, "dotsLeft") == dots


def test_after_game_over_no_ghost_overlay_is_left_and_the_words_are_in_the_maze():
    from retroscope.machines.pacman import overlay
    m = create()
    start_game(m, 0)
    for _ in range(60 * 90):
        m.run_frame()
        if m.state()["game_state"] == "game over":
            break
    assert m.state()["game_state"] == "game over"
    m.run_frame()
    m.run_frame()
    assert all(m.overlays.values())
    assert max(m.framebuffer) < min(overlay.OVERLAY_COLOURS), "the ghosts are gone: no targets"
    assert screen_text(m, 9, 20, 10) == "GAME  OVER"
    assert not any(g["shown"] for g in m.state()["ghosts"])


def dead_end_maze() -> Maze:
    cells = bytearray(default_maze().cells)
    cells[11 * 28 + 10] = WALL  # the corridor above the house, left of Blinky
    return Maze(bytes(cells)).with_fixed_cells()


def test_a_ghost_in_a_dead_end_passes_through_the_wall():
    maze = dead_end_maze()
    assert maze.dead_ends()
    m = create(maze=maze.to_link())
    start_game(m, 121)
    through = False
    for _ in range(240):
        m.run_frame()
        blinky = m.state()["ghosts"][0]
        if blinky["in_wall"]:
            through = True
            assert blinky["tile"] == [10, 14]
            assert blinky["dir"] == "left"
            break
    assert through


def test_the_overlays_draw_targets_choices_and_a_marker_every_frame_in_the_wall():
    """The picture carries the overlays (pens 16 and up): each active ghost's
    target box, and while a ghost is inside a wall, the marker on every frame
    drawn (a blinking one could miss a ghost that crosses a tile between
    blinks); with the overlays off the board's picture has none of them."""
    from retroscope.machines.pacman import overlay

    m = create(maze=dead_end_maze().to_link())
    start_game(m, 121)
    marked = 0
    for _ in range(240):
        before = {g["name"]: g for g in m.ghosts()}  # what the next vblank draws
        m.run_frame()
        blinky = before["blinky"]
        if blinky["state"] == "active" and blinky["target"]:
            tx, ty = blinky["target"]
            box = [m.framebuffer[(8 * ty) * m.width + 8 * tx + i] for i in range(8)]
            assert overlay.GHOST_PEN[0] in box, "Blinky's target box"
        if blinky["in_wall"]:
            cx, cy = blinky["pixel"]
            ring = [m.framebuffer[(cy - 9) * m.width + cx - 9 + i] for i in range(18)]
            assert ring.count(overlay.WHITE) == 18, f"no marker at frame {m.frame}"
            marked += 1
    assert marked >= 5, "Blinky went through the dead end's wall"
    m.command("overlays", {"targets": False, "decisions": False, "walls": False})
    m.run_frame()
    assert max(m.framebuffer) < min(overlay.OVERLAY_COLOURS), "overlays off: the board alone"


def test_chasing_or_scattering_ghosts_may_not_turn_up_at_the_four_tiles():
    """The Dossier's four tiles (12, 14), (15, 14), (12, 26), (15, 26): a ghost
    going sideways there goes on sideways, where the routine would turn it up;
    a frightened one may turn up; elsewhere the routine decides."""
    m = create()
    start_game(m, 0)
    ram = m.bus.ram
    scatter = model.position(*model.SCATTER["blinky"])  # the target at a game's start

    def plan(x: int, y: int, direction: int, frightened: int = 0, seed: int = 0) -> int:
        snap = m.snapshot()
        ram[m.symbols["rngSeed"]:m.symbols["rngSeed"] + 2] = seed.to_bytes(2, "little")
        ram[BLINKY:BLINKY + 3] = bytes(((x + 2) * 8 + 4, (y - 2) * 8 + 4, direction))
        ram[BLINKY + 5], ram[BLINKY + 6] = 2, frightened  # active
        m.call("ghostDecide", ix=BLINKY)
        chosen = ram[BLINKY + 3]
        m.restore(snap)
        return chosen

    for x in (12, 15):  # in the default maze only the lower two have a way up
        for d in (model.LEFT, model.RIGHT):
            assert model.choose_direction(m.read, model.position(x, 26), scatter, d).direction \
                == model.UP
            assert plan(x, 26, d) == d
    # Left is a wall there: a random pick of left or up turns a frightened ghost up.
    seeds = [s for s in range(0x2000) if m.read(model.next_random(s)) & 3 >= 2][:4]
    assert {plan(12, 26, model.LEFT, frightened=1, seed=s) for s in seeds} == {model.UP}
    for x in (9, 18):
        assert plan(x, 26, model.LEFT) == model.UP


def test_pacman_turns_a_corner_early_and_cuts_it():
    """Pre-turning: Up held three pixels before the centre of a junction turns
    Pac-Man at once; he moves up and towards the centre column together (the
    corner cut), reaching the column after three moves."""
    m = create()
    playing(m)
    ram = m.bus.ram
    centre_x, centre_y = (9 + 2) * 8 + 4, (26 - 2) * 8 + 4  # tile (9, 26): up is open
    ram[PACMAN:PACMAN + 3] = bytes((centre_x + 3, centre_y, model.LEFT))
    path = []
    for _ in range(6):
        m.run_frame(UP)
        path.append((ram[PACMAN], ram[PACMAN + 1], ram[PACMAN + 2]))
    assert path[0][2] == model.UP, "turned before the centre"
    assert [x for x, _, _ in path[:4]] == [centre_x + 2, centre_x + 1, centre_x, centre_x]
    assert path[2][1] < centre_y and all(b[1] <= a[1] for a, b in zip(path, path[1:], strict=False))


def playing(m):
    start_game(m, 0)
    while m.state()["game_state"] != "play":
        m.run_frame()


def eat_next_pellet(m, limit=120):
    score = m.state()["score"]
    for _ in range(limit):
        m.run_frame(LEFT)
        if m.state()["score"] != score:
            return
    raise AssertionError("no pellet eaten")


def test_the_fruit_shows_at_the_seventieth_dot():
    m = create()
    playing(m)
    m.write(m.symbols["dotsEaten"], 69)
    eat_next_pellet(m)
    assert m.read(m.symbols["spriteMask"]) & 0x20
    assert 560 <= word(m, "fruitTimer") <= 570


def test_an_extra_life_at_ten_thousand():
    m = create()
    playing(m)
    lives = m.state()["lives"]
    at = m.symbols["score"]
    for i, b in enumerate((0x90, 0x99, 0x00)):  # 9990
        m.write(at + i, b)
    eat_next_pellet(m)
    assert m.state()["score"] == 10000
    assert m.state()["lives"] == lives + 1


def test_a_frightened_ghost_eaten_scores_200_and_its_eyes_go_home_and_come_out_again():
    m = create()
    playing(m)
    m.call("startFright")
    m.write(m.symbols["pacPause"], 5)  # Pac-Man stands still this frame
    for i in range(2):  # Blinky onto Pac-Man's tile
        m.write(BLINKY + i, m.read(PACMAN + i))
    m.write(BLINKY + 7, m.read(PACMAN + 7))
    m.write(BLINKY + 8, m.read(PACMAN + 8))
    score = m.state()["score"]
    m.run_frame()
    s = m.state()
    assert s["score"] - score == 200
    assert s["ghosts"][0]["state"] == "eyes"
    states = set()
    for _ in range(60 * 20):
        m.run_frame()
        states.add(m.state()["ghosts"][0]["state"])
        if m.state()["ghosts"][0]["state"] == "active" and "entering" in states:
            break
    assert {"eyes", "entering", "leaving", "active"} <= states


def test_ghosts_slow_down_in_the_tunnel():
    m = create()
    playing(m)
    # Blinky into the tunnel row, heading left at column 2 (tunnel tiles 0-3).
    m.write(BLINKY, (2 + 2) * 8 + 4)
    m.write(BLINKY + 1, (17 - 2) * 8 + 4)
    m.write(BLINKY + 2, 2)
    m.write(BLINKY + 3, 2)
    m.write(BLINKY + 7, (2 + 2))
    m.write(BLINKY + 8, 15)
    x0 = m.read(BLINKY)
    for _ in range(16):
        m.run_frame()
    moved = (x0 - m.read(BLINKY)) % 240
    assert moved == 8  # 40% of 1.25: 32/64 pixel a frame


def test_clyde_chases_from_afar_and_scatters_when_near():
    m = create()
    playing(m)
    m.write(m.symbols["modeIndex"], 1)  # chase
    pac = model.position(13, 26)
    at = m.symbols["pacTile"]
    m.write(at, pac & 0xFF)
    m.write(at + 1, pac >> 8)
    far, near = model.position(13, 5), model.position(15, 24)
    for pos, want in ((far, pac), (near, model.position(*model.SCATTER["clyde"]))):
        m.write(CLYDE + 11, pos & 0xFF)
        m.write(CLYDE + 12, pos >> 8)
        assert de(m.call("ghostTarget", ix=CLYDE)) == want


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_any_drawn_maze_plays_without_the_program_going_astray(seed):
    import random

    rng = random.Random(seed)
    cells = bytes(rng.choice((0, 0, 1, 2, 2, 3, 4, 5)) for _ in range(28 * 31))
    m = create(maze=Maze(cells).with_fixed_cells().to_link())
    start_game(m, 0)
    buttons = 0
    for frame in range(900):
        if frame % 25 == 0:
            buttons = 1 << rng.randrange(4)
        m.run_frame(buttons)
        assert m.cpu.pc < 0x4000 or m.cpu.pc == 0xFFF0, hex(m.cpu.pc)
    assert m.watchdog_resets == 0
    assert m.state()["game_state"] in ("ready", "play", "dying", "level done", "game over",
                                       "attract")


def test_after_a_death_the_house_counts_dots_globally():
    m = create()
    playing(m)
    for i in (0, 1, 7, 8):  # Blinky onto Pac-Man: caught
        m.write(BLINKY + i, m.read(PACMAN + i))
    m.write(m.symbols["pacPause"], 5)
    for _ in range(400):
        m.run_frame()
        if m.state()["game_state"] == "ready":
            break
    assert m.state()["lives"] == 2
    assert m.read(m.symbols["globalOn"]) == 1
    while m.state()["game_state"] != "play":
        m.run_frame()
    m.write(m.symbols["globalDots"], 5)
    eat_next_pellet(m)
    assert m.read(m.symbols["globalDots"]) == 6
    assert m.state()["ghosts"][1]["state"] == "house"  # Pinky waits for 7
    eat_next_pellet(m)
    m.run_frame()
    assert m.read(m.symbols["globalDots"]) == 7
    assert m.state()["ghosts"][1]["state"] == "leaving"
    assert m.state()["ghosts"][2]["state"] == "house"  # Inky waits for 17


def test_the_call_stack_at_the_direction_choice_ends_at_the_vblank_handler():
    """A breakpoint on chooseDirection in a game: the callers up to the
    interrupt handler, and not the zero words above the stack (read as
    returns from an RST $38 at $FFFF)."""
    from retroscope.debug import Session  # noqa: PLC0415

    m = create()
    start_game(m, frames_after=120)
    session = Session(m)
    session.add_breakpoint("exec", "chooseDirection")
    assert session.run_frames(60)["paused"]
    frames = session.call_stack()
    routines = [f["routine"] for f in frames]
    assert routines[0].startswith("ghostDecide") and routines[-1] == "vblank", routines
    assert all(f["call"] != 0xFFFF for f in frames)
