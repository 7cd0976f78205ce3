"""Sound chips' register writes, frame by frame (issue #19's sound contract).

A chip device (nes/apu.py, namco/wsg.py, ...) owns its registers, which are
machine state (in `device_snapshot`/`device_restore`), and a `SoundLog`, which
is output: every register write, stamped with the CPU cycle of the frame at
which the CPU makes it. The machine lists its logs in `Machine.sound_logs()`;
the worker drains them after each frame and posts them to the page's
AudioWorklet, where `web/audio/chips/<chip>.js` turns them into samples.

Costs: one `list.extend` per write. Nobody has to drain: the machine clears
every log when the next frame starts (`Machine.advance`), so a log never holds
more than one frame.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class SoundLog:
    """One sound chip's register writes during the current frame."""

    chip: str          # synth name in web/audio/chips/: "apu", "fds", "wsg", "sn76489"
    clock_hz: float    # what one stamp unit is: the CPU clock of the machine
    # flat [stamp, reg, value, stamp, reg, value, ...];
    # stamp = CPU cycles since the frame began (Machine.frame_cycle)
    writes: list[int] = field(default_factory=list)

    def log(self, stamp: int, reg: int, value: int) -> None:
        """Record one write: `reg` in the chip's own numbering (APU: address -
        $4000), `value` a byte (or the chip's own width)."""
        self.writes.extend((stamp, reg, value))

    def drain(self) -> list[int]:
        """The frame's writes, and clears them."""
        writes = self.writes[:]
        self.writes.clear()  # in place: a device may hold the list's methods
        return writes

    def triples(self) -> list[tuple[int, int, int]]:
        """The writes as (stamp, reg, value) tuples, for tests and panels."""
        w = self.writes
        return [(w[i], w[i + 1], w[i + 2]) for i in range(0, len(w), 3)]
