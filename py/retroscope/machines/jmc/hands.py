"""The computer's hands: the computer opponent (ai.py, Python) plays through
the keyboard like a person at the machine. When the 6502's game says it is the
computer's turn (Z_phase 5, the computer at the bottom), the hands read what a
player could see (the board without the other side's types) and what the 6502
has inferred (V_know), choose a move, and then press the keys: arrows to the
piece, P, arrows to the space, P, E. Each key is held for two frames and let go
for two, so the 6502's once-a-frame scan sees every press. The plan is plain
data (snapshots and replays keep it)."""

from __future__ import annotations

import random
from typing import Any

from . import ai
from . import model as M

Z_TURN, Z_PHASE, Z_MOVES, Z_CUR_X, Z_CUR_Y = 0x50, 0x5A, 0x59, 0xC0, 0xC1
Z_COMMAND, Z_DIRTY, Z_DRAWING, Z_KB_HEAD, Z_KB_TAIL = 0x80, 0xC9, 0xCA, 0xB8, 0xB9
Z_WAITING = 0xBA
V_KNOW_LO, V_KNOW_HI = 0x0780, 0x07B0
PH_COMPUTER = 5
HOLD, GAP = 2, 2


def knowledge(ram: bytearray) -> ai.Knowledge:
    """What the 6502 has inferred of each enemy piece (by ID with the computer
    at the bottom): V_know's bit t = it may be type t."""
    know = ai.Knowledge()
    for pid in range(48):
        mask = ram[V_KNOW_LO + pid] | ram[V_KNOW_HI + pid] << 8
        if mask != 0xFFFF and mask:
            know.sets[pid] = [t for t in range(16) if mask >> t & 1]
    return know


def visible_board(machine: Any) -> M.Board:
    """The board as the computer may see it: the other side's types hidden."""
    board = machine.board()
    for p in M.SPACES:
        pid = board.pieces[p]
        if not pid & 0x80 and not pid & 4:
            board.types[pid] = 0
    return board


def key_plan(cursor: tuple[int, int], frm: int, to: int) -> list[str]:
    """The keys from the cursor to `frm`, P, on to `to`, P, then E."""
    keys: list[str] = []
    x, y = cursor
    for target in (frm, to):
        tx, ty = M.xy(target)
        keys += ["Left"] * max(0, x - tx) + ["Right"] * max(0, tx - x)
        keys += ["Up"] * max(0, y - ty) + ["Down"] * max(0, ty - y)
        keys.append("P")
        x, y = tx, ty
    keys.append("E")
    return keys


class Hands:
    def __init__(self) -> None:
        self.keys: list[str] = []     # the keys still to press
        self.key = ""                 # held this frame
        self.hold = 0                 # frames left to hold it
        self.gap = 0                  # frames left with nothing held

    @property
    def busy(self) -> bool:
        return bool(self.keys or self.key or self.hold or self.gap)

    def end_frame(self, machine: Any) -> None:
        """After a frame: the key for the next one. A new plan when it is the
        computer's turn; each key only once the 6502 has shown the last one's
        effect (like a player, it waits for the screen)."""
        ram = machine.bus.ram
        if ram[Z_PHASE] != PH_COMPUTER:
            self.keys, self.key, self.hold, self.gap = [], "", 0, 0
            return                    # not (or no longer) the computer's turn: hands off
        if self.hold:
            self.hold -= 1
            if not self.hold:
                self.key, self.gap = "", GAP
            return
        if self.gap:
            self.gap -= 1
            return
        if not idle(ram):
            return
        # Planned only once the 6502 has finished the turn change: a frame that ends
        # inside swap_sides would show a half-swapped board and a stale cursor.
        if not self.keys:
            self.keys = self._plan(machine)
        if self.keys:
            self.key, self.hold = self.keys.pop(0), HOLD

    def _plan(self, machine: Any) -> list[str]:
        ram = machine.bus.ram
        board = visible_board(machine)
        rng = random.Random(ram[Z_MOVES] * 2 + ram[Z_TURN] + 1)
        move = ai.choose(board, knowledge(ram), rng)
        if move is None:
            return ["E"]
        return key_plan((min(ram[Z_CUR_X], 5), ram[Z_CUR_Y] & 7), *move)

    def snapshot(self) -> dict[str, Any]:
        return {"keys": list(self.keys), "key": self.key, "hold": self.hold, "gap": self.gap}

    def restore(self, snap: dict[str, Any]) -> None:
        self.keys = [str(k) for k in snap.get("keys", [])]
        self.key = str(snap.get("key", ""))
        self.hold = int(snap.get("hold", 0))
        self.gap = int(snap.get("gap", 0))


def idle(ram: bytearray) -> bool:
    """The 6502 has done all it was given: its main loop waits for the next
    frame, with no command, nothing left to draw, no key press in its buffer."""
    return bool(ram[Z_WAITING]) and not (ram[Z_COMMAND] or ram[Z_DIRTY] or ram[Z_DRAWING]
                                         or ram[Z_KB_HEAD] != ram[Z_KB_TAIL])
