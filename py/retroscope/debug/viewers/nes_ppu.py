"""The NES picture processor (2C02) in view, and the FDS's wave RAM.

Layouts are the chip's (nesdev wiki, "PPU pattern tables", "PPU nametables",
"PPU attribute tables", "PPU OAM", "PPU palettes"): a tile is 16 bytes, two
bit planes of 8 rows; a nametable is 32 x 30 tile numbers and 64 attribute
bytes, each holding the palette of four 16 x 16 areas; OAM is 64 entries of
Y (the sprite shows one line below), tile, attributes (palette 4-7, bit 5
behind the background, bit 6 horizontal and bit 7 vertical flip) and X;
palette RAM is 32 entries at $3F00, where $3F10/$3F14/$3F18/$3F1C are the
background entries $3F00/04/08/0C.
"""

from __future__ import annotations

from typing import Any

from ...machines.fds.sound import FIRST as WAVE_FIRST
from ...machines.fds.sound import MASTER, FdsSound
from ...machines.nes.ppu import (
    CTRL_BG_TABLE,
    CTRL_INC32,
    CTRL_NMI,
    CTRL_SPRITE16,
    CTRL_SPRITE_TABLE,
    HEIGHT,
    MASK_BG,
    MASK_BG_LEFT,
    MASK_SPR,
    MASK_SPR_LEFT,
    PPU,
    STATUS_OVERFLOW,
    STATUS_SPRITE0,
    STATUS_VBLANK,
    WIDTH,
)
from . import Hit, Option, Picture, Viewer, hex_bytes, item

PALETTE_RAM = 0x3F00
GROUP_NAMES = tuple(f"background {g}" for g in range(4)) + tuple(f"sprite {g}" for g in range(4))
TRANSPARENT = 64  # a pixel index past the 64 NES colours: drawn as nothing


def viewers(machine: Any) -> list[Viewer]:
    if not isinstance(getattr(machine, "ppu", None), PPU):
        return []
    found: list[Viewer] = [Patterns(machine), Nametables(machine), Sprites(machine),
                           Palette(machine), Registers(machine)]
    if isinstance(getattr(machine, "fds_sound", None), FdsSound):
        found.append(Wave(machine))
    return found


class PpuViewer(Viewer):
    chip = "ppu"

    @property
    def ppu(self) -> PPU:
        return self.machine.ppu

    def colours(self) -> list[int | None]:
        """The NES's 64 colours as the machine shows them, then transparent."""
        return [*list(self.machine.palette[:64]), None]

    def group_colours(self, group: int) -> bytes:
        """A 2-bit pixel value -> NES colour number, for palette group 0-7
        (entry 0 of every group shows the backdrop, $3F00)."""
        pal = self.ppu.palette
        return bytes([pal[0], pal[group * 4 + 1], pal[group * 4 + 2], pal[group * 4 + 3]])


def _tile_rows(ppu: PPU, index: int, table: bytes) -> list[bytes]:
    """A tile's 8 rows with its 2-bit values mapped through `table` (4 bytes)."""
    lut = table + bytes(252)
    return [row.translate(lut) for row in ppu.tile(index)]


