"""The BBC Micro keyboard matrix: which keys are down, by internal key number.

A key's number is row * 16 + column (BBC Micro Advanced User Guide, the
keyboard matrix; the same [column, row] pairs as jsbeeb's `utils.js`). The
negative INKEY number that scans it is -(number + 1).
"""

from __future__ import annotations

# name -> (column, row)
MATRIX: dict[str, tuple[int, int]] = {
    "Shift": (0, 0), "Ctrl": (1, 0),
    "Q": (0, 1), "3": (1, 1), "4": (2, 1), "5": (3, 1), "F4": (4, 1), "8": (5, 1),
    "F7": (6, 1), "Left": (9, 1),
    "F0": (0, 2), "W": (1, 2), "E": (2, 2), "T": (3, 2), "7": (4, 2), "I": (5, 2),
    "9": (6, 2), "0": (7, 2), "Down": (9, 2),
    "1": (0, 3), "2": (1, 3), "D": (2, 3), "R": (3, 3), "6": (4, 3), "U": (5, 3),
    "O": (6, 3), "P": (7, 3), "Up": (9, 3),
    "A": (1, 4), "X": (2, 4), "F": (3, 4), "Y": (4, 4), "J": (5, 4), "K": (6, 4),
    "Return": (9, 4),
    "S": (1, 5), "C": (2, 5), "G": (3, 5), "H": (4, 5), "N": (5, 5), "L": (6, 5),
    "Tab": (0, 6), "Z": (1, 6), "Space": (2, 6), "V": (3, 6), "B": (4, 6), "M": (5, 6),
    "Escape": (0, 7), "F1": (1, 7), "F2": (2, 7), "F3": (3, 7), "F5": (4, 7),
    "F6": (5, 7), "F8": (6, 7), "F9": (7, 7), "Right": (9, 7),
}


def key_number(name: str) -> int:
    column, row = MATRIX[name]
    return row << 4 | column


def inkey(name: str) -> int:
    """The X register for OSBYTE $81 that scans this key (negative INKEY, as a byte)."""
    return (-(key_number(name) + 1)) & 0xFF


class Keyboard:
    """Keys held down, as a set of internal key numbers."""

    def __init__(self) -> None:
        self.down: set[int] = set()

    def set_keys(self, names: list[str] | tuple[str, ...]) -> None:
        self.down = {key_number(name) for name in names}

    def is_down(self, number: int) -> bool:
        return number in self.down
