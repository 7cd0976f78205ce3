"""A pure-Python reference of the mechanics the article documents.

Each function takes `m`, the 2 KiB of CPU RAM (a bytearray, indexed by
address), and changes it as the 6502 routine at the same address must. Tests
run both over many random states and compare. Temporaries the routines leave
behind are part of the contract only where the article names them ($A8 of
the collision test).
"""

from __future__ import annotations

from ..nes.controller import BUTTON
from .tables import (
    COLOURS,
    FRAMES_PER_DROP,
    ORIENTATIONS,
    POINTS,
    ROTATION,
    ROW_OFFSETS,
    SPAWN_TABLE,
    TYPE_OF,
)

# Variables, where the article puts them.
RNG = 0x17  # $0017-$0018, big endian
SPAWN_ID = 0x19
SPAWN_COUNT = 0x1A
TET_X, TET_Y, ORIENT = 0x40, 0x41, 0x42
LEVEL = 0x44
FALL_TIMER = 0x45
AUTOREPEAT_X = 0x46
PLAY_STATE = 0x48
VRAM_ROW = 0x49
COMPLETED_ROWS = 0x4A  # $004A-$004D
AUTOREPEAT_Y = 0x4E
HOLD_DOWN_POINTS = 0x4F
LINES = 0x50  # $0050-$0051, little-endian packed BCD
SCORE = 0x53  # $0053-$0055, little-endian packed BCD
COMPLETED_LINES = 0x56
LINE_INDEX = 0x57
CURTAIN_ROW = 0x58
LEVEL_MIRROR = 0x64
SCORE_MIRROR = 0x73
TMP_A8 = 0xA8
ORIGINAL = 0xAE
DROP_SPEED = 0xAF
FRAME_COUNTER = 0xB1  # $00B1-$00B2
PRESSED, HELD = 0xB5, 0xB6
GAME_MODE = 0xC0
STATS = 0x3F0  # $03F0-$03FD: seven 16-bit counters
PLAYFIELD = 0x400
EMPTY = 0xEF
SFX = 0x6F1

BUTTON_A, BUTTON_B, SELECT, START = BUTTON["A"], BUTTON["B"], BUTTON["Select"], BUTTON["Start"]
UP, DOWN, LEFT, RIGHT = BUTTON["Up"], BUTTON["Down"], BUTTON["Left"], BUTTON["Right"]


def s8(v: int) -> int:
    return v - 256 if v & 0x80 else v


# -- PRNG ($AB47) and piece selection ($9907) --------------------------------------
def next_random(value: int) -> int:
    """One step of the 16-bit Fibonacci LFSR: bit 1 XOR bit 9 enters at the top."""
    return ((((value >> 9) ^ (value >> 1)) & 1) << 15) | (value >> 1)


def prng(m: bytearray, x: int = RNG, y: int = 2) -> None:
    """$AB47 with X = address, Y = bytes: the register at m[x..x+y-1], big endian."""
    carry = ((m[x] ^ m[(x + 1) & 0xFF]) >> 1) & 1
    for i in range(y):
        v = m[(x + i) & 0xFF]
        m[(x + i) & 0xFF] = (v >> 1) | (carry << 7)
        carry = v & 1


def lfsr_cycle(seed: int = 0x8988) -> set[int]:
    """The values the PRNG visits from `seed` back to it (32,767 from $8988)."""
    seen = {seed}
    v = next_random(seed)
    while v not in seen:
        seen.add(v)
        v = next_random(v)
    return seen


def pick_piece(m: bytearray) -> int:
    """$9907: the next spawn orientation, biased as the article explains."""
    m[SPAWN_COUNT] = (m[SPAWN_COUNT] + 1) & 0xFF
    index = (m[RNG] + m[SPAWN_COUNT]) & 7
    if index != 7:
        new = SPAWN_TABLE[index]
        if new != m[SPAWN_ID]:
            m[SPAWN_ID] = new
            return new
    prng(m)
    index = ((m[RNG] & 7) + m[SPAWN_ID]) & 0xFF
    while index >= 7:
        index -= 7
    new = SPAWN_TABLE[index]
    m[SPAWN_ID] = new
    return new


