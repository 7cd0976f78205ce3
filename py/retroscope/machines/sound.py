"""Sound chips' register writes, frame by frame: the contract between
the machines' sound chips and the page's synths.

A chip device (nes/apu.py, namco/wsg.py, ...) owns its registers, which are
machine state (in `device_snapshot`/`device_restore`), and a `SoundLog`, which
is output: every register write, stamped with the CPU cycle of the frame at
which the CPU makes it. The machine lists its logs in `Machine.sound_logs()`;
the worker drains them after each frame and posts them to the page's
AudioWorklet, where `web/audio/chips/<chip>.js` turns them into samples.

Costs: one `list.extend` per write. Nobody has to drain: when a frame ends
(`Machine.advance` calls `end_frame`), whatever is left of the frame before is
dropped, so a log never holds more than two frames. Writes made between frames
(a memory edit, stepping) belong to the frame that follows.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class SoundLog:
    """One sound chip's register writes during the current frame."""

    chip: str          # synth name in web/audio/chips/: "apu", "fds", "wsg", "sn76489"
    clock_hz: float    # what one stamp unit is: the CPU clock of the machine
    # flat [stamp, reg, value, stamp, reg, value, ...];
    # stamp = CPU cycles since the frame began (Machine.frame_cycle)
    writes: list[int] = field(default_factory=list)
    # len(writes) when the last frame ended: what end_frame drops if undrained
    done: int = field(default=0, repr=False, compare=False)
    # Optional, set by the device: writes (flat, stamps 0) that bring a
    # fresh synth to the chip's registers now without starting a note; the
    # worker sends them instead of the log after a load, reset, step or seek,
    # when frames ran that nobody drained.
    sync: Callable[[], list[int]] | None = field(default=None, repr=False, compare=False)

    def log(self, stamp: int, reg: int, value: int) -> None:
        """Record one write: `reg` in the chip's own numbering (APU: address -
        $4000), `value` a byte (or the chip's own width)."""
        self.writes.extend((stamp, reg, value))

    def drain(self) -> list[int]:
        """The frame's writes, and clears them."""
        writes = self.writes[:]
        self.clear()
        return writes

    def clear(self) -> None:
        """Forget every write (in place: a device may hold the list's methods),
        and the frame mark with them."""
        self.writes.clear()
        self.done = 0

    def end_frame(self) -> None:
        """A frame ended: drop what is left of the one before (nobody drained
        it), keep this one's writes for `drain`."""
        if self.done:
            del self.writes[:self.done]
        self.done = len(self.writes)

    def sync_writes(self) -> list[int]:
        """The device's `sync` writes ([] without one: the synth starts silent)."""
        return self.sync() if self.sync is not None else []

    def triples(self) -> list[tuple[int, int, int]]:
        """The writes as (stamp, reg, value) tuples, for tests and panels."""
        w = self.writes
        return [(w[i], w[i + 1], w[i + 2]) for i in range(0, len(w), 3)]


def frame_json(machine: Any, sync: bool = False) -> str:
    """A machine's sound logs of the frame just run, drained, as the JSON the
    worker posts to the page's AudioWorklet (web/audio/worklet.js):
    {frame, cycles, clock, logs: [{chip, clock, writes}]}; "" for a machine
    without sound chips. With `sync`, each log's writes are the chip's state
    as writes instead (`SoundLog.sync_writes`)."""
    logs = machine.sound_logs()
    if not logs:
        return ""
    return json.dumps({
        "frame": machine.frame, "cycles": machine.last_frame_cycles,
        "clock": machine.INFO.clock_hz,
        "logs": [{"chip": log.chip, "clock": log.clock_hz, "writes": _writes(log, sync)}
                 for log in logs],
    }, separators=(",", ":"))


def _writes(log: SoundLog, sync: bool) -> list[int]:
    drained = log.drain()
    return log.sync_writes() if sync else drained
