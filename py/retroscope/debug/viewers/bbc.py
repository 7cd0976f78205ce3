"""The BBC Micro's video in view: screen memory as the 6845 CRTC lays it out
(each character cell 8 bytes, one per scan line, rows of R1 cells from the
start address R12/R13 x 8, wrapping inside the 20 KiB screen), with where
the CPU last wrote into it; the CRTC's registers; the video ULA's control
register and palette.

Register names and meanings: BBC Micro Advanced User Guide, chapters 18
(the 6845) and 19 (the video ULA); the layout is machines/bbc/video.py's.
"""

from __future__ import annotations

from typing import Any

from ...machines.bbc.video import PHYSICAL_RGB, SCREEN_SIZE, SCREEN_TOP, Video
from . import Hit, Picture, Viewer, Watch, item

SCREEN_BOTTOM = SCREEN_TOP - SCREEN_SIZE
CRTC_NAMES = (
    "horizontal total", "characters displayed per row", "horizontal sync position",
    "sync widths", "vertical total", "vertical total adjust", "character rows displayed",
    "vertical sync position", "interlace and delay", "scan lines per row - 1",
    "cursor start line", "cursor end line", "screen start (high) / 8",
    "screen start (low) / 8", "cursor address (high)", "cursor address (low)",
    "light pen (high)", "light pen (low)",
)
PHYSICAL_NAMES = ("black", "red", "green", "yellow", "blue", "magenta", "cyan", "white")


def viewers(machine: Any) -> list[Viewer]:
    video = getattr(machine, "video", None)
    if not isinstance(video, Video):
        return []
    return [Screen(machine), Crtc(machine), UlaPalette(machine)]


class BbcViewer(Viewer):
    chip = "bbc"

    @property
    def video(self) -> Video:
        return self.machine.video


