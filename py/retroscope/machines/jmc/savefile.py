"""JMC's save file as the page keeps and downloads it: a header and a checksum
around what the 6502's load_save writes through OSGBPB (the zero-page state,
then the board arrays), the header and checksum the article wished for.

  0  4  magic "JMC" + $1A
  4  1  format version (1)
  5  2  payload length, little endian
  7  n  payload: $50-$6F (32 bytes) then $0400-$04CF (208 bytes)
  7+n 2 CRC-16/CCITT (initial $FFFF) of the payload, little endian
"""

from __future__ import annotations

from binascii import crc_hqx

MAGIC = b"JMC\x1a"
VERSION = 1
PAYLOAD = 0x20 + 0xD0
MAX_TEXT = 4096


class SaveFileError(ValueError):
    """A file that is not a JMC save, or a damaged one."""


def checksum(data: bytes) -> int:
    return crc_hqx(data, 0xFFFF)


def wrap(payload: bytes) -> bytes:
    if len(payload) != PAYLOAD:
        raise SaveFileError(f"a saved game is {PAYLOAD} bytes, not {len(payload)}")
    return (MAGIC + bytes([VERSION]) + len(payload).to_bytes(2, "little") + payload
            + checksum(payload).to_bytes(2, "little"))


def unwrap(data: bytes) -> bytes:
    """The payload of a save file, or SaveFileError saying what is wrong."""
    if len(data) < 9 or data[:4] != MAGIC:
        raise SaveFileError("this is not a JMC saved game (no JMC header)")
    if data[4] != VERSION:
        raise SaveFileError(f"this saved game is format {data[4]}; this JMC reads format "
                            f"{VERSION}")
    size = int.from_bytes(data[5:7], "little")
    if size != PAYLOAD or len(data) != 7 + size + 2:
        raise SaveFileError("this saved game is cut short or has extra bytes")
    payload = data[7:7 + size]
    if checksum(payload) != int.from_bytes(data[7 + size:], "little"):
        raise SaveFileError("this saved game is damaged (its checksum does not match)")
    check_payload(payload)
    return payload


def check_payload(payload: bytes) -> None:
    """The board arrays must make sense before the 6502 takes them."""
    from . import model

    zp, ws = payload[:0x20], payload[0x20:]
    if zp[1] not in (2, 4) or zp[2] > 2 or zp[0] > 1:
        raise SaveFileError("this saved game's settings are out of range")
    pieces = ws[:48]
    for p in range(48):
        pid = pieces[p]
        if pid != 0xFF and (pid >= 48 or not model.valid(pid) or not model.valid(p)):
            raise SaveFileError("this saved game's board is not a JMC board")
    if any(t > 15 for t in ws[48:96]):
        raise SaveFileError("this saved game has unknown piece types")


def from_hex(text: object) -> bytes:
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise SaveFileError("a saved game must be given as hex text")
    try:
        return bytes.fromhex(text)
    except ValueError:
        raise SaveFileError("a saved game must be given as hex text") from None
