"""What a sound chip device hands the page: its register writes of one frame.

The contract (HELPERS.md, #19): a chip device owns its registers and a
`SoundLog`; `Machine.sound_logs()` lists them; the worker drains each log once
a frame and posts it to the page's AudioWorklet, whose synth for `chip`
(web/audio/chips/<chip>.js) applies each write at the sample matching its
stamp. Stamps are CPU cycles since the frame began (`Machine.frame_cycle`).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class SoundLog:
    """One sound chip's register writes during the current frame."""

    chip: str          # synth name in web/audio/chips/: "apu", "fds", "wsg", "sn76489"
    clock_hz: float    # what one stamp unit is: the CPU clock of the machine
    writes: list[int] = field(default_factory=list)  # flat [stamp, reg, value, ...]

    def log(self, stamp: int, reg: int, value: int) -> None:
        self.writes += (stamp, reg, value)

    def drain(self) -> list[int]:
        """The frame's writes, and clears them."""
        out = self.writes
        self.writes = []
        return out
