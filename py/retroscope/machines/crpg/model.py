"""The five-stage map processing of seed 000, in plain Python: the reference
that `mapprc.asm` is tested against.

It follows the listing's instructions where its comments or arithmetic say
otherwise (each such place is marked "instructions:"), and finishes the
slanted maps the article left "partially implemented but not tested" (see
`SLANTS`).

Inputs are the bytes the program reads (map buffer, mob records, the state
bytes, the tile flags); the result is the two 169-byte work windows and the
adjacency bytes STATE+10..+18 as the program leaves them.

Where the listing's comments and its instructions part ways (the
instructions are followed; tests/machines/test_crpg_mapprc.py runs the
listing itself on the core against this model for normal maps):

* STATE+5 "0, 1, or 2" indexes DIRY (1, 0, -1): type 1 is the normal map.
* BM15 "Check if Y is out of bounds" compares X; "S @X,R2 Subtract X
  (player Y coordinate)" subtracts X.
* The adjacency tests are commented "97" four times: they test 97, 83, 71
  and 85 (south, west, north, east).
* LGT1's SB/JGT is a signed byte test (see `light`).
* LOS15 "If not, goto LOS16" / "Otherwise, goto LOS11": a set high bit (an
  opaque tile) goes to LOS16; LOS18's "Check if R2 is -1 ... If so, goto
  LOS1" loops while R2 is above -1.
* Every square on a path that reaches the centre is marked traversed, even a
  dark one or one already decided dark (so those show).
* The LOS loop falls through into POSCLC when it ends; the final stage is
  printed apart (our code goes on to PCMEND).
* Mobs are placed without the edge wrap: a mob across a wrapped edge is not
  shown. MOV @STATE+6 reads the mob count as a word.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

SIZE = 13                 # the window is 13 x 13 squares
CENTRE = 6 * SIZE + 6     # 84: the player's square
CELLS = SIZE * SIZE       # 169
SPACE = 0x20              # dark / unseen
TRAVERSED = 0x01          # LOS: on a path that reached the centre
LIT = 0x80                # bit 7 of a map byte: the square is lit
PLAYER = 0xF7             # the player graphic put at the centre (B247)
NO_MOB = 0xFF
MAX_MOBS = 64
MOB_SIZE = 8              # record: +0 type (0 = none), +1 graphic, +2 X, +3 Y
MAP_BYTES = 0x1000        # 4,096 tiles at most (64 x 64)

# STATE+5 indexes DIRY (DATA 1,0,-1,0) as words: the listing's own table
# makes 1 the normal map and 0 / 2 the slants (its comment says "0, 1, or 2"
# and "-1, 0, or 1" without saying which is which; the table decides).
DIRY = (1, 0, -1, 0)
NORMAL = 1
SLANTS = {0: 1, 1: 0, 2: -1}  # map type -> slant s (columns per row)
# Finished slant: window square (r, c) shows the stored square
#   x = X - 6 + c + s * (r - 6),  y = Y - 6 + r
# so the player's row is unshifted and a mob at (mx, my) is at column
#   c = 6 + (mx - X) - s * (my - Y).
# The listing shifted row r by r * s (the centre row by 6 * s, away from the
# player) and mobs by s * my (an absolute row): the two disagreed, so slanted
# windows did not line up. Both now use the offset from the player's row.
# The one-step wrap of the listing covers a slanted window only when the map
# is at least SLANT_MIN_WIDTH wide (a row moves up to 12 columns).
SLANT_MIN_WIDTH = 12

# XDIFF: step towards the centre per coordinate, then distance from it.
XDIFF = (1, 1, 1, 1, 1, 1, 0, -1, -1, -1, -1, -1, -1,
         6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6)

# LIGHT: 169 nibbles, the light needed to see each window square (the
# listing's DATA words; nibble i is byte i >> 1, high nibble when i is even).
LIGHT_WORDS = (
    0x7777, 0x7666, 0x7777, 0x7777,
    0x6655, 0x5667, 0x7777, 0x6554,
    0x4455, 0x6777, 0x6554, 0x3334,
    0x5567, 0x7654, 0x3222, 0x3456,
    0x7654, 0x3221, 0x2234, 0x5665,
    0x4321, 0x0123, 0x4566, 0x5432,
    0x2122, 0x3456, 0x7654, 0x3222,
    0x3456, 0x7765, 0x5433, 0x3455,
    0x6777, 0x6554, 0x4455, 0x6777,
    0x7766, 0x5556, 0x6777, 0x7777,
    0x7666, 0x7777, 0x7000,
)
LIGHT_BYTES = b"".join(w.to_bytes(2, "big") for w in LIGHT_WORDS)


def light_need(i: int) -> int:
    """The LIGHT nibble of window square i."""
    b = LIGHT_BYTES[i >> 1]
    return (b >> 4) if i % 2 == 0 else (b & 15)


@dataclass
class Scene:
    """What MAPPRC reads: the map, the player, the mobs, the state bytes."""

    width: int                 # HWIDTH
    height: int                # VWIDTH
    tiles: bytes               # width * height map bytes (bit 7: lit)
    x: int
    y: int
    edge: int = 0              # STATE+4: 0 extend the edge, else wrap
    kind: int = NORMAL         # STATE+5: map type (0, 1 normal, 2)
    map_light: int = 0         # STATE+8: 0 = skip the light stage
    player_light: int = 0      # STATE+9
    mobs: list[tuple[int, int, int, int]] = field(default_factory=list)  # type, gfx, x, y
    mob_count: int | None = None  # STATE+6 (word); None: len(mobs)
    opaque: bytes = bytes(128)    # TILES: bit 7 set = blocks sight

    @property
    def slant(self) -> int:
        return SLANTS.get(self.kind, DIRY[self.kind] if self.kind < 4 else 0)


@dataclass
class Result:
    work: bytearray            # WORK: the window's tiles with mobs placed
    seen: bytearray            # WORK+169: the final window
    adjacent: bytearray        # STATE+10..+18


def _row(sc: Scene, r: int) -> int:
    """The stored row of window row r (Y is never more than one width out)."""
    v = sc.y - 6 + r
    if 0 <= v < sc.height:
        return v
    if sc.edge == 0:
        return 0 if v < 0 else sc.height - 1
    return v + sc.height if v < 0 else v - sc.height


def _column(sc: Scene, c: int) -> int:
    """The stored column of a window column (one wrap, as the listing)."""
    if 0 <= c < sc.width:
        return c
    if sc.edge == 0:
        return 0 if c < 0 else sc.width - 1
    return c + sc.width if c < 0 else c - sc.width


def extract(sc: Scene) -> tuple[bytearray, bytearray]:
    """Stage 1: the window (bit 7 set on every square) and its light bits."""
    work = bytearray(CELLS)
    light = bytearray(CELLS)
    s = sc.slant
    for r in range(SIZE):
        row = _row(sc, r)
        for c in range(SIZE):
            col = _column(sc, sc.x - 6 + c + s * (r - 6))
            tile = sc.tiles[row * sc.width + col]
            work[r * SIZE + c] = tile | LIT
            light[r * SIZE + c] = tile & LIT
    return work, light


def place_mobs(sc: Scene, work: bytearray) -> bytearray:
    """Stage 2: mobs onto the window, adjacency bytes STATE+10..+18."""
    adj = bytearray([NO_MOB] * 8 + [0])
    count = len(sc.mobs) if sc.mob_count is None else sc.mob_count
    s = sc.slant
    for number in range(count):
        kind, gfx, mx, my = sc.mobs[number]
        if kind == 0:
            continue
        dy = my - sc.y
        if abs(dy) > 6:
            continue
        dx = mx - sc.x - s * dy
        if abs(dx) > 6:
            continue
        index = CENTRE + SIZE * dy + dx
        # instructions: 97 south, 83 west, 71 north, 85 east (the comments
        # call three of them "97")
        slot = {97: 1, 83: 3, 71: 5, 85: 7}.get(index)
        if slot is not None:
            adj[slot] = number & 0xFF
        work[index] = gfx
    for slot, index in ((0, 97), (2, 83), (4, 71), (6, 85), (8, CENTRE)):
        adj[slot] = work[index]
    return adj


def light(sc: Scene, seen: bytearray) -> None:
    """Stage 3: squares within the player's light become lit.

    instructions: SB then JGT: a square is lit when need - light, as a
    signed byte, is not above zero (so 128 lights every square, and from
    136 on the difference wraps to a positive byte and nothing is lit)."""
    if sc.map_light == 0 or sc.player_light == 0:
        return
    for i in range(CELLS):
        left = (light_need(i) - sc.player_light) & 0xFF
        if left == 0 or left & 0x80:
            seen[i] = LIT


def _step(path: int, y: int, x: int) -> tuple[int, int]:
    if path == 1:  # POSCLC: diagonally, then straight
        return y + XDIFF[y], x + XDIFF[x]
    dy, dx = XDIFF[13 + y], XDIFF[13 + x]  # POSCL2: straight, then diagonally
    if dx == dy:
        return y + XDIFF[y], x + XDIFF[x]
    if dx < dy:
        return y + XDIFF[y], x
    return y, x + XDIFF[x]


def line_of_sight(sc: Scene, work: bytearray, seen: bytearray) -> None:
    """Stage 4: from the last square to the first, walk towards the centre by
    the first path, then the second; a square whose both paths meet an opaque
    tile goes dark. Every square on a path that arrives is marked traversed
    (even dark ones and ones already decided: the listing's order)."""
    for start in range(CELLS - 1, -1, -1):
        v = seen[start]
        if v == 0 or v == SPACE:
            seen[start] = SPACE
            continue
        if v == TRAVERSED:
            continue
        for path in (1, 2):
            y, x = divmod(start, SIZE)
            stack = [start]
            while True:
                y, x = _step(path, y, x)
                index = y * SIZE + x
                stack.append(index)
                if index == CENTRE:
                    for i in stack:
                        seen[i] = TRAVERSED
                    break
                if sc.opaque[work[index] & 0x7F] & 0x80:
                    index = -1
                    break
            if index == CENTRE:
                break
        else:
            seen[start] = SPACE


def finish(work: bytearray, seen: bytearray) -> None:
    """Stage 5: what is not dark shows its tile; the player at the centre."""
    for i in range(CELLS):
        if seen[i] != SPACE:
            seen[i] = work[i]
    seen[CENTRE] = PLAYER


def process(sc: Scene) -> Result:
    """MAPPRC: all five stages."""
    work, seen = extract(sc)
    adjacent = place_mobs(sc, work)
    light(sc, seen)
    line_of_sight(sc, work, seen)
    finish(work, seen)
    return Result(work, seen, adjacent)


def check(sc: Scene) -> list[str]:
    """What makes a scene one the program is defined for (empty: fine)."""
    problems = []
    if not (6 <= sc.width <= 255 and 6 <= sc.height <= 255
            and sc.width * sc.height <= MAP_BYTES):
        problems.append(f"a map is 6 to 64 squares a side and at most {MAP_BYTES} "
                        f"squares (not {sc.width} x {sc.height})")
    if len(sc.tiles) != sc.width * sc.height:
        problems.append("the map's bytes do not match its size")
    if not (0 <= sc.x < sc.width and 0 <= sc.y < sc.height):
        problems.append(f"the player ({sc.x},{sc.y}) is outside the map")
    if sc.kind not in SLANTS:
        problems.append(f"map type {sc.kind} is not 0 (slant), 1 (normal) or 2 (slant)")
    elif sc.kind != NORMAL and sc.width < SLANT_MIN_WIDTH:
        problems.append(f"a slanted map is at least {SLANT_MIN_WIDTH} squares wide")
    if len(sc.mobs) > MAX_MOBS:
        problems.append(f"at most {MAX_MOBS} mobs")
    return problems


def mob_bytes(mobs: Sequence[tuple[int, int, int, int]]) -> bytes:
    """MOBBUF records for (type, graphic, x, y) tuples."""
    out = bytearray()
    for kind, gfx, x, y in mobs:
        out += bytes((kind, gfx, x, y, 0, 0, 0, 0))
    return bytes(out)
