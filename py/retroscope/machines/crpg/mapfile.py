"""One map as text, for `#/crpg?map=...` links and map files.

Version 1: the character "1" then base64url (no padding) of
zlib(payload) + CRC-32(payload) (4 bytes, big-endian), where payload is

  version 1, width, height, x, y, edge, map type, map light, player light,
  mob count, then per mob: type, graphic, x, y; the name's length and its
  ASCII letters (at most 24); then width x height map bytes (bit 7 = lit).

A 32 x 32 map takes at most about 1,400 characters (incompressible bytes).
A map file holds the same text (or a whole link carrying it). Anything that
does not read back exactly raises MapFileError with what is wrong.
"""

from __future__ import annotations

import base64
import binascii
import zlib

from . import model
from .tiles import MOBS, by_code
from .world import WorldMap

VERSION = 1
MAX_TEXT = 12_000          # a 64 x 64 map of noise fits with room to spare
MAX_PAYLOAD = 10 + 4 * model.MAX_MOBS + 25 + model.MAP_BYTES
NAME_LEN = 24
NAME_CHARS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 -.,':")


class MapFileError(ValueError):
    """A map link or file that cannot be used (the message says why)."""


def encode(wm: WorldMap) -> str:
    sc = wm.scene
    problems = model.check(sc)
    if problems:
        raise MapFileError("; ".join(problems))
    name = "".join(ch for ch in wm.name if ch in NAME_CHARS)[:NAME_LEN]
    out = bytearray([VERSION, sc.width, sc.height, sc.x, sc.y, sc.edge, sc.kind,
                     sc.map_light, sc.player_light, len(sc.mobs)])
    for kind, gfx, x, y in sc.mobs:
        out += bytes((kind, gfx, x, y))
    out.append(len(name))
    out += name.encode("ascii")
    out += sc.tiles
    packed = zlib.compress(bytes(out), 9) + zlib.crc32(out).to_bytes(4, "big")
    return str(VERSION) + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(text: object, map_id: str = "shared") -> WorldMap:
    if not isinstance(text, str):
        raise MapFileError("a map is text")
    text = text.strip()
    if "map=" in text:  # a whole link or a file holding one
        text = text.split("map=", 1)[1].split("&", 1)[0]
    if not text:
        raise MapFileError("the map is empty")
    if len(text) > MAX_TEXT:
        raise MapFileError(f"the map is {len(text)} characters; at most {MAX_TEXT}")
    if text[0] != str(VERSION):
        raise MapFileError(f"map format {text[0]!r} is not one this version reads (1)")
    body = text[1:]
    try:
        packed = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise MapFileError("the map is not base64url text") from None
    if len(packed) < 5:
        raise MapFileError("the map is cut short")
    crc = int.from_bytes(packed[-4:], "big")
    try:
        inflater = zlib.decompressobj()
        payload = inflater.decompress(packed[:-4], MAX_PAYLOAD + 1)
    except zlib.error:
        raise MapFileError("the map's data is damaged (it does not unpack)") from None
    if len(payload) > MAX_PAYLOAD or inflater.unconsumed_tail:
        raise MapFileError("the map unpacks to more than any map can hold")
    if zlib.crc32(payload) != crc:
        raise MapFileError("the map's checksum does not match: it was changed or cut")
    return _parse(payload, map_id)


def _parse(data: bytes, map_id: str) -> WorldMap:
    if len(data) < 11 or data[0] != VERSION:
        raise MapFileError("the map's header is cut short")
    w, h, x, y, edge, kind, map_light, player_light, count = data[1:10]
    at = 10
    if count > model.MAX_MOBS:
        raise MapFileError(f"{count} mobs; at most {model.MAX_MOBS}")
    mobs = []
    gfx_ok = {m.code for m in MOBS}
    for _ in range(count):
        if at + 4 > len(data):
            raise MapFileError("the mob list is cut short")
        mk, mg, mx, my = data[at:at + 4]
        at += 4
        if mk not in (1, 2) or mg not in gfx_ok:
            raise MapFileError(f"mob {len(mobs)} has an unknown type or graphic")
        if not (mx < w and my < h):
            raise MapFileError(f"mob {len(mobs)} at ({mx},{my}) is off the map")
        mobs.append((mk, mg, mx, my))
    if at >= len(data):
        raise MapFileError("the name is missing")
    n = data[at]
    name_bytes = data[at + 1:at + 1 + n]
    at += 1 + n
    if n > NAME_LEN or len(name_bytes) != n or not set(name_bytes.decode("latin-1")) <= NAME_CHARS:
        raise MapFileError("the map's name is not up to 24 letters, digits and spaces")
    tiles = data[at:]
    sc = model.Scene(w, h, bytes(tiles), x, y, edge=edge, kind=kind, map_light=map_light,
                     player_light=player_light, mobs=mobs)
    if len(tiles) != w * h:
        raise MapFileError(f"the map has {len(tiles)} squares, not {w} x {h}")
    if edge not in (0, 1):
        raise MapFileError("the edge style is 0 (extend) or 1 (wrap)")
    if player_light > 15:
        raise MapFileError("the player's light is 0-15")
    problems = model.check(sc)
    if problems:
        raise MapFileError("; ".join(problems))
    known = by_code()
    bad = sorted({b & 0x7F for b in tiles} - set(known))
    if bad:
        raise MapFileError(f"unknown tile code {bad[0]}")
    return WorldMap(map_id, name_bytes.decode("ascii") or "Shared map", sc)
