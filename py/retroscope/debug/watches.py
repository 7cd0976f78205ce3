"""Watch expressions: a symbol or an address shown in a chosen format.

Watches are read when the panels refresh (at a pause or at most 30 times a
second), never while the CPU runs, so they cost nothing at run time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .breakpoints import BreakpointError, parse_address
from .errors import DebugError

# format -> bytes read
FORMATS: dict[str, int] = {"hex": 1, "dec": 1, "bcd": 1, "u16le": 2, "u16be": 2}


class WatchError(DebugError):
    """A watch that cannot be set."""


@dataclass
class Watch:
    id: int
    where: str  # what the user typed: a symbol or an address
    addr: int
    format: str
    count: int = 1  # how many bytes (bcd: digits come two per byte, most significant first)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "where": self.where, "addr": self.addr,
                "format": self.format, "count": self.count}


def render(data: bytes, fmt: str) -> tuple[int, str]:
    """(numeric value, text) of `data` in a watch format."""
    if fmt == "hex":
        value = int.from_bytes(data, "big")
        return value, "$" + data.hex().upper()
    if fmt == "dec":
        value = int.from_bytes(data, "big")
        return value, str(value)
    if fmt == "bcd":
        digits = []
        valid = True
        for byte in data:
            for nibble in (byte >> 4, byte & 0xF):
                valid &= nibble <= 9
                digits.append("0123456789ABCDEF"[nibble])
        text = "".join(digits)
        return (int(text) if valid else -1), (text if valid else text + " (not BCD)")
    if fmt == "u16le":
        value = data[0] | data[1] << 8
        return value, f"${value:04X} ({value})"
    if fmt == "u16be":
        value = data[0] << 8 | data[1]
        return value, f"${value:04X} ({value})"
    raise WatchError(f"watch format must be one of {', '.join(FORMATS)}, not {fmt!r}")


class WatchList:
    def __init__(self, symbols: dict[str, int]) -> None:
        self.symbols = symbols
        self.items: dict[int, Watch] = {}
        self._next_id = 1

    def add(self, where: Any, fmt: str = "hex", count: int | None = None) -> Watch:
        if not isinstance(fmt, str) or fmt not in FORMATS:
            raise WatchError(f"watch format must be one of {', '.join(FORMATS)}, not {fmt!r}")
        try:
            addr, symbol = parse_address(where, self.symbols)
        except BreakpointError as exc:
            raise WatchError(str(exc)) from None
        size = FORMATS[fmt] if count is None else count
        if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= 16:
            raise WatchError(f"a watch covers 1-16 bytes, not {size!r}")
        if fmt in ("u16le", "u16be") and size != 2:
            raise WatchError(f"{fmt} watches are 2 bytes")
        # Named as the user wrote a symbol, else as an address in hex (the page
        # may hand over "$0017" already turned into 23).
        label = symbol or f"${addr:04X}"
        watch = Watch(self._next_id, label, addr, fmt, size)
        self._next_id += 1
        self.items[watch.id] = watch
        return watch

    def remove(self, watch_id: int) -> None:
        if not isinstance(watch_id, int) or self.items.pop(watch_id, None) is None:
            raise WatchError(f"no watch #{watch_id}")

    def values(self, peek_range: Callable[[int, int], bytes]) -> list[dict[str, Any]]:
        rows = []
        for watch in self.items.values():
            data = peek_range(watch.addr, watch.count)
            value, text = render(data, watch.format)
            rows.append({**watch.to_json(), "value": value, "text": text})
        return rows