def selection_probabilities() -> dict[str, float]:
    """The article's per-type probabilities: 3/4 uniform, 1/4 the biased table."""
    probs = [0.0] * 7
    for prev in SPAWN_TABLE:
        for first in range(8):
            if first != 7 and SPAWN_TABLE[first] != prev:
                probs[first] += 1 / 8 / 7
                continue
            for r in range(8):  # reroll: (r + previous spawn id) mod 7
                probs[(r + prev) % 7] += 1 / 8 / 8 / 7
    return dict(zip("TJZOSLI", probs, strict=True))


# -- collision ($948B), rotation ($88AB), shift ($89AE) -----------------------------
def squares(orient: int) -> tuple[tuple[int, int, int], ...]:
    return ORIENTATIONS[orient]


def collides(m: bytearray) -> bool:
    """$948B: True when a square is off the field (rows -2 and -1 are legal) or on
    a filled cell. Also leaves $00 or $FF in $A8, as the routine does."""
    x, y = m[TET_X], m[TET_Y]
    base = (10 * y + x) & 0xFF
    for sy, _tile, sx in squares(m[ORIENT]):
        cell_y = (sy + y) & 0xFF
        if (cell_y + 2) & 0xFF >= 22:
            break
        index = (10 * sy + base + sx) & 0xFF
        if m[PLAYFIELD + index] < EMPTY:
            break
        if (sx + x) & 0xFF >= 10:  # checked after the cell is read
            break
    else:
        m[TMP_A8] = 0
        return False
    m[TMP_A8] = 0xFF
    return True


def rotate(m: bytearray) -> None:
    """$88AB: A turns clockwise, B counter-clockwise; no kicks."""
    original = m[ORIENT]
    m[ORIGINAL] = original
    pressed = m[PRESSED]
    if pressed & BUTTON_A:
        m[ORIENT] = ROTATION[original][1]
    elif pressed & BUTTON_B:
        m[ORIENT] = ROTATION[original][0]
    else:
        return
    if collides(m):
        m[ORIENT] = original
    else:
        m[SFX] = 5


def shift(m: bytearray) -> None:
    """$89AE: DAS 16/6; nothing while Down is held."""
    m[ORIGINAL] = m[TET_X]
    held = m[HELD]
    if held & DOWN:
        return
    if m[PRESSED] & (LEFT | RIGHT):
        m[AUTOREPEAT_X] = 0
    else:
        if not held & (LEFT | RIGHT):
            return
        m[AUTOREPEAT_X] = (m[AUTOREPEAT_X] + 1) & 0xFF
        if s8((m[AUTOREPEAT_X] - 16) & 0xFF) < 0:  # CMP #$10 / BMI
            return
        m[AUTOREPEAT_X] = 10
    if held & RIGHT:
        m[TET_X] = (m[TET_X] + 1) & 0xFF
    elif held & LEFT:
        m[TET_X] = (m[TET_X] - 1) & 0xFF
    else:
        return
    if collides(m):
        m[TET_X] = m[ORIGINAL]
        m[AUTOREPEAT_X] = 16
    else:
        m[SFX] = 3


# -- drop ($8914) and the lock ------------------------------------------------------
def update_playfield(m: bytearray) -> None:
    """$9CAF: restart the VRAM copy from two rows above the piece."""
    row = s8((m[TET_Y] - 2) & 0xFF)
    row = max(row, 0)
    if s8((row - m[VRAM_ROW]) & 0xFF) < 0:
        m[VRAM_ROW] = row


def drop_speed(level: int) -> int:
    return 1 if level >= 29 else FRAMES_PER_DROP[level]


def drop(m: bytearray) -> None:
    """$8914: the first piece's hang, soft drop (3 frames, then every frame),
    holdDownPoints, gravity by the frames-per-drop table, and the lock."""
    ay = m[AUTOREPEAT_Y]
    if ay & 0x80:  # negative: the first piece hangs until autorepeatY reaches 0
        if not m[PRESSED] & DOWN:
            m[AUTOREPEAT_Y] = (ay + 1) & 0xFF
            return
        m[AUTOREPEAT_Y] = ay = 0
    if ay == 0:
        if not m[HELD] & (LEFT | RIGHT) and m[PRESSED] & 0x0F == DOWN:
            m[AUTOREPEAT_Y] = 1
    else:
        if m[HELD] & 0x0F != DOWN:
            m[AUTOREPEAT_Y] = 0
            m[HOLD_DOWN_POINTS] = 0
        else:
            m[AUTOREPEAT_Y] = (ay + 1) & 0xFF
            if m[AUTOREPEAT_Y] >= 3:
                m[AUTOREPEAT_Y] = 1
                m[HOLD_DOWN_POINTS] = (m[HOLD_DOWN_POINTS] + 1) & 0xFF
                _fall(m)
                return
    speed = drop_speed(m[LEVEL])
    m[DROP_SPEED] = speed
    if not (m[FALL_TIMER] - speed) & 0x80:  # CMP / BPL
        _fall(m)


