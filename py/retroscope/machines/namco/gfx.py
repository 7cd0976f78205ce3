"""The board's graphics ROMs and colour PROMs, decoded once into upright pixels.

Formats as MAME's pacman driver describes them (`tilelayout`, `spritelayout`,
`pacman_palette`): 2 bits a pixel, the two bit planes four bits apart in one
byte (plane 0 is the high bit of the pixel); a tile is 16 bytes, a sprite 64.
The layouts are in the raster's orientation; the monitor is turned 90 degrees
clockwise, so an upright pixel (ux, uy) of an n x n cell is raster pixel
(uy, n - 1 - ux).

Palette PROM (32 bytes, 16 used): bits 0-2 red, 3-5 green, 6-7 blue through
resistor weights. Lookup PROM: 64 sets of 4 entries, each a palette index in
its low nibble.
"""

from __future__ import annotations

from functools import lru_cache

TILE_BYTES = 16
SPRITE_BYTES = 64

# Bit offsets (in bits from the start of the cell, MSB first in each byte).
_TILE_X = (64, 65, 66, 67, 0, 1, 2, 3)
_TILE_Y = tuple(8 * i for i in range(8))
_SPRITE_X = (64, 65, 66, 67, 128, 129, 130, 131, 192, 193, 194, 195, 0, 1, 2, 3)
_SPRITE_Y = tuple(8 * i for i in range(8)) + tuple(256 + 8 * i for i in range(8))
_PLANES = (0, 4)


def _bit_positions(n: int) -> list[list[tuple[int, int]]]:
    """For each upright pixel (uy, ux): the raster bit offsets of its two planes'
    base (plane offsets added by the caller)."""
    xs, ys = (_TILE_X, _TILE_Y) if n == 8 else (_SPRITE_X, _SPRITE_Y)
    rows = []
    for uy in range(n):
        row = []
        for ux in range(n):
            rx, ry = uy, n - 1 - ux
            row.append((xs[rx], ys[ry]))
        rows.append(row)
    return rows


def decode_cell(data: bytes, offset: int, n: int) -> bytes:
    """One n x n cell (8: tile, 16: sprite) as n*n upright pixel values 0-3."""
    out = bytearray(n * n)
    i = 0
    for row in _bit_positions(n):
        for x, y in row:
            pixel = 0
            for plane, po in enumerate(_PLANES):
                bit = po + x + y
                if data[offset + (bit >> 3)] & (0x80 >> (bit & 7)):
                    pixel |= 2 >> plane
            out[i] = pixel
            i += 1
    return bytes(out)


def encode_cell(pixels: bytes, n: int) -> bytes:
    """The inverse of decode_cell: upright pixel values 0-3 to ROM bytes."""
    out = bytearray(n * n // 4)
    i = 0
    for row in _bit_positions(n):
        for x, y in row:
            pixel = pixels[i]
            i += 1
            for plane, po in enumerate(_PLANES):
                if pixel & (2 >> plane):
                    bit = po + x + y
                    out[bit >> 3] |= 0x80 >> (bit & 7)
    return bytes(out)


def palette_rgb(prom: bytes) -> list[int]:
    """The 16 colours (0xRRGGBB) of a palette PROM, with the board's weights."""
    colours = []
    for value in prom[:16]:
        r = 0x21 * (value & 1) + 0x47 * ((value >> 1) & 1) + 0x97 * ((value >> 2) & 1)
        g = 0x21 * ((value >> 3) & 1) + 0x47 * ((value >> 4) & 1) + 0x97 * ((value >> 5) & 1)
        b = 0x51 * ((value >> 6) & 1) + 0xAE * ((value >> 7) & 1)
        colours.append((r << 16) | (g << 8) | b)
    return colours


class Graphics:
    """Decoded ROMs: tiles and sprites in upright pixels, per colour set on demand."""

    def __init__(self, tile_rom: bytes, sprite_rom: bytes, palette_prom: bytes,
                 lookup_prom: bytes) -> None:
        if len(tile_rom) != 0x1000 or len(sprite_rom) != 0x1000:
            raise ValueError("tile and sprite ROMs are 4 KiB each")
        if len(palette_prom) != 32 or len(lookup_prom) != 256:
            raise ValueError("the palette PROM is 32 bytes, the lookup PROM 256")
        # As the board holds them, for the memory panel and the viewers.
        self.roms = {"tile_rom": bytes(tile_rom), "sprite_rom": bytes(sprite_rom),
                     "palette_prom": bytes(palette_prom), "colour_prom": bytes(lookup_prom)}
        self.tiles = [decode_cell(tile_rom, i * TILE_BYTES, 8) for i in range(256)]
        self.sprites = [decode_cell(sprite_rom, i * SPRITE_BYTES, 16) for i in range(64)]
        self.pens = [tuple(lookup_prom[4 * c + p] & 0x0F for p in range(4)) for c in range(64)]
        self.rgb = palette_rgb(palette_prom)
        self._tile_rows = lru_cache(maxsize=4096)(self._tile_rows_uncached)
        self._sprite_rows = lru_cache(maxsize=1024)(self._sprite_rows_uncached)

    def tile_rows(self, code: int, colour: int) -> tuple[bytes, ...]:
        """8 rows of 8 palette indices for tile `code` in colour set `colour`."""
        return self._tile_rows(code, colour & 0x3F)

    def _tile_rows_uncached(self, code: int, colour: int) -> tuple[bytes, ...]:
        pens = self.pens[colour]
        pixels = self.tiles[code]
        return tuple(bytes(pens[p] for p in pixels[8 * r : 8 * r + 8]) for r in range(8))

    def sprite_rows(self, code: int, colour: int, flip_x: bool, flip_y: bool
                    ) -> tuple[tuple[tuple[int, bytes], ...], ...]:
        """16 rows, each a tuple of (x, palette indices) runs of opaque pixels.

        Flips are the raster's (MAME's `flipx`/`flipy`): on the upright screen a
        raster x flip turns the sprite upside down, a raster y flip mirrors it."""
        return self._sprite_rows(code & 0x3F, colour & 0x3F, bool(flip_x), bool(flip_y))

    def _sprite_rows_uncached(self, code: int, colour: int, flip_x: bool, flip_y: bool
                              ) -> tuple[tuple[tuple[int, bytes], ...], ...]:
        pens = self.pens[colour]
        pixels = self.sprites[code]
        rows = []
        for uy in range(16):
            sy = 15 - uy if flip_x else uy
            runs: list[tuple[int, bytes]] = []
            run = bytearray()
            for ux in range(17):
                pen = 0
                if ux < 16:
                    sx = 15 - ux if flip_y else ux
                    pen = pens[pixels[16 * sy + sx]]
                if pen:  # colour-table entry 0 is transparent
                    run.append(pen)
                elif run:
                    runs.append((ux - len(run), bytes(run)))
                    run = bytearray()
            rows.append(tuple(runs))
        return tuple(rows)
