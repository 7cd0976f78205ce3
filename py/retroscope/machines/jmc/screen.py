"""Drawing JMC's screens into the BBC Micro's MODE 2 screen memory ($3000-$7FFF).

We draw on a canvas of logical colours (160 x 256, one byte a pixel) and
encode it into MODE 2's layout at once: 8-byte character cells, 80 to a
640-byte row, a byte's left pixel in bits 7/5/3/1 and its right in 6/4/2/0
(BBC Micro Advanced User Guide, screen layout). The video ULA and CRTC then
show it like any other screen memory.
"""

from __future__ import annotations

from functools import lru_cache

from .art import glyph, icon

W, H = 160, 256
SCREEN = 0x3000

# logical colours (program.PALETTE maps them to physical ones)
BLACK, OURS, THEIRS, YELLOW, WHITE, GREEN, CYAN, DARK, MAGENTA = 0, 1, 2, 3, 4, 5, 6, 7, 9


def _spread(c: int) -> int:
    """A 4-bit colour into bits 7/5/3/1 (the left pixel of a byte)."""
    return (c >> 3 & 1) << 7 | (c >> 2 & 1) << 5 | (c >> 1 & 1) << 3 | (c & 1) << 1


_ENCODE = bytes(_spread(v >> 4) | _spread(v & 15) >> 1 for v in range(256))
_SHIFT4 = bytes((v & 15) << 4 for v in range(256))


class Canvas:
    def __init__(self) -> None:
        self.px = bytearray(W * H)

    def clear(self, colour: int = BLACK) -> None:
        self.px[:] = bytes([colour]) * (W * H)

    def rect(self, x: int, y: int, w: int, h: int, colour: int) -> None:
        x0, x1 = max(0, x), min(W, x + w)
        if x1 <= x0:
            return
        row = bytes([colour]) * (x1 - x0)
        for yy in range(max(0, y), min(H, y + h)):
            self.px[yy * W + x0: yy * W + x1] = row

    def frame(self, x: int, y: int, w: int, h: int, colour: int) -> None:
        self.rect(x, y, w, 1, colour)
        self.rect(x, y + h - 1, w, 1, colour)
        self.rect(x, y, 1, h, colour)
        self.rect(x + w - 1, y, 1, h, colour)

    def spans(self, x: int, y: int, runs: tuple[tuple[int, int, int], ...], colour: int,
              sy: int = 2) -> None:
        """Draw a bitmap given as runs (row, first column, length), sy rows a row."""
        px = self.px
        for r, c, n in runs:
            x0 = x + c
            if x0 < 0 or x0 + n > W:
                continue
            fill = bytes([colour]) * n
            for yy in range(y + r * sy, y + r * sy + sy):
                if 0 <= yy < H:
                    px[yy * W + x0: yy * W + x0 + n] = fill

    def text(self, x: int, y: int, s: str, colour: int = WHITE) -> int:
        """3x5 glyphs at twice the height, 4 pixels apart; returns the end x."""
        for ch in s:
            self.spans(x, y, _glyph_runs(ch), colour)
            x += 4
        return x

    def icon(self, x: int, y: int, kind: int, colour: int) -> None:
        self.spans(x, y, _icon_runs(kind), colour)

    def encode_into(self, ram: bytearray) -> None:
        """Write the canvas to MODE 2 screen memory."""
        px = self.px
        for y in range(H):
            row = px[y * W:(y + 1) * W]
            left = int.from_bytes(row[0::2].translate(_SHIFT4), "big")
            right = int.from_bytes(row[1::2], "big")
            data = (left | right).to_bytes(W // 2, "big").translate(_ENCODE)
            start = SCREEN + (y >> 3) * 640 + (y & 7)
            ram[start:start + 640:8] = data


def _runs(rows: list[list[int]]) -> tuple[tuple[int, int, int], ...]:
    out = []
    for r, row in enumerate(rows):
        c = 0
        while c < len(row):
            if row[c]:
                start = c
                while c < len(row) and row[c]:
                    c += 1
                out.append((r, start, c - start))
            else:
                c += 1
    return tuple(out)


@lru_cache(maxsize=128)
def _glyph_runs(ch: str) -> tuple[tuple[int, int, int], ...]:
    return _runs(glyph(ch))


@lru_cache(maxsize=16)
def _icon_runs(kind: int) -> tuple[tuple[int, int, int], ...]:
    return _runs(icon(kind))
