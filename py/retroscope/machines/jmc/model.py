"""A pure-Python model of the JMC rules and data layout (seed 001), the reference
the 6502 program is tested against, and the source of its tables.

Position index: Y in bits 0-2 (bit 2 = the side flag: set for the current
player's half, at the bottom), X in bits 3-5. The headquarters are double
spaces: the left cell ($10 top, $17 bottom) holds the data and the right one
($18, $1F) is never used. Piece IDs are their starting positions, so bit 2 of
an ID says whose piece it is (set: the current player's).
"""

from __future__ import annotations

from dataclasses import dataclass, field

NAMES = ("Spy", "Engineer", "Cavalry", "Junior Officer 1", "Junior Officer 2",
         "Junior Officer 3", "Senior Officer 4", "Senior Officer 5", "Senior Officer 6",
         "Tank", "Plane", "Flag Officer 7", "Flag Officer 8", "General", "Mine", "Banner")
SHORT = ("Sp", "En", "Cv", "1", "2", "3", "4", "5", "6", "Tk", "Pl", "7", "8", "Gn", "Mi",
         "Bn")
QUANTITIES = (1, 2, 1, 2, 2, 2, 1, 1, 1, 2, 2, 1, 1, 1, 2, 1)
(SPY, ENGINEER, CAVALRY, JO1, JO2, JO3, SO4, SO5, SO6, TANK, PLANE, FO7, FO8, GENERAL,
 MINE, BANNER) = range(16)
PIECES_PER_SIDE = sum(QUANTITIES)  # 23

EMPTY = 0xFF
HQ_TOP, HQ_BOTTOM = 0x10, 0x17
INVALID = (0x18, 0x1F)
BLOCKED, DOUBLE = 0x80, 0x40
# Our choice (the article is silent): the columns whose front spaces have a bridge.
BRIDGE_COLUMNS = {2: (1, 4), 4: (0, 1, 4, 5)}
# (up = forwards, down = backwards, sideways) ranges; PLANE_COLUMN: the plane's column flight.
PLANE_COLUMN = 0xFF
MOVES = {t: (1, 1, 1) for t in range(16)}
MOVES.update({CAVALRY: (2, 1, 1), TANK: (2, 1, 1), ENGINEER: (7, 7, 7),
              PLANE: (PLANE_COLUMN, 0, 1), MINE: (0, 0, 0), BANNER: (0, 0, 0)})
# combat results
ATTACKER_WINS, DEFENDER_WINS, BOTH_DIE, NO_COMBAT = 0, 1, 2, 0xFF


def pos(x: int, y: int) -> int:
    return x << 3 | y


def xy(p: int) -> tuple[int, int]:
    return p >> 3, p & 7


def valid(p: int) -> bool:
    return 0 <= p < 48 and p not in INVALID


SPACES = tuple(p for p in range(48) if valid(p))
HOME = tuple(p for p in SPACES if p & 4)       # the current player's 23 spaces
AWAY = tuple(p for p in SPACES if not p & 4)


def flip(p: int) -> int:
    """swap_sides on one position or ID: 47 - p, with the headquarters fix-up."""
    r = 0x2F - p
    return r ^ 8 if r & 0x37 in (0x10, 0x17) else r


def _cell(x: int, y: int) -> int:
    p = pos(x, y)
    return p ^ 8 if p in INVALID else p


def bridge_tables(bridges: int) -> tuple[list[int], list[int]]:
    """V_map_bridge_up / V_map_bridge_down for 2 or 4 bridges."""
    columns = BRIDGE_COLUMNS[bridges]
    up, down = [BLOCKED] * 48, [BLOCKED] * 48
    for p in SPACES:
        x, y = xy(p)
        if p == HQ_BOTTOM:
            up[p] = pos(2, 6) | DOUBLE
        elif y > 0 and (y != 4 or x in columns):
            up[p] = _cell(x, y - 1)
        if p == HQ_TOP:
            down[p] = pos(2, 1) | DOUBLE
        elif y < 7 and (y != 3 or x in columns):
            down[p] = _cell(x, y + 1)
    return up, down


