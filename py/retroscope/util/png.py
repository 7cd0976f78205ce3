"""Write a framebuffer of palette indices as an RGB PNG (stdlib zlib only)."""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence
from pathlib import Path


def _chunk(kind: bytes, data: bytes) -> bytes:
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def png_bytes(width: int, height: int, pixels: bytes | bytearray,
              palette: Sequence[int]) -> bytes:
    """`pixels` are indices into `palette` (0xRRGGBB), row by row."""
    if len(pixels) != width * height:
        raise ValueError(f"{len(pixels)} pixels do not make {width}x{height}")
    lut = [bytes(((c >> 16) & 255, (c >> 8) & 255, c & 255)) for c in palette]
    rows = bytearray()
    for y in range(height):
        rows.append(0)  # filter: none
        rows += b"".join(lut[p] for p in pixels[y * width:(y + 1) * width])
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header)
            + _chunk(b"IDAT", zlib.compress(bytes(rows), 6)) + _chunk(b"IEND", b""))


def write_png(path: str | Path, width: int, height: int, pixels: bytes | bytearray,
              palette: Sequence[int]) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(png_bytes(width, height, pixels, palette))
    return path
