"""The memory search (a cheat finder): start over a memory space, then narrow
what is left, step by step across frames, by comparing each byte with its
value at the step before or with a value given.

In the CPU's space the search covers its RAM (the pages where plain memory
answers: no ROM, no device, no mirror); other spaces (VRAM, OAM...) whole.
The search keeps only its own images of memory: it changes nothing, and a
rewind or a reset of the machine leaves it where it stands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import DebugError, check_int

OPS = ("start", "eq", "ne", "gt", "lt", "changed", "unchanged")
_COMPARE: dict[str, Callable[[int, int], bool]] = {
    "eq": int.__eq__, "ne": int.__ne__, "gt": int.__gt__, "lt": int.__lt__,
    "changed": int.__ne__, "unchanged": int.__eq__,
}


class MemorySearch:
    def __init__(self, machine: Any) -> None:
        self.machine = machine
        self.space: str | None = None
        self.image = b""                 # the space at the last step
        self.before = b""                # ...and at the step before it
        self.left: list[int] = []        # offsets still in the running
        self.steps: list[dict[str, Any]] = []

    def searchable(self, space: str) -> list[int]:
        """The addresses a search of `space` starts with."""
        size = self.machine.memory_spaces()[space]
        if space != "cpu":
            return list(range(size))
        bus = self.machine.bus
        plain = bus.direct_peek_pages()
        rom = bytearray(256)
        for region in bus.regions:
            if region.kind == "rom":
                rom[region.start >> 8:(region.end >> 8) + 1] = b"\x01" * (
                    (region.end >> 8) - (region.start >> 8) + 1)
        return [a for page in range(256) if plain[page] and not rom[page]
                for a in range(page << 8, (page + 1) << 8)]

    def _read(self, space: str) -> bytes:
        size = self.machine.memory_spaces()[space]
        return bytes(self.machine.read_space(space, 0, size))

    def search(self, space: Any = None, op: Any = "start", value: Any = None) -> dict[str, Any]:
        """One step: `start` a search of `space`, or narrow the one under way
        with `op` (eq, ne, gt, lt against `value` or, without one, each
        byte's value at the step before; changed, unchanged)."""
        if op not in OPS:
            raise DebugError(f"search op must be one of {', '.join(OPS)}, not {str(op)[:20]!r}")
        if value is not None:
            value = check_int("value", value, 0xFF)
        spaces = self.machine.memory_spaces()
        if op == "start":
            space = "cpu" if space is None else space
            if not isinstance(space, str) or space not in spaces:
                raise DebugError(f"no memory space {str(space)[:20]!r} "
                                 f"(spaces: {', '.join(spaces)})")
            if value is not None:
                raise DebugError("start takes no value: it begins with every byte")
            self.space = space
            self.image = self.before = self._read(space)
            self.left = self.searchable(space)
            self.steps = [{"op": "start", "value": None, "left": len(self.left)}]
            return self.result()
        if self.space is None:
            raise DebugError("start a search first (op \"start\")")
        if space is not None and space != self.space:
            raise DebugError(f"the search under way is of {self.space}, not {str(space)[:20]!r}:"
                             f" start a new one")
        if op in ("changed", "unchanged") and value is not None:
            raise DebugError(f"{op} compares with the step before: it takes no value")
        now = self._read(self.space)
        before = self.image
        test = _COMPARE[op]
        if value is None:
            self.left = [a for a in self.left if test(now[a], before[a])]
        else:
            self.left = [a for a in self.left if test(now[a], value)]
        self.before, self.image = before, now
        self.steps.append({"op": op, "value": value, "left": len(self.left)})
        return self.result()

    def result(self, limit: int | None = None) -> dict[str, Any]:
        """What is left: every address (or the first `limit`), its value now
        and at the step before the last."""
        shown = self.left if limit is None else self.left[:limit]
        now = self._read(self.space) if self.space is not None else b""
        return {"space": self.space, "count": len(self.left), "addresses": shown,
                "values": [now[a] for a in shown],
                "previous": [self.before[a] for a in shown], "steps": self.steps}