def _fall(m: bytearray) -> None:
    m[FALL_TIMER] = 0
    m[ORIGINAL] = m[TET_Y]
    m[TET_Y] = (m[TET_Y] + 1) & 0xFF
    if collides(m):
        m[TET_Y] = m[ORIGINAL]
        m[PLAY_STATE] = 2
        update_playfield(m)


def lock(m: bytearray) -> None:
    """$99A2: write the piece's squares into the playfield (rows < 0 dropped), or
    start the game-over curtain when the piece overlaps the pile."""
    if collides(m):
        m[0x6F0] = 2
        m[PLAY_STATE] = 0x0A
        m[CURTAIN_ROW] = 0xF0
        return
    for sy, tile, sx in squares(m[ORIENT]):
        cell_y = (sy + m[TET_Y]) & 0xFF
        if cell_y & 0x80:
            continue
        index = (ROW_OFFSETS[cell_y] + sx + m[TET_X]) & 0xFF
        m[PLAYFIELD + index] = tile
    m[LINE_INDEX] = 0
    update_playfield(m)
    m[PLAY_STATE] = (m[PLAY_STATE] + 1) & 0xFF


def check_rows(m: bytearray) -> None:
    """$9A6B: one of four passes over rows y-2 .. y+1 (only once VRAM is copied)."""
    if (m[VRAM_ROW] - 32) & 0x80:
        return
    row = s8((m[TET_Y] - 2) & 0xFF)
    row = (max(row, 0) + m[LINE_INDEX]) & 0xFF
    start = (10 * row) & 0xFF
    m[TMP_A8] = start  # rowIndex, as the routine leaves it
    full = all(m[PLAYFIELD + ((start + i) & 0xFF)] != EMPTY for i in range(10))
    if full:
        m[COMPLETED_LINES] = (m[COMPLETED_LINES] + 1) & 0xFF
        m[COMPLETED_ROWS + m[LINE_INDEX]] = row
        y = (start - 1) & 0xFF
        while True:  # the rows above move down (from index start-1 to 0)
            m[PLAYFIELD + y + 10] = m[PLAYFIELD + y]
            y = (y - 1) & 0xFF
            if y == 0xFF:
                break
        m[PLAYFIELD : PLAYFIELD + 10] = bytes([EMPTY]) * 10
        m[ORIENT] = 0x13
    else:
        m[COMPLETED_ROWS + m[LINE_INDEX]] = 0
    m[LINE_INDEX] = (m[LINE_INDEX] + 1) & 0xFF
    if s8((m[LINE_INDEX] - 4) & 0xFF) < 0:
        return
    m[VRAM_ROW] = 0
    m[0x52] = 0
    m[PLAY_STATE] = (m[PLAY_STATE] + 1) & 0xFF
    if m[COMPLETED_LINES] == 0:
        m[PLAY_STATE] = (m[PLAY_STATE] + 1) & 0xFF


# -- lines, level, score ($9BA8, $9BFE, $9C31) --------------------------------------
def bcd_increment(m: bytearray, at: int) -> int:
    """A 16-bit counter + 1: the low byte ($at) in packed BCD, the carry into
    the high byte counted freely (lines and the statistics). Returns the low byte."""
    lo = (m[at] + 1) & 0xFF
    if lo & 0x0F >= 0x0A:
        lo = (lo + 6) & 0xFF
        if lo & 0xF0 >= 0xA0:
            lo &= 0x0F
            m[at + 1] = (m[at + 1] + 1) & 0xFF
    m[at] = lo
    return lo


def add_line(m: bytearray) -> None:
    """$9BA8: lines + 1 in packed BCD (the top byte counts freely), then the level
    check that compares the level with BCD tens (the article's bug)."""
    lo = bcd_increment(m, LINES)
    if lo & 0x0F == 0:
        tens = ((m[LINES + 1] << 4) | (lo >> 4)) & 0xFF  # 16-bit value >> 4, low byte
        m[TMP_A8] = tens
        if (m[LEVEL] - tens) & 0x80:  # CMP / BPL
            m[LEVEL] = (m[LEVEL] + 1) & 0xFF


