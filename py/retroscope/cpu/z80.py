"""Zilog Z80 core: every prefix, documented and undocumented, exact T-states.

Opcode handlers are generated from the instruction table (`isaz80`) by
`_z80gen` and compiled once per process; the core wires them into dispatch
pages and runs the fetch loop. run() also compiles hot straight-line code into
block functions from the same generated code (`_z80blocks`); step() always
goes one instruction at a time. State lives in slots: the 8-bit registers
`a f b c d e h l`, the 16-bit `ix iy sp pc wz` and shadow pairs
`af_ bc_ de_ hl_`; the other pairs and halves are properties.

`_q` packs what the previous instruction leaves behind for the next one: F
if it wrote F (SCF/CCF use it for bits 3 and 5), plus bit 8 after EI
(interrupts held off) and bit 9 after LD A,I / LD A,R (an interrupt taken
then clears P/V). Exposed as `q`, `ei` and `p`.

For the debugger: the Core protocol's hooks (`cpu/core.py`): `set_stops`
(run() stops before addresses), write and read watches inside the core,
`set_watch(access, mask, hook)`, with `request_stop()` and `at_stop`;
`cycles` is current during run(), so devices stamp their accesses exactly.

Interrupts: `interrupt(vector_byte)` raises INT (it stays raised until
accepted), `nmi()` raises NMI; both are taken between instructions. I/O goes
through `bus.port_in(port16)` / `bus.port_out(port16, value)`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from ._z80blocks import HOT, NOBLOCK, block_table, compile_block
from ._z80gen import Stop, SyncR, build_pages
from .blocks import AtStop, BlockTable, CompiledCode, lookup
from .bus import Bus
from .codegen import generated_code
from .core import Access, Mask, WatchHook, check_access, checked_watch
from .isaz80 import (
    IM0_RST_CYCLES,
    IM1_CYCLES,
    IM1_VECTOR,
    IM2_CYCLES,
    NMI_CYCLES,
    NMI_VECTOR,
)

_PAGES = build_pages()


def _prefix(page: list, base: int = 0):
    """A prefix byte's handler: fetch the next opcode (an M1 cycle) and dispatch."""
    def prefix(cpu: Z80, read, write) -> int:
        pc = cpu.pc
        op = read(pc)
        cpu.pc = (pc + 1) & 0xFFFF
        cpu._r += 1
        if not base:
            return page[op](cpu, read, write)
        try:
            return base + page[op](cpu, read, write)
        except Stop:
            cpu._stop += base
            raise
    return prefix


def _index_cb(page: list, reg: str):
    """DD CB d op / FD CB d op: displacement, then opcode, both plain reads."""
    def index_cb(cpu: Z80, read, write) -> int:
        pc = cpu.pc
        d = read(pc)
        op = read((pc + 1) & 0xFFFF)
        cpu.pc = (pc + 2) & 0xFFFF
        addr = cpu.wz = (getattr(cpu, reg) + d - ((d & 0x80) << 1)) & 0xFFFF
        return page[op](cpu, read, write, addr)
    return index_cb


def _wire() -> list:
    main = list(_PAGES[""])
    cb, ed = list(_PAGES["cb"]), list(_PAGES["ed"])
    dd, fd = list(_PAGES["dd"]), list(_PAGES["fd"])
    main[0xCB] = _prefix(cb)
    main[0xED] = _prefix(ed)
    main[0xDD] = _prefix(dd)
    main[0xFD] = _prefix(fd)
    # After DD/FD, another prefix byte makes the first one a 4 T-state no-op.
    for page in (dd, fd):
        page[0xDD] = _prefix(dd, 4)
        page[0xFD] = _prefix(fd, 4)
        page[0xED] = _prefix(ed, 4)
    dd[0xCB] = _index_cb(_PAGES["ddcb"], "ix")
    fd[0xCB] = _index_cb(_PAGES["fdcb"], "iy")
    for page in (main, cb, ed, dd, fd):
        assert None not in page, "every opcode of every page has a handler"
    return main


MAIN = _wire()

