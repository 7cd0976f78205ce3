"""The 2A03's APU as a device on the CPU bus: $4000-$4013, $4015, $4017.

The sound itself is made in the page (web/audio/chips/apu.js) from the
register writes this device logs (machines/sound.py), each stamped with the
CPU cycle of the frame at which the CPU makes it. What the CPU can read back
is modelled here: $4015's status, which needs the length counters and the
frame counter that clocks them, and the frame interrupt flag. Those run
lazily: the frame sequencer is brought up to the CPU's cycle whenever the
CPU touches the APU (and at a snapshot), so an idle APU costs nothing.

Facts, from the NESdev wiki (nesdev.org/wiki/): APU_Frame_Counter (NTSC step
times in CPU cycles: half frames at 14913 and 29829 in the 4-step mode, at
14913 and 37281 in the 5-step mode; the flag set at 29828-29830; a $4017
write restarts the sequence 3 or 4 cycles later and, with bit 7, clocks a
half frame at once), APU_Length_Counter (the 32-entry load table; halt bits
$4000/$4004/$400C bit 5, $4008 bit 7; a channel disabled in $4015 has its
length cleared and ignores loads), APU (the $4015 status bits).

Not modelled: the frame interrupt on the CPU's IRQ line (the flag is kept and
read through $4015; our programs run with interrupts disabled), the DMC's
sample fetches and its status bits (its registers are stored and logged).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..sound import SoundLog

REGISTERS = 0x18  # $4000-$4017
STATUS = 0x15
FRAME_COUNTER = 0x17
# The cycle of a STA/LDA absolute's data access within the instruction: the core
# reports the cycle at which the instruction began (as for the OAM DMA).
ACCESS_CYCLE = 3

LENGTHS = (10, 254, 20, 2, 40, 4, 80, 6, 160, 8, 60, 10, 14, 12, 26, 14,
           12, 16, 24, 18, 48, 20, 96, 22, 192, 24, 72, 26, 16, 28, 32, 30)
# Per channel (pulse 1, pulse 2, triangle, noise): the register holding the
# length counter's halt bit, and that bit.
HALT = ((0x00, 0x20), (0x04, 0x20), (0x08, 0x80), (0x0C, 0x20))

# The frame sequencer, NTSC, in CPU cycles after it restarts: (when, what).
HALF, IRQ, WRAP = 0, 1, 2
SEQUENCES = (
    ((14913, HALF), (29828, IRQ), (29829, HALF), (29830, WRAP)),  # 4-step
    ((14913, HALF), (37281, HALF), (37282, WRAP)),                # 5-step
)

SYNC_REGS = (0x00, 0x01, 0x02, 0x04, 0x05, 0x06, 0x08, 0x0A, 0x0C, 0x0E, 0x11)

_FIELDS = ("regs", "lengths", "enabled", "mode", "inhibit", "irq_flag", "seq_start",
           "seq_index")


class Apu:
    """The APU's registers and what $4015 reads back; `log` has the writes.

    `cycles()` is the CPU's cycle counter (the start of the instruction in
    flight) and `frame_start()` the cycle at which the current frame began.
    """

    def __init__(self, cycles: Callable[[], int], frame_start: Callable[[], int],
                 clock_hz: float) -> None:
        self.cycles = cycles
        self.frame_start = frame_start
        self.log = SoundLog("apu", clock_hz)
        self.log.sync = self.sync_writes
        self.reset()

    def reset(self) -> None:
        """Power-on: silent, every channel disabled, 4-step mode, IRQ allowed."""
        self.regs = bytearray(REGISTERS)
        self.lengths = [0, 0, 0, 0]
        self.enabled = 0
        self.mode = 0
        self.inhibit = False
        self.irq_flag = False
        self.seq_start = self.cycles()
        self.seq_index = 0

    # -- the frame sequencer, brought up to date lazily ------------------------------
    def _catch_up(self, now: int) -> None:
        sequence = SEQUENCES[self.mode]
        while True:
            at, what = sequence[self.seq_index]
            if self.seq_start + at > now:
                return
            if what == HALF:
                self._half_frame()
            elif what == IRQ:
                if not self.inhibit:
                    self.irq_flag = True
            else:
                self.seq_start += at
                self.seq_index = 0
                continue
            self.seq_index += 1

    def _half_frame(self) -> None:
        regs, lengths = self.regs, self.lengths
        for channel, (reg, bit) in enumerate(HALT):
            if lengths[channel] and not regs[reg] & bit:
                lengths[channel] -= 1

    # -- the bus ------------------------------------------------------------------------
    def write(self, reg: int, value: int) -> None:
        """A CPU write to $4000 + reg."""
        now = self.cycles() + ACCESS_CYCLE
        self._catch_up(now)
        self.regs[reg] = value
        if reg == STATUS:
            self.enabled = value & 0x1F
            for channel in range(4):
                if not value >> channel & 1:
                    self.lengths[channel] = 0
        elif reg == FRAME_COUNTER:
            self.mode = value >> 7
            self.inhibit = bool(value & 0x40)
            if self.inhibit:
                self.irq_flag = False
            if self.mode:
                self._half_frame()
            self.seq_start = now + 3 + (now & 1)
            self.seq_index = 0
        elif reg < 0x10 and reg & 3 == 3:
            channel = reg >> 2
            if self.enabled >> channel & 1:
                self.lengths[channel] = LENGTHS[value >> 3]
        self.log.log(now - self.frame_start(), reg, value)

    def read_status(self) -> int:
        """A CPU read of $4015: channels with length left, the frame IRQ flag
        (cleared by the read)."""
        self._catch_up(self.cycles() + ACCESS_CYCLE)
        status = self._status()
        self.irq_flag = False
        return status

    def peek_status(self) -> int:
        """$4015 as a read would see it now, changing nothing."""
        saved = self._state()
        self._catch_up(self.cycles() + ACCESS_CYCLE)
        status = self._status()
        self._set_state(saved)
        return status

    def _status(self) -> int:
        status = self.irq_flag << 6
        for channel, length in enumerate(self.lengths):
            if length:
                status |= 1 << channel
        return status

    def sync_writes(self) -> list[int]:
        """The registers as writes for a fresh synth: mode, enables, then every
        register but the four that load a length counter (and start a note)."""
        regs = self.regs
        out = [0, FRAME_COUNTER, regs[FRAME_COUNTER], 0, STATUS, regs[STATUS]]
        for reg in SYNC_REGS:
            out += (0, reg, regs[reg])
        return out

    # -- state -------------------------------------------------------------------------
    def _state(self) -> tuple[Any, ...]:
        return (bytes(self.regs), list(self.lengths), self.enabled, self.mode, self.inhibit,
                self.irq_flag, self.seq_start, self.seq_index)

    def _set_state(self, state: tuple[Any, ...]) -> None:
        (regs, lengths, self.enabled, self.mode, self.inhibit, self.irq_flag, self.seq_start,
         self.seq_index) = state
        self.regs = bytearray(regs)
        self.lengths = list(lengths)

    def snapshot(self) -> dict[str, Any]:
        """The registers and counters, as of the CPU's cycle now (so the same
        moment always gives the same snapshot)."""
        self._catch_up(self.cycles())
        state = dict(zip(_FIELDS, self._state(), strict=True))
        state["regs"] = list(state["regs"])
        state["inhibit"], state["irq_flag"] = int(self.inhibit), int(self.irq_flag)
        return state

    def clock_problem(self) -> str | None:
        """Why the frame sequencer's clock cannot be the one of a state
        taken now (None: it can): it is brought up to the CPU's cycle by
        steps, so one far behind would take ages to catch up."""
        behind = self.cycles() - self.seq_start
        if not -16 <= behind <= SEQUENCES[self.mode][-1][0]:
            return f"its APU frame sequencer is {behind} cycles behind the CPU"
        return None

    def restore(self, state: dict[str, Any]) -> None:
        regs = bytes(int(v) & 0xFF for v in state["regs"])
        if len(regs) != REGISTERS:
            raise ValueError(f"APU snapshot has {len(regs)} registers, not {REGISTERS}")
        self._set_state((regs, [int(v) for v in state["lengths"]], int(state["enabled"]),
                         int(state["mode"]) & 1, bool(state["inhibit"]),
                         bool(state["irq_flag"]), int(state["seq_start"]),
                         int(state["seq_index"])))
        self.seq_index = min(max(self.seq_index, 0), len(SEQUENCES[self.mode]) - 1)
