"""The board's picture: 36 x 28 tiles and 8 sprites of 16 x 16, drawn upright.

Tile RAM ($4000-$43FF) and colour RAM ($4400-$47FF) share one layout (MAME's
pacman video, `pacman_scan_rows`): the playfield, screen rows 2-33, is stored
column by column from the right-hand column ($4040 is the top right tile);
the top two rows ($43C0, $43E0) and the bottom two ($4000, $4020) are stored
row by row, right to left, with columns 2-29 of each 32 visible.

Sprites: numbers and flips at $4FF0 + 2n (bits 7-2 number, bit 1 raster y
flip, bit 0 raster x flip), colour sets at $4FF1 + 2n, coordinates written to
$5060 + 2n (x) and $5061 + 2n (y). MAME draws sprite n at raster
(272 - x, y - 31), sprites 0-2 one pixel further along y ("xoffsethack"),
clipped to raster columns 16-271, sprite 7 first (sprite 0 on top); turned
upright that is top = 272 - x and left = 239 - y (238 - y for sprites 0-2),
shown on screen rows 16-271.
"""

from __future__ import annotations

from .gfx import Graphics

WIDTH, HEIGHT = 224, 288
COLUMNS, ROWS = 28, 36
TILE_RAM, COLOUR_RAM, SPRITE_ATTR = 0x4000, 0x4400, 0x4FF0
SPRITE_TOP_CLIP, SPRITE_BOTTOM_CLIP = 16, 271


def tile_offset(x: int, y: int) -> int:
    """Offset in tile/colour RAM of the screen tile at column x (0-27, left to
    right), row y (0-35, top to bottom)."""
    if not (0 <= x < COLUMNS and 0 <= y < ROWS):
        raise ValueError(f"tile ({x}, {y}) is off the 28 x 36 screen")
    if y < 2:
        return 0x3C0 + 32 * y + 29 - x
    if y >= 34:
        return 32 * (y - 34) + 29 - x
    return 0x40 + 32 * (27 - x) + (y - 2)


def tile_at(offset: int) -> tuple[int, int] | None:
    """The inverse of tile_offset; None for an offset that is not on screen."""
    if not 0 <= offset < 0x400:
        return None
    column, row = offset & 31, offset >> 5
    if offset < 0x40 or offset >= 0x3C0:
        if not 2 <= column <= 29:
            return None
        y = row + 34 if offset < 0x40 else row - 30
        return 29 - column, y
    return 27 - ((offset - 0x40) >> 5), ((offset - 0x40) & 31) + 2


# Per screen tile, in drawing order: (RAM offset, framebuffer index of its top-left).
_TILES = tuple((tile_offset(x, y), 8 * y * WIDTH + 8 * x)
               for y in range(ROWS) for x in range(COLUMNS))
# The same by 32-byte line of RAM, so that only changed lines are walked.
_BY_LINE: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(t for t in _TILES if t[0] >> 5 == line) for line in range(32))


class Video:
    """Draws tile RAM, colour RAM and the sprites into an indexed framebuffer."""

    def __init__(self, graphics: Graphics) -> None:
        self.gfx = graphics
        self.sprite_xy = bytearray(16)  # $5060-$506F, write-only on the board
        self.background = bytearray(WIDTH * HEIGHT)
        self._shadow = bytearray(b"\xff" * 0x800)  # tile+colour RAM as last drawn
        self._dirty_all = True

    def reset(self) -> None:
        self.sprite_xy[:] = bytes(16)
        self._dirty_all = True

    def invalidate(self) -> None:
        """Redraw every tile next frame (after a restore)."""
        self._dirty_all = True

    def render(self, ram: bytearray, frame: bytearray) -> None:
        video = ram[TILE_RAM : TILE_RAM + 0x800]
        if self._dirty_all or video != self._shadow:
            self._draw_tiles(video)
        frame[:] = self.background
        self._draw_sprites(ram, frame)

    def _draw_tiles(self, video: bytearray) -> None:
        shadow = self._shadow
        everything = self._dirty_all
        bg = self.background
        rows_of = self.gfx.tile_rows
        for line, tiles in enumerate(_BY_LINE):
            lo, hi = 32 * line, 32 * line + 32
            if (not everything and video[lo:hi] == shadow[lo:hi]
                    and video[lo + 0x400 : hi + 0x400] == shadow[lo + 0x400 : hi + 0x400]):
                continue
            for offset, at in tiles:
                code, colour = video[offset], video[offset + 0x400]
                if not everything and shadow[offset] == code and shadow[offset + 0x400] == colour:
                    continue
                for row in rows_of(code, colour & 0x1F):
                    bg[at : at + 8] = row
                    at += WIDTH
        self._shadow = video
        self._dirty_all = False

    def _draw_sprites(self, ram: bytearray, frame: bytearray) -> None:
        xy = self.sprite_xy
        sprite_rows = self.gfx.sprite_rows
        for n in range(7, -1, -1):
            attr, colour = ram[SPRITE_ATTR + 2 * n], ram[SPRITE_ATTR + 2 * n + 1]
            top = 272 - xy[2 * n]
            left = (238 if n <= 2 else 239) - xy[2 * n + 1]
            rows = sprite_rows(attr >> 2, colour & 0x1F, attr & 1, attr & 2)
            for dy, row in enumerate(rows):
                y = top + dy
                if not row or y < SPRITE_TOP_CLIP or y > SPRITE_BOTTOM_CLIP:
                    continue
                base = y * WIDTH
                for dx, run in row:
                    x = left + dx
                    if 0 <= x and x + len(run) <= WIDTH:
                        frame[base + x : base + x + len(run)] = run
                    else:  # across a side of the screen: pixel by pixel
                        for i, pen in enumerate(run):
                            if 0 <= x + i < WIDTH:
                                frame[base + x + i] = pen
