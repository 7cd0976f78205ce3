"""The profiler: CPU cycles per routine, with the call tree, and how often
each address was executed, read and written, over the last N frames.

Off, it is absent. On, the session runs the machine instruction by
instruction (as for the trace) and calls `record(pc, cycles)` after each
step, and the core's own watches report reads and writes (`count_read`,
`count_write`). `build.py bench` measures what that costs.

Calls are followed by the instructions that make them (JSR, CALL, RST, BL,
BLWP, XOP: `CpuInfo`'s kinds): a call pushes a frame whose return address is
the byte after it; a return pops back to the frame it returns to (none
matches: the return was a jump, as `PHA PHA RTS` code does, and nothing is
popped). An interrupt is a call too: the step that took it is found where PC
lands on a handler (the machine's vectors) with the interrupted PC saved as
its return (`CpuInfo.saved_return`), at the root of a tree of its own. Each
instruction's cycles go to the routine on top, keyed by the path of entry
addresses from the first routine seen or the interrupt (the tree); a routine
is named by its symbol, or the nearest one before it.

Reads count data only: the program's code bytes (the listing says which)
are left out of the read watch, as every instruction fetch reads them: the
executed map is theirs.
"""

from __future__ import annotations

import base64
import math
from array import array
from collections import deque
from collections.abc import Callable
from typing import Any

from .callstack import _routine_finder
from .codeview import CodeView
from .cpuinfo import CALL, RETURN, CpuInfo
from .errors import check_int

MAX_WINDOW = 600  # frames kept
MAX_DEPTH = 64  # frames of calls kept (code that never returns: the oldest go)
KINDS = ("exec", "read", "write")

Path = tuple[int, ...]


class Frame:
    """One frame's profile: cycles and calls per path, and the addresses
    executed, read and written with their counts (sparse)."""

    __slots__ = ("nodes", "heat")

    def __init__(self, nodes: dict[Path, list[int]],
                 heat: tuple[tuple[array, array], ...]) -> None:
        self.nodes = nodes
        self.heat = heat


