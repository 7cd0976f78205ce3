"""The Namco board under our program: memory map, inputs, interrupt, watchdog, video."""

from __future__ import annotations

import random

import pytest

from retroscope import share
from retroscope.machines.base import MachineError
from retroscope.machines.namco import gfx
from retroscope.machines.namco.board import FRAME_CYCLES
from retroscope.machines.namco.video import tile_at, tile_offset
from retroscope.machines.pacman import INFO, create, validate
from retroscope.machines.pacman.maze import (
    CELLS,
    LINK_MAX,
    Maze,
    MazeError,
    default_maze,
)


@pytest.fixture
def machine():
    return create()


def test_a_frame_is_50688_cycles_and_the_vblank_interrupt_runs_once_a_frame(machine):
    count = machine.symbols["frameCount"]
    machine.run_frame()
    first = machine.read(count)
    start = machine.cpu.cycles - machine.frame_cycle
    for _ in range(5):
        machine.run_frame()
    assert machine.read(count) == (first + 5) & 0xFF
    assert machine.cpu.cycles - machine.frame_cycle - start == 5 * FRAME_CYCLES
    assert machine.cpu.im == 2 and machine.cpu.i == 0x3F and machine.vector == 0


def test_the_latch_at_5000_gates_the_interrupt_and_the_watchdog_bites(machine):
    count = machine.symbols["frameCount"]
    for _ in range(30):
        machine.run_frame()
    machine.write(0x5000, 0)  # interrupts off: nobody kicks the watchdog
    before = machine.read(count)
    frames = 0
    while machine.watchdog_resets == 0 and frames < 40:
        assert machine.read(count) == before  # no vertical-blank handler ran
        machine.run_frame()
        frames += 1
    assert 15 <= frames <= 16  # 16 vertical blanks since the last kick
    for _ in range(5):
        machine.run_frame()
    again = machine.read(count)
    for _ in range(20):
        machine.run_frame()
    assert machine.read(count) == (again + 20) & 0xFF  # the program started again
    assert machine.watchdog_resets == 1


def test_inputs_are_active_low(machine):
    assert machine.read(0x5000) == 0xFF and machine.read(0x5040) == 0xFF
    machine.set_buttons(0b000001)  # Up
    assert machine.read(0x5000) == 0xFE
    machine.set_buttons(0b010100)  # Right + Coin
    assert machine.read(0x5000) == 0xFF & ~0x04 & ~0x20
    machine.set_buttons(0b100000)  # Start
    assert machine.read(0x5040) == 0xFF & ~0x20
    assert machine.read(0x5080) == 0xC9  # 3 lives, bonus at 10000


def test_memory_mirrors_and_rom(machine):
    machine.write(0x4C10, 0x5A)
    assert machine.read(0x6C10) == machine.read(0xCC10) == machine.read(0xEC10) == 0x5A
    machine.write(0xEC11, 0x33)
    assert machine.read(0x4C11) == 0x33
    rom0 = machine.read(0x0000)
    machine.write(0x0000, rom0 ^ 0xFF)
    assert machine.read(0x0000) == rom0 == machine.read(0x8000)
    assert machine.read(0x4800) == 0xBF


def test_sprite_coordinates_are_write_only_registers(machine):
    machine.write(0x5060, 0x80)
    machine.write(0x5061, 0x40)
    assert machine.video.sprite_xy[:2] == bytes((0x80, 0x40))
    assert machine.read(0x5060) == machine.read(0x5040)  # reads there are IN1


def test_the_maze_is_drawn_from_tile_ram(machine):
    for buttons in (0, 0, 0, 16, 0, 32, 0, 0, 0, 0, 0, 0):  # coin, start
        machine.run_frame(buttons)
    assert machine.state()["game_state"] == "ready"
    assert any(machine.framebuffer)
    wall = machine.tile_address(0, 3)  # the top left corner of the maze
    assert machine.read(wall) >= 0xC0
    # A wall tile's pixels use the wall colour (blue: palette entry 8).
    top = 3 * 8 * 224
    block = [machine.framebuffer[top + r * 224 + c] for r in range(8) for c in range(8)]
    assert set(block) <= {0, 8} and 8 in block


def test_snapshot_restore_is_exact(machine):
    for _ in range(3):
        machine.run_frame()
    snap = machine.snapshot()
    frame = bytes(machine.framebuffer)
    for _ in range(3):
        machine.run_frame()
    after = machine.snapshot()
    machine.restore(snap)
    for _ in range(3):
        machine.run_frame()
    assert machine.snapshot() == after
    machine.restore(snap)
    machine.run_frame()
    machine.restore(snap)
    assert frame  # the restore redraws every tile on the next frame


def test_tile_layout_matches_the_boards_description():
    assert tile_offset(27, 2) == 0x040 and tile_offset(27, 3) == 0x041
    assert tile_offset(26, 2) == 0x060
    assert tile_offset(0, 33) == 0x3BF
    assert tile_offset(27, 0) == 0x3C2 and tile_offset(0, 0) == 0x3DD
    assert tile_offset(0, 1) == 0x3FD and tile_offset(0, 34) == 0x01D
    for off in range(0x400):
        where = tile_at(off)
        if where is not None:
            assert tile_offset(*where) == off


def test_graphics_encode_and_decode_are_inverses():
    rng = random.Random(1)
    for n, size in ((8, 16), (16, 64)):
        pixels = bytes(rng.randrange(4) for _ in range(n * n))
        data = gfx.encode_cell(pixels, n)
        assert len(data) == size
        assert gfx.decode_cell(data, 0, n) == pixels


