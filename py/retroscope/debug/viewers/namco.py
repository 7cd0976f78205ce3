"""The Pac-Man board's video in view: the tile and sprite ROMs in a colour set
of the lookup PROM, the tilemap in the board's own layout, the eight
sprites, and the palette and colour-lookup PROMs.

Layouts are those of machines/namco (video.py: the tile RAM's order, the
sprite registers and where a sprite shows; gfx.py: the ROM formats and the
PROMs), which follow MAME's pacman driver. Pen 0 of a colour set is
transparent for sprites.
"""

from __future__ import annotations

from typing import Any

from ...machines.namco.video import (
    COLOUR_RAM,
    COLUMNS,
    HEIGHT,
    ROWS,
    SPRITE_ATTR,
    TILE_RAM,
    WIDTH,
    Video,
    tile_at,
    tile_offset,
)
from . import Hit, Option, Picture, Viewer, hex_bytes, item

SETS = tuple(range(64))
TRANSPARENT = 16  # a pixel index past the 16 colours: drawn as nothing


def viewers(machine: Any) -> list[Viewer]:
    video = getattr(machine, "video", None)
    if not isinstance(video, Video):
        return []
    return [Tiles(machine), SpriteRom(machine), Tilemap(machine), Sprites(machine),
            Palette(machine)]


class NamcoViewer(Viewer):
    chip = "namco"

    @property
    def video(self) -> Video:
        return self.machine.video

    def colours(self) -> list[int | None]:
        return [*self.video.gfx.rgb[:16], None]

    def sprite(self, n: int) -> dict[str, Any]:
        """Sprite n's registers: number and raster flips at $4FF0 + 2n, colour
        set at $4FF1 + 2n, x and y at $5060 + 2n / $5061 + 2n (video.py)."""
        ram, xy = self.machine.bus.ram, self.video.sprite_xy
        attr, colour = ram[SPRITE_ATTR + 2 * n], ram[SPRITE_ATTR + 2 * n + 1]
        x, y = xy[2 * n], xy[2 * n + 1]
        return item("cpu", SPRITE_ATTR + 2 * n, index=n, number=attr >> 2,
                    flip_x=bool(attr & 1), flip_y=bool(attr & 2), colour=colour & 0x1F,
                    x=x, y=y, top=272 - x, left=(238 if n <= 2 else 239) - y,
                    xy_addr=0x5060 + 2 * n)