# The state snapshot()/restore() walk (`r` through its property).
FIELDS: tuple[str, ...] = (
    "a", "f", "b", "c", "d", "e", "h", "l", "ix", "iy", "sp", "pc", "wz", "i", "r",
    "af_", "bc_", "de_", "hl_", "im", "iff1", "iff2", "halted", "_q", "cycles",
    "irq", "irq_vector", "nmi_pending",
)
# R is kept as a free-running M1 count `_r` (low 7 bits are R's) plus bit 7 in
# `_r7`. Inside run()'s fast loop the count of main-page fetches is a local,
# added to `_r` when the loop ends (`_rsync` is False meanwhile; LD A,R asks
# for a sync, as does LD R,A). `_attn` is set while an interrupt is raised or the CPU is
# halted; run() looks at it between stretches of the fast loop, which handlers
# end by raising `Stop` (HALT, and EI/RETI/RETN with an interrupt raised).
# An interrupt raised by a device *during* run() is therefore seen when that
# run() call returns; machines raise interrupts between run() calls.
# `_blocks`: compiled blocks by start address, and how often each address
# started an instruction in the fetch loop (a BlockTable: see `_z80blocks`).
_SLOTS = tuple(n for n in FIELDS if n != "r") + ("_r", "_r7", "_attn", "_rsync", "_stop",
                                                 "_blocks", "_mapping", "_pages",
                                                 "_seen", "bus", "stops",
                                                 "at_stop", "_stop_req", "_bus_watched",
                                                 "_wmask", "_whook", "_wpages", "_wcache",
                                                 "_rmask", "_rhook", "_rpages", "_rcache",
                                                 "_bpages", "_end")


def _unchanged_stop(code: bytes, pc: int) -> bool:
    return True  # a stop's "code" is empty: always there


# The per-page coverage of no watch at all.
_UNCOVERED = (False,) * 256


# run()'s fast loop: nothing but fetch and dispatch, compiled blocks where
# there are some. The T-states go straight into `cycles` (handlers add nothing
# to it themselves, so a device sees the instruction's start; blocks see to
# theirs). Two copies from one source: the checking one also ends after an
# instruction that asked for a stop (`request_stop`, from a write watch's
# hook or a bus watch), so that nothing is paid for it while nothing watches.
_FAST_LOOP = """
def fast(cpu, end, read, write, bl, heat, HOT, build, unchanged, ram):
    main = MAIN
    n = 0
    pc = cpu.pc
    cpu._end = end  # where a block that goes round stops going round
    cpu._rsync = False
    try:
        while cpu.cycles < end{check}:
            pc = cpu.pc
{lookup}            elif cpu.cycles + block[1] <= end:
                if unchanged(block[3], pc):
                    t = block[0](cpu, read, write)  # first: it may count passes itself
                    cpu.cycles += t
                    continue
                bl[pc] = None  # the code changed: count again
                heat[pc] = 0
            elif block is not NOBLOCK:
                ram = None  # the budget's last few instructions: stepped, not counted as hot
            op = read(pc)
            cpu.pc = (pc + 1) & 0xFFFF
            n += 1
            cpu.cycles += main[op](cpu, read, write)
    except Stop:
        cpu.cycles += cpu._stop
    except AtStop:
        cpu.at_stop = True
    except SyncR:  # LD A,R / LD R,A: undo its fetches, sync R, run it alone
        # (its bytes read again through peek: watches saw them fetched once)
        peek = cpu.bus.peek
        cpu._r += n - 1 - cpu._prefix_fetches(pc, peek)
        n = 0
        cpu.pc = pc
        cpu._rsync = True
        cpu.cycles += cpu._step_one(peek, write)
    finally:
        cpu._r += n
        cpu._rsync = True
"""


def _fast_loop(check: str, name: str) -> Callable[..., None]:
    space = {"MAIN": MAIN, "NOBLOCK": NOBLOCK, "Stop": Stop, "AtStop": AtStop, "SyncR": SyncR}
    code = generated_code(f"retroscope.cpu.z80 {name}", partial(
        _FAST_LOOP.format, check=check, lookup=lookup(12, "block", "ram is not None")))
    exec(code, space)  # noqa: S102
    return space["fast"]


