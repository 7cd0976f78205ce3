"""The home-screen icons (PNG, the sizes a web app manifest asks for), drawn
from static/icon.svg, the one source: a pixel-art picture of filled
rectangles on a 16x16 view box, scaled by whole pixels.

A maskable icon keeps its picture inside the middle 80 % (the safe zone a
launcher's mask leaves whole), on the background colour.
"""

from __future__ import annotations

import re
import struct
import zlib
from pathlib import Path

from .paths import STATIC

ICON_SVG = STATIC / "icon.svg"
VIEW = 16  # the SVG's view box, square
_RECT = re.compile(r"<rect\b([^>]*)/?>")
_ATTR = re.compile(r'([\w-]+)="([^"]*)"')


def rectangles(svg: str) -> list[tuple[int, int, int, int, tuple[int, int, int]]]:
    """(x, y, width, height, rgb) of each <rect>, in drawing order."""
    found = []
    for match in _RECT.finditer(svg):
        attrs = dict(_ATTR.findall(match.group(1)))
        fill = attrs["fill"].lstrip("#")
        if len(fill) != 6:
            raise ValueError(f"icon.svg: fill {attrs['fill']!r} is not #rrggbb")
        found.append((int(attrs.get("x", 0)), int(attrs.get("y", 0)), int(attrs["width"]),
                      int(attrs["height"]), tuple(bytes.fromhex(fill))))
    if not found:
        raise ValueError("icon.svg has no rectangles")
    return found


def _png(width: int, rows: list[bytes]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, len(rows), 8, 2, 0, 0, 0)  # 8-bit RGB
    raw = b"".join(b"\0" + row for row in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def render(svg: str, size: int, maskable: bool = False) -> bytes:
    """The icon as a size x size PNG."""
    rects = rectangles(svg)
    background = rects[0][4]  # the first rectangle is the whole background
    inner = size * 4 // 5 if maskable else size
    scale = inner // VIEW
    offset = (size - scale * VIEW) // 2
    pixels = [[background] * size for _ in range(size)]
    for x, y, w, h, rgb in rects:
        for row in range(offset + y * scale, offset + (y + h) * scale):
            pixels[row][offset + x * scale:offset + (x + w) * scale] = [rgb] * (w * scale)
    return _png(size, [bytes(c for px in row for c in px) for row in pixels])


def home_screen_icons(svg_path: Path = ICON_SVG) -> dict[str, bytes]:
    """static/<name> -> PNG bytes, for the web app manifest."""
    svg = svg_path.read_text()
    return {"static/icon-192.png": render(svg, 192),
            "static/icon-512.png": render(svg, 512),
            "static/icon-maskable-512.png": render(svg, 512, maskable=True)}
