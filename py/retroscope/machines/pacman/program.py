"""Assemble the Pac-Man program and lay the maze into its ROM."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Any

from ...asm import assemble
from ..base import MachineError
from ..namco.video import tile_offset
from .maze import COLUMNS, ROWS, TOP_ROW, Maze

MAZE_TILES, MAZE_COLOURS = 0x3400, 0x3800
SOURCES = ("pacman.asm", "ram.inc", "game.asm", "ghostdir.asm", "data.asm")


@lru_cache(maxsize=1)
def build() -> tuple[bytes, dict[str, int], Any]:
    """(16 KiB ROM without a maze, symbols, Program)."""
    folder = resources.files(__package__)

    def include(name: str) -> str:
        return folder.joinpath(name).read_text()

    program = assemble(include("pacman.asm"), "z80", include=include, filename="pacman.asm")
    rom = bytearray(0x4000)
    for address, data in program.chunks:
        if address + len(data) > 0x4000:
            raise MachineError(f"program bytes at ${address:04X} fall outside the ROM")
        if address < MAZE_COLOURS + 0x400 and address + len(data) > MAZE_TILES:
            raise MachineError(f"program bytes at ${address:04X} overlap the maze")
        rom[address : address + len(data)] = data
    return bytes(rom), dict(program.symbols), program


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
