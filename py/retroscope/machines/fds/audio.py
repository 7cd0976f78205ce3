"""The FDS's wavetable sound channel (the 2C33's audio) as a device on the CPU bus.

  $4040-$407F  64-step wave RAM, 6 bits a step; written only while $4089 bit 7
               (write enable) is set; read back with the open bus's $40 in bits 7-6
  $4080        volume envelope: MDVV VVVV (M=1: gain = V, envelope off; D: up)
  $4082/$4083  wave pitch, 12 bits; $4083 bit 7 halts the wave (position 0),
               bit 6 halts both envelopes
  $4084        modulation envelope, as $4080; $4085 modulation counter (7 bits)
  $4086/$4087  modulation pitch, 12 bits; $4087 bit 7 halts the mod table
  $4088        modulation table write (3 bits; only while the mod table is halted)
  $4089        W--- --VV: wave write enable, master volume (2/2, 2/3, 2/4, 2/5)
  $408A        envelope speed multiplier
  $4090/$4092  (read) volume gain / modulation gain

Like the APU device (nes/apu.py), the sound is made in the page
(web/audio/chips/fds.js) from the logged writes: reg = address - $4040.
Source: the NESdev wiki's "FDS audio" page. Not modelled here: the envelopes
over time ($4090/$4092 read the gains as last set by $4080/$4084 with M=1),
the read of $4040-$407F while writing is disabled (which returns the step at
the wave's current position, not the addressed one), and $4023's sound enable
(our BIOS stand-in does not write it; the channel is always on).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..nes.apu import ACCESS_CYCLE
from ..sound import SoundLog

FIRST, LAST = 0x4040, 0x408A
WAVE, VOLUME, MOD_ENV, MOD_TABLE, MASTER = 0x00, 0x40, 0x44, 0x48, 0x49
REGISTERS = LAST - FIRST + 1
OPEN_BUS = 0x40


class FdsSound:
    """The channel's registers and wave RAM; `log` has the writes."""

    def __init__(self, cycles: Callable[[], int], frame_start: Callable[[], int],
                 clock_hz: float) -> None:
        self.cycles = cycles
        self.frame_start = frame_start
        self.log = SoundLog("fds", clock_hz)
        self.log.sync = self.sync_writes
        self.reset()

    def reset(self) -> None:
        self.regs = bytearray(REGISTERS)
        self.vol_gain = 0
        self.mod_gain = 0

    def write(self, addr: int, value: int) -> None:
        reg = addr - FIRST
        if reg < VOLUME:
            if not self.regs[MASTER] & 0x80:
                return  # the wave RAM is write-protected: nothing happens, nothing to hear
            value &= 0x3F
        elif reg == VOLUME and value & 0x80:
            self.vol_gain = value & 0x3F
        elif reg == MOD_ENV and value & 0x80:
            self.mod_gain = value & 0x3F
        elif reg == MOD_TABLE:
            if not self.regs[0x47] & 0x80:
                return  # the mod table takes writes only while halted
            value &= 7
        self.regs[reg] = value
        self.log.log(self.cycles() + ACCESS_CYCLE - self.frame_start(), reg, value)

    def sync_writes(self) -> list[int]:
        """The wave RAM and registers as writes for a fresh synth (the mod
        table, write-only, is not kept)."""
        regs = self.regs
        out = [0, MASTER, 0x80]
        for i in range(VOLUME):
            out += (0, i, regs[i])
        out += (0, MASTER, regs[MASTER], 0, 0x4A, regs[0x4A], 0, VOLUME, 0x80 | self.vol_gain,
                0, MOD_ENV, 0x80 | self.mod_gain)
        for reg in (VOLUME, MOD_ENV):
            if not regs[reg] & 0x80:  # an envelope running: its speed and direction
                out += (0, reg, regs[reg])
        for reg in (0x42, 0x43, 0x45, 0x46, 0x47):
            out += (0, reg, regs[reg])
        return out

    def peek(self, addr: int) -> int:
        if FIRST <= addr < FIRST + VOLUME:
            return self.regs[addr - FIRST] | OPEN_BUS
        if addr == 0x4090:
            return self.vol_gain | OPEN_BUS
        if addr == 0x4092:
            return self.mod_gain | OPEN_BUS
        return OPEN_BUS

    def snapshot(self) -> dict[str, Any]:
        return {"regs": list(self.regs), "gains": [self.vol_gain, self.mod_gain]}

    def restore(self, state: dict[str, Any]) -> None:
        regs = bytes(int(v) & 0xFF for v in state["regs"])
        if len(regs) != REGISTERS:
            raise ValueError(f"FDS sound snapshot has {len(regs)} registers, not {REGISTERS}")
        self.regs = bytearray(regs)
        self.vol_gain, self.mod_gain = (int(v) & 0x3F for v in state["gains"])
