"""What the disassemblers share."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Count:
    """Disassemble this many instructions (instead of up to an end address)."""

    n: int
