"""The Pac-Man board's Namco WSG: 3 wavetable voices, and our own sound PROM.

Facts (Alessandro Scotti's WSG notes, walkofmind.com/programming/pie/wsg3.htm;
MAME's namco.cpp, `pacman_sound_w`; Chris Lomont's Pac-Man Emulation Guide):
32 write-only 4-bit registers at $5040-$505F (reg = address - $5040):

  $00-$04 voice 1 accumulator, 20 bits, low nibble first   $05 voice 1 waveform
  $06-$09 voice 2 accumulator, bits 4-19                   $0A voice 2 waveform
  $0B-$0E voice 3 accumulator, bits 4-19                   $0F voice 3 waveform
  $10-$14 voice 1 frequency, 20 bits                        $15 voice 1 volume
  $16-$19 voice 2 frequency, bits 4-19 (bits 0-3 are 0)     $1A voice 2 volume
  $1B-$1E voice 3 frequency, bits 4-19                      $1F voice 3 volume

The chip runs at the CPU clock / 32 = 96 kHz: each tick every voice adds its
frequency to its 20-bit accumulator, and the sample is the waveform's entry
(acc >> 15) & 31 times the volume. A voice's pitch is freq * 96000 / 2**20 Hz.
Waveform numbers (3 bits) pick one of 8 waveforms of 32 4-bit samples in the
board's sound PROM (82S126 at 1M): the PROM here is OUR OWN design
(`SOUND_PROM`), not Namco's. The board's latch bit at $5001 enables the
sound; the log carries it as reg $20 (a board line, not a chip register),
logged first in each frame that writes (for a synth made mid-game); the
log's `sync` gives every register, for a synth made afresh after a load,
reset, step or seek.

The synth is web/audio/chips/wsg.js; its PROM module wsg_prom.js is made from
`SOUND_PROM` by `prom_module()` (tested to match: one source of truth).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ..sound import SoundLog

CHIP_DIVIDER = 32                 # CPU clock / 32 = the chip's 96 kHz
ACC_BITS = 20
REG_ENABLE = 0x20                 # the log's reg for the board's $5001 latch
WAVE_NAMES = ("sine", "triangle", "square", "saw", "pulse 25%", "organ", "octave sine",
              "hollow")


def _wave(shape: Callable[[float], float]) -> bytes:
    """32 samples of shape(phase 0..1) in -1..1, as 4-bit values 0-15."""
    return bytes(max(0, min(15, round(7.5 + 7.5 * shape(i / 32)))) for i in range(32))


def _sin(k: float) -> Callable[[float], float]:
    return lambda p: math.sin(2 * math.pi * k * p)


SOUND_PROM: bytes = b"".join(_wave(shape) for shape in (
    _sin(1),                                                  # 0 sine
    lambda p: 4 * p - 1 if p < 0.5 else 3 - 4 * p,           # 1 triangle
    lambda p: 1.0 if p < 0.5 else -1.0,                       # 2 square
    lambda p: 2 * p - 1,                                      # 3 saw
    lambda p: 1.0 if p < 0.25 else -1.0,                      # 4 pulse 25%
    lambda p: 0.7 * math.sin(2 * math.pi * p) + 0.3 * math.sin(4 * math.pi * p),  # 5 organ
    _sin(2),                                                  # 6 one octave up
    lambda p: 0.75 * math.sin(2 * math.pi * p) + 0.25 * math.sin(6 * math.pi * p),  # 7 hollow
))
assert len(SOUND_PROM) == 256


def prom_module() -> str:
    """web/audio/chips/wsg_prom.js, made from SOUND_PROM."""
    rows = [", ".join(str(v) for v in SOUND_PROM[w * 32:(w + 1) * 32]) for w in range(8)]
    body = "\n".join(f"  {row},  // {w} {WAVE_NAMES[w]}" for w, row in enumerate(rows))
    return ("// Made by py/retroscope/machines/namco/wsg.py (prom_module): do not edit.\n"
            "// Our own sound PROM for the Namco WSG: 8 waveforms of 32 4-bit samples.\n"
            f"export const SOUND_PROM = new Uint8Array([\n{body}\n]);\n")


# Register layout per voice: (accumulator regs, waveform reg, frequency regs, volume reg);
# voices 2 and 3 have no register for bits 0-3.
VOICES = (
    (range(0x00, 0x05), 0x05, range(0x10, 0x15), 0x15, 0),
    (range(0x06, 0x0A), 0x0A, range(0x16, 0x1A), 0x1A, 4),
    (range(0x0B, 0x0F), 0x0F, range(0x1B, 0x1F), 0x1F, 4),
)


class Wsg:
    """The registers as the CPU wrote them, the enable line, and the frame's log."""

    def __init__(self, cpu_hz: float) -> None:
        self.cpu_hz = cpu_hz
        self.regs = bytearray(0x20)
        self.enabled = 0
        self.log = SoundLog("wsg", cpu_hz)
        self._now: Callable[[], tuple[int, int]] = lambda: (0, 0)
        self._frame = -1
        self.log.sync = self.sync_writes

    def attach(self, now: Callable[[], tuple[int, int]]) -> None:
        """`now()` -> (frame, cycles since the frame began): the stamp's source."""
        self._now = now

    def _log(self, reg: int, value: int) -> None:
        frame, cycle = self._now()
        if frame != self._frame:  # the frame's first write: the enable line first
            self._frame = frame
            self.log.log(cycle, REG_ENABLE, self.enabled)
        self.log.log(cycle, reg, value)

    def sync_writes(self) -> list[int]:
        """The log's `sync`: the enable line and every register (stamps 0)."""
        writes = [0, REG_ENABLE, self.enabled]
        for reg, value in enumerate(self.regs):
            writes += (0, reg, value)
        return writes

    def write(self, reg: int, value: int) -> None:
        """A CPU write to $5040 + reg (only the low nibble is wired)."""
        value &= 0x0F
        self.regs[reg & 0x1F] = value
        self._log(reg & 0x1F, value)

    def set_enabled(self, on: int) -> None:
        on &= 1
        if on != self.enabled:
            self.enabled = on
            self._log(REG_ENABLE, on)

    def reset(self) -> None:
        self.regs[:] = bytes(0x20)
        self.enabled = 0
        self._frame = -1

    # -- reading the registers back (panels, tests) ------------------------------
    def _value(self, regs: range, shift: int) -> int:
        value = 0
        for i, reg in enumerate(regs):
            value |= self.regs[reg] << (4 * i)
        return value << shift

    def voice(self, n: int) -> dict[str, Any]:
        """Voice n (0-2): its 20-bit frequency, pitch in Hz, volume, waveform."""
        _acc, wave, freq, vol, shift = VOICES[n]
        frequency = self._value(freq, shift)
        rate = self.cpu_hz / CHIP_DIVIDER
        return {"frequency": frequency, "hz": frequency * rate / (1 << ACC_BITS),
                "volume": self.regs[vol], "waveform": self.regs[wave] & 7}

    @staticmethod
    def frequency_for(hz: float, cpu_hz: float, shift: int = 4) -> int:
        """The frequency register value (in units of 2**shift) nearest to hz."""
        return round(hz * (1 << ACC_BITS) / (cpu_hz / CHIP_DIVIDER) / (1 << shift))

    # -- state ------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {"regs": self.regs.hex(), "enabled": self.enabled}

    def restore(self, state: dict[str, Any]) -> None:
        self.regs[:] = bytes.fromhex(state["regs"])
        self.enabled = state["enabled"] & 1
        self._frame = -1