class Patterns(PpuViewer):
    """Both pattern tables ($0000 and $1000), 16 x 16 tiles each, coloured
    with the palette group picked."""

    name = "patterns"
    title = "Pattern tables"
    options = (Option("palette", "palette", tuple(range(8)), 0, GROUP_NAMES),)

    def data(self, **options: Any) -> dict[str, Any]:
        group = self.settings(options)["palette"]
        ppu = self.ppu
        table = self.group_colours(group)
        pixels = bytearray(256 * 128)
        for index in range(512):
            rows = _tile_rows(ppu, index, table)
            x = (index >> 8) * 128 + (index & 15) * 8
            y = ((index >> 4) & 15) * 8
            for r, row in enumerate(rows):
                at = (y + r) * 256 + x
                pixels[at:at + 8] = row
        ctrl = ppu.regs.ctrl
        bg = 1 if ctrl & CTRL_BG_TABLE else 0
        spr = "both" if ctrl & CTRL_SPRITE16 else (1 if ctrl & CTRL_SPRITE_TABLE else 0)
        boxes = [(bg * 128, 0, 128, 128, "background")]
        if spr != "both":
            boxes.append((spr * 128 + 1, 1, 126, 126, "sprites"))
        return {"pictures": [Picture("tables", 256, 128, pixels, self.colours(), boxes,
                                     grid=(8, 8)).to_json()],
                "items": [item("ppu", 0x0000, name="table 0", use=_use(0, bg, spr)),
                          item("ppu", 0x1000, name="table 1", use=_use(1, bg, spr))],
                "palette": group, "chr_ram": ppu.chr_writable}

    def at(self, picture: str, x: int, y: int, **options: Any) -> Hit | None:
        if not (0 <= x < 256 and 0 <= y < 128):
            return None
        table, tile = x >> 7, (y >> 3) * 16 + ((x & 127) >> 3)
        addr = table * 0x1000 + tile * 16
        data = bytes(self.ppu.chr[addr:addr + 16])
        return Hit("ppu", addr, f"tile ${tile:02X} of table {table} at ppu ${addr:04X}: "
                                f"{hex_bytes(data[:8])} | {hex_bytes(data[8:])}")


def _use(table: int, bg: int, spr: Any) -> str:
    users = ([] if bg != table else ["background"]) + (
        ["sprites"] if spr == table else ["8x16 sprites"] if spr == "both" else [])
    return " and ".join(users) or "unused"


