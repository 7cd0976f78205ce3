"""The TMS9901 programmable systems interface, as the TI-99/4A wires it.

CRU bit addresses (R12 = 2 x bit), repeated every 32 bits over >0000->07FF
(TI-99/4A Technical Data; Thierry Nouspikel's TI-99/4A Tech Pages):

  bit 0       write: 0 selects I/O mode (1 would select the timer)
  bit 2       read: the VDP interrupt line, 0 while it is active;
              write: its interrupt mask (1 lets it raise INTREQ)
  bits 3-10   read: keyboard rows 0-7 of the selected column, 0 = pressed
  bits 18-20  write: the keyboard column, 0-7 (bit 18 its lowest bit)
  bit 21      write: alpha lock line (not modelled: the key is never down)

The keyboard matrix (column, row), from the Tech Pages' table (columns 0-5:
the keys; 6 and 7: joysticks 1 and 2, rows fire, left, right, down, up):

  col 0: =  space enter  -  fctn shift ctrl  -
  col 1: .  L  O  9  2  S  W  X
  col 2: ,  K  I  8  3  D  E  C
  col 3: M  J  U  7  4  F  R  V
  col 4: N  H  Y  6  5  G  T  B
  col 5: /  ;  P  0  1  A  Q  Z

Every interrupt the 9901 passes on reaches the TMS9900 as level 1 on the
4A. Only what this console uses is modelled: no timer, no other pins.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

COLUMNS = (
    ("=", "space", "enter", None, "fctn", "shift", "ctrl", None),
    (".", "L", "O", "9", "2", "S", "W", "X"),
    (",", "K", "I", "8", "3", "D", "E", "C"),
    ("M", "J", "U", "7", "4", "F", "R", "V"),
    ("N", "H", "Y", "6", "5", "G", "T", "B"),
    ("/", ";", "P", "0", "1", "A", "Q", "Z"),
    ("joy1 fire", "joy1 left", "joy1 right", "joy1 down", "joy1 up", None, None, None),
    ("joy2 fire", "joy2 left", "joy2 right", "joy2 down", "joy2 up", None, None, None),
)
KEY_AT: dict[str, tuple[int, int]] = {
    name: (col, row) for col, keys in enumerate(COLUMNS)
    for row, name in enumerate(keys) if name
}
VDP_INT_BIT = 2
ROW_BITS = range(3, 11)
COLUMN_BITS = (18, 19, 20)


class TMS9901:
    """The 9901's CRU bits the console uses: VDP interrupt, keyboard."""

    def __init__(self, raise_irq: Callable[[bool], None]) -> None:
        self._raise = raise_irq
        self.vdp_line = False     # the VDP's INT output, active
        self.vdp_mask = False
        self.column = 0
        self.timer_mode = False
        self.pressed: set[tuple[int, int]] = set()  # (column, row) closed switches

    def reset(self) -> None:
        self.vdp_mask = False
        self.column = 0
        self.timer_mode = False
        self._update()

    def set_keys(self, names: set[str] | frozenset[str]) -> None:
        """Hold exactly these keys (names as in COLUMNS) down."""
        self.pressed = {KEY_AT[n] for n in names}

    def vdp_interrupt(self, active: bool) -> None:
        self.vdp_line = active
        self._update()

    def _update(self) -> None:
        self._raise(self.vdp_line and self.vdp_mask)

    # -- the CPU's CRU traffic -------------------------------------------------------
    def cru_read(self, bit: int) -> int:
        bit &= 31
        if bit == VDP_INT_BIT:
            return 0 if self.vdp_line else 1
        if 3 <= bit <= 10:
            return 0 if (self.column, bit - 3) in self.pressed else 1
        return 1

    def cru_write(self, bit: int, value: int) -> None:
        bit &= 31
        if bit == 0:
            self.timer_mode = bool(value)
        elif bit == VDP_INT_BIT:
            self.vdp_mask = bool(value)
            self._update()
        elif bit in COLUMN_BITS:
            shift = bit - 18
            self.column = (self.column & ~(1 << shift)) | ((value & 1) << shift)

    def peek(self, bit: int) -> int:
        return self.cru_read(bit)

    # -- state ---------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {"vdp_line": self.vdp_line, "vdp_mask": self.vdp_mask, "column": self.column,
                "timer_mode": self.timer_mode, "pressed": sorted(self.pressed)}

    def restore(self, state: dict[str, Any]) -> None:
        self.vdp_line = bool(state["vdp_line"])
        self.vdp_mask = bool(state["vdp_mask"])
        self.column = int(state["column"]) & 7
        self.timer_mode = bool(state["timer_mode"])
        self.pressed = {(int(c), int(r)) for c, r in state["pressed"]}
        self._update()
