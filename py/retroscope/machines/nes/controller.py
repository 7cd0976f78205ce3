"""The standard NES controller behind $4016: strobe, then one bit per read.

Bits come out in the order A, B, Select, Start, Up, Down, Left, Right. Our
`buttons` byte holds them as Tetris does ($80 = A ... $01 = Right), so the
first bit out is bit 7. After eight reads the pad returns 1s.
"""

from __future__ import annotations

# Button names by bit of our `buttons` byte (MachineInfo.buttons order): the
# one definition every NES/FDS machine and program uses.
BUTTONS = ("Right", "Left", "Down", "Up", "Start", "Select", "B", "A")
BUTTON = {name: 1 << bit for bit, name in enumerate(BUTTONS)}  # "A" -> $80 ...

OPEN_BUS = 0x40  # the upper bits of $4016 reads are the high address byte


class Controller:
    def __init__(self) -> None:
        self.buttons = 0  # $80 A, $40 B, $20 Select, $10 Start, $08 Up, ...
        self.strobe = 0
        self.shift = 0  # next bit out in bit 7

    def write(self, value: int) -> None:
        """$4016 write: bit 0 high reloads the shift register continuously."""
        self.strobe = value & 1
        if self.strobe:
            self.shift = self.buttons

    def read(self) -> int:
        if self.strobe:
            return OPEN_BUS | (self.buttons >> 7)
        bit = self.shift >> 7
        self.shift = ((self.shift << 1) | 1) & 0xFF
        return OPEN_BUS | bit

    def peek(self) -> int:
        return OPEN_BUS | ((self.buttons if self.strobe else self.shift) >> 7)

    def snapshot(self) -> list[int]:
        return [self.buttons, self.strobe, self.shift]

    def restore(self, state: list[int]) -> None:
        self.buttons, self.strobe, self.shift = state
