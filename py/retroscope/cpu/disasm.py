"""What the disassemblers share."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Count:
    """Disassemble this many instructions (instead of up to an end address)."""

    n: int


def walk(decode_at: Callable[[int], Any], address: int, end_or_count: int | Count) -> list:
    """The lines `decode_at(address)` gives from `address` (in range, aligned)
    on: `Count(n)` of them, or up to the exclusive end address, wrapping past
    $FFFF when it is not above `address` ($10000: to the top of memory)."""
    lines: list = []
    if isinstance(end_or_count, Count):
        for _ in range(max(0, end_or_count.n)):
            lines.append(line := decode_at(address))
            address = (address + len(line.data)) & 0xFFFF
        return lines
    span = (end_or_count - address) & 0xFFFF if end_or_count != 0x10000 \
        else 0x10000 - address
    done = 0
    while done < span:
        lines.append(line := decode_at(address))
        address = (address + len(line.data)) & 0xFFFF
        done += len(line.data)
    return lines


def symbol_names(symbols: Mapping[str, int]) -> dict[int, str]:
    """Address -> name, preferring global labels over `global@local` ones and
    then the alphabetically first, so the choice is stable."""
    names: dict[int, str] = {}
    for name in sorted(symbols, key=lambda n: ("@" in n, n)):
        value = symbols[name]
        if isinstance(value, int) and 0 <= value <= 0xFFFF:
            names.setdefault(value, name)
    return names
