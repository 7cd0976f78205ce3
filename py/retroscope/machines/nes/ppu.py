"""The NES picture processor (2C02) as the CPU sees it, and a whole-frame renderer.

Registers $2000-$2007 behave as on the chip where a game can tell: the $2005/$2006
write latch shared by both registers and reset by reading $2002, the one-byte read
buffer of $2007 (palette reads bypass it), the 1/32 increment, the vblank flag
cleared by reading $2002, and an NMI raised when NMI output is switched on while
the vblank flag is set.

The picture is drawn once per frame, from the state at the end of the visible
lines (`render`), not dot by dot: scroll is the value latched through
$2000/$2005/$2006 (`t`, fine x), so mid-frame raster effects are not reproduced.
Sprites: 8x8 and 8x16, flips, palette, at most 8 per line (the first 8 in OAM
order; the rest are not drawn), behind-background priority decided as the chip
does (the lowest-index opaque sprite pixel wins, then its priority bit chooses
between it and the background, so a behind sprite also hides the sprites after
it), the left-8-pixel masks of $2001. `frame_flags` works out, from the state at
the start of the picture, where sprite-0 hit and the sprite overflow flag (with
the chip's evaluation bug) get set, for the machine to set them at that dot.
Pixels are NES colour numbers 0-63.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

WIDTH = 256
HEIGHT = 240

# How the four logical nametables map onto the 2 KiB of nametable RAM.
MIRRORING = {
    "horizontal": (0, 0, 1, 1),  # vertical arrangement: $2000=$2400, $2800=$2C00
    "vertical": (0, 1, 0, 1),
    "single0": (0, 0, 0, 0),
    "single1": (1, 1, 1, 1),
}

# $2000 (PPUCTRL) bits
CTRL_INC32 = 0x04
CTRL_SPRITE_TABLE = 0x08
CTRL_BG_TABLE = 0x10
CTRL_SPRITE16 = 0x20
CTRL_NMI = 0x80
# $2001 (PPUMASK) bits
MASK_BG_LEFT = 0x02
MASK_SPR_LEFT = 0x04
MASK_BG = 0x08
MASK_SPR = 0x10
# $2002 (PPUSTATUS) bits
STATUS_VBLANK = 0x80
STATUS_SPRITE0 = 0x40
STATUS_OVERFLOW = 0x20

SPRITES_PER_LINE = 8
# A tile row's 2-bit pixels -> 1 where opaque (for priority and sprite-0 hit).
_OPAQUE = bytes([0, 1, 1, 1]) + bytes(252)


def attribute_table(groups: list[list[int]]) -> bytes:
    """The 64-byte attribute table from a palette group per 16x16 block
    (`groups[row][col]`, 15 rows of 16): each byte packs a 2x2 of blocks,
    top-left in bits 0-1 ... bottom-right in bits 6-7."""
    out = bytearray(64)
    for by in range(8):
        for bx in range(8):
            value = 0
            for q, (dy, dx) in enumerate(((0, 0), (0, 1), (1, 0), (1, 1))):
                y, x = 2 * by + dy, 2 * bx + dx
                if y < 15:
                    value |= groups[y][x] << (2 * q)
            out[by * 8 + bx] = value
    return bytes(out)


@dataclass
class PPURegs:
    """The register-side state, one place for snapshot/restore to walk."""

    ctrl: int = 0
    mask: int = 0
    status: int = 0
    oam_addr: int = 0
    v: int = 0  # current VRAM address (15 bits)
    t: int = 0  # temporary address: scroll latched for the next frame
    x: int = 0  # fine x scroll
    w: int = 0  # first/second write toggle of $2005/$2006
    buffer: int = 0  # $2007 read buffer
    bus_latch: int = 0  # last value written to a register (open bus bits of $2002)


REG_FIELDS = tuple(PPURegs.__dataclass_fields__)


def _decode_tile(chr_data: bytes | bytearray, base: int) -> tuple[bytes, ...]:
    """8 rows of 8 two-bit pixel values for the 16-byte tile at `base`."""
    rows = []
    for r in range(8):
        lo = chr_data[base + r]
        hi = chr_data[base + r + 8]
        rows.append(bytes(((lo >> b) & 1) | (((hi >> b) & 1) << 1) for b in range(7, -1, -1)))
    return tuple(rows)


class PPU:
    """2C02 registers, memories and a frame renderer.

    `chr` is the 8 KiB pattern memory ($0000-$1FFF); `chr_writable` makes it
    CHR RAM. `on_nmi` is called when the PPU asserts NMI. Decoded tiles and
    coloured rows are cached: code that writes `chr` or `palette` directly
    (not through the registers) calls `invalidate_caches()`.
    """

    def __init__(self, chr_data: bytes | bytearray = b"", mirroring: str = "horizontal",
                 chr_writable: bool = False) -> None:
        self.chr = bytearray(0x2000)
        self.chr[: len(chr_data)] = chr_data
        self.chr_writable = chr_writable or not chr_data
        self.nametables = bytearray(0x800)
        self.palette = bytearray(32)
        self.oam = bytearray(256)
        self.regs = PPURegs()
        self.on_nmi: Callable[[], None] = lambda: None
        self.set_mirroring(mirroring)
        self._tiles: list[tuple[bytes, ...] | None] = [None] * 512
        # colour rows per (tile, palette group): built lazily, dropped when
        # CHR or palette RAM changes.
        self._bg_cache: dict[int, tuple[bytes, ...]] = {}
        # whole 8-line strips per (tiles, attributes) of a nametable row, for
        # unscrolled rows: most rows do not change from frame to frame.
        self._strip_cache: dict[bytes, bytes] = {}
        # the background's opacity (1 = opaque) for unscrolled tile rows, by
        # their tiles: 8 lines of 256 bytes each (priority, sprite-0 hit)
        self._opacity_cache: dict[bytes, tuple[bytes, ...]] = {}

    # -- memories ------------------------------------------------------------
    def set_mirroring(self, mirroring: str) -> None:
        if mirroring not in MIRRORING:
            raise ValueError(f"unknown mirroring {mirroring!r}")
        self.mirroring = mirroring
        self._nt_map = MIRRORING[mirroring]

    def load_chr(self, data: bytes | bytearray, offset: int = 0) -> None:
        """Replace pattern memory bytes (cartridge CHR or a program's tiles)."""
        self.chr[offset : offset + len(data)] = data
        self._invalidate_tiles()

    def _invalidate_tiles(self) -> None:
        self._tiles = [None] * 512
        self._opacity_cache.clear()
        self._drop_colour_caches()

    def invalidate_caches(self) -> None:
        """Call after writing `chr` or `palette` directly (not through $2007)."""
        self._invalidate_tiles()

    def _drop_colour_caches(self) -> None:
        self._bg_cache.clear()
        self._strip_cache.clear()

    def _nt_index(self, addr: int) -> int:
        addr &= 0xFFF
        return (self._nt_map[addr >> 10] << 10) | (addr & 0x3FF)

    @staticmethod
    def _pal_index(addr: int) -> int:
        addr &= 0x1F
        # $3F10/$3F14/$3F18/$3F1C are the background entries $3F00/04/08/0C.
        return addr & 0x0F if addr & 0x13 == 0x10 else addr

    def vram_read(self, addr: int) -> int:
        """PPU address space $0000-$3FFF without side effects."""
        addr &= 0x3FFF
        if addr < 0x2000:
            return self.chr[addr]
        if addr < 0x3F00:
            return self.nametables[self._nt_index(addr)]
        return self.palette[self._pal_index(addr)]

    def mirroring_of(self, table: int) -> str:
        """Which kilobyte of nametable RAM logical nametable 0-3 shows."""
        return f"RAM ${0x2000 + (self._nt_map[table & 3] << 10):04X}"

    def nametable_bytes(self, addr: int, length: int) -> bytes:
        """`length` bytes of the nametable that holds `addr` ($2000-$2FFF),
        from `addr` on (at most to that table's end)."""
        at = self._nt_index(addr)
        return bytes(self.nametables[at:min(at + length, (at | 0x3FF) + 1)])

    def vram_image(self) -> bytes:
        """The whole PPU address space $0000-$3FFF as `vram_read` sees it, in
        bulk (the memory panel takes an image of it at every pause)."""
        tables = b"".join(self.nametables[q << 10:(q + 1) << 10] for q in self._nt_map)
        palette = bytes(self.palette[self._pal_index(a)] for a in range(0x20))
        return bytes(self.chr) + tables + tables[:0xF00] + palette * 8

    def vram_write(self, addr: int, value: int) -> None:
        addr &= 0x3FFF
        if addr < 0x2000:
            if self.chr_writable:
                self.chr[addr] = value
                self._tiles[addr >> 4] = None
                self._opacity_cache.clear()
                self._drop_colour_caches()
        elif addr < 0x3F00:
            self.nametables[self._nt_index(addr)] = value
        else:
            index = self._pal_index(addr)
            if self.palette[index] != value & 0x3F:
                self.palette[index] = value & 0x3F
                self._drop_colour_caches()

    # -- CPU-side registers ----------------------------------------------------
    def read_reg(self, addr: int) -> int:
        """A CPU read of $2000-$3FFF (mirrored every 8 bytes), with side effects."""
        r = self.regs
        reg = addr & 7
        if reg == 2:
            value = (r.status & 0xE0) | (r.bus_latch & 0x1F)
            r.status &= ~STATUS_VBLANK & 0xFF
            r.w = 0
            return value
        if reg == 4:
            return self.oam[r.oam_addr]
        if reg == 7:
            v = r.v & 0x3FFF
            if v >= 0x3F00:
                value = self.palette[self._pal_index(v)]
                # The buffer takes the nametable byte "under" the palette.
                r.buffer = self.nametables[self._nt_index(v - 0x1000)]
            else:
                value = r.buffer
                r.buffer = self.vram_read(v)
            r.v = (r.v + (32 if r.ctrl & CTRL_INC32 else 1)) & 0x7FFF
            return value
        return r.bus_latch  # write-only registers read back the open bus

    def peek_reg(self, addr: int) -> int:
        """What a read would return, without its side effects (memory panels)."""
        r = self.regs
        reg = addr & 7
        if reg == 2:
            return (r.status & 0xE0) | (r.bus_latch & 0x1F)
        if reg == 4:
            return self.oam[r.oam_addr]
        if reg == 7:
            v = r.v & 0x3FFF
            return self.palette[self._pal_index(v)] if v >= 0x3F00 else r.buffer
        return r.bus_latch

    def write_reg(self, addr: int, value: int) -> None:
        """A CPU write of $2000-$3FFF."""
        r = self.regs
        r.bus_latch = value
        reg = addr & 7
        if reg == 0:
            was_on = r.ctrl & CTRL_NMI
            r.ctrl = value
            r.t = (r.t & 0x73FF) | ((value & 3) << 10)
            if not was_on and value & CTRL_NMI and r.status & STATUS_VBLANK:
                self.on_nmi()
        elif reg == 1:
            r.mask = value
        elif reg == 3:
            r.oam_addr = value
        elif reg == 4:
            self.oam[r.oam_addr] = value
            r.oam_addr = (r.oam_addr + 1) & 0xFF
        elif reg == 5:
            if r.w == 0:
                r.t = (r.t & 0x7FE0) | (value >> 3)
                r.x = value & 7
            else:
                r.t = (r.t & 0x0C1F) | ((value & 7) << 12) | ((value & 0xF8) << 2)
            r.w ^= 1
        elif reg == 6:
            if r.w == 0:
                r.t = (r.t & 0x00FF) | ((value & 0x3F) << 8)
            else:
                r.t = (r.t & 0x7F00) | value
                r.v = r.t
            r.w ^= 1
        else:  # reg 7
            self.vram_write(r.v, value)
            r.v = (r.v + (32 if r.ctrl & CTRL_INC32 else 1)) & 0x7FFF

    def oam_dma(self, data: bytes | bytearray) -> None:
        """$4014: 256 bytes into OAM from the current OAM address on."""
        start = self.regs.oam_addr
        oam = self.oam
        for i in range(256):
            oam[(start + i) & 0xFF] = data[i]

    # -- frame timing ------------------------------------------------------------
    def start_vblank(self) -> None:
        """Scanline 241, dot 1: vblank flag set, NMI if enabled."""
        self.regs.status |= STATUS_VBLANK
        if self.regs.ctrl & CTRL_NMI:
            self.on_nmi()

    def end_vblank(self) -> None:
        """Pre-render line, dot 1: vblank, sprite-0 and overflow flags cleared."""
        self.regs.status &= 0x1F

    @property
    def rendering(self) -> bool:
        return bool(self.regs.mask & (MASK_BG | MASK_SPR))

    # -- rendering ---------------------------------------------------------------
    def _tile(self, index: int) -> tuple[bytes, ...]:
        tile = self._tiles[index]
        if tile is None:
            tile = self._tiles[index] = _decode_tile(self.chr, index << 4)
        return tile

    def tile(self, index: int) -> tuple[bytes, ...]:
        """Tile `index` (0-511: $0000-$1FFF in 16-byte steps) as 8 rows of 8
        two-bit pixel values, as the renderer reads it (for viewers)."""
        return self._tile(index & 0x1FF)

    def _bg_rows(self, index: int, group: int) -> tuple[bytes, ...]:
        """The 8 pixel rows of a background tile, already in NES colours."""
        key = (index << 2) | group
        rows = self._bg_cache.get(key)
        if rows is None:
            pal = self.palette
            table = bytes([pal[0], pal[group * 4 + 1], pal[group * 4 + 2],
                           pal[group * 4 + 3]]) + bytes(252)
            rows = tuple(row.translate(table) for row in self._tile(index))
            self._bg_cache[key] = rows
        return rows

    def render(self, fb: bytearray) -> None:
        """Draw the whole 256x240 picture into `fb` (NES colour numbers)."""
        mask = self.regs.mask
        backdrop = self.palette[0]
        if mask & MASK_BG:
            self._render_background(fb)
            if not mask & MASK_BG_LEFT:
                row = bytes([backdrop]) * 8
                for y in range(HEIGHT):
                    fb[y * WIDTH : y * WIDTH + 8] = row
        else:
            fb[:] = bytes([backdrop]) * (WIDTH * HEIGHT)
        if mask & MASK_SPR:
            self._render_sprites(fb)

    def _scroll(self) -> tuple[int, int]:
        """The latched scroll (`t`, fine x) as pixels into the 512x480 plane of
        four nametables."""
        r = self.regs
        t = r.t
        return (((t & 0x1F) << 3) | r.x | ((t >> 10) & 1) << 8,
                (((t >> 5) & 0x1F) << 3) | ((t >> 12) & 7) | ((t >> 11) & 1) * 240)

    def _render_background(self, fb: bytearray) -> None:
        r = self.regs
        scroll_x, scroll_y = self._scroll()
        pt = 0x100 if r.ctrl & CTRL_BG_TABLE else 0
        nts = self.nametables
        nt_map = self._nt_map
        bg_rows = self._bg_rows
        fine_x = scroll_x & 7
        fine_y = scroll_y % 8
        coarse_x0 = scroll_x >> 3
        coarse_y0 = scroll_y >> 3
        if scroll_x == 0 and fine_y == 0:
            self._render_strips(fb, pt, coarse_y0)
            return
        y_out = -fine_y
        for row in range(31):
            cy = (coarse_y0 + row) % 60  # two nametables stacked: 30 rows each
            nt_row = (cy >= 30) * 2
            ty = cy % 30
            parts = []
            for col in range(33):
                cx = (coarse_x0 + col) & 63
                nt = nt_map[nt_row + (cx >> 5)] << 10
                tx = cx & 31
                tile = nts[nt | (ty << 5) | tx]
                attr = nts[nt | 0x3C0 | ((ty >> 2) << 3) | (tx >> 2)]
                group = (attr >> (((ty & 2) << 1) | (tx & 2))) & 3
                parts.append(bg_rows(pt | tile, group))
            for line_parts in zip(*parts, strict=True):
                if 0 <= y_out < HEIGHT:
                    line = b"".join(line_parts)
                    fb[y_out * WIDTH : (y_out + 1) * WIDTH] = line[fine_x : fine_x + WIDTH]
                y_out += 1

    def _render_strips(self, fb: bytearray, pt: int, coarse_y0: int) -> None:
        """Unscrolled horizontally, whole tile rows: each 8-line strip is looked
        up by its 32 tiles and 8 attribute bytes, and drawn once when new."""
        nts = self.nametables
        nt_map = self._nt_map
        cache = self._strip_cache
        if len(cache) > 1024:
            cache.clear()
        bg_rows = self._bg_rows
        tag = bytes([pt >> 8])
        for row in range(30):
            cy = (coarse_y0 + row) % 60
            nt = nt_map[(cy >= 30) * 2] << 10
            ty = cy % 30
            at = nt | (ty << 5)
            attr_at = nt | 0x3C0 | ((ty >> 2) << 3)
            key = bytes(nts[at : at + 32] + nts[attr_at : attr_at + 8]) + tag + bytes([ty & 2])
            strip = cache.get(key)
            if strip is None:
                shift_y = (ty & 2) << 1
                parts = []
                for tx in range(32):
                    attr = nts[attr_at | (tx >> 2)]
                    group = (attr >> (shift_y | (tx & 2))) & 3
                    parts.append(bg_rows(pt | nts[at | tx], group))
                strip = b"".join(b"".join(line) for line in zip(*parts, strict=True))
                cache[key] = strip
            fb[row * 2048 : (row + 1) * 2048] = strip

    def _opaque_line(self, y: int, cache: dict[int, bytes]) -> bytes:
        """256 bytes, 1 where line y's background is opaque and shown (rendering
        on, not in a masked left column): built from the tile rows once per
        line per frame (`cache`), not pixel by pixel."""
        line = cache.get(y)
        if line is not None:
            return line
        r = self.regs
        if not r.mask & MASK_BG:
            line = bytes(WIDTH)
        else:
            scroll_x, scroll_y = self._scroll()
            sy = scroll_y + y
            cy = (sy >> 3) % 60
            nt_row = (cy >= 30) * 2
            ty = cy % 30
            fine_row = sy & 7
            pt = 0x100 if r.ctrl & CTRL_BG_TABLE else 0
            nts = self.nametables
            nt_map = self._nt_map
            tile = self._tile
            if scroll_x == 0:
                # a whole tile row's 8 lines at once, kept across frames by
                # its 32 tiles (most rows do not change from frame to frame)
                at = (nt_map[nt_row] << 10) | (ty << 5)
                key = bytes(nts[at : at + 32]) + bytes([pt >> 8])
                strips = self._opacity_cache.get(key)
                if strips is None:
                    if len(self._opacity_cache) > 1024:
                        self._opacity_cache.clear()
                    rows = [tile(pt | t) for t in nts[at : at + 32]]
                    strips = tuple(b"".join(t[k] for t in rows).translate(_OPAQUE)
                                   for k in range(8))
                    self._opacity_cache[key] = strips
                line = strips[fine_row]
            else:
                coarse_x0 = scroll_x >> 3
                parts = []
                for col in range(33):
                    cx = (coarse_x0 + col) & 63
                    nt = nt_map[nt_row + (cx >> 5)] << 10
                    parts.append(tile(pt | nts[nt | (ty << 5) | (cx & 31)])[fine_row])
                fine_x = scroll_x & 7
                line = b"".join(parts).translate(_OPAQUE)[fine_x : fine_x + WIDTH]
            if not r.mask & MASK_BG_LEFT:
                line = bytes(8) + line[8:]
        cache[y] = line
        return line

    def _sprite_base(self, index: int) -> int:
        if self.regs.ctrl & CTRL_SPRITE16:
            return (0x100 if index & 1 else 0) | (index & 0xFE)
        return (0x100 if self.regs.ctrl & CTRL_SPRITE_TABLE else 0) | index

    def _sprite_row(self, i: int, row: int, height: int) -> bytes:
        """Sprite i's 2-bit pixels on its row `row` (0 = top), flips applied."""
        oam = self.oam
        attr = oam[i * 4 + 2]
        src = height - 1 - row if attr & 0x80 else row
        pixels = self._tile(self._sprite_base(oam[i * 4 + 1]) + (src >> 3))[src & 7]
        return pixels[::-1] if attr & 0x40 else pixels

    def evaluate_sprites(self) -> tuple[dict[int, list[int]] | None,
                                        tuple[int, int] | None]:
        """Sprite evaluation for every line as the chip does it on the line
        before: {display line: the (at most 8) sprite indices drawn there, in
        OAM order}, or None when no line has more than 8 (all are drawn); and
        where the overflow flag gets set ((evaluation line, sprite number) or
        None). After 8 sprites the chip goes on checking with a byte offset m
        that wrongly steps along with the sprite number (nesdev "PPU sprite
        evaluation"), so the flag can miss a 9th sprite or fire without one."""
        oam = self.oam
        height = 16 if self.regs.ctrl & CTRL_SPRITE16 else 8
        counts = bytearray(HEIGHT + 16)
        for i in range(0, 256, 4):
            y = oam[i]
            if y < HEIGHT:
                for line in range(y, y + height):
                    counts[line] += 1
        if max(counts) < SPRITES_PER_LINE:  # the usual case: nothing to decide
            return None, None
        in_range: dict[int, list[int]] = {}
        for line, count in enumerate(counts[:HEIGHT]):
            if count >= SPRITES_PER_LINE:
                in_range[line] = [i for i in range(64) if 0 <= line - oam[i * 4] < height]
        drawn: dict[int, list[int]] = {}
        overflow: tuple[int, int] | None = None
        for line in sorted(in_range):
            found = in_range[line]
            if len(found) > SPRITES_PER_LINE and line + 1 < HEIGHT:
                drawn[line + 1] = found[:SPRITES_PER_LINE]
            if overflow is not None:
                continue
            n = found[SPRITES_PER_LINE - 1] + 1
            m = 0
            while n < 64:
                if 0 <= line - oam[n * 4 + m] < height:
                    overflow = (line, n)
                    break
                n += 1
                m = (m + 1) & 3
        return drawn or None, overflow

    def sprite_zero_hit(self, cache: dict[int, bytes] | None = None) -> tuple[int, int] | None:
        """(line, x) of the first pixel where sprite 0 and the background are
        both opaque, or None: both layers on, not in a masked left column,
        never at x = 255. (Sprite 0 is always among a line's first 8.)"""
        r = self.regs
        if r.mask & (MASK_BG | MASK_SPR) != MASK_BG | MASK_SPR:
            return None
        top = self.oam[0] + 1
        if top >= HEIGHT:
            return None
        if cache is None:
            cache = {}
        height = 16 if r.ctrl & CTRL_SPRITE16 else 8
        x0 = self.oam[3]
        left = 0 if r.mask & MASK_BG_LEFT and r.mask & MASK_SPR_LEFT else 8
        for row in range(height):
            y = top + row
            if y >= HEIGHT:
                break
            pixels = self._sprite_row(0, row, height)
            if not any(pixels):
                continue
            bg = self._opaque_line(y, cache)
            for col in range(8):
                x = x0 + col
                if pixels[col] and left <= x < WIDTH - 1 and bg[x]:
                    return y, x
        return None

    def frame_flags(self) -> list[tuple[int, int]]:
        """(dot within the frame, $2002 bit) for the sprite-0 hit and overflow
        flags this frame will raise, from the state as the picture starts."""
        if not self.rendering:
            return []
        _, overflow = self.evaluate_sprites()
        flags = []
        hit = self.sprite_zero_hit()
        if hit is not None:
            flags.append((hit[0] * 341 + hit[1] + 1, STATUS_SPRITE0))
        if overflow is not None:
            line, n = overflow
            # evaluation runs over dots 65-256: 2 dots a sprite, 8 for one in range
            flags.append((line * 341 + min(256, 65 + 2 * n + 6 * SPRITES_PER_LINE),
                          STATUS_OVERFLOW))
        return sorted(flags)

    def set_flag(self, bit: int) -> None:
        self.regs.status |= bit

    def _render_sprites(self, fb: bytearray) -> None:
        r = self.regs
        oam = self.oam
        pal = self.palette
        height = 16 if r.ctrl & CTRL_SPRITE16 else 8
        left = 0 if r.mask & MASK_SPR_LEFT else 8
        drawn, _ = self.evaluate_sprites()  # None: no line over 8, all drawn
        tile = self._tile
        tall = height == 16
        table = 0x100 if r.ctrl & CTRL_SPRITE_TABLE else 0
        shown = [i for i in range(64) if oam[i * 4] < HEIGHT - 1]
        # The first opaque sprite pixel in OAM order takes the dot; its
        # priority bit then decides between it and the background. With no
        # behind-background sprite, drawing back to front gives the same
        # picture; otherwise `taken` marks the dots already decided.
        behind_any = any(oam[i * 4 + 2] & 0x20 for i in shown)
        taken = bytearray(WIDTH * HEIGHT) if behind_any else None
        opaque: dict[int, bytes] = {}
        for i in (shown if behind_any else reversed(shown)):
            top, index, attr, x = oam[i * 4] + 1, oam[i * 4 + 1], oam[i * 4 + 2], oam[i * 4 + 3]
            base = ((0x100 if index & 1 else 0) | (index & 0xFE)) if tall else table | index
            group = 0x11 + (attr & 3) * 4
            colours = (0, pal[group], pal[group + 1], pal[group + 2])
            behind = attr & 0x20
            flip_h = attr & 0x40
            flip_v = attr & 0x80
            for row in range(height):
                y = top + row
                if y >= HEIGHT:
                    break
                if drawn is not None and y in drawn and i not in drawn[y]:
                    continue  # past the 8 sprites of this line
                src = height - 1 - row if flip_v else row
                pixels = tile(base + (src >> 3))[src & 7]
                if flip_h:
                    pixels = pixels[::-1]
                out = y * WIDTH
                if taken is None:
                    for col in range(8):
                        v = pixels[col]
                        if v and left <= x + col < WIDTH:
                            fb[out + x + col] = colours[v]
                    continue
                bg = self._opaque_line(y, opaque) if behind else None
                for col in range(8):
                    v = pixels[col]
                    px = x + col
                    if v and left <= px < WIDTH and not taken[out + px]:
                        taken[out + px] = 1
                        if bg is None or not bg[px]:
                            fb[out + px] = colours[v]

    # -- state ---------------------------------------------------------------------
    def snapshot(self) -> dict:
        r = self.regs
        return {
            "regs": {name: getattr(r, name) for name in REG_FIELDS},
            "nametables": self.nametables.hex(),
            "palette": self.palette.hex(),
            "oam": self.oam.hex(),
            "chr": self.chr.hex() if self.chr_writable else None,
            "mirroring": self.mirroring,
        }

    def restore(self, state: dict) -> None:
        for name in REG_FIELDS:
            setattr(self.regs, name, state["regs"][name])
        self.nametables[:] = bytes.fromhex(state["nametables"])
        self.palette[:] = bytes.fromhex(state["palette"])
        self.oam[:] = bytes.fromhex(state["oam"])
        if state.get("chr") is not None:
            self.chr[:] = bytes.fromhex(state["chr"])
        self.set_mirroring(state["mirroring"])
        self._invalidate_tiles()

    def reset(self) -> None:
        self.regs = PPURegs()
        self.nametables[:] = bytes(0x800)
        self.palette[:] = bytes(32)
        self.oam[:] = bytes(256)
        self._drop_colour_caches()
