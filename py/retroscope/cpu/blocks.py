"""The compiled-block table: the skeleton the three cores' block compilers share.

Each core's run loop looks the address of the instruction it is about to
start up in `BlockTable.blocks`, one entry per address:

- None: no verdict yet. The loop counts the visit in `heat[at]`; at `hot`
  visits it calls `build(at)`, which asks the core's compiler for a block.
- a block: the core's own tuple, its function first. The loop runs it when
  its code bytes are still what it was compiled from (else it drops the
  entry, `blocks[at] = None` and `heat[at] = 0`, and counts again: code
  written over, by the program or by anyone, is compiled anew from what is
  there, on its next visits) and when it fits the loop's budget.
- `noblock`: none can start here (the core's sentinel); the loop runs the
  instruction itself.
- `stop`: a stop address (`set_stops`), where the core has a sentinel for
  it: the loops that look blocks up anyway find the stop there and pay
  nothing more for it.

The table keeps where each block's code lies (`ranges`, given per core), so
that `set_stops` drops exactly the blocks that would run over a new stop, and
`invalidate(start, end)` exactly those whose code overlaps a range, the
verdicts of "no block here" near it too. Code written while the machine runs
needs no call: each block is checked against its bytes where the loop enters
it (and a block leaves after a write into its own code). `invalidate` is for
code patched from outside, which should be compiled again from the next visit
counted anew, and for the no-block verdicts, which have no bytes to check.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

ADDRESSES = 0x10000
# So many new stops at once (a range) start the table again instead of
# looking for the blocks that run over each.
WIDE_STOPS = 64

Ranges = tuple[tuple[int, int], ...]  # [start, end) spans of a block's code


class AtStop(Exception):
    """Raised by a stop address's entry in a block table (see `at_stop`)."""


def at_stop(*_: Any) -> Any:
    """The function of a stop's entry: the run loop calls it as a block."""
    raise AtStop


class BlockTable:
    """Compiled blocks by start address, for one core (or one engine).

    `ranges(at, block)` gives the code a block covers; `span` is the most
    bytes a compiler reads from a start address when it finds that none can
    start there; `noblock` and `stop` are the core's sentinels for those
    entries (`stop` None: its loop tests stops itself); `hot` visits make an
    address hot; with `rebuilds`, an address compiled more often than that
    (its code or its context keeps changing) gets no block any more.
    `compile(at)` (set by the core, which knows the context a block is
    compiled for) returns a block or None."""

    def __init__(self, ranges: Callable[[int, Any], Iterable[tuple[int, int]]], span: int,
                 noblock: Any, stop: Any = None, hot: int = 8, rebuilds: int = 0) -> None:
        if not 1 <= hot <= 255:
            raise ValueError(f"hot must be 1-255 visits, not {hot}")
        self.blocks: list[Any] = [None] * ADDRESSES
        self.heat = bytearray(ADDRESSES)
        self.hot = hot
        self.compile: Callable[[int], Any] = _none
        self.stops: frozenset[int] = frozenset()
        self._ranges = ranges
        self._span = span
        self._noblock = noblock
        self._stop = stop
        self._rebuilds = rebuilds
        self._builds = bytearray(ADDRESSES) if rebuilds else None
        self._code: dict[int, tuple[Any, Ranges]] = {}  # start -> (block, its code)
        self._stop_only: list[Any] | None = None

    # -- the run loop's side ------------------------------------------------------
    def build(self, at: int) -> Any:
        """Compile the block at `at` (the loop found it hot), or mark that
        none can start there; the new entry."""
        builds = self._builds
        if builds is not None:
            builds[at] = min(builds[at] + 1, 255)
            if builds[at] > self._rebuilds:
                self.blocks[at] = self._noblock
                return self._noblock
        block = self.compile(at)
        if block is None:
            self.blocks[at] = self._noblock
            return self._noblock
        self.blocks[at] = block
        self._code[at] = (block, tuple(self._ranges(at, block)))
        return block

    def stop_only(self) -> list[Any]:
        """A table of the stops alone, for a loop that may run no block (its
        bus has no plain-RAM pages) but looks them up all the same."""
        if self._stop_only is None:
            self._stop_only = [None] * ADDRESSES
            for at in self.stops:
                self._stop_only[at] = self._stop
        return self._stop_only

    # -- what changes them ----------------------------------------------------------
    def flush(self) -> None:
        """Drop every block and verdict (the memory map, or what the blocks
        check, changed); the stops stay."""
        self.blocks[:] = [None] * ADDRESSES
        self.heat[:] = bytes(ADDRESSES)
        if self._builds is not None:
            self._builds[:] = bytes(ADDRESSES)
        self._code.clear()
        if self._stop is not None:
            for at in self.stops:
                self.blocks[at] = self._stop

    def set_stops(self, addresses: Iterable[int]) -> None:
        """The stop addresses: none of them inside a block (the blocks that
        run over a new one go, to be compiled again ending before it) and,
        where the core has a stop sentinel, each in the table."""
        new = frozenset(at & 0xFFFF for at in addresses)
        blocks, stop = self.blocks, self._stop
        for at in self.stops - new:
            if stop is not None and blocks[at] is stop:
                blocks[at] = None
                self.heat[at] = 0
        added = new - self.stops
        self.stops = new
        if len(added) > WIDE_STOPS:
            self.flush()
        elif added:
            self._drop(lambda lo, hi: any(lo <= at < hi for at in added))
        if stop is not None:
            for at in new:
                blocks[at] = stop
            if self._stop_only is not None:
                self._stop_only[:] = [None] * ADDRESSES
                for at in new:
                    self._stop_only[at] = stop

    def invalidate(self, start: int, end: int) -> list[int]:
        """Drop the blocks whose code overlaps [start, end), and the verdicts
        that none can start where the bytes a compiler read for them may lie
        in it; their addresses count their visits anew. Returns the starts
        of the blocks dropped. Stops stay."""
        start, end = max(0, start), min(ADDRESSES, end)
        if start >= end:
            return []
        dropped = self._drop(lambda lo, hi: lo < end and start < hi)
        blocks, noblock = self.blocks, self._noblock
        for at in range(max(0, start - self._span + 1), end):
            if blocks[at] is noblock:
                blocks[at] = None
                self.heat[at] = 0
                if self._builds is not None:
                    self._builds[at] = 0
        return dropped

    def compiled(self) -> dict[int, Ranges]:
        """The blocks in the table: start -> the code each covers."""
        live = {}
        for at, (block, ranges) in list(self._code.items()):
            if self.blocks[at] is block:
                live[at] = ranges
            else:
                del self._code[at]  # dropped by the loop (its code changed)
        return live

    def _drop(self, hit: Callable[[int, int], bool]) -> list[int]:
        """Drop the blocks any of whose code ranges `hit(lo, hi)`."""
        dropped = []
        for at, ranges in self.compiled().items():
            if any(hit(lo, hi) for lo, hi in ranges):
                del self._code[at]
                self.blocks[at] = None
                self.heat[at] = 0
                if self._builds is not None:
                    self._builds[at] = 0
                dropped.append(at)
        return dropped