class Nametables(PpuViewer):
    """The four logical nametables ($2000 $2400 / $2800 $2C00) as the
    background draws them, with the scroll window latched for the next
    frame drawn on them."""

    name = "nametables"
    title = "Nametables"

    def data(self, **options: Any) -> dict[str, Any]:
        self.settings(options)
        ppu = self.ppu
        regs = ppu.regs
        pt = 0x100 if regs.ctrl & CTRL_BG_TABLE else 0
        pixels = bytearray(512 * 480)
        cache: dict[int, list[bytes]] = {}
        for q in range(4):
            table = ppu.nametable_bytes(0x2000 + q * 0x400, 0x400)
            ox, oy = (q & 1) * 256, (q >> 1) * 240
            for ty in range(30):
                tiles = []
                for tx in range(32):
                    attr = table[0x3C0 + (ty >> 2) * 8 + (tx >> 2)]
                    group = (attr >> (((ty & 2) << 1) | (tx & 2))) & 3
                    key = (table[ty * 32 + tx] << 2) | group
                    rows = cache.get(key)
                    if rows is None:
                        rows = cache[key] = _tile_rows(ppu, pt | key >> 2,
                                                       self.group_colours(group))
                    tiles.append(rows)
                for r in range(8):
                    at = (oy + ty * 8 + r) * 512 + ox
                    pixels[at:at + 256] = b"".join(t[r] for t in tiles)
        sx, sy = scroll(ppu)
        return {"pictures": [Picture("nametables", 512, 480, pixels, self.colours(),
                                     _window(sx, sy), grid=(256, 240)).to_json()],
                "items": [item("ppu", 0x2000 + q * 0x400, name=name, holds=ppu.mirroring_of(q))
                          for q, name in enumerate(("top left", "top right", "bottom left",
                                                    "bottom right"))],
                "scroll": {"x": sx, "y": sy}, "mirroring": ppu.mirroring,
                "background_table": pt << 4}

    def at(self, picture: str, x: int, y: int, **options: Any) -> Hit | None:
        if not (0 <= x < 512 and 0 <= y < 480):
            return None
        q = (y // 240) * 2 + x // 256
        tx, ty = (x & 255) >> 3, (y % 240) >> 3
        base = 0x2000 + q * 0x400
        addr = base + ty * 32 + tx
        attr_addr = base + 0x3C0 + (ty >> 2) * 8 + (tx >> 2)
        attr = self.ppu.vram_read(attr_addr)
        group = (attr >> (((ty & 2) << 1) | (tx & 2))) & 3
        return Hit("ppu", addr, f"${addr:04X} ({tx}, {ty}) of ${base:04X}: tile "
                                f"${self.ppu.vram_read(addr):02X}, attribute ${attr_addr:04X} = "
                                f"${attr:02X} (palette {group})")


def scroll(ppu: PPU) -> tuple[int, int]:
    """The latched scroll as pixels into the 512 x 480 plane (`t` and fine x)."""
    t, fine_x = ppu.regs.t, ppu.regs.x
    return (((t & 0x1F) << 3) | fine_x | ((t >> 10) & 1) << 8,
            (((t >> 5) & 0x1F) << 3) | ((t >> 12) & 7) | ((t >> 11) & 1) * 240)


def _window(sx: int, sy: int) -> list[tuple[int, int, int, int, str]]:
    """The 256 x 240 window at (sx, sy) of the 512 x 480 plane, which wraps
    round both ways: up to four boxes."""
    boxes = []
    for x0, w in _spans(sx, WIDTH, 512):
        for y0, h in _spans(sy, HEIGHT, 480):
            boxes.append((x0, y0, w, h, "screen" if not boxes else ""))
    return boxes


def _spans(start: int, length: int, size: int) -> list[tuple[int, int]]:
    start %= size
    if start + length <= size:
        return [(start, length)]
    return [(start, size - start), (0, start + length - size)]


class Sprites(PpuViewer):
    """OAM: the 64 entries as a list, drawn where they show on the picture,
    and each one's tiles."""

    name = "sprites"
    title = "Sprites (OAM)"

    def entries(self) -> list[dict[str, Any]]:
        oam, regs = self.ppu.oam, self.ppu.regs
        tall = bool(regs.ctrl & CTRL_SPRITE16)
        out = []
        for n in range(64):
            y, tile, attr, x = oam[n * 4:n * 4 + 4]
            if tall:
                pattern = (0x1000 if tile & 1 else 0) | (tile & 0xFE) << 4
            else:
                pattern = (0x1000 if regs.ctrl & CTRL_SPRITE_TABLE else 0) | tile << 4
            out.append(item("oam", n * 4, index=n, y=y, tile=tile, attr=attr, x=x,
                            palette=4 + (attr & 3), behind=bool(attr & 0x20),
                            flip_h=bool(attr & 0x40), flip_v=bool(attr & 0x80),
                            visible=y < HEIGHT - 1, pattern=pattern))
        return out

    def _rows(self, n: int, tall: bool) -> list[bytes]:
        """Sprite n's pixels (TRANSPARENT where clear), flips applied."""
        ppu = self.ppu
        y, tile, attr, x = ppu.oam[n * 4:n * 4 + 4]
        colours = bytes([TRANSPARENT]) + self.group_colours(4 + (attr & 3))[1:]
        if tall:
            first = (0x100 if tile & 1 else 0) | (tile & 0xFE)
            rows = _tile_rows(ppu, first, colours) + _tile_rows(ppu, first + 1, colours)
        else:
            table = 0x100 if ppu.regs.ctrl & CTRL_SPRITE_TABLE else 0
            rows = _tile_rows(ppu, table | tile, colours)
        if attr & 0x80:
            rows.reverse()
        if attr & 0x40:
            rows = [r[::-1] for r in rows]
        return rows

    def data(self, **options: Any) -> dict[str, Any]:
        self.settings(options)
        ppu = self.ppu
        tall = bool(ppu.regs.ctrl & CTRL_SPRITE16)
        height = 16 if tall else 8
        screen = bytearray([TRANSPARENT]) * (WIDTH * HEIGHT)
        cells = bytearray([TRANSPARENT]) * (64 * 8 * height)  # 8 x 8 sprites, 8 px apart
        boxes = []
        for n in range(63, -1, -1):  # sprite 0 drawn last: on top
            rows = self._rows(n, tall)
            y, x = ppu.oam[n * 4] + 1, ppu.oam[n * 4 + 3]
            for r, row in enumerate(rows):
                at = ((n >> 3) * height + r) * 64 + (n & 7) * 8
                cells[at:at + 8] = row
                if y + r < HEIGHT:
                    for c in range(8):
                        if row[c] != TRANSPARENT and x + c < WIDTH:
                            screen[(y + r) * WIDTH + x + c] = row[c]
            if ppu.oam[n * 4] < HEIGHT - 1:
                boxes.append((x, y, min(8, WIDTH - x), min(height, HEIGHT - y), str(n)))
        colours = self.colours()
        return {"pictures": [Picture("screen", WIDTH, HEIGHT, screen, colours, boxes).to_json(),
                             Picture("sprites", 64, 8 * height, cells, colours,
                                     grid=(8, height)).to_json()],
                "items": self.entries(), "size": f"8x{height}"}

    def at(self, picture: str, x: int, y: int, **options: Any) -> Hit | None:
        tall = bool(self.ppu.regs.ctrl & CTRL_SPRITE16)
        height = 16 if tall else 8
        n = None
        if picture == "sprites" and 0 <= x < 64 and 0 <= y < 8 * height:
            n = (y // height) * 8 + x // 8
        elif picture == "screen":
            oam = self.ppu.oam
            n = next((i for i in range(64) if oam[i * 4] < HEIGHT - 1
                      and 0 <= y - oam[i * 4] - 1 < height and 0 <= x - oam[i * 4 + 3] < 8), None)
        if n is None:
            return None
        e = self.entries()[n]
        flags = [f for f, on in (("behind", e["behind"]), ("flip h", e["flip_h"]),
                                 ("flip v", e["flip_v"])) if on]
        return Hit("oam", n * 4, f"sprite {n} at oam ${n * 4:02X}: x {e['x']}, y {e['y']}, "
                                 f"tile ${e['tile']:02X}, attributes ${e['attr']:02X} "
                                 f"(palette {e['palette']}{', ' if flags else ''}"
                                 f"{', '.join(flags)})")


class Palette(PpuViewer):
    """Palette RAM: 4 background and 4 sprite groups of 4 entries."""

    name = "palette"
    title = "Palette RAM"

    def entries(self) -> list[dict[str, Any]]:
        pal, rgb = self.ppu.palette, self.machine.palette
        out = []
        for i in range(32):
            shown = i & 0x0F if i & 0x13 == 0x10 else i
            out.append(item("ppu", PALETTE_RAM + i, index=i, value=pal[shown],
                            rgb=rgb[pal[shown] & 0x3F], group=GROUP_NAMES[i >> 2],
                            mirror_of=PALETTE_RAM + shown if shown != i else None))
        return out

    def data(self, **options: Any) -> dict[str, Any]:
        self.settings(options)
        values = bytes(e["value"] for e in self.entries())
        pixels = bytearray(16 * 2 * 16 * 16)
        for i, value in enumerate(values):
            for r in range(16):
                at = ((i >> 4) * 16 + r) * 256 + (i & 15) * 16
                pixels[at:at + 16] = bytes([value]) * 16
        return {"pictures": [Picture("palette", 256, 32, pixels, self.colours(),
                                     grid=(16, 16)).to_json()],
                "items": self.entries()}

    def at(self, picture: str, x: int, y: int, **options: Any) -> Hit | None:
        if not (0 <= x < 256 and 0 <= y < 32):
            return None
        i = (y >> 4) * 16 + (x >> 4)
        e = self.entries()[i]
        mirror = f" (the same as ${e['mirror_of']:04X})" if e["mirror_of"] else ""
        return Hit("ppu", e["addr"], f"${e['addr']:04X}{mirror}: colour ${e['value']:02X}, "
                                     f"{e['group']} entry {i & 3}")


class Registers(PpuViewer):
    """$2000-$2002 and the scroll/address latches, decoded."""

    name = "registers"
    title = "PPU registers"

    def data(self, **options: Any) -> dict[str, Any]:
        self.settings(options)
        r = self.ppu.regs
        ctrl, mask, status = r.ctrl, r.mask, r.status
        sx, sy = scroll(self.ppu)
        rows = [
            item("cpu", 0x2000, name="PPUCTRL", value=ctrl, fields=[
                f"NMI at vblank {'on' if ctrl & CTRL_NMI else 'off'}",
                f"sprites 8x{16 if ctrl & CTRL_SPRITE16 else 8}",
                f"background tiles ${0x1000 if ctrl & CTRL_BG_TABLE else 0:04X}",
                f"sprite tiles ${0x1000 if ctrl & CTRL_SPRITE_TABLE else 0:04X}",
                f"$2007 adds {32 if ctrl & CTRL_INC32 else 1}",
                f"base nametable ${0x2000 + (ctrl & 3) * 0x400:04X}"]),
            item("cpu", 0x2001, name="PPUMASK", value=mask, fields=[
                f"background {'on' if mask & MASK_BG else 'off'}"
                f"{'' if mask & MASK_BG_LEFT else ' (not in the left 8 px)'}",
                f"sprites {'on' if mask & MASK_SPR else 'off'}"
                f"{'' if mask & MASK_SPR_LEFT else ' (not in the left 8 px)'}",
                f"emphasis {mask >> 5:03b}, greyscale {'on' if mask & 1 else 'off'}"]),
            item("cpu", 0x2002, name="PPUSTATUS", value=status, fields=[
                f"vblank {int(bool(status & STATUS_VBLANK))}",
                f"sprite 0 hit {int(bool(status & STATUS_SPRITE0))}",
                f"sprite overflow {int(bool(status & STATUS_OVERFLOW))}"]),
            item("cpu", 0x2003, name="OAMADDR", value=r.oam_addr, fields=[]),
            item("cpu", 0x2005, name="scroll", value=sx, fields=[
                f"x {sx}, y {sy} (t ${r.t:04X}, fine x {r.x})"]),
            item("cpu", 0x2006, name="VRAM address", value=r.v, fields=[
                f"v ${r.v:04X}, write latch {r.w}, read buffer ${r.buffer:02X}"]),
        ]
        return {"pictures": [], "items": rows}


class Wave(Viewer):
    """The FDS's 64-step wave RAM ($4040-$407F) and its volume registers."""

    chip = "fds"
    name = "wave"
    title = "FDS wave RAM"

    def data(self, **options: Any) -> dict[str, Any]:
        self.settings(options)
        regs = self.machine.fds_sound.regs
        steps = bytes(regs[:64])
        pixels = bytearray(128 * 64)
        for i, value in enumerate(steps):
            top = 63 - (value & 0x3F)
            for y in range(top, 64):
                at = y * 128 + i * 2
                pixels[at:at + 2] = b"\x02\x02" if y > top else b"\x01\x01"
        master = regs[MASTER]
        return {"pictures": [Picture("wave", 128, 64, pixels, [0x101418, 0xFFE070, 0x3A6EA5],
                                     grid=(16, 16)).to_json()],
                "items": [item("cpu", WAVE_FIRST + i, index=i, value=v)
                          for i, v in enumerate(steps)],
                "write_enabled": bool(master & 0x80),
                "master_volume": ("2/2", "2/3", "2/4", "2/5")[master & 3],
                "pitch": regs[0x42] | (regs[0x43] & 0x0F) << 8,
                "halted": bool(regs[0x43] & 0x80)}

    def at(self, picture: str, x: int, y: int, **options: Any) -> Hit | None:
        if not (0 <= x < 128 and 0 <= y < 64):
            return None
        i = x >> 1
        value = self.machine.fds_sound.regs[i]
        return Hit("cpu", WAVE_FIRST + i, f"step {i} at ${WAVE_FIRST + i:04X}: {value}")
