"""Write frames of palette indices as an animated GIF (stdlib only).

A machine's framebuffer holds indices into its 256-entry palette, which is
exactly a GIF's colour table, so a frame goes in as it is: no quantising.
Each frame after the first is stored as the rectangle that changed since the
one before, drawn over it (disposal 1, "leave in place"), so a game whose
screen is mostly still makes a small file. The LZW coder follows giflib's
(the code width grows once the next code to be made no longer fits, a clear
code when 4,095 codes are made).
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from pathlib import Path
from typing import BinaryIO

MAX_CODE = 4095
COLOURS = 256


def _colour_table(palette: Sequence[int]) -> bytes:
    colours = list(palette[:COLOURS]) + [0] * (COLOURS - len(palette[:COLOURS]))
    return b"".join(bytes(((c >> 16) & 255, (c >> 8) & 255, c & 255)) for c in colours)


def lzw(pixels: bytes | bytearray, min_code_size: int = 8) -> bytes:
    """The GIF LZW code stream of `pixels` (each below 2**min_code_size)."""
    clear = 1 << min_code_size
    end = clear + 1
    out = bytearray()
    acc = 0  # bits not yet written, lowest first
    nbits = 0
    bits = min_code_size + 1
    next_code = end + 1
    table: dict[int, int] = {}

    def emit(code: int) -> None:
        nonlocal acc, nbits, bits
        acc |= code << nbits
        nbits += bits
        while nbits >= 8:
            out.append(acc & 255)
            acc >>= 8
            nbits -= 8
        if next_code >= 1 << bits and bits < 12:
            bits += 1

    emit(clear)
    if not pixels:
        emit(end)
        return bytes(out + (bytes([acc]) if nbits else b""))
    w = pixels[0]
    get = table.get
    for c in pixels[1:]:
        key = (w << 8) | c
        code = get(key)
        if code is not None:
            w = code
            continue
        emit(w)
        if next_code >= MAX_CODE:
            emit(clear)
            table.clear()
            next_code = end + 1
            bits = min_code_size + 1
        else:
            table[key] = next_code
            next_code += 1
        w = c
    emit(w)
    emit(end)
    if nbits:
        out.append(acc & 255)
    return bytes(out)


def _sub_blocks(data: bytes) -> bytes:
    return b"".join(bytes([len(data[i:i + 255])]) + data[i:i + 255]
                    for i in range(0, len(data), 255)) + b"\0"


def changed_box(before: bytes, after: bytes, width: int,
                height: int) -> tuple[int, int, int, int] | None:
    """(x, y, w, h) of the pixels that differ, or None when none does."""
    rows = [y for y in range(height)
            if before[y * width:(y + 1) * width] != after[y * width:(y + 1) * width]]
    if not rows:
        return None
    top, bottom = rows[0], rows[-1]
    left, right = width, -1
    for y in rows:
        a, b = before[y * width:(y + 1) * width], after[y * width:(y + 1) * width]
        lo = next(x for x in range(width) if a[x] != b[x])
        hi = next(x for x in range(width - 1, -1, -1) if a[x] != b[x])
        left, right = min(left, lo), max(right, hi)
    return left, top, right - left + 1, bottom - top + 1


class GifWriter:
    """An animated GIF written frame by frame: `add(pixels, delay_cs)`, `close()`."""

    def __init__(self, out: str | Path | BinaryIO, width: int, height: int,
                 palette: Sequence[int], loop: bool = True) -> None:
        if not (0 < width < 65536 and 0 < height < 65536):
            raise ValueError(f"a GIF cannot be {width}x{height}")
        self._own = not hasattr(out, "write")  # a path: ours to open and close
        self._file: BinaryIO = open(out, "wb") if self._own else out  # type: ignore
        self.width, self.height = width, height
        self.palette = _colour_table(palette)
        self.frames = 0
        self._last: bytes | None = None
        self._pending: tuple[tuple[int, int, int, int], bytes, bytes | None] | None = None
        self._pending_delay = 0
        f = self._file
        # Header, screen (global table of 256 colours), looping forever.
        f.write(b"GIF89a" + struct.pack("<HHBBB", width, height, 0xF7, 0, 0) + self.palette)
        if loop:
            f.write(b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00")

    def add(self, pixels: bytes | bytearray, delay_cs: int,
            palette: Sequence[int] | None = None) -> None:
        """One frame shown for `delay_cs` hundredths of a second. A frame the
        same as the one before only lengthens that one's time."""
        pixels = bytes(pixels)
        if len(pixels) != self.width * self.height:
            raise ValueError(f"{len(pixels)} pixels do not make {self.width}x{self.height}")
        table = _colour_table(palette) if palette is not None else None
        local = table if table is not None and table != self.palette else None
        if self._last is not None and self._pending is not None and local == self._pending[2] \
                and pixels == self._last:
            self._pending_delay += delay_cs
            return
        box = (0, 0, self.width, self.height)
        if self._last is not None and local is None and self._pending is not None \
                and self._pending[2] is None:
            box = changed_box(self._last, pixels, self.width, self.height) or box
        self._flush()
        x, y, w, h = box
        part = pixels if box == (0, 0, self.width, self.height) else b"".join(
            pixels[(y + r) * self.width + x:(y + r) * self.width + x + w] for r in range(h))
        self._pending, self._pending_delay = (box, part, local), delay_cs
        self._last = pixels

    def _flush(self) -> None:
        if self._pending is None:
            return
        (x, y, w, h), part, local = self._pending
        delay = max(0, min(0xFFFF, self._pending_delay))
        f = self._file
        f.write(b"\x21\xf9\x04" + struct.pack("<BHBB", 1 << 2, delay, 0, 0))  # leave in place
        f.write(b"\x2c" + struct.pack("<HHHHB", x, y, w, h, 0x87 if local else 0))
        if local:
            f.write(local)
        f.write(b"\x08" + _sub_blocks(lzw(part, 8)))
        self.frames += 1
        self._pending = None

    def close(self) -> None:
        self._flush()
        self._file.write(b"\x3b")
        if self._own:
            self._file.close()

    def __enter__(self) -> GifWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
