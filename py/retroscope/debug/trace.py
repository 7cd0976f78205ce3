"""The instruction trace: the last N instructions with their registers.

Off by default, and off means absent: the session's runner is the bare
`cpu.run` unless something asks for checks, and only asks this object for a
recording function while it is on. Each record is one tuple (cycles, pc,
registers...) in a bounded deque; disassembly is done when the text is asked
for, from memory as it is then (fine for code in ROM; self-modifying code
shows its current bytes).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from operator import attrgetter
from typing import Any

from .cpuinfo import CpuInfo

DEFAULT_LENGTH = 10_000


class Trace:
    def __init__(self, info: CpuInfo, length: int = DEFAULT_LENGTH) -> None:
        self.info = info
        self.fields = ("cycles", "pc", *info.trace_fields())
        self.records: deque[tuple[int, ...]] = deque(maxlen=length)
        self.on = False
        self._get = attrgetter(*self.fields)

    def recorder(self) -> Callable[[], None]:
        """The function the runner calls before each instruction."""
        append = self.records.append
        get = self._get
        cpu = self.info.cpu
        return lambda: append(get(cpu))

    def clear(self) -> None:
        self.records.clear()

    def rows(self, last: int | None = None) -> list[dict[str, Any]]:
        records = list(self.records)
        if last is not None:
            records = records[-last:] if last > 0 else []
        fields = self.fields
        return [dict(zip(fields, rec, strict=True)) for rec in records]

    def text(self, read: Callable[[int], int], symbols: dict[str, int] | None = None) -> str:
        """The trace as downloadable text, one instruction a line, oldest first."""
        names = self.info.names(symbols)
        regs = self.fields[2:]
        lines = [f"; {len(self.records)} instructions, oldest first",
                 "; cycles      pc    instruction               " + " ".join(regs)]
        text = self.info.text
        for rec in self.records:
            cycles, pc = rec[0], rec[1]
            label = names.get(pc)
            where = f"{pc:04X}" + (f" {label}:" if label else "")
            values = " ".join(f"{n}={v:0{4 if v > 0xFF else 2}X}" for n, v in
                              zip(regs, rec[2:], strict=True))
            lines.append(f"{cycles:>12} {where:<20} {text(read, pc, symbols):<24} {values}")
        return "\n".join(lines) + "\n"
