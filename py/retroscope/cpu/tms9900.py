"""TI TMS9900: the TI-99/4A's CPU, exact to the data manual, cycles included.

The registers R0-R15 live in memory at the workspace pointer: big-endian words
at even addresses (word accesses ignore address bit 0; byte operands address
single bytes, so a register's byte is its high byte). Every destination is read
before it is written, as the chip does, so bus watches see both.

Timing: the data manual's base cycles plus its address-modification table
(`isa9900.py`), and with `wait_states` (the board's table: extra cycles per
access, per 256-byte page, as the TI-99/4A's `machines/ti99/memory.py` gives
them) the waits of every memory access. DIV without overflow counts 92,
the low end of the manual's 92-124. Interrupts: `interrupt(level)` holds
INTREQ (level-sensitive) until `interrupt(None)`; it is taken between
instructions when level <= the ST mask, except right after BLWP, XOP or an
interrupt/LOAD context switch, whose first instruction always runs first.
IDLE sets `idle`: `run()` returns early and `step()` lets 12 cycles pass,
until an enabled interrupt or LOAD wakes it. CRU traffic goes to
`cru_read(bit)`/`cru_write(bit, value)` (12-bit bit addresses).

Speed: `_tms9900gen.py` writes one handler per instruction and addressing
mode combination, compiled once per variant (flat or with wait states, and
one of three memory modes); each core gets its own closures over the CPU
state (`pc wp st cycles` as cells, not attributes) and a 65,536-entry table
from opcode word to handler. The flat variant has no wait-state code at all.
The memory mode follows the bus (`Bus.direct_pages()`), looked at again only
when the bus publishes new read/write callables: "ram" indexes its bytearray
(nothing mapped or watched), "paged" does so on plain-RAM pages and calls the
bus for device pages, "bus" calls the bus for everything (a watch is set).
State moves with the switch; dummy reads are skipped only where they are
plain RAM, so devices and watches see every access the chip makes. A core's
`step` is its engine's own closure (the debugger's single steps: one call
each), which hands over to the core when the bus changed. On "ram" and
"paged" without watches, run() runs compiled blocks where code is hot
(`_tms9900blocks.py`: straight runs of the same handlers' statements with
the opcode, PC and workspace folded in, a loop going round inside its block);
they end before stop addresses, so breakpoints keep them.

Watches (`set_watch("write"|"read", mask, hook)`: the debugger's write and
read breakpoints): while one is set the engines are variants whose every write,
or every read (fetches, dummy reads and context-switch vectors included),
checks a mask (one index per word or byte accessed) and calls the hook per
byte the mask covers, so the bus keeps its fast paths; with both set, the
engines check both; with none set, nothing is checked (the same code as
without watches). The hook sees exactly what a bus watch would: a word is
two bytes, high then low, and dummy reads that the fast engines skip on
plain RAM are reported where watched. A hook may `request_stop()`: run()
ends after the instruction in flight, looked at where the run loop looks
for interrupts (so that costs nothing either).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from . import _tms9900blocks, _tms9900gen
from . import isa9900 as isa
from .blocks import BlockTable, CompiledCode
from .bus import Bus
from .codegen import generated_code
from .core import Access, Mask, WatchHook, check_access, checked_watch

CruRead = Callable[[int], int]
CruWrite = Callable[[int, int], None]
# A core watch as the engines take it: (per-byte mask, per-word mask, hook).
_Watch = tuple[bytearray, bytearray, Callable[[int, int], Any]]

def wait_table(table: Sequence[int] | None) -> list[int] | None:
    """A board's wait states as the core keeps them: extra cycles per
    access, one count per 256-byte page (None: none, a flat bus)."""
    if table is None:
        return None
    if isinstance(table, str) or not isinstance(table, Sequence):
        raise TypeError("wait states are 256 per-page cycle counts (the board's table), "
                        f"not {table!r}")
    pages = [int(v) for v in table]
    if len(pages) != 256 or min(pages) < 0:
        raise ValueError("a wait-state table needs 256 per-page counts of 0 or more, "
                         f"not {len(pages)}")
    return pages


def _lae_word(v: int) -> int:
    """L>, A>, EQ of a word compared with zero."""
    if v == 0:
        return isa.ST_EQ
    return isa.ST_LGT | (isa.ST_AGT if v < 0x8000 else 0)


def _laep_byte(b: int) -> int:
    """L>, A>, EQ and OP of a byte compared with zero."""
    flags = isa.ST_OP if isa.parity_odd(b) else 0
    if b == 0:
        return flags | isa.ST_EQ
    return flags | isa.ST_LGT | (isa.ST_AGT if b < 0x80 else 0)


# One int object per distinct value (three of them), not one per entry: the
# table is 0.5 MB instead of 2 MB, in every process and the boot snapshot.
_FLAG_VALUES: dict[int, int] = {}
LAE_W: list[int] = [_FLAG_VALUES.setdefault(f, f) for f in map(_lae_word, range(0x10000))]
LAEP_B: list[int] = [_laep_byte(b) for b in range(0x100)]
PARITY: list[int] = [isa.ST_OP if isa.parity_odd(b) else 0 for b in range(0x100)]

# Snapshot fields, in the order of the generated get_state()/set_state().
FIELDS = _tms9900gen.STATE_FIELDS
_INDEX = {name: i for i, name in enumerate(FIELDS)}
_MASKS = {"pc": 0xFFFE, "wp": 0xFFFE, "st": 0xFFFF}  # no A15: PC and WP are even

_FACTORIES: dict[tuple[bool, str, bool, bool], Callable[..., tuple[Any, ...]]] = {}
_DISPATCH: list[Any] = []  # [handler names, opcode -> index into them]


def _factory(waits: bool, mode: str, watch: bool = False, read_watch: bool = False
             ) -> Callable[..., tuple[Any, ...]]:
    """Compile the handler factory of a variant, once per process."""
    key = (waits, mode, watch, read_watch)
    factory = _FACTORIES.get(key)
    if factory is None:
        name = (f"retroscope.cpu.tms9900 {'waits' if waits else 'flat'} {mode}"
                f"{' watched' if watch else ''}{' read-watched' if read_watch else ''}")
        namespace: dict[str, Any] = {}
        exec(generated_code(name, partial(_tms9900gen.factory_source, *key)), namespace)
        factory = _FACTORIES[key] = namespace["factory"]
    return factory


def _dispatch() -> tuple[list[str], array]:
    """Handler names and, per opcode word, the index of its handler."""
    if not _DISPATCH:
        words = [_tms9900gen.handler_name(w) for w in range(0x10000)]
        names = sorted(set(words))
        index = {n: i for i, n in enumerate(names)}
        _DISPATCH[:] = [names, array("H", (index[n] for n in words))]
    return _DISPATCH[0], _DISPATCH[1]


def _field(name: str) -> property:
    index = _INDEX[name]
    mask = _MASKS.get(name)

    def get(self: TMS9900) -> Any:
        return self._get_state()[index]

    def set_(self: TMS9900, value: Any) -> None:
        state = list(self._get_state())
        state[index] = value & mask if mask else value
        self._set_state(tuple(state))

    return property(get, set_, doc=f"CPU state {name}")


def _register(n: int) -> property:
    def get(self: TMS9900) -> int:
        return self.reg(n)

    def set_(self: TMS9900, value: int) -> None:
        self.set_reg(n, value)

    return property(get, set_, doc=f"workspace register R{n}, in memory at WP + {2 * n}")


class TMS9900(CompiledCode):
    """The TMS9900 over a `Bus` (flat 64 KiB RAM if none is given).

    `wait_states`: None for a flat bus, else the board's extra cycles per
    access for each 256-byte page (256 counts; the TI-99/4A's:
    `machines.ti99.memory.WAIT_STATES`).
    CRU: set `cru_read(bit) -> 0/1` and `cru_write(bit, value)` (or call
    `attach_cru(obj)`); by default inputs read 0 and outputs go nowhere.
    `irq` is the level held on INTREQ (0: none), `holdoff` says the next
    instruction runs before any interrupt (after BLWP, XOP, an interrupt).
    """

    pc = _field("pc")
    wp = _field("wp")
    st = _field("st")
    cycles = _field("cycles")
    idle = _field("idle")
    irq = _field("irq")
    holdoff = _field("holdoff")

    @property
    def halt_state(self) -> str:
        """"idle" after IDLE, until an interrupt; else "" (the Core protocol's name)."""
        return "idle" if self.idle else ""
    # R0-R15 as attributes too (`Machine.call(label, r1=5)`); they live in memory.
    r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13, r14, r15 = (
        _register(n) for n in range(16))

    def __init__(self, bus: Bus | None = None,
                 wait_states: Sequence[int] | None = None) -> None:
        self.bus = bus if bus is not None else Bus()
        self._cru_read: CruRead = _cru_zero
        self._cru_write: CruWrite = _cru_ignore
        self.wait_pages = wait_table(wait_states)
        # Engines, each made when first needed: "ram" indexes the bus's RAM
        # directly (nothing mapped or watched), "paged" does so on the pages
        # `Bus.direct_pages()` allows and calls the bus elsewhere, "bus"
        # calls bus.read/write for everything (a watch is set). Each also
        # comes as variants that check writes against the write watch, reads
        # against the read watch, or both: keyed (mode, write, read watched).
        self._engines: dict[tuple[str, bool, bool], tuple[Any, ...]] = {}
        self._tables: list[BlockTable] = []  # the engines' compiled blocks
        self._mode = ""
        self._engine: tuple[str, bool, bool] | None = None
        # The write and read watches (set_watch): each
        # (per-byte mask, per-word mask, hook).
        self._watch: _Watch | None = None
        self._read_watch: _Watch | None = None
        self._rdir = [True] * 256  # per page: plain RAM for reads / writes
        self._wdir = [True] * 256
        self._seen: tuple[Any, Any] = (None, None)  # bus.read/write when last looked
        self.stops: frozenset[int] = frozenset()  # run() stops before these (set_stops)
        self._stop_mask: bytearray | None = None
        self._check_bus()

    def _check_bus(self) -> None:
        """Pick the engine for the bus as it is now (cheap when unchanged:
        the bus publishes new read/write callables whenever it changes)."""
        bus = self.bus
        if bus.read is self._seen[0] and bus.write is self._seen[1]:
            return
        self._seen = (bus.read, bus.write)
        pages = bus.direct_pages()
        if pages is None:
            mode = "bus"
        else:
            self._rdir[:], self._wdir[:] = pages
            mode = "ram" if all(pages[0]) and all(pages[1]) else "paged"
        self._mode = mode
        self._use()

    def _use(self) -> None:
        """Switch to the engine for the memory mode and the watches, carrying
        the state (and the watches) over; it picks up the bus's and the
        CRU's callables."""
        key = (self._mode, self._watch is not None, self._read_watch is not None)
        if key != self._engine:
            engine = self._engines.get(key)
            if engine is None:
                waits = self.wait_pages is not None
                blocks = _tms9900blocks.block_table() if self._mode != "bus" else None
                handlers, table, *engine = _factory(waits, *key)(
                    self.bus, self, self.wait_pages, LAE_W, LAEP_B, PARITY,
                    isa.stcr_cycles, self._rdir, self._wdir, blocks,
                    partial(_tms9900blocks.build, waits=waits, mode=self._mode,
                            watch=key[1], read_watch=key[2]))
                if blocks is not None:
                    self._tables.append(blocks)
                names, index = _dispatch()
                slots = [handlers[n] for n in names]
                table[:] = map(slots.__getitem__, index)
                self._engines[key] = engine = tuple(engine)
            if self._engine is not None:
                engine[5](self._get_state())
                self._set_write_watch(None, None, None)  # the engine left keeps no hook alive
                self._set_read_watch(None, None, None)
                self._activate(False)
            self._engine = key
            self._run, self._step, self._reset, self._load, self._get_state, \
                self._set_state, self._run_stops, self._request_stop, self._was_stopped, \
                self._set_write_watch, self._activate, self._set_read_watch = engine
            self.step = self._step  # the engine's own: one call a step
        self._set_write_watch(*(self._watch or (None, None, None)))
        self._set_read_watch(*(self._read_watch or (None, None, None)))
        self._activate(True)

    # -- registers -------------------------------------------------------------
    def reg(self, n: int) -> int:
        """Workspace register Rn, read through the bus."""
        a = (self.wp + 2 * (n & 15)) & 0xFFFE
        read = self.bus.read
        return (read(a) << 8) | read(a | 1)

    def set_reg(self, n: int, value: int) -> None:
        """Write Rn through the bus (the machine base's `call()` sets R11 so)."""
        a = (self.wp + 2 * (n & 15)) & 0xFFFE
        write = self.bus.write
        write(a, (value >> 8) & 0xFF)
        write(a | 1, value & 0xFF)

    def attach_cru(self, handler: Any) -> None:
        """Route CRU traffic to an object with `cru_read(bit)`/`cru_write(bit, v)`."""
        self.cru_read = handler.cru_read
        self.cru_write = handler.cru_write

    @property
    def cru_read(self) -> CruRead:
        """CRU input: cru_read(bit) -> 0/1."""
        return self._cru_read

    @cru_read.setter
    def cru_read(self, fn: CruRead) -> None:
        self._cru_read = fn
        self._activate(True)  # the engine picks it up

    @property
    def cru_write(self) -> CruWrite:
        """CRU output: cru_write(bit, value)."""
        return self._cru_write

    @cru_write.setter
    def cru_write(self, fn: CruWrite) -> None:
        self._cru_write = fn
        self._activate(True)

    # -- running ---------------------------------------------------------------
    def step(self) -> int:  # replaced per instance by the engine's own (see _use)
        """One instruction, or one interrupt entry; returns its cycles."""
        return self.resync_step()

    def resync_step(self) -> int:
        """step() after the bus changed (or the engine did): the engine for
        the bus as it is now does the step."""
        self._check_bus()
        return self._step()

    def run(self, cycles: int) -> int:
        """Run whole instructions for at least `cycles`; returns early on IDLE,
        before an instruction at a stop address (`set_stops`) and after one
        in which `request_stop()` was called."""
        self._check_bus()
        if self._stop_mask is None:
            return self._run(cycles)
        return self._run_stops(cycles, self._stop_mask)

    @property
    def at_stop(self) -> bool:
        """The last run() ended before a stop address or on request_stop()."""
        return self._was_stopped()

    def request_stop(self) -> None:
        """End the run() in progress after the instruction in flight (from a
        watch's hook); step() does one instruction anyway."""
        self._request_stop()

    def set_watch(self, access: Access, mask: Mask | None,
                  hook: WatchHook | None = None) -> None:
        """Call hook(addr, value) after every byte the CPU reads or writes
        (`access`) where mask[addr] is set (None: no watch), from run() and
        step(), exactly as a bus watch would see it: a word access is two
        byte accesses (even address: the high byte, then odd: the low one), a
        byte access one at the byte's own address (a byte write: MOVB & co.,
        the read-modify-write of a word on the real bus). Writes: workspace
        registers are memory, so a register written is a write at WP + 2n,
        and context switches (BLWP, XOP, interrupts, LOAD, RESET) write the
        new workspace's R13-R15. Reads: every read the chip makes,
        instruction fetches, operands and workspace registers, the
        read-before-write of destinations, dummy reads (reported even where
        plain RAM lets the engine skip them) and the vectors of context
        switches. The bus keeps its fast paths; both watches at once take
        engines that check both. The mask is copied: give it again when it
        changes."""
        checked = checked_watch(access, mask, hook)
        watch = None if checked is None else _watch(*checked)
        if access == "write":
            self._watch = watch
        else:
            self._read_watch = watch
        self._use()

    def watch_mask(self, access: Access) -> Mask | None:
        """The per-byte mask of the `access` watch (None: none)."""
        watch = self._watch if check_access(access) == "write" else self._read_watch
        return watch[0] if watch is not None else None

    def set_stops(self, addresses: Any) -> None:
        """Make run() stop before any instruction at these addresses (empty:
        none); step() ignores them. run() then takes a loop of its own that
        tests each PC, so with no stops it pays nothing."""
        self.stops = frozenset(a & 0xFFFF for a in addresses)
        self._stop_mask = None
        if self.stops:
            self._stop_mask = bytearray(0x10000)
            for at in self.stops:
                self._stop_mask[at] = 1

    def _block_tables(self) -> list[BlockTable]:
        return self._tables

    def interrupt(self, level: int | None) -> None:
        """Hold INTREQ at `level` (1-15) until called with None (level-sensitive,
        as the TI-99/4A's VDP line is). Taken when level <= the ST mask."""
        if level is not None and not 1 <= level <= 15:
            raise ValueError(f"interrupt level must be 1-15, not {level}")
        self.irq = level or 0

    def load_interrupt(self) -> None:
        """Pulse LOAD: the non-maskable context switch through >FFFC."""
        self._check_bus()
        self._load()

    def reset(self) -> None:
        """RESET: ST = 0, then WP and PC from the vector at >0000 (the old WP,
        PC and ST go to the new R13-R15, as for BLWP)."""
        self._check_bus()
        self._reset()

    # -- state -----------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return dict(zip(FIELDS, self._get_state(), strict=True))

    def restore(self, state: dict[str, Any]) -> None:
        values = []
        for name in FIELDS:
            value = state[name]
            mask = _MASKS.get(name)
            values.append(value & mask if mask else value)
        self._set_state(tuple(values))


def _watch(mask: Mask, hook: WatchHook) -> _Watch:
    """A watch as the engines take it: the mask copied, the same per word
    (at each even address: either byte watched, so that a word access
    costs one index) and the hook."""
    byte = bytearray(mask)
    word = bytearray(0x10000)
    word[0::2] = bytes(a | b for a, b in zip(byte[0::2], byte[1::2], strict=True))
    return byte, word, hook


def _cru_zero(bit: int) -> int:
    return 0


def _cru_ignore(bit: int, value: int) -> None:
    pass
