"""MOS 6502 (NMOS, decimal mode) and Ricoh 2A03 (no decimal mode) core.

The per-opcode handlers are generated once per variant by `_6502gen.py` from
the opcode table in `isa6502.py` and compiled here; each core instance then
gets its own closures, with the registers held as closure cells so that
handlers and the run loop reach them as fast as locals. The registers are
exposed as attributes through properties that read and write those cells.
There are three handler sets with the same effect (every access, dummy ones
included, in the NMOS order): through `bus.read`/`bus.write`; straight into
the bus's RAM when the bus has no handler or watch; and a paged set for buses
with I/O regions (program fetches, zero page and stack from RAM, the rest
through the bus). `run()` and `step()` pick one from the bus at each call, so
a watch or mapping added between calls takes effect at once. While nothing
else has changed since its last look (no watch, no interrupt waiting, no
stall), `step()` is little more than the handler call: the debugger's single
steps, the trace and checked frames run on it. `run()` (never
`step()`) also runs hot straight-line code as compiled blocks
(`_6502blocks.py`) where that gives exactly the same result, bus accesses
and stopping point included; none while a bus watch is set (the core's own
read and write watches, `set_watch`, keep them).

Interrupts: `irq(True)` holds the IRQ line (level-triggered, taken at an
instruction boundary while I is clear, until `irq(False)`); `nmi()` latches
an edge that is taken at the next boundary. As on silicon, an IRQ waiting
when CLI or PLP clears I is taken one instruction later (the poll happens
before they change I); not modelled: the taken-branch delay of the IRQ poll.
A JAM opcode halts the core: `halted` (alias `jammed`) becomes True, `step()`
returns 0 and `run()` returns early, until `reset()`.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from . import _6502blocks, _6502gen
from .blocks import AtStop, BlockTable, CompiledCode
from .bus import Bus
from .codegen import generated_code
from .core import ACCESSES, Access, Mask, WatchHook, check_access, checked_watch
from .isa6502 import FLAG_I, RESET_VECTOR

VARIANTS = ("nmos", "2a03")

_FACTORIES: dict[str, Callable[..., tuple[Any, ...]]] = {}


def _factory(variant: str) -> Callable[..., tuple[Any, ...]]:
    """Compile the handler factory of a variant, once per process."""
    factory = _FACTORIES.get(variant)
    if factory is None:
        make = partial(_6502gen.factory_source, decimal=variant == "nmos")
        namespace: dict[str, Any] = {"AtStop": AtStop}
        exec(generated_code(f"retroscope.cpu.mos6502 {variant}", make), namespace)
        factory = _FACTORIES[variant] = namespace["factory"]
    return factory


_WATCHED: dict[tuple[str, tuple[str, ...], bool, bool], Any] = {}


def _watched(variant: str, cells: dict[str, Any], reads: bool,
             writes: bool) -> tuple[tuple[Any, ...], ...]:
    """The watch handler sets (reads and/or writes checked) bound to one
    core's cells (the source is compiled once per process and kind)."""
    names = tuple(sorted(cells))
    key = (variant, names, reads, writes)
    outer = _WATCHED.get(key)
    if outer is None:
        make = partial(_6502gen.watched_source, variant == "nmos", list(names), reads, writes)
        kinds = "+".join(k for k, on in (("reads", reads), ("writes", writes)) if on)
        namespace: dict[str, Any] = {}
        exec(generated_code(f"retroscope.cpu.mos6502 {variant} watched {kinds}", make), namespace)
        outer = _WATCHED[key] = namespace["outer"]
    return tuple(tuple(_rebind(f, cells) for f in handlers) for handlers in outer())


def _rebind(f: Any, cells: dict[str, Any]) -> Any:
    return types.FunctionType(f.__code__, f.__globals__, f.__name__, None,
                              tuple(cells[name] for name in f.__code__.co_freevars))


# Snapshot fields, in the order of the generated get_state()/set_state().
_FIELDS = _6502gen.STATE_FIELDS
_INDEX = {name: i for i, name in enumerate(_FIELDS)}
# The names under which snapshot() publishes them (cycles, not cyc; end is transient).
SNAPSHOT_FIELDS = ("a", "x", "y", "s", "p", "pc", "cycles", "halted", "irq_line",
                   "nmi_pending", "i_late")
# What restore() assumes for the between-instructions fields a snapshot lacks.
_QUIET = {"halted": False, "irq_line": False, "nmi_pending": False, "i_late": -1}
_SNAPSHOT_SOURCE = {"cycles": "cyc"}


def _register(name: str, mask: int) -> property:
    index = _INDEX[name]

    def get(self: MOS6502) -> int:
        return self._get_state()[index]

    def set_(self: MOS6502, value: int) -> None:
        state = list(self._get_state())
        state[index] = value & mask
        self._set_state(state)

    return property(get, set_, doc=f"register {name}")