def plan(bridges: int) -> bytes:
    """random_setup's plan: control bytes $80 | end $10 | reset $08 | side $04 |
    allow banner $02 | allow mines $01, and place bytes (a position index)."""
    columns = BRIDGE_COLUMNS[bridges]
    out = []
    for side in (4, 0):
        back, front = (7, 4) if side else (0, 3)
        back_row = [_cell(x, back) for x in range(6) if pos(x, back) not in INVALID]
        entrances = [pos(x, front) for x in columns]
        rest = [p for p in SPACES if (p & 4) == side and p not in back_row
                and p not in entrances]
        out += [0x80 | 0x08 | side | 0x01, *back_row, 0x80 | side | 0x02, *entrances,
                0x80 | side | 0x03, *rest]
    out.append(0x80 | 0x10)
    return bytes(out)


def galois32(seed: int) -> tuple[int, int]:
    """Brad Smith's 32-bit Galois LFSR, smallest version: 8 shifts left, EOR $C5
    into the low byte on each carry out; the output byte is the low byte."""
    for _ in range(8):
        carry = seed >> 31
        seed = (seed << 1) & 0xFFFFFFFF
        if carry:
            seed ^= 0xC5
    return seed, seed & 0xFF


def seed_with(seed: int, samples: bytes | list[int]) -> int:
    """prng_seed: each sample EORed into the register's first byte, then one
    run of the generator; an all-zero register becomes 1."""
    for b in samples:
        seed, _ = galois32(seed ^ (b & 0xFF))
    return seed or 1


def can_place(p: int, kind: int, up: list[int], down: list[int]) -> bool:
    """The setup restrictions: no banner on the back row, no mine on a front
    space at a bridge entrance (where the bridge table leads over the river)."""
    y = p & 7
    if kind == BANNER and y in (0, 7):
        return False
    if kind == MINE and y == 4:
        return bool(up[p] & BLOCKED)
    if kind == MINE and y == 3:
        return bool(down[p] & BLOCKED)
    return True


@dataclass
class Board:
    bridges: int = 2
    pieces: list[int] = field(default_factory=lambda: [EMPTY] * 48)
    types: list[int] = field(default_factory=lambda: [0] * 48)

    def __post_init__(self) -> None:
        self.up, self.down = bridge_tables(self.bridges)

    def copy(self) -> Board:
        return Board(self.bridges, list(self.pieces), list(self.types))

    def type_at(self, p: int) -> int | None:
        pid = self.pieces[p]
        return None if pid & 0x80 else self.types[pid]

    def swap_sides(self) -> None:
        pieces = [EMPTY] * 48
        types = [0] * 48
        for p in range(48):
            q = flip(p)
            pid = self.pieces[p]
            pieces[q] = pid if pid & 0x80 else flip(pid)
            types[q] = self.types[p]
        self.pieces, self.types = pieces, types

    # -- marking -------------------------------------------------------------
    def _mark_cell(self, marks: list[int], c: int) -> bool:
        """Mark c (1 empty, 2 enemy); True when the way stops there."""
        pid = self.pieces[c]
        if pid & 0x80:
            marks[c] = 1
            return False
        if not pid & 4:
            marks[c] = 2
        return True

    def _ray(self, marks: list[int], table: list[int], start: int, steps: int) -> None:
        nxt = table[start]
        if nxt & BLOCKED:
            return
        cells = [nxt & 0x3F] + ([(nxt & 0x3F) + 8] if nxt & DOUBLE else [])
        for c in reversed(cells):   # the 6502 does the right-hand branch first
            if not self._mark_cell(marks, c) and steps > 1:
                self._ray(marks, table, c, steps - 1)

    def mark_piece(self, p: int, marks: list[int]) -> None:
        kind = self.type_at(p)
        if kind is None:
            return
        up, down, side = MOVES[kind]
        if up == PLANE_COLUMN:
            self._column(marks, p)
        elif up:
            self._ray(marks, self.up, p, up)
        if down:
            self._ray(marks, self.down, p, down)
        for delta in (-8, 8):
            c, steps = p, side
            while steps:
                c += delta
                if not 0 <= c < 48:
                    break
                if c in INVALID:
                    continue
                if self._mark_cell(marks, c):
                    break
                steps -= 1

    def _column(self, marks: list[int], origin: int) -> None:
        starts = [origin] + ([origin + 8] if origin in (HQ_TOP, HQ_BOTTOM) else [])
        for start in starts:
            x, y0 = xy(start)
            for y in [*range(y0 - 1, -1, -1), *range(y0 + 1, 8)]:
                c = _cell(x, y)
                if c != origin:
                    self._mark_cell(marks, c)

    def marks(self, p: int) -> list[int]:
        m = [0] * 48
        self.mark_piece(p, m)
        return m

    def count_moves(self) -> int:
        m = [0] * 48
        for p in SPACES:
            pid = self.pieces[p]
            if not pid & 0x80 and pid & 4:
                self.mark_piece(p, m)
        return sum(1 for v in m if v)

    # -- combat ----------------------------------------------------------------
    def banner_behind(self, p: int, banner_id: int) -> int | None:
        table = self.up if not banner_id & 4 else self.down
        nxt = table[p]
        if nxt & BLOCKED:
            return None
        bid = self.pieces[nxt & 0x3F]
        if bid & 0x80 or (bid ^ banner_id) & 4:
            return None
        return self.types[bid]

    def resolve_move(self, frm: int, to: int) -> int:
        attacker = self.pieces[frm]
        self.pieces[frm] = EMPTY
        defender = self.pieces[to]
        if defender & 0x80:
            self.pieces[to] = attacker
            return NO_COMBAT
        dtype = self.types[defender]
        if dtype == BANNER:
            dtype = self.banner_behind(to, defender)
        result = ATTACKER_WINS if dtype is None else combat(self.types[attacker], dtype)
        if result == ATTACKER_WINS:
            self.pieces[to] = attacker
        elif result == BOTH_DIE:
            self.pieces[to] = EMPTY
        return result

    def check_win(self) -> int:
        """0 nobody; 1 the current (bottom) player has won; 2 the other has."""
        pid = self.pieces[HQ_TOP]
        if not pid & 0x80 and pid & 4 and self.types[pid] in (FO7, FO8, GENERAL):
            return 1
        other = self.copy()
        other.swap_sides()
        if other.count_moves() == 0:
            return 1
        if self.count_moves() == 0:
            return 2
        return 0


