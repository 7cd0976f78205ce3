"""The BBC Micro's system VIA (6522) as the game uses it: T1, interrupts, keyboard.

Facts (BBC Micro Advanced User Guide, ch. 23 and the 6522 data sheet; jsbeeb's
`via.js` as a cross-check): registers at $FE40-$FE4F; the VIA counts at 1 MHz,
one tick per two 2 MHz CPU cycles; T1 in free-run mode (ACR bit 6) reloads
from its latch and interrupts every latch + 2 ticks; IFR bit 7 is "any enabled
flag", writing 1s to IFR clears them; writing IER with bit 7 set enables, clear
disables. CA1 is the CRTC's vertical sync (IFR bit 1). Port B bits 0-3 drive
the addressable latch IC32 (bit 3 the value, bits 0-2 which latch bit); latch
bit 3 low lets the CPU read the keyboard: PA0-6 choose a key (column in bits
0-3, row in bits 4-6), PA7 reads back whether it is down. Latch bit 0 is the
sound chip's write enable (active low): as it goes low the SN76489 takes port
A's output, the slow data bus (AUG ch. 21 and 23; jsbeeb's sysvia does the same).
"""

from __future__ import annotations

from typing import Any

from .keyboard import Keyboard

T1_IRQ, CA1_IRQ = 0x40, 0x02
_FIELDS = ("ora", "orb", "ddra", "ddrb", "t1_latch", "t1_base", "t1_running", "acr",
           "pcr", "ifr", "ier", "latch", "t2")


class SystemVia:
    """Registers, T1 timed from the CPU's cycle counter, IRQ out."""

    def __init__(self, keyboard: Keyboard, cycles: Any, irq: Any,
                 sound: Any = None) -> None:
        self.keyboard = keyboard
        self._sound = sound    # (byte) -> None: the SN76489 on the slow data bus
        self._cycles = cycles  # () -> the CPU's cycle count
        self._irq = irq        # (level) -> None
        self.reset()

    def reset(self) -> None:
        self.ora = self.orb = self.ddra = self.ddrb = 0
        self.t1_latch = 0xFFFF
        self.t1_base = 0        # CPU cycle at which T1 was last (re)loaded
        self.t1_running = False
        self.acr = self.pcr = self.ifr = self.ier = 0
        self.latch = 0xFF       # IC32, all high: auto-scan on
        self.t2 = 0xFFFF
        self._irq(False)

    # -- timing -------------------------------------------------------------------
    def t1_period(self) -> int:
        """CPU cycles between T1 interrupts (free-run: latch + 2 VIA ticks)."""
        return (self.t1_latch + 2) * 2

    def sync(self) -> None:
        """Bring T1 up to the CPU's clock: set IFR bit 6 on each underflow."""
        if not self.t1_running:
            return
        now = self._cycles()
        period = self.t1_period()
        if now - self.t1_base >= period:
            if self.acr & 0x40:
                self.t1_base += (now - self.t1_base) // period * period
            else:
                self.t1_running = False  # one-shot: fires once
            self._set_flag(T1_IRQ)

    def t1_counter(self) -> int:
        elapsed = (self._cycles() - self.t1_base) // 2
        if not self.t1_running:
            return 0xFFFF
        return (self.t1_latch - elapsed) & 0xFFFF if elapsed <= self.t1_latch else 0xFFFF

    def vsync(self) -> None:
        """The CRTC's vertical sync on CA1."""
        self._set_flag(CA1_IRQ)

    def _set_flag(self, bit: int) -> None:
        self.ifr |= bit
        self._update_irq()

    def _update_irq(self) -> None:
        active = self.ifr & self.ier & 0x7F
        self.ifr = (self.ifr & 0x7F) | (0x80 if active else 0)
        self._irq(bool(active))

    # -- registers ------------------------------------------------------------------
    def read(self, addr: int) -> int:
        self.sync()
        reg = addr & 0x0F
        if reg == 0x4:                     # T1C-L: reading clears the T1 flag
            value = self.t1_counter() & 0xFF
            self.ifr &= ~T1_IRQ
            self._update_irq()
            return value
        if reg in (0x1, 0xF):
            return self._port_a()
        return self.peek(addr)

    def peek(self, addr: int) -> int:
        reg = addr & 0x0F
        if reg == 0x0:
            return (self.orb & self.ddrb) | (0xFF & ~self.ddrb)
        if reg in (0x1, 0xF):
            return self._port_a()
        if reg == 0x2:
            return self.ddrb
        if reg == 0x3:
            return self.ddra
        if reg == 0x4:
            return self.t1_counter() & 0xFF
        if reg == 0x5:
            return self.t1_counter() >> 8
        if reg == 0x6:
            return self.t1_latch & 0xFF
        if reg == 0x7:
            return self.t1_latch >> 8
        if reg == 0x8:
            return self.t2 & 0xFF
        if reg == 0x9:
            return self.t2 >> 8
        if reg == 0xB:
            return self.acr
        if reg == 0xC:
            return self.pcr
        if reg == 0xD:
            return self.ifr
        if reg == 0xE:
            return self.ier | 0x80
        return 0xFF

    def write(self, addr: int, value: int) -> None:
        self.sync()
        reg = addr & 0x0F
        if reg == 0x0:
            self.orb = value
            if self.ddrb & 0x0F == 0x0F:   # IC32: bits 0-2 pick, bit 3 is the value
                bit = value & 7
                old = self.latch
                self.latch = (old & ~(1 << bit)) | ((value >> 3 & 1) << bit)
                if old & 1 and not self.latch & 1 and self._sound is not None:
                    self._sound((self.ora & self.ddra | ~self.ddra) & 0xFF)
        elif reg in (0x1, 0xF):
            self.ora = value
        elif reg == 0x2:
            self.ddrb = value
        elif reg == 0x3:
            self.ddra = value
        elif reg in (0x4, 0x6):
            self.t1_latch = (self.t1_latch & 0xFF00) | value
        elif reg == 0x5:                   # T1C-H: load and start
            self.t1_latch = (self.t1_latch & 0xFF) | value << 8
            self.t1_base = self._cycles()
            self.t1_running = True
            self.ifr &= ~T1_IRQ
            self._update_irq()
        elif reg == 0x7:
            self.t1_latch = (self.t1_latch & 0xFF) | value << 8
            self.ifr &= ~T1_IRQ
            self._update_irq()
        elif reg == 0x8:
            self.t2 = (self.t2 & 0xFF00) | value
        elif reg == 0x9:
            self.t2 = (self.t2 & 0xFF) | value << 8
        elif reg == 0xB:
            self.acr = value
        elif reg == 0xC:
            self.pcr = value
        elif reg == 0xD:
            self.ifr &= ~(value & 0x7F)
            self._update_irq()
        elif reg == 0xE:
            if value & 0x80:
                self.ier |= value & 0x7F
            else:
                self.ier &= ~value & 0x7F
            self._update_irq()

    def _port_a(self) -> int:
        out = self.ora & self.ddra
        if not self.latch & 0x08:          # keyboard enabled for reading: PA7 = down
            key = self.ora & 0x7F
            return (out & 0x7F) | (0x80 if self.keyboard.is_down(key) else 0)
        return out | (0xFF & ~self.ddra)

    # -- state ----------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in _FIELDS}

    def restore(self, snap: dict[str, Any]) -> None:
        for name in _FIELDS:
            setattr(self, name, snap[name])
        self._update_irq()