class Profiler:
    def __init__(self, machine: Any, info: CpuInfo, code: CodeView) -> None:
        self.machine = machine
        self.info = info
        self.code = code
        self.on = False
        self.window = 60
        self.frames: deque[Frame] = deque()
        self.started_at = 0
        self.interrupt_entries: set[int] = set()
        self._routine = _routine_finder(code.symbols)
        # Made when first switched on: a session that never profiles holds nothing.
        self.totals: list[list[int]] = []
        self._current: Callable[[], dict[Path, list[int]]] = dict

    # -- on and off ---------------------------------------------------------------------
    def start(self, frames: Any = 60) -> None:
        self.window = check_int("frames", frames, MAX_WINDOW, 1)
        self.on = True
        self.started_at = self.machine.frame
        self.frames.clear()
        self.reset_counts()

    def stop(self) -> None:
        self.on = False

    def reset_counts(self) -> None:
        self.totals = [[0] * 0x10000 for _ in KINDS]  # over the frames kept
        self._make()

    def read_mask(self) -> bytearray:
        """Every address but the program's code bytes (see the module's doc)."""
        mask = bytearray(b"\x01") * 0x10000
        kind = self.code.data_map.kind
        for at in range(0x10000):
            if kind[at] == 1:
                mask[at] = 0
        return mask

    @staticmethod
    def write_mask() -> bytearray:
        return bytearray(b"\x01") * 0x10000

    # -- recording ------------------------------------------------------------------------
    def _make(self) -> None:
        """The recording closures, sharing this frame's state."""
        machine, info = self.machine, self.info
        peek = machine.bus.peek
        decode = info.decode
        counts = [[0] * 0x10000 for _ in KINDS]
        touched: list[list[int]] = [[] for _ in KINDS]
        execs, reads, writes = counts
        t_exec, t_read, t_write = touched
        flow: list[tuple[int, int] | None] = [None] * 0x10000  # (kind, next), decoded once
        nodes: dict[Path, list[int]] = {}
        stack: list[tuple[int, Path]] = []  # (return address, the caller's path)
        path: Path = ()
        node = [0, 0]
        handlers = self._handlers()
        interrupts = self.interrupt_entries

        def enter(entry: int, back: int, interrupt: bool = False) -> None:
            """A call (or an interrupt: a tree of its own, as it runs whatever
            it interrupted) of `entry`, returning to `back`."""
            nonlocal path, node
            if len(stack) >= MAX_DEPTH:
                del stack[:MAX_DEPTH // 4]
            stack.append((back, path))
            path = (entry,) if interrupt else (*path, entry)
            node = nodes.get(path) or nodes.setdefault(path, [0, 0])
            node[1] += 1

        def leave(to: int) -> None:
            """A return to `to`: back to the frame that called from there."""
            nonlocal path, node
            for i in range(len(stack) - 1, -1, -1):
                if stack[i][0] == to:
                    path = stack[i][1]
                    del stack[i:]
                    break
            else:
                if stack:
                    return  # no frame returns there: a jump made with a return
                path = (self.entry_of(to),)  # out of the routine the profile began in
            node = nodes.get(path) or nodes.setdefault(path, [0, 0])

        def record(pc: int, cycles: int, after: int) -> None:
            """The step at `pc` ran `cycles` cycles and left PC at `after`
            (told before anything else runs: the stack is as it left it).
            A call's cycles are the caller's, a return's the routine's it
            ends; an interrupt's entry is the handler's."""
            nonlocal path, node
            if not path:
                path = (self.entry_of(pc),)
                node = nodes.setdefault(path, [0, 0])
            f = flow[pc]
            if f is None:
                insn = decode(peek, pc)
                f = flow[pc] = (insn.kind, (pc + insn.length) & 0xFFFF)
            if after in handlers and info.saved_return() == pc:
                enter(after, pc, True)  # it took an interrupt instead of running `pc`
                interrupts.add(after)
                node[0] += cycles
                return
            node[0] += cycles
            c = execs[pc]
            execs[pc] = c + 1
            if not c:
                t_exec.append(pc)
            if after != f[1]:
                if f[0] == CALL:
                    enter(after, f[1])
                elif f[0] == RETURN:
                    leave(after)

        def count_read(addr: int, value: int) -> None:
            c = reads[addr]
            reads[addr] = c + 1
            if not c:
                t_read.append(addr)

        def count_write(addr: int, value: int) -> None:
            c = writes[addr]
            writes[addr] = c + 1
            if not c:
                t_write.append(addr)

        def end_frame() -> None:
            nonlocal nodes, node, handlers
            heat = []
            for k in range(3):
                addrs = array("H", touched[k])
                c = counts[k]
                values = array("I", [c[a] for a in addrs])
                total = self.totals[k]
                for a, v in zip(addrs, values, strict=True):
                    c[a] = 0
                    total[a] += v
                touched[k].clear()
                heat.append((addrs, values))
            self.frames.append(Frame(nodes, tuple(heat)))
            while len(self.frames) > self.window:
                old = self.frames.popleft()
                for k, (addrs, values) in enumerate(old.heat):
                    total = self.totals[k]
                    for a, v in zip(addrs, values, strict=True):
                        total[a] -= v
            nodes = {}
            node = nodes.setdefault(path, [0, 0]) if path else node
            handlers = self._handlers()

        self.record, self.count_read, self.count_write = record, count_read, count_write
        self.end_frame = end_frame
        self._current = lambda: nodes

    def _handlers(self) -> frozenset[int]:
        """Where the machine's interrupts begin now (its vectors)."""
        return frozenset(self.info.interrupt_handlers())

    def entry_of(self, pc: int) -> int:
        """The routine `pc` is in: its symbol's address (the nearest one at or
        before it), else pc itself."""
        name = self._routine(pc)
        return self.code.symbols.get(name, pc) & 0xFFFF if name else pc

    # -- the report -------------------------------------------------------------------------
    def name(self, entry: int) -> str:
        names = self.info.names(self.code.symbols)
        if entry in names:
            return names[entry]
        nearest = self._routine(entry)
        if nearest:
            return f"{nearest}+{entry - self.code.symbols[nearest]}"
        return f"${entry:04X}"

    def report(self, frames: Any = None) -> dict[str, Any]:
        """Cycles per routine over the last `frames` frames kept (all, by
        default; the frame under way when none is whole yet): a table (self
        and inclusive cycles, calls) and the call tree."""
        kept = list(self.frames)
        if frames is not None:
            frames = check_int("frames", frames, MAX_WINDOW, 1)
            kept = kept[-frames:]
        partial = not kept
        trees = [f.nodes for f in kept] or [self._current()]
        merged: dict[Path, list[int]] = {}
        for nodes in trees:
            for p, (cycles, calls) in nodes.items():
                into = merged.setdefault(p, [0, 0])
                into[0] += cycles
                into[1] += calls
        total = sum(c for c, _ in merged.values()) or 1
        routines: dict[int, dict[str, Any]] = {}
        for p, (cycles, calls) in merged.items():
            entry = p[-1]
            row = routines.setdefault(entry, {"addr": entry, "name": self.name(entry),
                                              "self": 0, "inclusive": 0, "calls": 0,
                                              "interrupt": entry in self.interrupt_entries})
            row["self"] += cycles
            row["calls"] += calls
            for e in set(p):
                inner = routines.setdefault(e, {"addr": e, "name": self.name(e), "self": 0,
                                                "inclusive": 0, "calls": 0,
                                                "interrupt": e in self.interrupt_entries})
                inner["inclusive"] += cycles
        table = sorted(routines.values(), key=lambda r: -r["inclusive"])
        for row in table:
            row["percent"] = round(100 * row["self"] / total, 2)
            row["inclusive_percent"] = round(100 * row["inclusive"] / total, 2)
        return {"on": self.on, "frames": len(kept), "partial": partial,
                "window": self.window, "cycles": total if merged else 0,
                "routines": table, "tree": self._tree(merged)}

    def _tree(self, merged: dict[Path, list[int]]) -> list[dict[str, Any]]:
        """The call tree: each node's self and inclusive cycles and calls."""
        children: dict[Path, list[Path]] = {}
        inclusive: dict[Path, int] = {}
        for p, (cycles, _) in merged.items():
            for n in range(1, len(p) + 1):
                inclusive[p[:n]] = inclusive.get(p[:n], 0) + cycles
        for p in inclusive:
            children.setdefault(p[:-1], []).append(p)

        def build(p: Path) -> dict[str, Any]:
            cycles, calls = merged.get(p, (0, 0))
            kids = sorted(children.get(p, []), key=lambda k: -inclusive[k])
            return {"addr": p[-1], "name": self.name(p[-1]), "self": cycles,
                    "inclusive": inclusive[p], "calls": calls,
                    "children": [build(k) for k in kids]}
        return [build(p) for p in sorted(children.get((), []), key=lambda k: -inclusive[k])]

    def heatmap(self, kind: Any = "exec") -> dict[str, Any]:
        """How often each address was executed, read or written over the frames
        kept, as 65,536 levels (0: never; 1-255 on a log scale of the count)."""
        if kind not in KINDS:
            raise ValueError(f"heatmap kind must be one of {', '.join(KINDS)}, not {kind!r}")
        counts = self.totals[KINDS.index(kind)] if self.totals else [0]
        top = max(counts)
        levels = bytearray(0x10000)
        if top:
            scale = 254 / math.log(top + 1)
            for a, c in enumerate(counts):
                if c:
                    levels[a] = 1 + int(math.log(c) * scale)
        return {"kind": kind, "max": top, "frames": len(self.frames),
                "levels": base64.b64encode(bytes(levels)).decode(),
                "touched": sum(1 for c in counts if c)}

    def counts_at(self, addr: Any) -> dict[str, int]:
        addr = check_int("address", addr, 0xFFFF)
        return {kind: self.totals[k][addr] if self.totals else 0
                for k, kind in enumerate(KINDS)}