class MOS6502(CompiledCode):
    """A 6502 over a `Bus`; `variant` "nmos" (with decimal mode) or "2a03"."""

    a = _register("a", 0xFF)
    x = _register("x", 0xFF)
    y = _register("y", 0xFF)
    s = _register("s", 0xFF)
    p = _register("p", 0xFF)
    pc = _register("pc", 0xFFFF)

    def __init__(self, bus: Bus | None = None, variant: str = "nmos") -> None:
        if variant not in VARIANTS:
            raise ValueError(f"6502 variant must be one of {VARIANTS}, not {variant!r}")
        self.bus = bus if bus is not None else Bus()
        self.variant = variant
        self._blocks = _6502blocks.block_table()
        (self._run, self._step, self._irq, self._nmi, self._get_state, self._set_state,
         self._set_stops, self._was_stopped, self.request_stop, self.stall,
         self._set_write_watch, self._set_read_watch) = _factory(variant)(
            self.bus, self._blocks, partial(_6502blocks.build, decimal=variant == "nmos"),
            partial(_watched, variant))
        self.stops: frozenset[int] = frozenset()
        self._masks: dict[Access, Mask | None] = dict.fromkeys(ACCESSES)  # the watches' (set_watch)
        # Power-on state: registers as constructed (s=$FD, p=$24, pc=0); call
        # reset() to load PC from the reset vector once memory is in place.
        self.step: Callable[[], int] = self._step
        self.run: Callable[[int], int] = self._run

    # -- the Core protocol (step and run are the generated closures) ----------
    def step(self) -> int:  # replaced per instance in __init__; documents the API
        """Execute one instruction (or interrupt entry); return its cycles."""
        return self._step()

    def run(self, cycles: int) -> int:  # replaced per instance in __init__
        """Execute whole instructions until `cycles` have elapsed; return cycles run."""
        return self._run(cycles)

    def set_stops(self, addresses: Iterable[int]) -> None:
        """Make run() stop before any instruction at these addresses (an empty
        set: none). step() ignores them. Free for the code that never reaches
        them: compiled blocks end before a stop, and the loops that look
        blocks up find the stop in the same table."""
        self._set_stops(addresses)
        self.stops = frozenset(a & 0xFFFF for a in addresses)

    def set_watch(self, access: Access, mask: Mask | None,
                  hook: WatchHook | None = None) -> None:
        """Call hook(addr, value) after every `access` the CPU makes where
        mask[addr] is set, every cycle as the bus sees it: writes with the
        dummy writes of read-modify-write instructions; reads with opcode
        and operand fetches, dummy reads and interrupt-vector fetches (so
        exactly what a bus watch sees from run() and step()), from inside
        both. Compiled blocks stay, with the checks in them (a read watch:
        where the mask covers none of their code bytes), ending after such
        an access when the hook asked for a stop (`request_stop`). None: no
        watch. Checked per access with one index; the mask is read live,
        but give it again when the addresses change, so that the blocks
        follow. Both watches at once take handlers that check both."""
        mask, hook = checked_watch(access, mask, hook) or (None, None)
        if access == "write":
            self._set_write_watch(mask, hook)
        else:
            self._set_read_watch(mask, hook)
        self._masks[access] = mask

    def watch_mask(self, access: Access) -> Mask | None:
        """The mask of the `access` watch (None: none)."""
        return self._masks[check_access(access)]

    def _block_tables(self) -> list[BlockTable]:
        return [self._blocks]

    @property
    def at_stop(self) -> bool:
        """The last run() ended before a stop address or on request_stop()."""
        return self._was_stopped()

    def request_stop(self) -> None:  # replaced per instance in __init__
        """End the run() in progress after the instruction in flight."""

    def stall(self, cycles: int) -> None:  # replaced per instance in __init__
        """Hold the CPU for `cycles` (a DMA): counted before the next instruction."""

    @property
    def cycles(self) -> int:
        return self._get_state()[_INDEX["cyc"]]

    @cycles.setter
    def cycles(self, value: int) -> None:
        state = list(self._get_state())
        state[_INDEX["cyc"]] = value
        self._set_state(state)

    @property
    def halted(self) -> bool:
        """True after a JAM opcode, until reset()."""
        return self._get_state()[_INDEX["halted"]]

    jammed = halted

    @property
    def halt_state(self) -> str:
        """"jam" after a JAM opcode, else "" (the Core protocol's name)."""
        return "jam" if self._get_state()[_INDEX["halted"]] else ""

    def reset(self) -> None:
        """The RESET sequence: S drops by 3, I set, PC from $FFFC; 7 cycles."""
        read = self.bus.read
        state = list(self._get_state())
        state[_INDEX["s"]] = (state[_INDEX["s"]] - 3) & 0xFF
        state[_INDEX["p"]] |= FLAG_I | 0x20
        state[_INDEX["pc"]] = read(RESET_VECTOR) | read(RESET_VECTOR + 1) << 8
        state[_INDEX["cyc"]] += 7
        for name in ("halted", "irq_line", "nmi_pending"):
            state[_INDEX[name]] = False
        state[_INDEX["i_late"]] = -1
        self._set_state(state)

    def irq(self, level: bool = True) -> None:
        """Hold (or release) the IRQ line; taken at a boundary while I is clear."""
        self._irq(bool(level))

    def nmi(self) -> None:
        """Signal an NMI edge; taken at the next instruction boundary."""
        self._nmi()

    # -- state -----------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        state = self._get_state()
        return {name: state[_INDEX[_SNAPSHOT_SOURCE.get(name, name)]]
                for name in SNAPSHOT_FIELDS} | {"variant": self.variant}

    def restore(self, snap: dict[str, Any]) -> None:
        if snap.get("variant", self.variant) != self.variant:
            raise ValueError(f"snapshot of a {snap['variant']} core, this is {self.variant}")
        state = list(self._get_state())
        for name in SNAPSHOT_FIELDS:
            value = snap[name] if name in snap or name not in _QUIET else _QUIET[name]
            mask = 0xFFFF if name == "pc" else 0xFF if len(name) == 1 else None
            state[_INDEX[_SNAPSHOT_SOURCE.get(name, name)]] = (
                int(value) & mask if mask is not None else value)
        state[_INDEX["end"]] = 0
        self._set_state(state)

    def __repr__(self) -> str:
        s = self.snapshot()
        return (f"MOS6502({self.variant} PC=${s['pc']:04X} A=${s['a']:02X} X=${s['x']:02X} "
                f"Y=${s['y']:02X} S=${s['s']:02X} P=${s['p']:02X} cycles={s['cycles']}"
                f"{' JAMMED' if s['halted'] else ''})")
