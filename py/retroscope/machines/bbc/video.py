"""The BBC Micro's 6845 CRTC and video ULA, for the bitmap modes 1 and 2.

Facts (BBC Micro Advanced User Guide ch. 18-19; jsbeeb `video.js` as a
cross-check): the CRTC's address register is $FE00 and its data $FE01; R1 is
the characters displayed per row, R6 the character rows, R9 the scan lines
per row minus one, R12/R13 the screen start divided by 8. In the bitmap modes
each "character" is 8 bytes, one per scan line, so a scan line's bytes lie 8
apart. The ULA's control register $FE20 gives the characters per line in bits
2-3 (%01: 20 as in MODE 2, %10: 40 as in MODE 1); its palette register $FE21
takes (logical << 4) | (physical EOR 7). The ULA shifts each byte left one bit
per pixel and forms the palette index from bits 7, 5, 3 and 1, which gives
MODE 2's 2 pixels of 16 colours and MODE 1's 4 of 4 colours per byte.
Addresses past $7FFF wrap back by the screen size (20 KiB for these modes).

The picture is 640 dots wide; the framebuffer keeps one pixel per 2 dots
(320 x 256), so a MODE 2 pixel is 2 framebuffer pixels wide.
"""

from __future__ import annotations

from typing import Any

WIDTH, HEIGHT = 320, 256
SCREEN_TOP = 0x8000
SCREEN_SIZE = 0x5000  # MODE 0-2: 20 KiB at $3000

# Physical colours 0-7: black red green yellow blue magenta cyan white.
PHYSICAL_RGB = (0x000000, 0xE02020, 0x20C020, 0xF0E020, 0x2040F0, 0xD020D0,
                0x20D0E0, 0xFFFFFF)

# MODE 2's CRTC set-up (AUG's table): R1=80, R6=32, R9=7, start $3000/8.
MODE2_CRTC = {0: 127, 1: 80, 2: 98, 3: 0x28, 4: 38, 5: 0, 6: 32, 7: 34, 8: 0, 9: 7,
              12: 0x06, 13: 0x00}
MODE2_ULA = 0xF4
MODE1_ULA = 0xD8


def _index(byte: int, pixel: int) -> int:
    b = (byte << pixel) & 0xFF
    return (b >> 4 & 8) | (b >> 3 & 4) | (b >> 2 & 2) | (b >> 1 & 1)


class Video:
    """CRTC registers, ULA control and palette, and the picture built from RAM."""

    def __init__(self, ram: bytearray) -> None:
        self.ram = ram
        self.framebuffer = bytearray(WIDTH * HEIGHT)
        self.reset()

    def reset(self) -> None:
        self.crtc = [0] * 18
        self.crtc_index = 0
        self.control = 0
        self.ula_palette = [0] * 16   # as written: physical EOR 7 in bits 0-3
        self._shown: Any = None

    # -- registers ------------------------------------------------------------------
    def write_crtc(self, addr: int, value: int) -> None:
        if addr & 1 == 0:
            self.crtc_index = value & 0x1F
        elif self.crtc_index < 18:
            self.crtc[self.crtc_index] = value

    def read_crtc(self, addr: int) -> int:
        if addr & 1 and 12 <= self.crtc_index <= 17:  # R12-R17 read back (R14-17 on a real 6845)
            return self.crtc[self.crtc_index]
        return 0

    def write_ula(self, addr: int, value: int) -> None:
        if addr & 1 == 0:
            self.control = value
        else:
            self.ula_palette[value >> 4] = value & 0x0F

    def set_mode(self, ula_control: int) -> None:
        """Program the CRTC and ULA as the MOS does for MODE 2 (or 1)."""
        for reg, value in MODE2_CRTC.items():
            self.crtc[reg] = value
        self.control = ula_control

    def physical(self, logical: int) -> int:
        return (self.ula_palette[logical & 15] & 7) ^ 7

    # -- the picture ------------------------------------------------------------------
    @property
    def start(self) -> int:
        return ((self.crtc[12] & 0x3F) << 8 | self.crtc[13]) * 8

    def pixels_per_byte(self) -> int:
        return {0: 1, 1: 2, 2: 4, 3: 8}[self.control >> 2 & 3]

    def render(self) -> bool:
        """Rebuild the framebuffer if the screen, palette or set-up changed."""
        start = self.start
        if not 0x3000 <= start < SCREEN_TOP:
            start = 0x3000
        offset = start - (SCREEN_TOP - SCREEN_SIZE)
        screen = bytes(self.ram[SCREEN_TOP - SCREEN_SIZE:SCREEN_TOP])
        screen = screen[offset:] + screen[:offset]
        key = (screen, tuple(self.ula_palette), self.control, self.crtc[1], self.crtc[6],
               self.crtc[9])
        if key == self._shown:
            return False
        self._shown = key
        per_byte = min(4, max(2, self.pixels_per_byte()))
        tables = [bytes(self.physical(_index(b, p)) for b in range(256))
                  for p in range(per_byte)]
        columns = min(self.crtc[1], 80)
        lines_per_row = (self.crtc[9] & 0x1F) + 1
        rows = self.crtc[6]
        fb = self.framebuffer
        fb[:] = bytes(len(fb))
        repeat = 4 // per_byte
        y = 0
        for row in range(rows):
            base = row * columns * 8
            for line in range(lines_per_row):
                if y >= HEIGHT:
                    return True
                data = screen[base + line: base + line + columns * 8: 8]
                at = y * WIDTH
                for p in range(per_byte):
                    pixels = data.translate(tables[p])
                    for r in range(repeat):
                        first = at + p * repeat + r
                        fb[first: first + len(data) * 4: 4] = pixels
                y += 1
        return True

    # -- state ------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {"crtc": list(self.crtc), "crtc_index": self.crtc_index,
                "control": self.control, "palette": list(self.ula_palette)}

    def restore(self, snap: dict[str, Any]) -> None:
        self.crtc = list(snap["crtc"])
        self.crtc_index = snap["crtc_index"]
        self.control = snap["control"]
        self.ula_palette = list(snap["palette"])
        self._shown = None