def _cells(count: int, per_row: int, size: int, pixels_of: Any) -> bytearray:
    """`count` square cells of `size` pixels, `per_row` to a row."""
    width = per_row * size
    out = bytearray([TRANSPARENT]) * (width * (count // per_row) * size)
    for i in range(count):
        x, y = (i % per_row) * size, (i // per_row) * size
        pixels = pixels_of(i)
        for r in range(size):
            at = (y + r) * width + x
            out[at:at + size] = pixels[r * size:(r + 1) * size]
    return out


class Tiles(NamcoViewer):
    """The tile ROM: 256 tiles of 8 x 8, upright, in a colour set."""

    name = "tiles"
    title = "Tile ROM"
    options = (Option("colour", "colour set", SETS, 1),)

    def data(self, **options: Any) -> dict[str, Any]:
        colour = self.settings(options)["colour"]
        gfx = self.video.gfx
        pixels = _cells(256, 16, 8, lambda i: b"".join(gfx.tile_rows(i, colour)))
        return {"pictures": [Picture("tiles", 128, 128, pixels, self.colours(),
                                     grid=(8, 8)).to_json()],
                "items": [item("colour_prom", 4 * colour, name=f"colour set {colour}",
                               pens=list(gfx.pens[colour]))]}

    def at(self, picture: str, x: int, y: int, **options: Any) -> Hit | None:
        if not (0 <= x < 128 and 0 <= y < 128):
            return None
        code = (y >> 3) * 16 + (x >> 3)
        rom = self.video.gfx.roms["tile_rom"]
        return Hit("tile_rom", code * 16, f"tile ${code:02X} at tile ROM ${code * 16:03X}: "
                                          f"{hex_bytes(rom[code * 16:code * 16 + 8])} ...")


class SpriteRom(NamcoViewer):
    """The sprite ROM: 64 sprites of 16 x 16, upright, in a colour set."""

    name = "sprite-rom"
    title = "Sprite ROM"
    options = (Option("colour", "colour set", SETS, 1),)

    def data(self, **options: Any) -> dict[str, Any]:
        colour = self.settings(options)["colour"]
        gfx = self.video.gfx
        pens = gfx.pens[colour]
        table = bytes(pen or TRANSPARENT for pen in pens) + bytes(252)  # pen 0: clear
        pixels = _cells(64, 8, 16, lambda i: bytes(gfx.sprites[i]).translate(table))
        return {"pictures": [Picture("sprites", 128, 128, pixels, self.colours(),
                                     grid=(16, 16)).to_json()],
                "items": [item("colour_prom", 4 * colour, name=f"colour set {colour}",
                               pens=list(pens))]}

    def at(self, picture: str, x: int, y: int, **options: Any) -> Hit | None:
        if not (0 <= x < 128 and 0 <= y < 128):
            return None
        code = (y >> 4) * 8 + (x >> 4)
        return Hit("sprite_rom", code * 64, f"sprite ${code:02X} at sprite ROM "
                                            f"${code * 64:03X}")


class Tilemap(NamcoViewer):
    """Tile and colour RAM: as the screen shows it (28 x 36), or as the RAM
    holds it (32 rows of 32 bytes: the playfield column by column from the
    right, the top and bottom two rows right to left)."""

    name = "tilemap"
    title = "Tilemap"
    options = (Option("layout", "layout", ("screen", "ram"), "screen",
                      ("as on screen", "as in RAM")),)

    def data(self, **options: Any) -> dict[str, Any]:
        layout = self.settings(options)["layout"]
        ram, gfx = self.machine.bus.ram, self.video.gfx
        if layout == "screen":
            width, height = WIDTH, HEIGHT
            places = [(tile_offset(x, y), x, y) for y in range(ROWS) for x in range(COLUMNS)]
        else:
            width = height = 256
            places = [(offset, offset & 31, offset >> 5) for offset in range(0x400)]
        pixels = bytearray(width * height)
        for offset, cx, cy in places:
            rows = gfx.tile_rows(ram[TILE_RAM + offset], ram[COLOUR_RAM + offset] & 0x1F)
            for r, row in enumerate(rows):
                at = (cy * 8 + r) * width + cx * 8
                pixels[at:at + 8] = row
        boxes = []
        if layout == "ram":  # the bytes that are off screen
            boxes = [(0, 0, 16, 16, "off"), (240, 0, 16, 16, ""), (0, 240, 16, 16, ""),
                     (240, 240, 16, 16, "")]
        return {"pictures": [Picture("tilemap", width, height, pixels, self.colours(), boxes,
                                     grid=(8, 8)).to_json()],
                "items": [item("cpu", TILE_RAM, name="tile RAM"),
                          item("cpu", COLOUR_RAM, name="colour RAM")],
                "layout": layout}

    def at(self, picture: str, x: int, y: int, **options: Any) -> Hit | None:
        layout = self.settings(options)["layout"]
        if layout == "screen":
            if not (0 <= x < WIDTH and 0 <= y < HEIGHT):
                return None
            offset = tile_offset(x >> 3, y >> 3)
            where = f"screen column {x >> 3}, row {y >> 3}"
        else:
            if not (0 <= x < 256 and 0 <= y < 256):
                return None
            offset = (y >> 3) * 32 + (x >> 3)
            spot = tile_at(offset)
            where = (f"screen column {spot[0]}, row {spot[1]}" if spot else "not on screen")
        ram = self.machine.bus.ram
        return Hit("cpu", TILE_RAM + offset, f"${TILE_RAM + offset:04X} ({where}): tile "
                                             f"${ram[TILE_RAM + offset]:02X}, colour "
                                             f"${COLOUR_RAM + offset:04X} = "
                                             f"${ram[COLOUR_RAM + offset]:02X}")


class Sprites(NamcoViewer):
    """The eight sprites: their registers, where they show, and their images."""

    name = "sprites"
    title = "Sprites"

    def data(self, **options: Any) -> dict[str, Any]:
        self.settings(options)
        gfx = self.video.gfx
        screen = bytearray([TRANSPARENT]) * (WIDTH * HEIGHT)
        cells = bytearray([TRANSPARENT]) * (128 * 16)
        boxes = []
        entries = [self.sprite(n) for n in range(8)]
        for e in reversed(entries):  # sprite 0 on top
            rows = gfx.sprite_rows(e["number"], e["colour"], e["flip_x"], e["flip_y"])
            for dy, row in enumerate(rows):
                for dx, run in row:
                    at = dy * 128 + e["index"] * 16 + dx
                    cells[at:at + len(run)] = run
                    y = e["top"] + dy
                    if 0 <= y < HEIGHT:
                        for i, pen in enumerate(run):
                            if 0 <= e["left"] + dx + i < WIDTH:
                                screen[y * WIDTH + e["left"] + dx + i] = pen
            boxes.append((e["left"], e["top"], 16, 16, str(e["index"])))
        colours = self.colours()
        return {"pictures": [Picture("screen", WIDTH, HEIGHT, screen, colours, boxes).to_json(),
                             Picture("sprites", 128, 16, cells, colours, grid=(16, 16)).to_json()],
                "items": entries}

    def at(self, picture: str, x: int, y: int, **options: Any) -> Hit | None:
        n = None
        if picture == "sprites" and 0 <= x < 128 and 0 <= y < 16:
            n = x >> 4
        elif picture == "screen":
            n = next((i for i in range(8) if 0 <= x - self.sprite(i)["left"] < 16
                      and 0 <= y - self.sprite(i)["top"] < 16), None)
        if n is None:
            return None
        e = self.sprite(n)
        flips = "".join((" flip x" if e["flip_x"] else "", " flip y" if e["flip_y"] else ""))
        return Hit("cpu", e["addr"], f"sprite {n}: ${e['addr']:04X} number ${e['number']:02X}"
                                     f"{flips}, colour {e['colour']}; ${e['xy_addr']:04X} x "
                                     f"{e['x']}, y {e['y']}")


class Palette(NamcoViewer):
    """The palette PROM (16 colours) and the colour-lookup PROM (64 sets of
    4 pens, each a palette index)."""

    name = "palette"
    title = "Palette and colour PROMs"

    def data(self, **options: Any) -> dict[str, Any]:
        self.settings(options)
        gfx = self.video.gfx
        palette = bytearray(256 * 16)
        for i in range(16):
            for r in range(16):
                palette[r * 256 + i * 16:r * 256 + i * 16 + 16] = bytes([i]) * 16
        lookup = bytearray(256 * 64)
        for s, pens in enumerate(gfx.pens):
            x0, y0 = (s & 7) * 32, (s >> 3) * 8
            for p, pen in enumerate(pens):
                for r in range(8):
                    at = (y0 + r) * 256 + x0 + p * 8
                    lookup[at:at + 8] = bytes([pen]) * 8
        colours = self.colours()
        proms = gfx.roms
        return {"pictures": [Picture("palette", 256, 16, palette, colours, grid=(16, 16)).to_json(),
                             Picture("lookup", 256, 64, lookup, colours, grid=(32, 8)).to_json()],
                "items": [item("palette_prom", i, index=i, value=proms["palette_prom"][i],
                               rgb=gfx.rgb[i]) for i in range(16)]}

    def at(self, picture: str, x: int, y: int, **options: Any) -> Hit | None:
        gfx = self.video.gfx
        if picture == "palette" and 0 <= x < 256 and 0 <= y < 16:
            i = x >> 4
            return Hit("palette_prom", i, f"palette PROM ${i:02X}: "
                                          f"${gfx.roms['palette_prom'][i]:02X} = "
                                          f"#{gfx.rgb[i]:06X}")
        if picture == "lookup" and 0 <= x < 256 and 0 <= y < 64:
            s, p = (y >> 3) * 8 + (x >> 5), (x & 31) >> 3
            return Hit("colour_prom", 4 * s + p, f"colour set {s} pen {p} at colour PROM "
                                                 f"${4 * s + p:02X}: palette {gfx.pens[s][p]}")
        return None
