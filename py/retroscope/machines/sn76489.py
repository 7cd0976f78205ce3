"""The SN76489 family: one model for the TI-99/4A's TMS9919 and the BBC Micro's chip.

Shared by two hardware folders (ti99/ writes it at >8400, bbc/ through the
system VIA's slow data bus), so it sits beside sound.py, not in either.

Facts (SMS Power's "SN76489" notes; Thierry Nouspikel's TI-99/4A Tech Pages,
"TMS9919 Sound chip", and the SN76489AN data sheet; J. Kortink's "SN76489
sound chip details"; the BBC Micro Advanced User Guide and the New AUG ch. 21;
MAME's sn76496.cpp for the variants):

- Three tone channels, each a 10-bit period N: the output flips every N
  ticks of clock/16, so it sounds at clock / (32 N) Hz; N = 0 acts as 1024.
- Four 4-bit attenuations (tone 0-2, noise): 2 dB a step, 15 = off.
- The noise channel: bits 0-1 pick its shift rate, clock/512, /1024, /2048
  or tone 2's rate; bit 2 picks white (1) or periodic (0) noise. Writing it
  resets the shift register. The TI's SN94624/TMS9919 and the BBC's SN76489
  both shift a 15-bit register fed back from bits 0 and 1 (XOR); they differ
  in the clock the board gives them: 3,579,545 Hz on the 4A (the VDP's
  CPUCLK, Nouspikel; an SN94624 fed 447 kHz without the later parts' /8
  gives the same tones), 4,000,000 Hz on the BBC (NAUG).
- Not modelled: the chip holds the CPU (READY) for about 32 of its clocks
  while it takes a byte (Nouspikel), so on the 4A each write to >8400 costs
  some 27 more CPU cycles than the core counts; the BBC's slow bus waits are
  the MOS's own NOPs.
- The byte protocol: %1 cc t dddd latches channel cc, t = 1 attenuation,
  0 tone/noise, and sets the low 4 bits; %0 x dddddd sets the upper 6 bits
  of a latched tone period (the low bits of attenuation or noise).

The device keeps the registers (for rewind and the panels) and logs every
byte written as reg 0 of its `SoundLog`, and before the first byte of each
frame reg 1 = the chip's clock in Hz (the log's own clock is the CPU's, for
the stamps: each frame says it again, for a synth made mid-game); the log's
`sync` gives the whole state as writes, for a synth made afresh after a load,
reset, step or seek (`state_bytes`). web/audio/chips/sn76489.js makes the
sound, with the same 15-bit register and taps as NOISE_WIDTH and NOISE_TAPS
say (tests hold it to periodic noise's 15-shift period).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .sound import SoundLog

TI99_CLOCK = 3_579_545
BBC_CLOCK = 4_000_000
NOISE_WIDTH = 15
NOISE_TAPS = 0b11                 # bits 0 and 1, XOR
DB_PER_STEP = 2.0
NOISE_RATES = (512, 1024, 2048)   # clock divisors of the noise shift rate (3: tone 2)


class SN76489:
    """Registers: 3 tone periods, 4 attenuations, the noise control, the latch."""

    def __init__(self, chip_hz: float, cpu_hz: float) -> None:
        self.chip_hz = chip_hz
        self.log = SoundLog("sn76489", cpu_hz)
        self._now: Callable[[], tuple[int, int]] = lambda: (0, 0)
        self._frame = -1
        self.log.sync = self.sync_writes
        self.reset()

    def attach(self, now: Callable[[], tuple[int, int]]) -> None:
        """`now()` -> (frame, cycles since the frame began): the stamp's source."""
        self._now = now

    def reset(self) -> None:
        self.periods = [0, 0, 0]
        self.attenuation = [15, 15, 15, 15]
        self.noise = 0
        self.latched = 0          # register 0-7: channel * 2 + (1 if attenuation)
        self._frame = -1

    def state_bytes(self) -> bytes:
        """The bytes that bring a chip to this state (the latch last)."""
        out = bytearray()
        for c in range(3):
            out += self.tone_bytes(c, self.periods[c])
        out.append(0xE0 | self.noise)
        out += bytes(self.volume_byte(c, self.attenuation[c]) for c in range(4))
        reg = self.latched
        low = (self.attenuation[reg >> 1] if reg & 1 else
               self.periods[reg >> 1] & 0x0F if reg < 6 else self.noise)
        if reg != 6:  # a noise latch byte would reset the noise: it is latched last anyway
            out.append(0x80 | reg << 4 | low)
        return bytes(out)

    def sync_writes(self) -> list[int]:
        """The log's `sync`: the clock and the bytes that bring a fresh synth
        to this state (stamps 0)."""
        writes = [0, 1, int(self.chip_hz)]
        for byte in self.state_bytes():
            writes += (0, 0, byte)
        return writes

    def write(self, value: int) -> None:
        """A byte written to the chip."""
        value &= 0xFF
        frame, cycle = self._now()
        if frame != self._frame:  # the frame's first write: the clock first
            self._frame = frame
            self.log.log(cycle, 1, int(self.chip_hz))
        if value & 0x80:
            self.latched = reg = value >> 4 & 7
            data = value & 0x0F
            channel = reg >> 1
            if reg & 1:
                self.attenuation[channel] = data
            elif channel < 3:
                self.periods[channel] = (self.periods[channel] & 0x3F0) | data
            else:
                self.noise = data & 7
        else:
            reg = self.latched
            channel = reg >> 1
            if reg & 1:
                self.attenuation[channel] = value & 0x0F
            elif channel < 3:
                self.periods[channel] = (self.periods[channel] & 0x00F) | (value & 0x3F) << 4
            else:
                self.noise = value & 7
        self.log.log(cycle, 0, value)

    # -- reading back (panels, tests) --------------------------------------------
    def tone_hz(self, channel: int) -> float:
        period = self.periods[channel] or 1024
        return self.chip_hz / (32 * period)

    @staticmethod
    def period_for(hz: float, chip_hz: float) -> int:
        """The 10-bit period nearest to hz (1-1023)."""
        return max(1, min(1023, round(chip_hz / (32 * hz))))

    @staticmethod
    def tone_bytes(channel: int, period: int) -> bytes:
        """The latch byte and the data byte that set a tone channel's period."""
        return bytes([0x80 | channel << 5 | (period & 0x0F), period >> 4 & 0x3F])

    @staticmethod
    def volume_byte(channel: int, attenuation: int) -> int:
        return 0x90 | channel << 5 | (attenuation & 0x0F)

    def channels(self) -> list[dict[str, Any]]:
        """Each channel as the panels show it."""
        out: list[dict[str, Any]] = [
            {"channel": c, "period": self.periods[c], "hz": round(self.tone_hz(c), 2),
             "attenuation": self.attenuation[c]} for c in range(3)]
        out.append({"channel": 3, "white": bool(self.noise & 4), "rate": self.noise & 3,
                    "attenuation": self.attenuation[3]})
        return out

    # -- state -----------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {"periods": list(self.periods), "attenuation": list(self.attenuation),
                "noise": self.noise, "latched": self.latched}

    def restore(self, state: dict[str, Any]) -> None:
        self.periods = [int(p) & 0x3FF for p in state["periods"]]
        self.attenuation = [int(a) & 0x0F for a in state["attenuation"]]
        self.noise = int(state["noise"]) & 7
        self.latched = int(state["latched"]) & 7
        self._frame = -1
