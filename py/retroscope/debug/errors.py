"""The debugger's one error type and its argument checks."""

from __future__ import annotations

from typing import Any


class DebugError(ValueError):
    """A request the debugger cannot carry out, explained."""


def check_int(name: str, value: Any, hi: int, lo: int = 0) -> int:
    """`value` as a whole number within lo..hi, or a DebugError saying why not."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise DebugError(f"{name} must be a whole number, not {value!r}")
    if not lo <= value <= hi:
        raise DebugError(f"{name} must be within {lo}-{hi} (${hi:X}), not {value}")
    return value
