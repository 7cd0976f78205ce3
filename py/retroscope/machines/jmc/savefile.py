"""JMC's save file, as the 6502's load_save writes it through OSGBPB (the
header and checksum the article wished for), and the same checks in Python so
an uploaded file gets a clear message before the 6502 sees it. Format 2:

  offset size
  0      4  "JMC" $1A
  4      1  format version (2)
  5     32  the zero-page state $50-$6F (Z_turn, Z_bridges, Z_mode, ... Z_phase,
            seed, the last move, the setup's seed, Z_moved, Z_set_up, ...)
  37   208  the board arrays $0400-$04CF (pieces, types, quantities, bridge
            tables, marks)
  245   96  what the computer has inferred ($0780-$07DF): for each enemy piece,
            by its ID with the computer at the bottom, a 16-bit set of the types
            it may still be (bit t: type t), low bytes for IDs 0-47 then high
            bytes; $FFFF = nothing known
  341    2  checksum: s1 = the sum of the 336 bytes from offset 5, s2 = the sum
            of the running s1 after each byte (both mod 256)

Format 1 (before the inferences were kept: 240 bytes of state, 247 in all)
still loads: `upgrade` turns it into format 2 with nothing inferred.
"""

from __future__ import annotations

MAGIC = b"JMC\x1a"
VERSION = 2
ZP, BOARDS, KNOW = 0x20, 0xD0, 96
STATE = ZP + BOARDS + KNOW
SIZE = 5 + STATE + 2
V1_STATE = ZP + BOARDS
V1_SIZE = 5 + V1_STATE + 2
MAX_TEXT = 4096


class SaveFileError(ValueError):
    """A file that is not a JMC save, or a damaged one."""


def checksum(data: bytes) -> bytes:
    s1 = s2 = 0
    for value in data:
        s1 = (s1 + value) & 0xFF
        s2 = (s2 + s1) & 0xFF
    return bytes([s1, s2])


def make(state: bytes) -> bytes:
    """A save file around 336 bytes of state (as the 6502 writes it)."""
    if len(state) != STATE:
        raise SaveFileError(f"a saved game holds {STATE} bytes of state, not {len(state)}")
    return MAGIC + bytes([VERSION]) + state + checksum(state)


def upgrade(data: bytes) -> bytes:
    """A good format 1 file as format 2 (the computer knows nothing yet)."""
    state = data[5:5 + V1_STATE]
    if len(data) != V1_SIZE or checksum(state) != data[5 + V1_STATE:]:
        raise SaveFileError("this saved game (format 1) is damaged or cut short")
    return make(state + b"\xff" * KNOW)


def check(data: bytes) -> bytes:
    """The file (format 2) if it is a good JMC save, else SaveFileError saying
    what is wrong."""
    if len(data) < 5 or data[:4] != MAGIC:
        raise SaveFileError("this is not a JMC saved game (no JMC header)")
    if data[4] == 1:
        data = upgrade(data)
    if data[4] != VERSION:
        raise SaveFileError(f"this saved game is format {data[4]}; this JMC reads formats "
                            f"1 and {VERSION}")
    if len(data) != SIZE:
        raise SaveFileError("this saved game is cut short or has extra bytes")
    state = data[5:5 + STATE]
    if checksum(state) != data[5 + STATE:]:
        raise SaveFileError("this saved game is damaged (its checksum does not match)")
    check_state(state)
    return data


def check_state(state: bytes) -> None:
    """The board arrays must make sense before the 6502 takes them."""
    from . import model

    zp, ws = state[:ZP], state[ZP:ZP + BOARDS]
    if zp[1] not in (2, 4) or zp[2] > 2 or zp[0] > 1:
        raise SaveFileError("this saved game's settings are out of range")
    for p, pid in enumerate(ws[:48]):
        if pid != 0xFF and (pid >= 48 or not model.valid(pid) or not model.valid(p)):
            raise SaveFileError("this saved game's board is not a JMC board")
    if any(t > 15 for t in ws[48:96]):
        raise SaveFileError("this saved game has unknown piece types")


def inferred(state: bytes) -> dict[int, int]:
    """The inferences in a file's state: enemy ID -> set of types (as a mask),
    only for pieces the computer knows something about."""
    know = state[ZP + BOARDS:]
    masks = {pid: know[pid] | know[48 + pid] << 8 for pid in range(48)}
    return {pid: mask for pid, mask in masks.items() if mask != 0xFFFF}


def from_hex(text: object) -> bytes:
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise SaveFileError("a saved game must be given as hex text")
    try:
        return bytes.fromhex(text)
    except ValueError:
        raise SaveFileError("a saved game must be given as hex text") from None
