"""Assemble the Pac-Man program and lay the maze into its ROM."""

from __future__ import annotations

from typing import Any

from ..base import MachineError, assemble_package
from ..namco.video import tile_offset
from .maze import COLUMNS, ROWS, TOP_ROW, Maze

MAZE_TILES, MAZE_COLOURS = 0x3400, 0x3800


def build() -> tuple[bytes, dict[str, int], Any]:
    """(16 KiB ROM without a maze, symbols, Program)."""
    built = assemble_package(__package__, "pacman.asm", "z80")
    rom = bytearray(built.image(0x0000, 0x3FFF, fill=0x00))
    if any(rom[MAZE_TILES : MAZE_COLOURS + 0x400]):
        raise MachineError("program bytes overlap the maze at $3400-$3BFF")
    return bytes(rom), built.symbols, built.program


def maze_images(maze: Maze) -> tuple[bytes, bytes]:
    """The maze as tile RAM and colour RAM contents (1 KiB each)."""
    tiles = bytearray(b"\x40" * 0x400)
    colours = bytearray(0x400)
    for r, row in enumerate(maze.tiles()):
        for c, (code, colour) in enumerate(row):
            offset = tile_offset(c, r + TOP_ROW)
            tiles[offset] = code
            colours[offset] = colour
    assert len(maze.cells) == ROWS * COLUMNS
    return bytes(tiles), bytes(colours)


def rom_with_maze(maze: Maze) -> bytes:
    rom = bytearray(build()[0])
    tiles, colours = maze_images(maze)
    rom[MAZE_TILES : MAZE_TILES + 0x400] = tiles
    rom[MAZE_COLOURS : MAZE_COLOURS + 0x400] = colours
    return bytes(rom)
