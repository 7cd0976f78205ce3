"""Assemble the Pac-Man program and lay the maze into its ROM."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache
from typing import Any

from ..base import Built, MachineError, assemble_package
from ..namco.video import tile_offset
from . import model, sounds
from .maze import COLUMNS, ROWS, TOP_ROW, Maze

MAZE_TILES, MAZE_COLOURS = 0x3400, 0x3800
# `random` (ghostdir.asm) answers the byte at a 13-bit address, and a frightened
# ghost tries the direction in its low two bits first. The original's $0000-$1FFF
# is all code; ours is about half code, so the rest is filled (`random_fill`) to
# make each low-two-bit value as common as the others there. The seed is fixed:
# the same ROM every build, so every test and replay sees the same ghosts.
RANDOM_AREA = range(0x0000, 0x2000)
FILL_SEED = 0x2966_32FF  # any nonzero 32-bit value; ours names the routine and vectors


def build() -> tuple[bytes, dict[str, int], Any]:
    """(16 KiB ROM without a maze, symbols, Program)."""
    rom, symbols, program = _build()
    return rom, dict(symbols), program


def generated() -> dict[str, str]:
    return {"levels.inc": levels_inc(), "sound.inc": sounds.sound_inc()}


@cache
def _build() -> tuple[bytes, dict[str, int], Any]:
    """Built once a process (the fill alone takes ~40 ms in CPython; a machine
    loaded from a link in the page pays nothing: the boot snapshot has it)."""
    built = assemble_package(__package__, "pacman.asm", "z80", generated())
    return rom_of(built.program), built.symbols, built.program


def rom_of(program: Any) -> bytes:
    """A program's 16 KiB ROM, without a maze: its free bytes in RANDOM_AREA filled."""
    rom = bytearray(Built(program).image(0x0000, 0x3FFF, fill=0x00))
    if any(rom[MAZE_TILES : MAZE_COLOURS + 0x400]):
        raise MachineError("program bytes overlap the maze at $3400-$3BFF")
    used = bytearray(len(rom))
    for address, data in program.chunks:
        used[address : address + len(data)] = b"\1" * len(data)
    free = [a for a in RANDOM_AREA if not used[a]]
    rom_values = (rom[a] for a in RANDOM_AREA if used[a])
    for address, value in zip(free, random_fill(rom_values, len(free)), strict=True):
        rom[address] = value
    return bytes(rom)


def xorshift32(seed: int) -> Iterator[int]:
    """Marsaglia's xorshift32 (13, 17, 5): 32-bit values, the same in every
    Python, so the fill never depends on the `random` module's version."""
    x = seed & 0xFFFFFFFF
    if not x:
        raise ValueError("xorshift32 needs a nonzero seed")
    while True:
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        yield x


def random_fill(program_bytes: Iterable[int], count: int, seed: int = FILL_SEED) -> bytes:
    """`count` bytes for the free addresses of RANDOM_AREA, whose other bytes
    are `program_bytes`: each goes to the low-two-bit value least common so far
    (so the area's four counts end as even as the program allows), then the
    low bits are shuffled and the high six drawn from xorshift32(seed)."""
    totals = [0, 0, 0, 0]
    for value in program_bytes:
        totals[value & 3] += 1
    lows = []
    for _ in range(count):
        low = totals.index(min(totals))
        totals[low] += 1
        lows.append(low)
    stream = xorshift32(seed)
    for i in range(count - 1, 0, -1):  # Fisher-Yates
        j = next(stream) % (i + 1)
        lows[i], lows[j] = lows[j], lows[i]
    return bytes((next(stream) >> 24) & 0xFC | low for low in lows)


FRUIT_COLOURS = {"cherry": 25, "strawberry": 25, "orange": 26, "apple": 25, "melon": 27,
                 "galaxian": 2, "bell": 26, "key": 27}
NO_UP_TILES = ((12, 14), (15, 14), (12, 26), (15, 26))  # screen tiles (Dossier)
LEVEL_ROWS = 21


def _bcd2(points: int) -> tuple[int, int]:
    """Points (a multiple of 10, under 10000) as (tens-units, thousands-hundreds) BCD."""
    digits = f"{points:04d}"
    return int(digits[2:], 16), int(digits[:2], 16)


def level_row(level: int) -> bytes:
    """The program's LEVELS row for a level (the layout of ram.inc's LV_*)."""
    speeds = model.SPEEDS[model.speed_row(level)]
    name, points = model.fruit(level)
    inky, clyde = model.house_dot_limits(level)[1:]
    row = bytes([*speeds, model.fright_frames(level) // 60, 16 * model.mode_row(level),
                 16 + model.FRUIT_KINDS.index(name), FRUIT_COLOURS[name], *_bcd2(points),
                 inky, clyde, model.idle_limit(level)])
    return row.ljust(16, b"\0")


def levels_inc() -> str:
    lines = ["; Made by program.py from model.py: do not edit.", "LEVELS:"]
    for level in range(1, LEVEL_ROWS + 1):
        row = level_row(level)
        lines.append(f"        db {', '.join(f'${b:02X}' for b in row)} ; level {level}")
    lines.append("MODE_TIMES:")
    for group in model.MODE_TIMES:
        words = ", ".join("$FFFF" if t < 0 else str(t) for t in group)
        lines.append(f"        dw {words}")
    lines.append("scatterTargets:                 ; Blinky, Pinky, Inky, Clyde")
    for name in ("blinky", "pinky", "inky", "clyde"):
        lines.append(f"        dw ${model.position(*model.SCATTER[name]):04X}")
    lines.append("noUpTiles:                      ; (row, column) bytes")
    for x, y in NO_UP_TILES:
        pos = model.position(x, y)
        lines.append(f"        db ${pos & 0xFF:02X}, ${pos >> 8:02X}")
    return "\n".join(lines) + "\n"


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


def rom_with_maze(maze: Maze, program: Any = None) -> bytes:
    """The ROM with the maze laid in (of `program`, else the shipped one)."""
    rom = bytearray(_build()[0] if program is None else rom_of(program))
    tiles, colours = maze_images(maze)
    rom[MAZE_TILES : MAZE_TILES + 0x400] = tiles
    rom[MAZE_COLOURS : MAZE_COLOURS + 0x400] = colours
    return bytes(rom)