_FAST = _fast_loop("", "fast loop")
_FAST_CHECKED = _fast_loop(" and not cpu._stop_req", "checking fast loop")


# Register widths restore() holds a snapshot to (as the other cores do): an
# out-of-range value would otherwise surface later as an IndexError in a read.
_MASKS = dict.fromkeys(("a", "f", "b", "c", "d", "e", "h", "l", "i", "irq_vector"), 0xFF) \
    | dict.fromkeys(("ix", "iy", "sp", "pc", "wz", "af_", "bc_", "de_", "hl_"), 0xFFFF)


class Z80(CompiledCode):
    """The Z80 CPU over a `Bus` (a flat 64 KiB RAM bus when none is given)."""

    __slots__ = _SLOTS

    def __init__(self, bus: Bus | None = None) -> None:
        self.bus = bus if bus is not None else Bus()
        self.cycles = 0
        self._blocks = block_table(HOT)
        self._mapping: tuple | None = None
        self._pages: tuple | None = None  # bus.direct_pages() as of `_seen`
        self._seen: tuple | None = None  # the bus's read/write when last looked
        self.stops: frozenset[int] = frozenset()  # run() stops before these (set_stops)
        self.at_stop = False  # the last run() ended before a stop address (or on request)
        self._stop_req = False  # request_stop(): end run() after the instruction in flight
        self._end = 0  # the fast loop's end, for blocks that go round (_z80blocks)
        self._bus_watched = False  # the bus has a watch (as of `_seen`): check for stops
        # The write watch (set_watch): a 64 KiB mask, the hook, per page
        # whether the mask covers any of it, the write wrapper made for a bus
        # write ((bus write, wrapper)), and the pages blocks treat as plain RAM.
        self._wmask: bytearray | bytes | None = None
        self._whook: Callable[[int, int], Any] | None = None
        self._wpages: tuple[bool, ...] = _UNCOVERED
        self._wcache: tuple[Any, Any] | None = None
        # The read watch likewise.
        self._rmask: bytearray | bytes | None = None
        self._rhook: Callable[[int, int], Any] | None = None
        self._rpages: tuple[bool, ...] = _UNCOVERED
        self._rcache: tuple[Any, Any] | None = None
        self._bpages: tuple | None = None
        self.reset()

    def reset(self) -> None:
        """Power-on/RESET: PC, I, R, IM and the IFFs cleared; AF and SP all ones."""
        for name in ("b", "c", "d", "e", "h", "l", "ix", "iy", "wz", "af_", "bc_", "de_",
                     "hl_"):
            setattr(self, name, 0)
        self.a = self.f = 0xFF
        self.sp = 0xFFFF
        self.pc = self.i = self.im = self.iff1 = self.iff2 = self.halted = 0
        self._r = self._r7 = self._q = 0
        self.irq = False
        self.irq_vector = 0xFF
        self.nmi_pending = False
        self._attn = False
        self._rsync = True
        self._stop = 0

    @property
    def halt_state(self) -> str:
        """"halt" after HALT, until an interrupt; else "" (the Core protocol's name)."""
        return "halt" if self.halted else ""

    # -- running ------------------------------------------------------------------
    def step(self) -> int:
        """One instruction, interrupt entry or halted NOP cycle; its T-states."""
        bus = self.bus
        read = bus.read if self._rmask is None else self._read_watched(bus.read)
        write = bus.write if self._wmask is None else self._watched(bus.write)
        if self._attn:
            taken = self._service(read, write)
            if taken:
                if taken < 0:  # halted: the CPU keeps refreshing without executing
                    self._r += 1
                    self._q = 0
                    taken = 4
                self.cycles += taken
                return taken
        n = self._step_one(read, write)
        self.cycles += n
        return n

    def _step_one(self, read, write) -> int:
        """Fetch and execute one instruction; its T-states (cycles not counted)."""
        pc = self.pc
        op = read(pc)
        self.pc = (pc + 1) & 0xFFFF
        self._r += 1
        try:
            return MAIN[op](self, read, write)
        except Stop:
            return self._stop

    def set_stops(self, addresses: Any) -> None:
        """Make run() stop before any instruction at these addresses (empty:
        none); step() ignores them. Compiled blocks end before a stop, and the
        stop sits in the block table that run() consults anyway."""
        self._blocks.set_stops(addresses)
        self.stops = self._blocks.stops

    def _block_tables(self) -> list[BlockTable]:
        return [self._blocks]

    def run(self, cycles: int) -> int:
        """Whole instructions until `cycles` T-states have run; stops early on
        HALT, before an instruction at a stop address (`set_stops`) and after
        one during which `request_stop()` was called.

        `cycles` is kept up to date as it goes: a device that the CPU reads or
        writes (memory or port) sees the T-state at which the accessing
        instruction started, as under step()."""
        bus = self.bus
        read, write = bus.read, bus.write
        # Compiled blocks need code in plain RAM pages and no bus watch (see
        # _z80blocks). The bus publishes new read/write callables whenever that
        # changes, so the pages are asked for again only then.
        seen = self._seen
        if seen is None or seen[0] is not read or seen[1] is not write:
            self._seen = (read, write)
            self._pages = bus.direct_pages() if hasattr(bus, "direct_pages") else None
            watching = getattr(bus, "watching", None)
            self._bus_watched = bool(watching and (watching("read") or watching("write")))
        pages = self._pages
        # Which watches the core keeps: 1 writes, 2 reads (blocks are compiled
        # to check after what they watch).
        watched = (self._wmask is not None) | (self._rmask is not None) << 1
        if watched & 1:
            write = self._watched(write)
        if watched & 2:
            read = self._read_watched(read)
        ram = None
        unchanged = _unchanged_stop
        if pages is not None:
            ram = bus.ram
            unchanged = ram.startswith  # (code, pc): the block's bytes are still there
            key = (pages, self._rpages, self._wpages) if watched else pages
            if self._mapping != key:
                # The memory map or a watch changed: start again. Blocks
                # compiled under a watch read and write the pages it covers
                # through the watching read/write (and start on none of them,
                # so that the fetch loop's watched fetches see their code).
                self._mapping = key
                self._blocks.flush()
                self._bpages = pages if not watched else tuple(
                    tuple(plain and not covered
                          for plain, covered in zip(direct, cover, strict=True))
                    for direct, cover in zip(pages, (self._rpages, self._wpages), strict=True))
        table = self._blocks
        stops = self.stops
        if ram is not None:
            blocks = table.blocks
            table.compile = partial(_compile_at, ram, self._bpages, stops, watched)
        else:
            blocks = table.stop_only()
        fast = _FAST_CHECKED if watched or self._bus_watched else _FAST
        self.at_stop = self._stop_req = False
        start = self.cycles
        end = start + cycles
        while self.cycles < end:
            if self._stop_req:
                self.at_stop = True
                break
            if stops and self.pc in stops and not self.halted:  # (halted: NOPs, no stop)
                self.at_stop = True
                break
            if self._attn:
                taken = self._service(read, write)
                if taken < 0:
                    break
                if taken:
                    self.cycles += taken
                    continue
                if self._q & 0x100:  # EI's shadow with an interrupt raised: one step
                    self.cycles += self._step_one(read, write)
                    continue
            fast(self, end, read, write, blocks, table.heat, table.hot, table.build, unchanged,
                 ram)
            if self.at_stop:
                break
        if self._stop_req:  # asked for in the last instruction (or interrupt entry) run
            self.at_stop = True
        self._r &= 0x7F
        return self.cycles - start

    # -- the watches (the debugger's read and write breakpoints) ----------------
    def set_watch(self, access: Access, mask: Mask | None,
                  hook: WatchHook | None = None) -> None:
        """Call hook(addr, value) after every memory `access` the CPU makes
        where mask[addr] is set, from inside run() and step(), as a bus watch
        sees them: writes with pushes and interrupt entry (the Z80 makes no
        dummy writes); reads with opcode and operand fetches, pops and the
        IM 2 vector (ports are another space and not watched). Compiled
        blocks stay, compiled again with a check after each write to a page
        the mask covers, and, for reads, where the mask covers neither their
        code nor what they read from (elsewhere they read watched pages
        through the hook); a hook that calls `request_stop()` ends run()
        after the instruction in flight. None: no watch and no cost. The mask
        is read per access, but the pages it covers are taken now: give it
        again after changing it."""
        mask, hook = checked_watch(access, mask, hook) or (None, None)
        pages = (_UNCOVERED if mask is None
                 else tuple(any(mask[p << 8:(p + 1) << 8]) for p in range(256)))
        if access == "write":
            self._wmask, self._whook, self._wpages = mask, hook, pages
            self._wcache = None
        else:
            self._rmask, self._rhook, self._rpages = mask, hook, pages
            self._rcache = None

    def watch_mask(self, access: Access) -> Mask | None:
        """The mask of the `access` watch (None: none)."""
        return self._wmask if check_access(access) == "write" else self._rmask

    def request_stop(self) -> None:
        """End the run() in progress after the instruction in flight (a watch hit)."""
        self._stop_req = True

    def _watched(self, write: Callable[[int, int], None]) -> Callable[[int, int], None]:
        """The bus's `write`, then the hook where the mask is set."""
        cached = self._wcache
        if cached is not None and cached[0] is write:
            return cached[1]
        mask, hook = self._wmask, self._whook
        assert mask is not None and hook is not None

        def watched(addr: int, value: int) -> None:
            write(addr, value)
            if mask[addr]:
                hook(addr, value)
        self._wcache = (write, watched)
        return watched

    def _read_watched(self, read: Callable[[int], int]) -> Callable[[int], int]:
        """The bus's `read`, then the hook where the mask is set."""
        cached = self._rcache
        if cached is not None and cached[0] is read:
            return cached[1]
        mask, hook = self._rmask, self._rhook
        assert mask is not None and hook is not None

        def watched(addr: int) -> int:
            value = read(addr)
            if mask[addr]:
                hook(addr, value)
            return value
        self._rcache = (read, watched)
        return watched

    @staticmethod
    def _prefix_fetches(pc: int, read) -> int:
        """M1 fetches after the first of the (DD/FD)* ED instruction at pc."""
        extra = 1
        while read(pc) in (0xDD, 0xFD):
            pc = (pc + 1) & 0xFFFF
            extra += 1
        return extra

    # -- interrupts ---------------------------------------------------------------
    def interrupt(self, vector_byte: int = 0xFF) -> None:
        """Raise INT with the byte the interrupting device puts on the data bus."""
        self.irq = self._attn = True
        self.irq_vector = vector_byte & 0xFF

    def nmi(self) -> None:
        """Raise NMI (edge-triggered: taken once)."""
        self.nmi_pending = self._attn = True

    def _service(self, read: Callable[[int], int], write: Callable[[int, int], None]) -> int:
        """Between instructions, with `_attn` set: take an interrupt if one is
        raised and may be taken (its T-states); -1 if halted; else 0. The
        entry pushes PC through `write` (and IM 2 reads its vector through
        `read`)."""
        self._attn = bool(self.irq or self.halted)
        if self.nmi_pending:
            self.nmi_pending = False
            self._enter(NMI_VECTOR, write)
            self.iff1 = 0
            return NMI_CYCLES
        if not self.irq or not self.iff1 or self._q & 0x100:
            return -1 if self.halted else 0
        self.irq = False
        self._attn = False
        self._rsync = True
        self._stop = 0
        if self._q & 0x200:  # LD A,I / LD A,R interrupted: P/V reads as 0
            self.f &= 0xFB
        self.iff1 = self.iff2 = 0
        if self.im == 2:
            table = (self.i << 8) | self.irq_vector
            self._enter(read(table) | (read((table + 1) & 0xFFFF) << 8), write)
            return IM2_CYCLES
        if self.im == 1:
            self._enter(IM1_VECTOR, write)
            return IM1_CYCLES
        # IM 0: the device's byte is executed; in practice an RST.
        self._enter(self.irq_vector & 0x38, write)
        return IM0_RST_CYCLES

    def _enter(self, target: int, write: Callable[[int, int], None]) -> None:
        self.halted = 0
        self._r += 1
        self._q = 0
        pc = self.pc
        sp = (self.sp - 1) & 0xFFFF
        write(sp, pc >> 8)
        sp = (sp - 1) & 0xFFFF
        write(sp, pc & 0xFF)
        self.sp = sp
        self.pc = self.wz = target

    # -- register views -----------------------------------------------------------
    @property
    def af(self) -> int:
        return (self.a << 8) | self.f

    @af.setter
    def af(self, v: int) -> None:
        self.a, self.f = (v >> 8) & 0xFF, v & 0xFF

    @property
    def bc(self) -> int:
        return (self.b << 8) | self.c

    @bc.setter
    def bc(self, v: int) -> None:
        self.b, self.c = (v >> 8) & 0xFF, v & 0xFF

    @property
    def de(self) -> int:
        return (self.d << 8) | self.e

    @de.setter
    def de(self, v: int) -> None:
        self.d, self.e = (v >> 8) & 0xFF, v & 0xFF

    @property
    def hl(self) -> int:
        return (self.h << 8) | self.l

    @hl.setter
    def hl(self, v: int) -> None:
        self.h, self.l = (v >> 8) & 0xFF, v & 0xFF

    @property
    def ixh(self) -> int:
        return self.ix >> 8

    @ixh.setter
    def ixh(self, v: int) -> None:
        self.ix = (self.ix & 0xFF) | ((v & 0xFF) << 8)

    @property
    def ixl(self) -> int:
        return self.ix & 0xFF

    @ixl.setter
    def ixl(self, v: int) -> None:
        self.ix = (self.ix & 0xFF00) | (v & 0xFF)

    @property
    def iyh(self) -> int:
        return self.iy >> 8

    @iyh.setter
    def iyh(self, v: int) -> None:
        self.iy = (self.iy & 0xFF) | ((v & 0xFF) << 8)

    @property
    def iyl(self) -> int:
        return self.iy & 0xFF

    @iyl.setter
    def iyl(self, v: int) -> None:
        self.iy = (self.iy & 0xFF00) | (v & 0xFF)

    @property
    def r(self) -> int:
        return self._r7 | (self._r & 0x7F)

    @r.setter
    def r(self, v: int) -> None:
        self._r7, self._r = v & 0x80, v & 0x7F

    @property
    def q(self) -> int:
        """F as the previous instruction wrote it, or 0 if it did not."""
        return self._q & 0xFF

    @q.setter
    def q(self, v: int) -> None:
        self._q = (self._q & 0x300) | (v & 0xFF)

    @property
    def ei(self) -> int:
        """1 right after EI: interrupts are still held off."""
        return (self._q >> 8) & 1

    @ei.setter
    def ei(self, v: int) -> None:
        self._q = (self._q & ~0x100) | (0x100 if v else 0)

    @property
    def p(self) -> int:
        """1 right after LD A,I or LD A,R."""
        return (self._q >> 9) & 1

    @p.setter
    def p(self, v: int) -> None:
        self._q = (self._q & ~0x200) | (0x200 if v else 0)

    # -- state --------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in FIELDS}

    def restore(self, state: dict[str, Any]) -> None:
        for name in FIELDS:
            value = state[name]
            mask = _MASKS.get(name)
            setattr(self, name, int(value) & mask if mask else value)
        self._attn = bool(self.irq or self.nmi_pending or self.halted)


def _compile_at(ram: bytearray, pages: tuple, stops: frozenset[int], watched: int,
                at: int) -> Any:
    """The block table's `compile` for one run(): the block at `at`."""
    return compile_block(ram, pages, at, stops, watched)