def combat(atype: int, dtype: int) -> int:
    """The outcome by type (a banner already replaced by what it fights as)."""
    if dtype == MINE:
        return ATTACKER_WINS if atype in (ENGINEER, PLANE) else BOTH_DIE
    if atype == SPY:
        if dtype == GENERAL:
            return ATTACKER_WINS
        if dtype == SPY:
            return DEFENDER_WINS
    if atype == dtype:
        return BOTH_DIE
    return ATTACKER_WINS if atype > dtype else DEFENDER_WINS


def random_setup(seed: int, bridges: int, only: int | None = None,
                 board: Board | None = None) -> tuple[Board, int]:
    """random_setup from the plan, as the 6502 does it: (board, seed after).
    `only` = 4 or 0 sets up just the bottom or the top side of `board`."""
    board = board.copy() if board else Board(bridges)
    allowed = [True] * 16
    todo: list[int] = []
    skip = False
    for byte in plan(bridges):
        if byte & 0x80:
            if byte & 0x10:
                break
            allowed[MINE] = bool(byte & 1)
            allowed[BANNER] = bool(byte & 2)
            if byte & 0x08:
                skip = only is not None and (byte & 4) != only
                if not skip:
                    todo = [t for t in range(16) for _ in range(QUANTITIES[t])]
                    for p in range(48):
                        if (p & 4) == (byte & 4):
                            board.pieces[p] = EMPTY
            continue
        if skip:
            continue
        while True:
            seed, r = galois32(seed)
            r &= 0x1F
            if r >= len(todo) or not allowed[todo[r]]:
                continue
            break
        board.types[byte] = todo[r]
        board.pieces[byte] = byte
        todo[r] = todo[-1]
        todo.pop()
    return board, seed


def setup_legal(board: Board) -> list[str]:
    """What is wrong with a full setup (empty list: legal)."""
    problems = []
    for side in (0, 4):
        spaces = [p for p in SPACES if p & 4 == side]
        kinds = sorted(board.type_at(p) for p in spaces if board.type_at(p) is not None)
        want = sorted(t for t in range(16) for _ in range(QUANTITIES[t]))
        if kinds != want:
            problems.append(f"side {side}: pieces {kinds}")
        for p in spaces:
            kind = board.type_at(p)
            if kind is not None and not can_place(p, kind, board.up, board.down):
                problems.append(f"{NAMES[kind]} may not stand at ${p:02X}")
    return problems