def bcd_add_byte(value: int, add: int) -> tuple[int, int]:
    """The routine's digit fix-up for one byte: (result, carry into the next).
    A binary add, then each nibble past 9 is pushed up: right for small adds
    (a soft drop of up to 16 rows), off for larger ones, as a BCD-less 6502 does."""
    v = (value + add) & 0xFF
    if v & 0x0F >= 0x0A:
        v = (v + 6) & 0xFF
    if v & 0xF0 >= 0xA0:
        return (v + 0x60) & 0xFF, 1
    return v, 0


def soft_drop_points(m: bytearray) -> None:
    """$9BFE: holdDownPoints - 1 added to the score when at least 2, then reset."""
    hold = m[HOLD_DOWN_POINTS]
    if not (hold - 2) & 0x80:  # CMP #2 / BMI
        lo, carry = bcd_add_byte(m[SCORE], hold - 1)
        m[SCORE] = lo
        if carry:
            m[SCORE + 1] = (m[SCORE + 1] + 1) & 0xFF
    m[HOLD_DOWN_POINTS] = 0


def add_score(m: bytearray) -> None:
    """$9C31: points[completedLines] added level+1 times, one BCD add per pass,
    the score held at 999999; then completedLines = 0 and the next play state."""
    n = (m[LEVEL] + 1) & 0xFF
    m[TMP_A8] = 0  # the pass counter, left at 0
    points = POINTS[m[COMPLETED_LINES]] if m[COMPLETED_LINES] < len(POINTS) else 0
    p0, p1 = points & 0xFF, points >> 8
    while True:
        s0 = (m[SCORE] + p0) & 0xFF
        if s0 >= 0xA0:
            s0 = (s0 + 0x60) & 0xFF
            m[SCORE + 1] = (m[SCORE + 1] + 1) & 0xFF
        m[SCORE] = s0
        s1 = (m[SCORE + 1] + p1) & 0xFF
        if s1 & 0x0F >= 0x0A:
            s1 = (s1 + 6) & 0xFF
        if s1 & 0xF0 >= 0xA0:
            s1 = (s1 + 0x60) & 0xFF
            m[SCORE + 2] = (m[SCORE + 2] + 1) & 0xFF
        m[SCORE + 1] = s1
        s2 = m[SCORE + 2]
        if s2 & 0x0F >= 0x0A:
            s2 = (s2 + 6) & 0xFF
            m[SCORE + 2] = s2
        if s2 & 0xF0 >= 0xA0:
            m[SCORE] = m[SCORE + 1] = m[SCORE + 2] = 0x99
        n = (n - 1) & 0xFF
        if n == 0:
            break
    m[COMPLETED_LINES] = 0
    m[PLAY_STATE] = (m[PLAY_STATE] + 1) & 0xFF


def lines_for_level_up(start: int) -> int:
    """Lines at which the first level-up happens from start level `start` (the
    article's table), by running `add_line` from 0 lines."""
    m = bytearray(0x800)
    m[LEVEL] = start
    for lines in range(1, 1000):
        add_line(m)
        if m[LEVEL] != start:
            return lines
    raise AssertionError("no level-up within 999 lines")


# -- statistics, colours ---------------------------------------------------------------
def count_piece(m: bytearray, orient: int) -> None:
    """Statistics: the low byte counts in packed BCD, the high byte freely (the
    999 quirk: the display draws the high byte as one tile)."""
    bcd_increment(m, STATS + 2 * TYPE_OF[orient])


def colour_index(level: int) -> int:
    """$9808: the colour-table row; levels 138+ skip the mod-10 loop (signed compare)."""
    index = level
    while not (index - 10) & 0x80:  # CMP #$0A / BMI
        index = (index - 10) & 0xFF
    return index


def level_colours(level: int, rom: bytes | None = None) -> tuple[int, int, int, int]:
    """The four colours $9808 writes: from the table, or from the bytes after it."""
    index = colour_index(level)
    if index < 10:
        return COLOURS[index]
    if rom is None:
        raise ValueError("levels past the table need the ROM bytes")
    at = 0x984C + ((4 * index) & 0xFF) - 0x8000  # ASL ASL TAX: 8 bits
    return tuple(rom[at + i] for i in range(4))  # type: ignore[return-value]
