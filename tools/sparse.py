"""The memory snapshot as the page downloads it: its zero pages left out.

Most of a Pyodide heap is zero (tools/snapshot.mjs zeroes its free memory), so
the snapshot ships as a header, a bitmap of its 1 KiB pages and only the pages
that are not all zero; web/sparse_snapshot.js puts them in place as they
arrive. Layout (little-endian):

    "RSPS"  u32 version (1)  u32 page size  u32 length of the snapshot
    bitmap: one bit a page (page k: byte k >> 3, bit k & 7), set = sent
    the pages sent, in order, each a whole page (the last one zero-padded)
"""

from __future__ import annotations

import struct

MAGIC = b"RSPS"
VERSION = 1
PAGE = 1024
HEADER = struct.Struct("<4sIII")


def pack(raw: bytes) -> bytes:
    """The sparse form of a snapshot."""
    pages = -(-len(raw) // PAGE)
    bitmap = bytearray(-(-pages // 8))
    kept = []
    view = memoryview(raw)
    zero = bytes(PAGE)
    for k in range(pages):
        page = view[k * PAGE:(k + 1) * PAGE]
        if page != zero[:len(page)]:
            bitmap[k >> 3] |= 1 << (k & 7)
            kept.append(bytes(page).ljust(PAGE, b"\0"))
    return HEADER.pack(MAGIC, VERSION, PAGE, len(raw)) + bytes(bitmap) + b"".join(kept)


def unpack(packed: bytes) -> bytes:
    """The snapshot a sparse form holds (the tests check pack against it)."""
    magic, version, page, length = HEADER.unpack_from(packed)
    if magic != MAGIC or version != VERSION:
        raise ValueError("not a sparse snapshot (version 1)")
    pages = -(-length // page)
    at = HEADER.size + -(-pages // 8)
    raw = bytearray(pages * page)
    for k in range(pages):
        if packed[HEADER.size + (k >> 3)] >> (k & 7) & 1:
            raw[k * page:(k + 1) * page] = packed[at:at + page]
            at += page
    if at != len(packed):
        raise ValueError("a sparse snapshot with bytes left over")
    return bytes(raw[:length])


def length(packed_head: bytes) -> int:
    """The snapshot's own length, from the start of its sparse form."""
    magic, version, _, size = HEADER.unpack_from(packed_head)
    if magic != MAGIC or version != VERSION:
        raise ValueError("not a sparse snapshot (version 1)")
    return size