def test_palette_weights():
    assert gfx.palette_rgb(bytes([0x07, 0x38, 0xC0, 0xFF])) == [
        0xFF0000, 0x00FF00, 0x0000FF, 0xFFFFFF]


# -- maze links -------------------------------------------------------------------
def test_the_default_maze_has_no_dead_ends_and_a_short_link():
    maze = default_maze()
    assert maze.dead_ends() == []
    link = maze.to_link()
    assert len(link) < LINK_MAX and link.startswith("1")
    assert Maze.from_link(link) == maze


def test_a_drawn_maze_round_trips_through_its_link():
    cells = bytearray(default_maze().cells)
    cells[4 * 28 + 3] = 0  # a wall in the corridor of row 4
    maze = Maze(bytes(cells)).with_fixed_cells()
    assert maze.dead_ends()
    assert Maze.from_link(maze.to_link()) == maze


def test_the_worst_maze_for_compression_still_links_in_under_5120_characters():
    import random

    rng = random.Random(14)
    for _ in range(20):  # noise: every cell any kind the editor paints
        cells = bytes(rng.choice((0, 1, 2, 3, 4, 5)) for _ in range(28 * 31))
        maze = Maze(cells).with_fixed_cells()
        link = maze.to_link()
        assert len(link) < LINK_MAX, len(link)
        assert Maze.from_link(link) == maze


@pytest.mark.parametrize("link", [
    "", "2abc.00000000", "1", "1abc", "1!!!!.00000000", "1AAAA.zzzzzzzz",
    "1" + "A" * 6000 + ".00000000", 12345, None, "1eJwLAAAAAAA.00000000",
])
def test_corrupt_links_are_refused_with_a_message(link):
    with pytest.raises(MazeError):
        Maze.from_link(link)


def test_a_link_cut_short_says_it_is_incomplete_wherever_it_was_cut():
    """A partial copy loses the link's end (its checksum) first: the message
    says the link is incomplete, not that it is damaged or lacks a checksum."""
    link = default_maze().to_link()
    for keep in (1, 2, len(link) // 2, len(link) - 9, len(link) - 8, len(link) - 1):
        with pytest.raises(MazeError, match="incomplete") as refused:
            Maze.from_link(link[:keep])
        assert "checksum" not in str(refused.value)
    # As the page shows it: what is wrong, and what runs instead.
    decoded = share.validate(INFO.params, {"maze": link[:100]}, validate)
    assert decoded.values["maze"] == ""
    assert decoded.messages == ["the maze link is incomplete (its end is missing: copy the "
                                "whole link); using the default maze"]
    assert not share.validate(INFO.params, {"maze": link}, validate).messages


def test_a_link_with_a_bad_checksum_or_bad_cells_is_refused():
    link = default_maze().to_link()
    body, crc = link.rsplit(".", 1)
    with pytest.raises(MazeError, match="checksum"):
        Maze.from_link(f"{body}.{(int(crc, 16) ^ 1):08x}")
    import base64
    import zlib
    bad = bytes([9]) * CELLS
    packed = base64.urlsafe_b64encode(zlib.compress(bad)).decode().rstrip("=")
    with pytest.raises(MazeError):
        Maze.from_link(f"1{packed}.{zlib.crc32(bad):08x}")
    bomb = zlib.compress(bytes(10_000_000))
    packed = base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    with pytest.raises(MazeError):
        Maze.from_link(f"1{packed}.00000000")


def test_create_and_validate_with_links():
    assert validate({"maze": default_maze().to_link()}) == []
    assert "default maze" in validate({"maze": "1garbage.00000000"})[0]
    with pytest.raises(MachineError):
        create(maze="1garbage.00000000")
    with pytest.raises(MachineError):
        create(seed=1)


def test_call_wakes_a_halted_cpu_and_leaves_the_game_running(machine):
    for _ in range(30):
        machine.run_frame()
    assert machine.cpu.halted  # waiting for the next vertical blank
    pc, sp = machine.cpu.pc, machine.cpu.sp
    got = machine.call("calcDistance", ix=0x4C00, iy=0x4C02)
    assert "h" in got
    assert (machine.cpu.pc, machine.cpu.sp, machine.cpu.halted) == (pc, sp, 1)
    count = machine.read(machine.symbols["frameCount"])
    for _ in range(5):
        machine.run_frame()
    assert machine.read(machine.symbols["frameCount"]) == (count + 5) & 0xFF


def test_the_editor_commands_check_mazes_and_refuse_bad_input(machine):
    current = machine.command("maze", {})
    assert current["dead_ends"] == [] and len(current["cells"]) == CELLS
    cells = list(current["cells"])
    cells[11 * 28 + 10] = 0  # a wall in the corridor above the house
    checked = machine.command("check_maze", {"cells": cells})
    assert [10, 11] in checked["dead_ends"] or [11, 11] in checked["dead_ends"]
    assert Maze.from_link(checked["link"]).cells == bytes(checked["cells"])
    for bad in ([0] * 5, [9] * CELLS, ["x"] * CELLS, "walls", [True] * CELLS):
        with pytest.raises(MachineError):
            machine.command("check_maze", {"cells": bad})
    assert machine.command("overlays", {"targets": False})["targets"] is False
    with pytest.raises(MachineError):
        machine.command("overlays", {"nonsense": True})
    with pytest.raises(MachineError):
        machine.command("overlays", {"walls": "yes"})
    assert machine.command("default_maze", {})["link"] == default_maze().to_link()
