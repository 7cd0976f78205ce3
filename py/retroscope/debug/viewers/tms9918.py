"""The TMS9918A in view: its registers decoded, and the pattern, name, colour
and sprite attribute tables of the mode it is in.

Facts from the TMS9918A/9928A/9929A data manual (Texas Instruments, 1982),
section 2: the mode bits M1 (R1 bit 4: text), M2 (R1 bit 3: multicolour) and
M3 (R0 bit 1: graphics II); the table bases R2 * >400 (names), R3 * >40
(colours), R4 * >800 (patterns), R5 * >80 (sprite attributes), R6 * >800
(sprite patterns); in graphics II the pattern and colour tables are three
banks of 256 at >0000 or >2000 (R4 bit 2, R3 bit 7), one colour byte per
pattern row; text mode has 40 x 24 names of 6 x 8 pixels in R7's two
colours; multicolour draws each name as 2 x 2 blocks of 4 x 4 pixels, the
two bytes for its row group at pattern + (row & 3) * 2. The chip draws only
graphics mode I in this emulator (the mode the CRPG uses); the tables of
the others are decoded here as the manual lays them out.
"""

from __future__ import annotations

from typing import Any

from ...machines.ti99.vdp import (
    PALETTE,
    R1_BLANK,
    R1_IE,
    R1_MAG,
    R1_SIZE,
    STATUS_5S,
    STATUS_C,
    STATUS_F,
    VDP,
)
from . import Hit, Picture, Viewer, hex_bytes, item

MODES = {(0, 0, 0): "graphics I", (0, 0, 1): "graphics II", (1, 0, 0): "text",
         (0, 1, 0): "multicolour"}
COLOUR_NAMES = ("transparent", "black", "medium green", "light green", "dark blue",
                "light blue", "dark red", "cyan", "medium red", "light red", "dark yellow",
                "light yellow", "dark green", "magenta", "grey", "white")
TRANSPARENT = 16  # a pixel index past the 16 colours: drawn as nothing


def viewers(machine: Any) -> list[Viewer]:
    if not isinstance(getattr(machine, "vdp", None), VDP):
        return []
    return [Registers(machine), Patterns(machine), Names(machine), Colours(machine),
            Sprites(machine)]