class Geometry:
    """The screen's layout as the CRTC registers set it now."""

    def __init__(self, video: Video) -> None:
        start = video.start
        self.start = start if SCREEN_BOTTOM <= start < SCREEN_TOP else SCREEN_BOTTOM
        self.columns = max(1, min(video.crtc[1], 80))
        self.lines = (video.crtc[9] & 0x1F) + 1
        self.rows = video.crtc[6]
        self.cell = 320 // self.columns  # framebuffer pixels per character cell

    def address(self, x: int, y: int) -> int | None:
        """The screen byte shown at framebuffer pixel (x, y)."""
        row, line, col = y // self.lines, y % self.lines, x // self.cell
        if row >= self.rows or col >= self.columns:
            return None
        return _wrap(self.start + (row * self.columns + col) * 8 + line)

    def place(self, addr: int) -> tuple[int, int] | None:
        """The character cell (x, y in framebuffer pixels) that shows `addr`."""
        if not SCREEN_BOTTOM <= addr < SCREEN_TOP:
            return None
        offset = (addr - self.start) % SCREEN_SIZE
        row, rest = divmod(offset, self.columns * 8)
        if row >= self.rows or rest % 8 >= self.lines:
            return None
        return (rest // 8) * self.cell, row * self.lines


def _wrap(addr: int) -> int:
    """Past $7FFF the 6845's addresses wrap back by the screen's size."""
    return addr - SCREEN_SIZE if addr >= SCREEN_TOP else addr


class Screen(BbcViewer):
    """Screen memory drawn as the CRTC and ULA lay it out now, a grid of
    its character cells, and a box on the cell the CPU last wrote into
    (seen while the viewer is open)."""

    name = "screen"
    title = "Screen memory"

    def __init__(self, machine: Any) -> None:
        super().__init__(machine)
        self.last: tuple[int, int, int, int] | None = None  # addr, value, pc, frame

    def watches(self) -> list[Watch]:
        return [(SCREEN_BOTTOM, SCREEN_TOP - 1, self._wrote)]

    def _wrote(self, addr: int, value: int) -> None:
        self.last = (addr, value, self.machine.cpu.pc, self.machine.frame)

    def closed(self) -> None:
        self.last = None

    def data(self, **options: Any) -> dict[str, Any]:
        self.settings(options)
        video = self.video
        # A picture of its own (drawing into the machine's framebuffer would
        # change what the machine shows, which is part of its state).
        copy = Video(video.ram)
        copy.restore(video.snapshot())
        copy.render()
        geo = Geometry(video)
        boxes = []
        last = None
        if self.last is not None:
            addr, value, pc, frame = self.last
            last = {"addr": addr, "value": value, "pc": pc, "frame": frame}
            place = geo.place(addr)
            if place is not None:
                boxes.append((*place, geo.cell, geo.lines, "last write"))
        palette = [*PHYSICAL_RGB]
        return {"pictures": [Picture("screen", 320, 256, copy.framebuffer, palette, boxes,
                                     grid=(geo.cell, geo.lines)).to_json()],
                "items": [item("cpu", geo.start, name="screen start", value=geo.start)],
                "start": geo.start, "columns": geo.columns, "rows": geo.rows,
                "lines_per_row": geo.lines, "bytes_per_row": geo.columns * 8,
                "last_write": last}

    def at(self, picture: str, x: int, y: int, **options: Any) -> Hit | None:
        if not (0 <= x < 320 and 0 <= y < 256):
            return None
        geo = Geometry(self.video)
        addr = geo.address(x, y)
        if addr is None:
            return None
        cell = (addr - geo.start) % SCREEN_SIZE // 8
        return Hit("cpu", addr, f"${addr:04X} = ${self.video.ram[addr]:02X}: cell "
                                f"{cell % geo.columns} of row {cell // geo.columns}, scan "
                                f"line {y % geo.lines}")


class Crtc(BbcViewer):
    """The 6845's 18 registers (written through $FE00 index / $FE01 data)."""

    name = "crtc"
    title = "CRTC registers"

    def data(self, **options: Any) -> dict[str, Any]:
        self.settings(options)
        crtc = self.video.crtc
        rows = [item("cpu", 0xFE01, name=f"R{n}", value=crtc[n], meaning=CRTC_NAMES[n])
                for n in range(18)]
        geo = Geometry(self.video)
        return {"pictures": [], "items": rows, "selected": self.video.crtc_index,
                "screen_start": geo.start}


class UlaPalette(BbcViewer):
    """The video ULA: its control register ($FE20) decoded and the 16
    logical colours' physical colours ($FE21 takes logical << 4 | physical
    EOR 7; physical 8-15 flash)."""

    name = "palette"
    title = "Video ULA and palette"

    def entries(self) -> list[dict[str, Any]]:
        video = self.video
        out = []
        for logical in range(16):
            raw = video.ula_palette[logical]
            physical = (raw & 7) ^ 7
            out.append(item("cpu", 0xFE21, index=logical, written=raw, physical=physical,
                            colour=PHYSICAL_NAMES[physical], rgb=PHYSICAL_RGB[physical],
                            flashing=bool(raw & 8)))
        return out

    def data(self, **options: Any) -> dict[str, Any]:
        self.settings(options)
        control = self.video.control
        entries = self.entries()
        pixels = bytearray(256 * 16)
        for e in entries:
            for r in range(16):
                at = r * 256 + e["index"] * 16
                pixels[at:at + 16] = bytes([e["physical"]]) * 16
        return {"pictures": [Picture("palette", 256, 16, pixels, list(PHYSICAL_RGB),
                                     grid=(16, 16)).to_json()],
                "items": entries,
                # AUG 19.2: bit 0 flash colour select, 1 teletext, 2-3 characters
                # per line, 4 the CRTC's clock (1: 2 MHz), 5-7 the cursor's segments.
                "control": {"value": control, "flash_colour": control & 1,
                            "teletext": bool(control & 2), "characters_per_line":
                            (10, 20, 40, 80)[control >> 2 & 3], "high_clock": bool(control & 16),
                            "cursor": control >> 5 & 7}}

    def at(self, picture: str, x: int, y: int, **options: Any) -> Hit | None:
        if not (0 <= x < 256 and 0 <= y < 16):
            return None
        e = self.entries()[x >> 4]
        return Hit("cpu", 0xFE21, f"logical {e['index']}: physical {e['physical']} "
                                  f"({e['colour']}{', flashing' if e['flashing'] else ''}), "
                                  f"written ${e['index'] << 4 | e['written']:02X} to $FE21")
