"""Breakpoints: execute / read / write on an address, a range or a symbol.

A `Breakpoint` is plain data (it round-trips through JSON, so the page can keep
them per machine); `BreakpointSet` owns them and compiles what the running
session checks: a 64 KiB mask per access kind (one index per check, no search)
and each breakpoint's compiled condition.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .condition import ConditionError, Env, Value, compile_condition
from .errors import DebugError

KINDS = ("exec", "read", "write")


class BreakpointError(DebugError):
    """A breakpoint description that cannot be used."""


@dataclass
class Breakpoint:
    id: int
    kind: str  # "exec" | "read" | "write"
    start: int
    end: int  # inclusive; == start for one address
    symbol: str = ""  # the symbol it was set on, if any (shown, and re-resolved on load)
    condition: str = ""
    enabled: bool = True
    hits: int = 0
    compiled: Value | None = field(default=None, repr=False, compare=False)

    def covers(self, addr: int) -> bool:
        return self.start <= addr <= self.end

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "start": self.start, "end": self.end,
                "symbol": self.symbol, "condition": self.condition,
                "enabled": self.enabled, "hits": self.hits}

    def describe(self) -> str:
        where = self.symbol or (f"${self.start:04X}" if self.start == self.end
                                else f"${self.start:04X}-${self.end:04X}")
        cond = f" if {self.condition}" if self.condition else ""
        return f"{self.kind} {where}{cond}"


def parse_address(value: Any, symbols: dict[str, int]) -> tuple[int, str]:
    """An int, "$C000", "0xC000", "49152" or a symbol name -> (address, symbol)."""
    if isinstance(value, bool):
        raise BreakpointError(f"address must be a number or a symbol, not {value!r}")
    if isinstance(value, int):
        addr, symbol = value, ""
    elif isinstance(value, str):
        text = value.strip()
        if text in symbols:
            return symbols[text] & 0xFFFF, text
        try:
            if text.startswith("$"):
                addr = int(text[1:], 16)
            elif text[:2].lower() == "0x":
                addr = int(text[2:], 16)
            else:
                addr = int(text, 10)
        except ValueError:
            raise BreakpointError(f"{value!r} is neither an address nor a known symbol") from None
        symbol = ""
    else:
        raise BreakpointError(f"address must be a number or a symbol, not {value!r}")
    if not 0 <= addr <= 0xFFFF:
        raise BreakpointError(f"address {addr} is outside $0000-$FFFF")
    return addr, symbol


class BreakpointSet:
    """All breakpoints of a session, and the masks the runner and watches check."""

    def __init__(self, env: Env, symbols: dict[str, int]) -> None:
        self.env = env
        self.symbols = symbols
        self.items: dict[int, Breakpoint] = {}
        self._next_id = 1
        self.masks = {kind: bytearray(0x10000) for kind in KINDS}
        self.active = dict.fromkeys(KINDS, False)

    # -- editing -----------------------------------------------------------------
    def add(self, kind: str, start: Any, end: Any = None, condition: str = "",
            enabled: bool = True, hits: int = 0, bp_id: int | None = None) -> Breakpoint:
        if kind not in KINDS:
            raise BreakpointError(f"breakpoint kind must be one of {', '.join(KINDS)}, "
                                  f"not {kind!r}")
        lo, symbol = parse_address(start, self.symbols)
        hi = lo if end is None else parse_address(end, self.symbols)[0]
        if hi < lo:
            raise BreakpointError(f"range ${lo:04X}-${hi:04X} ends before it starts")
        compiled = self._compile(condition)
        if bp_id is None or bp_id in self.items:
            bp_id = self._next_id
        self._next_id = max(self._next_id, bp_id + 1)
        bp = Breakpoint(bp_id, kind, lo, hi, symbol, condition or "", bool(enabled),
                        int(hits), compiled)
        self.items[bp_id] = bp
        self._rebuild(kind)
        return bp

    def _compile(self, condition: str) -> Value | None:
        if not condition or not condition.strip():
            return None
        try:
            return compile_condition(condition, self.env)
        except ConditionError as exc:
            raise BreakpointError(f"condition {condition!r}: {exc}") from exc

    def get(self, bp_id: int) -> Breakpoint:
        try:
            return self.items[bp_id]
        except (KeyError, TypeError):  # TypeError: an unhashable id from JSON
            raise BreakpointError(f"no breakpoint #{bp_id}") from None

    def remove(self, bp_id: int) -> None:
        bp = self.get(bp_id)
        del self.items[bp_id]
        self._rebuild(bp.kind)

    def set_enabled(self, bp_id: int, enabled: bool) -> Breakpoint:
        bp = self.get(bp_id)
        bp.enabled = bool(enabled)
        self._rebuild(bp.kind)
        return bp

    def set_condition(self, bp_id: int, condition: str) -> Breakpoint:
        bp = self.get(bp_id)
        bp.compiled = self._compile(condition)
        bp.condition = condition or ""
        return bp

    def refresh(self) -> None:
        """Make the masks again after breakpoints were moved (a source edit)."""
        for kind in KINDS:
            self._rebuild(kind)

    def clear(self) -> None:
        self.items.clear()
        for kind in KINDS:
            self._rebuild(kind)

    def _rebuild(self, kind: str) -> None:
        mask = self.masks[kind]
        mask[:] = bytes(0x10000)
        active = False
        for bp in self.items.values():
            if bp.kind == kind and bp.enabled:
                mask[bp.start:bp.end + 1] = b"\x01" * (bp.end - bp.start + 1)
                active = True
        self.active[kind] = active

    # -- checking ------------------------------------------------------------------
    def hit(self, kind: str, addr: int) -> Breakpoint | None:
        """The first enabled breakpoint of `kind` at addr whose condition holds;
        its hit count goes up. Called only where the mask is set."""
        for bp in self.items.values():
            if bp.kind == kind and bp.enabled and bp.start <= addr <= bp.end:
                if bp.compiled is None or bp.compiled():
                    bp.hits += 1
                    return bp
        return None

    # -- persistence ---------------------------------------------------------------
    def to_json(self) -> list[dict[str, Any]]:
        return [bp.to_json() for bp in self.items.values()]

    def load_json(self, data: Any) -> list[str]:
        """Replace all breakpoints with `data` (from to_json). Entries that no
        longer apply (a symbol gone, a bad condition) are skipped and explained."""
        if not isinstance(data, list):
            raise BreakpointError("breakpoints must be a list")
        self.clear()
        problems = []
        for entry in data:
            try:
                if not isinstance(entry, dict):
                    raise BreakpointError(f"not a breakpoint: {entry!r}")
                where: Any = entry.get("symbol") or entry.get("start")
                end = None if entry.get("symbol") else entry.get("end")
                if entry.get("symbol") and entry.get("end", entry.get("start")) != entry.get(
                        "start"):
                    # a range set on a symbol keeps its length
                    lo, _ = parse_address(where, self.symbols)
                    end = lo + int(entry["end"]) - int(entry["start"])
                self.add(str(entry.get("kind", "")), where, end,
                         str(entry.get("condition", "") or ""),
                         bool(entry.get("enabled", True)), int(entry.get("hits", 0)),
                         entry.get("id") if isinstance(entry.get("id"), int) else None)
            except (BreakpointError, TypeError, ValueError) as exc:
                problems.append(str(exc))
        return problems