class Layout:
    """Where the tables are in the mode the registers set."""

    def __init__(self, vdp: VDP) -> None:
        r = vdp.regs
        self.bits = ((r[1] >> 4) & 1, (r[1] >> 3) & 1, (r[0] >> 1) & 1)
        self.mode = MODES.get(self.bits, "undefined (mixed mode bits)")
        self.names = (r[2] & 0x0F) << 10
        self.graphics2 = self.bits == (0, 0, 1)
        if self.graphics2:
            self.patterns = (r[4] & 0x04) << 11
            self.colours = (r[3] & 0x80) << 6
            self.pattern_mask = ((r[4] & 3) << 8) | 0xFF   # bank bits of the name's index
            self.colour_mask = ((r[3] & 0x7F) << 3) | 0x07
        else:
            self.patterns = (r[4] & 0x07) << 11
            self.colours = r[3] << 6
        self.text = self.bits == (1, 0, 0)
        self.multicolour = self.bits == (0, 1, 0)
        self.columns = 40 if self.text else 32
        self.cell = 6 if self.text else 8
        self.count = 768 if self.graphics2 else 256  # patterns in the table
        self.text_colours = r[7]  # text mode's foreground (high) and background

    def row(self, vram: bytearray, index: int, colour_index: int, r: int,
            pattern_row: int) -> bytes:
        """Row `r` of a cell drawing pattern `index`'s byte `pattern_row`
        in the mode's colours: graphics II's per row, graphics I's per group,
        text's from R7; in multicolour the byte is two colours, not pixels."""
        bits = vram[(self.patterns + index * 8 + pattern_row) & 0x3FFF]
        if self.multicolour:
            return bytes([bits >> 4] * 4 + [bits & 15] * 4)
        colour = (self.text_colours if self.text else
                  vram[self.colour_addr(colour_index, r) & 0x3FFF])
        return _rows(colour >> 4, colour & 15, self.cell)[bits]

    def name_index(self, name: int, row: int) -> tuple[int, int]:
        """The pattern and colour entries a name on character row `row` uses:
        in graphics II its third of the screen picks the bank, and R4/R3's low
        bits mask the index (the manual's "address masks"); else the name."""
        if not self.graphics2:
            return name, name
        index = (row // 8) * 256 + name
        return index & self.pattern_mask, index & self.colour_mask

    def colour_addr(self, index: int, row: int = 0) -> int:
        """The colour byte of pattern `index` (graphics I: its group of 8;
        graphics II: its row `row`)."""
        if self.graphics2:
            return self.colours + index * 8 + row
        return self.colours + ((index & 0xFF) >> 3)


_ROWS: dict[tuple[int, int, int], list[bytes]] = {}


def _rows(fg: int, bg: int, width: int) -> list[bytes]:
    """A pattern byte -> its `width` pixels in fg/bg (made once per colour pair)."""
    key = (fg, bg, width)
    rows = _ROWS.get(key)
    if rows is None:
        rows = _ROWS[key] = [bytes(fg if bits & (0x80 >> c) else bg for c in range(width))
                             for bits in range(256)]
    return rows


class VdpViewer(Viewer):
    chip = "vdp"

    @property
    def vdp(self) -> VDP:
        return self.machine.vdp

    def colours(self) -> list[int | None]:
        """The 16 colours (0 shows the backdrop) and, 16, nothing."""
        backdrop = self.vdp.regs[7] & 0x0F
        return [PALETTE[backdrop], *PALETTE[1:], None]


class Registers(VdpViewer):
    name = "registers"
    title = "VDP registers"

    def data(self, **options: Any) -> dict[str, Any]:
        self.settings(options)
        vdp = self.vdp
        r, layout = vdp.regs, Layout(vdp)
        status = vdp.status
        rows = [
            item("vram", 0, name="R0", value=r[0], fields=[
                f"M3 (graphics II) {r[0] >> 1 & 1}", f"external video {r[0] & 1}"]),
            item("vram", 0, name="R1", value=r[1], fields=[
                "16K VRAM" if r[1] & 0x80 else "4K VRAM",
                "display on" if r[1] & R1_BLANK else "display blank (backdrop only)",
                f"interrupt {'on' if r[1] & R1_IE else 'off'}",
                f"M1 (text) {r[1] >> 4 & 1}, M2 (multicolour) {r[1] >> 3 & 1}",
                f"sprites {'16x16' if r[1] & R1_SIZE else '8x8'}"
                f"{' magnified x2' if r[1] & R1_MAG else ''}"]),
            item("vram", layout.names, name="R2", value=r[2],
                 fields=[f"name table >{layout.names:04X}"]),
            item("vram", layout.colours, name="R3", value=r[3],
                 fields=[f"colour table >{layout.colours:04X}"]),
            item("vram", layout.patterns, name="R4", value=r[4],
                 fields=[f"pattern table >{layout.patterns:04X}"]),
            item("vram", vdp.sprite_attributes, name="R5", value=r[5],
                 fields=[f"sprite attribute table >{vdp.sprite_attributes:04X}"]),
            item("vram", vdp.sprite_patterns, name="R6", value=r[6],
                 fields=[f"sprite pattern table >{vdp.sprite_patterns:04X}"]),
            item("vram", 0, name="R7", value=r[7], fields=[
                f"text colour {r[7] >> 4} ({COLOUR_NAMES[r[7] >> 4]})",
                f"backdrop {r[7] & 15} ({COLOUR_NAMES[r[7] & 15]})"]),
            item("vram", vdp.address, name="status", value=status, fields=[
                f"F (frame) {int(bool(status & STATUS_F))}",
                f"fifth sprite {int(bool(status & STATUS_5S))} (number {status & 0x1F})",
                f"coincidence {int(bool(status & STATUS_C))}",
                f"VRAM address >{vdp.address:04X}"]),
        ]
        return {"pictures": [], "items": rows, "mode": layout.mode}


class Patterns(VdpViewer):
    """The pattern table in the mode's colours: graphics I, each pattern in
    its group's colours; graphics II, its three banks with a colour per row;
    text, 6 pixels wide in R7's colours; multicolour, its bytes as colours."""

    name = "patterns"
    title = "Pattern table"

    def data(self, **options: Any) -> dict[str, Any]:
        self.settings(options)
        vdp, layout = self.vdp, Layout(self.vdp)
        vram = vdp.vram
        cell = layout.cell
        per_row = 16 if cell == 8 else 32
        width = per_row * cell
        height = layout.count // per_row * 8
        pixels = bytearray(width * height)
        for index in range(layout.count):
            x, y = (index % per_row) * cell, (index // per_row) * 8
            for r in range(8):
                at = (y + r) * width + x
                pixels[at:at + cell] = layout.row(vram, index, index, r, r)
        return {"pictures": [Picture("patterns", width, height, pixels, self.colours(),
                                     grid=(cell, 8)).to_json()],
                "items": [item("vram", layout.patterns, name="pattern table",
                               mode=layout.mode, count=layout.count)],
                "mode": layout.mode}

    def at(self, picture: str, x: int, y: int, **options: Any) -> Hit | None:
        layout = Layout(self.vdp)
        cell = layout.cell
        per_row = 16 if cell == 8 else 32
        index = (y // 8) * per_row + x // cell
        if not (0 <= x < per_row * cell and 0 <= index < layout.count):
            return None
        addr = (layout.patterns + index * 8) & 0x3FFF
        bank = f" (bank {index >> 8})" if layout.graphics2 else ""
        return Hit("vram", addr, f"pattern >{index & 0xFF:02X}{bank} at >{addr:04X}: "
                                 f"{hex_bytes(self.vdp.vram[addr:addr + 8])}")


class Names(VdpViewer):
    """The name table as the screen shows it (sprites left out)."""

    name = "names"
    title = "Name table"

    def data(self, **options: Any) -> dict[str, Any]:
        self.settings(options)
        vdp, layout = self.vdp, Layout(self.vdp)
        vram = vdp.vram
        cell = layout.cell
        width = layout.columns * cell
        pixels = bytearray(width * 192)
        for ty in range(24):
            for tx in range(layout.columns):
                name = vram[(layout.names + ty * layout.columns + tx) & 0x3FFF]
                index, colour_index = layout.name_index(name, ty)
                for r in range(8):
                    # (multicolour: the name's row group picks the pattern's bytes)
                    byte = (ty & 3) * 2 + r // 4 if layout.multicolour else r
                    at = (ty * 8 + r) * width + tx * cell
                    pixels[at:at + cell] = layout.row(vram, index, colour_index, r, byte)
        return {"pictures": [Picture("names", width, 192, pixels, self.colours(),
                                     grid=(cell, 8)).to_json()],
                "items": [item("vram", layout.names, name="name table", mode=layout.mode)],
                "mode": layout.mode}

    def at(self, picture: str, x: int, y: int, **options: Any) -> Hit | None:
        layout = Layout(self.vdp)
        if not (0 <= x < layout.columns * layout.cell and 0 <= y < 192):
            return None
        tx, ty = x // layout.cell, y // 8
        addr = (layout.names + ty * layout.columns + tx) & 0x3FFF
        name = self.vdp.vram[addr]
        index, colour_index = layout.name_index(name, ty)
        pattern = (layout.patterns + index * 8) & 0x3FFF
        text = f">{addr:04X} ({tx}, {ty}): name >{name:02X}, pattern >{pattern:04X}"
        if not (layout.text or layout.multicolour):
            colour_at = layout.colour_addr(colour_index, y & 7) & 0x3FFF
            text += f", colour >{colour_at:04X} = >{self.vdp.vram[colour_at]:02X}"
        return Hit("vram", addr, text)


class Colours(VdpViewer):
    """The colour table: graphics I, 32 bytes (foreground high, background
    low) for the patterns in groups of 8; graphics II, a byte per pattern row
    (drawn as pairs: foreground, background); and the 16 colours."""

    name = "colours"
    title = "Colour table"

    def data(self, **options: Any) -> dict[str, Any]:
        self.settings(options)
        vdp, layout = self.vdp, Layout(self.vdp)
        vram = vdp.vram
        if layout.text or layout.multicolour:  # the colours are R7's (text) or the patterns'
            return {"pictures": [], "items": [], "mode": layout.mode, "table": None}
        groups = 0 if layout.graphics2 else 32  # (graphics II: 6,144 bytes, the picture's)
        entries = []
        for g in range(groups):
            at = (layout.colours + g) & 0x3FFF
            value = vram[at]
            entries.append(item("vram", at, group=g, value=value, rgb=PALETTE[value >> 4] or None,
                                patterns=f">{g * 8:02X}->{g * 8 + 7:02X}",
                                foreground=COLOUR_NAMES[value >> 4],
                                background=COLOUR_NAMES[value & 15]))
        if layout.graphics2:
            width, height, cell = 256 * 2, 24, (2, 1)
            pixels = bytearray(width * height)
            for index in range(768):
                for r in range(8):
                    value = vram[layout.colour_addr(index, r) & 0x3FFF]
                    at = ((index >> 8) * 8 + r) * width + (index & 0xFF) * 2
                    pixels[at:at + 2] = bytes([value >> 4, value & 15])
        else:  # 32 groups, 8 to a row: foreground left, background right
            width, height, cell = 8 * 16, 4 * 16, (16, 16)
            pixels = bytearray(width * height)
            for group in range(32):
                value = vram[(layout.colours + group) & 0x3FFF]
                x0, y0 = (group & 7) * 16, (group >> 3) * 16
                for r in range(16):
                    at = (y0 + r) * width + x0
                    pixels[at:at + 16] = bytes([value >> 4] * 8 + [value & 15] * 8)
        return {"pictures": [Picture("colours", width, height, pixels, self.colours(),
                                     grid=cell).to_json()],
                "items": entries, "mode": layout.mode, "table": layout.colours}

    def at(self, picture: str, x: int, y: int, **options: Any) -> Hit | None:
        layout = Layout(self.vdp)
        if layout.graphics2:
            if not (0 <= x < 512 and 0 <= y < 24):
                return None
            index, row = (y >> 3) * 256 + (x >> 1), y & 7
            addr = layout.colour_addr(index, row) & 0x3FFF
            what = f"pattern >{index & 0xFF:02X} (bank {index >> 8}) row {row}"
        else:
            if not (0 <= x < 128 and 0 <= y < 64):
                return None
            group = (y >> 4) * 8 + (x >> 4)
            addr = (layout.colours + group) & 0x3FFF
            what = f"patterns >{group * 8:02X}->{group * 8 + 7:02X}"
        value = self.vdp.vram[addr]
        return Hit("vram", addr, f">{addr:04X}, {what}: >{value:02X}, foreground {value >> 4} "
                                 f"({COLOUR_NAMES[value >> 4]}), background {value & 15} "
                                 f"({COLOUR_NAMES[value & 15]})")


class Sprites(VdpViewer):
    """The sprite attribute table (Y, X, name, early clock and colour) up to
    the >D0 that ends it, each sprite on the picture, and the sprite patterns."""

    name = "sprites"
    title = "Sprites"

    def entries(self) -> list[dict[str, Any]]:
        vdp = self.vdp
        vram, base = vdp.vram, vdp.sprite_attributes
        out = []
        ended = False
        for n in range(32):
            at = (base + 4 * n) & 0x3FFF
            y, x, name, flags = (vram[(at + i) & 0x3FFF] for i in range(4))
            ended = ended or y == 0xD0
            out.append(item("vram", at, index=n, y=y, x=x, name=name, colour=flags & 15,
                            early_clock=bool(flags & 0x80), shown=not ended,
                            ends_list=y == 0xD0,
                            top=(y + 1) if y < 0xE0 else (y + 1 - 256),
                            left=x - 32 if flags & 0x80 else x))
        return out

    def data(self, **options: Any) -> dict[str, Any]:
        self.settings(options)
        vdp = self.vdp
        vram = vdp.vram
        size = 16 if vdp.regs[1] & R1_SIZE else 8
        mag = 2 if vdp.regs[1] & R1_MAG else 1
        span = size * mag
        screen = bytearray([TRANSPARENT]) * (256 * 192)
        boxes = []
        entries = self.entries()
        for e in reversed(entries):
            if not e["shown"]:
                continue
            name = e["name"] & 0xFC if size == 16 else e["name"]
            pat = vdp.sprite_patterns + name * 8
            for row in range(span):
                line = e["top"] + row
                if not 0 <= line < 192:
                    continue
                r = row // mag
                bits = vram[(pat + r) & 0x3FFF] << 8
                if size == 16:
                    bits |= vram[(pat + 16 + r) & 0x3FFF]
                for col in range(span):
                    px = e["left"] + col
                    if 0 <= px < 256 and bits & (0x8000 >> (col // mag)) and e["colour"]:
                        screen[line * 256 + px] = e["colour"]
            if e["top"] < 192 and e["left"] < 256:
                boxes.append((e["left"], e["top"], span, span, str(e["index"])))
        # The sprite pattern table: 256 patterns of 8 x 8, 16 to a row, white on nothing.
        table = bytearray([TRANSPARENT]) * (128 * 128)
        for index in range(256):
            for r in range(8):
                bits = vram[(vdp.sprite_patterns + index * 8 + r) & 0x3FFF]
                at = ((index >> 4) * 8 + r) * 128 + (index & 15) * 8
                table[at:at + 8] = _rows(15, TRANSPARENT, 8)[bits]
        colours = self.colours()
        return {"pictures": [Picture("screen", 256, 192, screen, colours, boxes).to_json(),
                             Picture("patterns", 128, 128, table, colours,
                                     grid=(16, 16) if size == 16 else (8, 8)).to_json()],
                "items": entries, "size": f"{size}x{size}", "magnified": mag == 2}

    def at(self, picture: str, x: int, y: int, **options: Any) -> Hit | None:
        vdp = self.vdp
        if picture == "patterns":
            if not (0 <= x < 128 and 0 <= y < 128):
                return None
            index = (y >> 3) * 16 + (x >> 3)
            addr = (vdp.sprite_patterns + index * 8) & 0x3FFF
            return Hit("vram", addr, f"sprite pattern >{index:02X} at >{addr:04X}: "
                                     f"{hex_bytes(vdp.vram[addr:addr + 8])}")
        size = (16 if vdp.regs[1] & R1_SIZE else 8) * (2 if vdp.regs[1] & R1_MAG else 1)
        for e in self.entries():
            if e["shown"] and 0 <= x - e["left"] < size and 0 <= y - e["top"] < size:
                return Hit("vram", e["addr"], f"sprite {e['index']} at >{e['addr']:04X}: "
                                              f"y {e['y']}, x {e['x']}, name >{e['name']:02X},"
                                              f" colour {e['colour']}"
                                              f"{', early clock' if e['early_clock'] else ''}")
        return None