class CompiledCode:
    """What a core offers about its compiled blocks (from `_block_tables()`,
    the tables of its engines)."""

    __slots__ = ()

    def _block_tables(self) -> list[BlockTable]:
        raise NotImplementedError

    def invalidate_code(self, start: int, end: int) -> list[int]:
        """Drop the compiled blocks whose code overlaps [start, end) (code
        patched from outside: compiled again, from the next visits counted
        anew); the starts of those dropped. Code runs as written either way:
        a block whose bytes changed is never run."""
        return sorted({at for table in self._block_tables()
                       for at in table.invalidate(start, end)})

    def compiled_blocks(self) -> dict[int, Ranges]:
        """The compiled blocks now: start -> the [start, end) spans of their code."""
        out: dict[int, Ranges] = {}
        for table in self._block_tables():
            out.update(table.compiled())
        return out


Instr = TypeVar("Instr")


def walk(start: int, step: Callable[[int, int], tuple[Instr, int | None] | None], most: int,
         stopped: Callable[[int], object]) -> list[Instr]:
    """Where a block ends: its instructions from `start`, each as the core's
    `step(at, index)` gives it (the instruction at `at`, the block's
    `index`-th) with the address the block goes on at (the next
    instruction's, or a jump's that the block follows; None: the block ends
    after it, a jump out or back to `start`), or None where no instruction
    of a block can be (its code not in plain memory, an instruction only
    the run loop runs). At most `most`, and none at a stop address
    (`stopped(at)`) but the first: the run loop must stop there."""
    out: list[Instr] = []
    at: int | None = start
    while at is not None and len(out) < most:
        if out and stopped(at):
            break
        found = step(at, len(out))
        if found is None:
            break
        instr, at = found
        out.append(instr)
    return out


def lookup(indent: int, block: str = "b", counting: str = "",
           hot: tuple[str, ...] = ("build(pc)", "continue")) -> str:
    """The run loops' part of the table's protocol, as generated loop text
    (at `indent` spaces): the entry at `pc` into `block` and, where it is
    None (and `counting`, if given, holds), the visit counted and, at HOT
    visits, `hot`: the address built and the loop gone round to look again
    (or what a loop that builds elsewhere does). `bl`, `heat`, `HOT` and
    `build` are the loop's names of the table's `blocks`, `heat`, `hot` and
    `build`; the core's own test of a block that is there follows
    (`elif ...:`)."""
    pad = " " * indent
    count = ["h = heat[pc] + 1", "heat[pc] = h", "if h == HOT:", *("    " + s for s in hot)]
    if counting:
        count = [f"if {counting}:", *("    " + c for c in count)]
    return "".join(f"{pad}{line}\n" for line in [f"{block} = bl[pc]", f"if {block} is None:",
                                                    *("    " + c for c in count)])


def _none(at: int) -> None:
    return None
