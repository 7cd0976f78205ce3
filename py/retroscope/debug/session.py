"""The debugger session: the one object the worker talks to, `Session(machine)`.

Free when off: with no breakpoint, step request or trace, the machine runs
with its own runner (`cpu.run`, or the machine's faster one) and the bus with
its bare `read`/`write`. Execute breakpoints (and run to cursor, and step
over a call) cost next to nothing on a core with stop addresses
(`set_stops`): the machine's own runner goes on, the core stops before a
stop address and `_run_stops` decides (condition, step plan) there.
Read/write breakpoints add a bus watch that asks the core to stop after the
instruction (`request_stop`). What needs a look at every instruction (the
trace, step into/out, a core without stops) swaps in `_run_checked`. All of
it is taken out again when the last such thing goes.

Every verb returns JSON-able data; bad input raises `DebugError` (a
ValueError) with a message meant for the user.

Verbs (for the worker's dispatch table; the parameter names are the keywords):

    run_frame(buttons=None)          one frame, or up to a stop; buttons apply from
    run_frames(n, buttons=None, pictures="all")   the next frame start (so replays
                                     are exact); pictures: all | last | none drawn
    pause()  reset()  status()       status: paused, stepping, reason, pc, cycles, frame,
                                     slowed_by (the features that cost speed now)
    step(kind="into", count=1, target=None, max_frames=4, buttons=None)
                                     kind: into | over | out | frame | cursor (target)
    add_breakpoint(kind, where, end=None, condition="")   kind: exec | read | write;
                                     where/end: address, "$C000", symbol, "file.asm:12"
    remove_breakpoint(bp_id)  enable_breakpoint(bp_id, enabled=True)
    set_condition(bp_id, condition)  reset_hits(bp_id=None)  list_breakpoints()
    load_breakpoints(data) -> problems  check_condition(text)
    add_watch(where, fmt="hex", count=None)  remove_watch(watch_id)  watch_values()
                                     fmt: hex | dec | bcd | u16le | u16be
    spaces()  writable_spaces()  read_memory(addr, length, space="cpu")
    write_memory(addr, values, space="cpu")
    registers()  set_register(name, value)
    disassemble(addr=None, before=8, after=16)  source(addr=None)  source_lines(file=None)
    call_stack()  set_trace(on)  trace_text()
    rewind_info()  seek(frame)  state_hash()  close()
    command(verb, args)  pointer(x, y, down)   the machine's own verbs, kept in the history
    set_input_source(source, name)   buttons from a program, once a frame (recorded)

Edits (write_memory, set_register, reset, command, pointer, set_input_source)
are part of the history: seeking to any frame, before or after an edit, gives
the state seen at that frame (rewind.py). The session's journal (journal.py)
is the one record of it all, inputs and edits: the rewind replays from it,
`rewind_info()["events"]` lists its edits, a share link carries it.

A step that has not finished after `max_frames` frames stays pending
(`status()["stepping"]`); the page keeps calling run_frame, which carries it on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from . import stepping
from .breakpoints import BreakpointError, BreakpointSet, parse_address
from .codeview import CodeView
from .condition import ConditionError, Env, compile_condition
from .cpuinfo import CpuInfo, info_for
from .errors import DebugError, check_int
from .events import EventLog
from .journal import Journal
from .memory import MemoryView
from .profiler import Profiler
from .rewind import Rewind, state_hash
from .search import MemorySearch
from .trace import Trace
from .viewers import Viewer, viewers_for
from .watches import WatchError, WatchList

# `_checked_until` for a frame that ran instruction by instruction to its end.
CHECKED_WHOLE_FRAME = 1 << 62

# How many frames a step may run before it hands back (the page keeps it going
# with run_frame, so a long step-over never blocks the worker).
STEP_FRAMES_PER_CALL = 4

# Which frames of a run draw their picture (run_frames).
PICTURES = ("all", "last", "none")


@dataclass
class BreakReason:
    """Why execution stopped (as Mesen's BreakSource tells its UI)."""

    kind: str  # "breakpoint" | "read" | "write" | "step" | "pause" | "halt" | "reset" | "seek"
    pc: int
    message: str
    breakpoint: int | None = None
    addr: int | None = None
    value: int | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


HALT_WORDS = {"jam": "jammed (JAM: only a reset goes on)",
              "halt": "halted (HALT: waiting for an interrupt)",
              "idle": "idle (IDLE: waiting for an interrupt)"}


def _halt_message(state: str, pc: int) -> str:
    return f"the CPU {HALT_WORDS.get(state, 'halted')} at ${pc:04X}"


class Session:
    def __init__(self, machine: Any, *, rewind: Rewind | None = None,
                 record: bool = True) -> None:
        self.machine = machine
        self.cpu = machine.cpu
        self.bus = machine.bus
        self.symbols: dict[str, int] = machine.symbols
        info = getattr(machine, "INFO", None)
        self.info: CpuInfo = info_for(self.cpu, info.cpu if info else None)
        self.bare_runner = machine.runner  # the machine's own (maybe faster) runner
        self.env = self._make_env()
        self.breakpoints = BreakpointSet(self.env, self.symbols)
        self.watches = WatchList(self.symbols)
        self.trace = Trace(self.info)
        self.rewind = rewind if rewind is not None else Rewind()
        # Everything that drives the machine from here on: the one record the
        # rewind replays from and a share link carries.
        self.journal = self.rewind.journal = Journal(machine.frame)
        self.record = record
        self.plan: stepping.Plan | None = None
        self.paused = True
        self.reason: BreakReason | None = None
        self._at_frame_start = True  # the next advance() starts a frame
        self._recorded = -1  # the frame whose start is already checkpointed
        # This frame ran instruction by instruction up to this CPU cycle (None:
        # on the machine's own runner throughout); replays follow it.
        self._checked_until: int | None = None
        self._pending_buttons: int | None = None
        # Frames from this one on draw their picture (None: all do); see run_frames.
        self._pictures_from: int | None = None
        # The input source (see set_input_source): None while the player plays.
        self.input_source: Callable[[Any], int] | None = None
        self.input_name = "player"
        self._skip_pc = -1  # resuming: do not stop again at the PC we stopped at
        self._access: list[tuple[str, int, int]] = []  # (kind, addr, value) seen by watches
        self._watching: dict[str, Callable[[int, int], None]] = {}
        self.memory = MemoryView(machine)
        self.code = CodeView(machine, self.info, self.symbols)
        # A core that stops at addresses itself (`set_stops`, `at_stop`) lets
        # breakpoints run on the machine's own runner (`_run_stops`).
        self._can_stop = hasattr(self.cpu, "set_stops")
        self._can_request_stop = hasattr(self.cpu, "request_stop")
        # A core that watches its own writes (`set_write_watch`) takes write
        # breakpoints (and the observers) without a bus watch; `_core_watched`
        # says what it has (None: no watch). Reads likewise (`set_read_watch`,
        # `_core_read_watched`).
        self._core_watch = hasattr(self.cpu, "set_write_watch")
        self._core_watched: tuple[Any, ...] | None = None
        self._core_read_watch = hasattr(self.cpu, "set_read_watch")
        self._core_read_watched: tuple[Any, ...] | None = None
        self._volatile = False  # a condition read the cycle count or a device
        self._stops: set[int] = set()
        # The hardware in view (viewers/, events.py, search.py, profiler.py):
        # what is open adds its watches to the core's (`_observers`).
        self._viewers: dict[str, Viewer] | None = None
        self._open: set[str] = set()
        self.events = EventLog(machine, self.info, self.code)
        self.memory_search = MemorySearch(machine)
        self.profiler = Profiler(machine, self.info, self.code)
        self._profile_masks: tuple[bytearray, bytearray] = (bytearray(), bytearray())

    # -- the environment conditions see -------------------------------------------
    def _make_env(self) -> Env:
        cpu, bus_peek = self.cpu, self.bus.peek
        plain = self.bus.direct_peek_pages()

        def peek(addr: int) -> int:
            if not plain[addr >> 8]:
                self._volatile = True  # a device's register: it may change with time
            return bus_peek(addr)

        def cycles() -> int:
            self._volatile = True
            return cpu.cycles
        registers: dict[str, Callable[[], int]] = {}
        for reg in self.info.registers:
            registers[reg.name] = (lambda n=reg.name: getattr(cpu, n))
        if self.info.family == "tms9900":
            for n in range(16):
                registers[f"r{n}"] = (lambda n=n: peek((cpu.wp + 2 * n) & 0xFFFF) << 8
                                      | peek((cpu.wp + 2 * n + 1) & 0xFFFF))
        counters = {
            "cycles": cycles,
            "frame": lambda: self.machine.frame,
            "addr": lambda: self._access[0][1] if self._access else -1,
            "value": lambda: self._access[0][2] if self._access else -1,
        }
        return Env(registers, peek, self.symbols, counters,
                   big_endian=self.info.family == "tms9900")

    # -- the runner ------------------------------------------------------------------
    def _install(self) -> None:
        """Swap the checking runner and the watches in or out as needed."""
        bps = self.breakpoints
        observers = self._observers()
        for kind in ("read", "write"):
            want = bps.active[kind]
            if self._core_watches(kind):
                self._install_core_watch(kind, want, observers[kind])
                continue
            if want and kind not in self._watching:
                mask, access = bps.masks[kind], self._access

                def watch(addr: int, value: int, kind: str = kind, mask: bytearray = mask,
                          access: list[tuple[str, int, int]] = access,
                          stop: Callable[[], None] = self._request_stop) -> None:
                    if mask[addr]:
                        access.append((kind, addr, value))
                        stop()
                self._watching[kind] = watch
                self.bus.add_watch(kind, watch)
            elif not want and kind in self._watching:
                self.bus.remove_watch(kind, self._watching.pop(kind))
            self._install_bus_observers(kind, observers[kind])
        plan = self.plan
        if isinstance(plan, stepping.StepFrame):
            plan = None
        every = self.trace.on or self.profiler.on  # they look at every instruction
        needed = (bps.active["exec"] or bps.active["read"] or bps.active["write"]
                  or every or plan is not None)
        fast = (needed and self._can_stop and not every
                 and (plan is None or not plan.every)
                 # read/write breakpoints need a core that stops after an access
                 and (self._can_request_stop or not (bps.active["read"]
                                                     or bps.active["write"])))
        checking = needed and not fast
        stops: set[int] = set()
        if fast:
            if bps.active["exec"]:
                stops = set(_addresses(bps.masks["exec"]))
            if plan is not None and plan.target >= 0:
                stops.add(plan.target)
        if self._can_stop and stops != self._stops:
            self.cpu.set_stops(stops)
        self._stops = stops
        was_checking = self.machine.runner == self._run_checked
        self.machine.runner = (self._run_checked if checking else
                               self._run_stops if fast else self.bare_runner)
        if checking != was_checking and not self._at_frame_start:
            # Mid-frame (stopped there): note where the frame goes on running on
            # the machine's own runner, so that a replay runs it the same way.
            self._checked_until = CHECKED_WHOLE_FRAME if checking else self.cpu.cycles

    def _core_watches(self, kind: str) -> bool:
        return self._core_watch if kind == "write" else self._core_read_watch

    def _observers(self) -> dict[str, list[tuple[bytearray, Callable[[int, int], None]]]]:
        """Who else sees the CPU's accesses now: the event viewer (device
        writes), open viewers that follow writes, the profiler (every read
        of data, every write). (mask, function) per access kind."""
        out: dict[str, list[tuple[bytearray, Callable[[int, int], None]]]] = {
            "read": [], "write": []}
        if self.events.on:
            out["write"].append((self.events.mask, self.events.write))
        for vid in sorted(self._open):
            for lo, hi, fn in self.viewers_by_id()[vid].watches():
                mask = bytearray(0x10000)
                mask[lo:hi + 1] = b"\x01" * (hi + 1 - lo)
                out["write"].append((mask, fn))
        if self.profiler.on:
            out["read"].append((self._profile_masks[0], self.profiler.count_read))
            out["write"].append((self._profile_masks[1], self.profiler.count_write))
        return out

    def _install_core_watch(self, kind: str, want: bool,
                            observers: list[tuple[bytearray, Callable[[int, int], None]]]
                            ) -> None:
        """Read or write breakpoints, and the observers, on a core that
        watches its own accesses (`set_write_watch`, `set_read_watch`): its
        hook sees only the addresses they cover and the core stays on its
        fast paths (a read watch reports every read the bus would see,
        fetches and dummy reads too). Given again whenever the covered
        addresses change (the core compiles them into its blocks)."""
        setter = self.cpu.set_write_watch if kind == "write" else self.cpu.set_read_watch
        attr = "_core_watched" if kind == "write" else "_core_read_watched"
        bp = self.breakpoints.masks[kind]
        if not want and not observers:
            if getattr(self, attr) is not None:
                setter(None)
                setattr(self, attr, None)
            return
        mask = bytearray(bp) if want else bytearray(0x10000)
        for more, _ in observers:
            mask = bytearray((int.from_bytes(mask, "little")
                              | int.from_bytes(more, "little")).to_bytes(0x10000, "little"))
        key = (bytes(mask), want, tuple(id(fn) for _, fn in observers))
        if getattr(self, attr) == key:
            return
        access, stop = self._access, self._request_stop
        if not observers:
            def hook(addr: int, value: int) -> None:
                access.append((kind, addr, value))
                stop()
        else:
            breaks = bp if want else None
            seen = tuple(observers)

            def hook(addr: int, value: int) -> None:
                if breaks is not None and breaks[addr]:
                    access.append((kind, addr, value))
                    stop()
                for covers, fn in seen:
                    if covers[addr]:
                        fn(addr, value)
        setter(mask, hook)
        setattr(self, attr, key)

    def _install_bus_observers(self, kind: str,
                               observers: list[tuple[bytearray, Callable[[int, int], None]]]
                               ) -> None:
        """The observers as a bus watch, on a core without watches of its own."""
        name = f"{kind} observers"
        if name in self._watching:
            self.bus.remove_watch(kind, self._watching.pop(name))
        if observers:
            seen = tuple(observers)

            def watch(addr: int, value: int) -> None:
                for covers, fn in seen:
                    if covers[addr]:
                        fn(addr, value)
            self._watching[name] = watch
            self.bus.add_watch(kind, watch)

    def _run_checked(self, cycles: int) -> int:
        """Run whole instructions for `cycles`, checking before/after each."""
        cpu = self.cpu
        step = cpu.step
        bps = self.breakpoints
        exec_mask = bps.masks["exec"] if bps.active["exec"] else None
        plan = self.plan
        target = plan.target if plan is not None else -1
        every = plan is not None and plan.every
        record = self.trace.recorder() if self.trace.on else None
        profile = self.profiler.record if self.profiler.on else None
        access = self._access
        access.clear()  # only the CPU's own accesses count (not DMA between runs)
        skip = self._skip_pc
        ran = 0
        told = -1  # the PC of a step the profiler is told of once it knows where it led
        last = 0
        while ran < cycles:
            pc = cpu.pc
            if told >= 0:
                profile(told, last, pc)  # type: ignore[misc]
                told = -1
            if pc != skip:
                if exec_mask is not None and exec_mask[pc]:
                    bp = bps.hit("exec", pc)
                    if bp is not None:
                        self._stop(BreakReason("breakpoint", pc, f"breakpoint #{bp.id}: "
                                               f"{bp.describe()}", bp.id))
                        break
                if pc == target:
                    if plan.at_target():  # type: ignore[union-attr]
                        self._stop_step(pc)
                        break
                    target, every = plan.target, plan.every  # type: ignore[union-attr]
            skip = -1
            if every:
                plan.pre(pc)  # type: ignore[union-attr]
            if record is not None:
                record()
            cyc = step()
            if not cyc:
                if cpu.halt_state:
                    self._stop(BreakReason("halt", pc, _halt_message(cpu.halt_state, pc)))
                break
            ran += cyc
            if profile is not None:
                told, last = pc, cyc
            if access:
                if self._access_hit():
                    break
            if every:
                if plan.post():  # type: ignore[union-attr]
                    self._stop_step(cpu.pc)
                    break
                target, every = plan.target, plan.every  # type: ignore[union-attr]
        if told >= 0:
            profile(told, last, cpu.pc)  # type: ignore[misc]
        self._skip_pc = -1
        return ran

    def _run_stops(self, cycles: int) -> int:
        """The machine's own runner, with the core stopping before the stop
        addresses (exec breakpoints, a step's target) and after an access
        that a read/write breakpoint covers; each stop is looked at here
        (condition, step plan) and passed with one step() if it is no stop.
        In the program's wait loop, where an access would stop the core on
        every turn, a whole turn is checked and the rest may be skipped
        (`_pass_idle_accesses`)."""
        cpu, bare = self.cpu, self.bare_runner
        access = self._access
        access.clear()
        ran = 0
        if self._skip_pc == cpu.pc and cpu.pc in self._stops and not cpu.halt_state:
            # Resuming at a stop: pass it first. (Anywhere else the machine's
            # runner goes on as it would; a halted core is not stepped, as its
            # own runner lets the time pass to the next event instead.)
            self._skip_pc = -1
            n = cpu.step()
            ran += n
            if access and self._access_hit() or not n:
                return ran
        self._skip_pc = -1
        while ran < cycles:
            ran += bare(cycles - ran)
            if access:
                self._volatile = False
                if self._access_hit():
                    break
                if ran < cycles and not self._volatile and self._in_idle_loop():
                    n, stopped = self._pass_idle_accesses(cycles - ran)
                    ran += n
                    if stopped:
                        break
                continue
            if ran >= cycles or not cpu.at_stop:
                break  # the budget ran out, or the core halted
            pc = cpu.pc
            if pc not in self._stops:
                break
            self._volatile = False
            if self._exec_stop(pc):
                break
            if self.machine.runner != self._run_stops:
                self._skip_pc = pc  # the plan needs every instruction from here
                break
            if not self._volatile and (self.plan is None or self.plan.target != pc):
                # A stop in the program's wait loop that did not hold would not
                # hold on any turn (the condition saw neither the cycle count
                # nor a device): the machine may skip whole turns as it would
                # without the debugger.
                n, stopped = self._pass_idle_stop(pc, cycles - ran)
                ran += n
                if stopped:
                    break
                if cpu.pc != pc:
                    continue  # stepped past the stop already
            n = cpu.step()
            ran += n
            if access and self._access_hit() or not n:
                break
        return ran

    def _in_idle_loop(self) -> bool:
        """The core is in the program's wait loop (`Machine.idle_loop`) with
        no stop address inside it and no step plan."""
        idle = self.machine.idle_loop
        return (idle is not None and idle.start <= self.cpu.pc < idle.end
                and self.plan is None
                and not any(idle.start <= at < idle.end for at in self._stops))

    def _pass_idle_stop(self, pc: int, cycles: int) -> tuple[int, bool]:
        """At a stop in the wait loop that did not hold and would hold on no
        turn: the machine skips whole turns (`skip_idle`, which checks the
        loop is steady, at its top). From a stop inside the loop, step on to
        its top first (where no other stop is inside it: none is passed
        unlooked). (cycles run or skipped, stopped by an access)"""
        machine, cpu = self.machine, self.cpu
        idle = machine.idle_loop
        ran = 0
        if (idle is not None and idle.start < pc < idle.end
                and not any(idle.start <= at < idle.end and at != pc for at in self._stops)):
            end = min(cycles, idle.turn)
            while ran < end and cpu.pc != idle.start:
                n = cpu.step()
                ran += n
                if self._access and self._access_hit():
                    return ran, True
                if not n or not idle.start <= cpu.pc < idle.end:
                    return ran, False
        return ran + machine.skip_idle(cycles - ran, {pc}), False

    def _pass_idle_accesses(self, cycles: int) -> tuple[int, bool]:
        """A watched access in the wait loop that did not hold and saw
        neither the clock nor a device: rather than stop at it on every turn,
        step to the loop's top and through one whole turn, checking each
        access as `_run_stops` does. If none holds or looks at the clock or a
        device, and the loop is steady at both ends (the machine says a turn
        changes nothing), every later turn makes the same accesses with the
        same values and would not stop either: the machine may skip them
        (`skip_idle`, `reads_checked`). (cycles run or skipped, stopped)."""
        machine, cpu, access = self.machine, self.cpu, self._access
        idle = machine.idle_loop
        assert idle is not None
        ran = 0
        tops = 0  # at the loop's top in a steady state: twice is a turn checked
        # (Not steady within three turns: back to running, stopping at each.)
        end = min(cycles, 3 * idle.turn)
        while ran < end and idle.start <= cpu.pc < idle.end:
            if machine.idle_steady():
                tops += 1
                if tops == 2:
                    return ran + machine.skip_idle(cycles - ran, reads_checked=True), False
            n = cpu.step()
            ran += n
            if access:
                self._volatile = False
                if self._access_hit():
                    return ran, True
                if self._volatile:
                    break
            if not n:
                break
        return ran, False

    def _exec_stop(self, pc: int) -> bool:
        """At a stop address: stop there (a breakpoint whose condition holds,
        or the step's target reached)? Else the plan may need re-installing."""
        bps = self.breakpoints
        if bps.active["exec"] and bps.masks["exec"][pc]:
            bp = bps.hit("exec", pc)
            if bp is not None:
                self._stop(BreakReason("breakpoint", pc, f"breakpoint #{bp.id}: "
                                       f"{bp.describe()}", bp.id))
                return True
        plan = self.plan
        if plan is not None and pc == plan.target:
            if plan.at_target():
                self._stop_step(pc)
                return True
            self._install()  # the plan moved on (its target, or every instruction)
        return False

    def _request_stop(self) -> None:
        request = getattr(self.cpu, "request_stop", None)
        if request is not None:
            request()

    def _access_hit(self) -> bool:
        access = self._access
        seen = list(access)  # every access of the instruction, in order
        for i, (kind, addr, value) in enumerate(seen):
            access[:] = [(kind, addr, value)]  # what `addr`/`value` show to conditions
            bp = self.breakpoints.hit(kind, addr)
            if bp is not None:
                access.clear()
                verb = "read" if kind == "read" else "wrote"
                # A read-modify-write instruction writes twice (the old value,
                # then the new): say what stays in memory, and the dummy write.
                final = value
                if kind == "write":
                    later = [v for k, a, v in seen[i + 1:] if k == "write" and a == addr]
                    final = later[-1] if later else value
                first = f", after a dummy write of ${value:02X}" if final != value else ""
                self._stop(BreakReason(kind, self.cpu.pc,
                                       f"breakpoint #{bp.id}: {verb} ${final:02X} at "
                                       f"${addr:04X} ({bp.describe()}{first})", bp.id, addr,
                                       final))
                return True
        access.clear()
        return False

    def _stop(self, reason: BreakReason) -> None:
        self.reason = reason
        self.machine.stop_requested = True

    def _stop_step(self, pc: int) -> None:
        plan = self.plan
        kind = plan.kind if plan is not None else "step"
        self._stop(BreakReason("step", pc, f"step {kind} done at ${pc:04X}"))

    # -- running -------------------------------------------------------------------------
    def _begin(self) -> None:
        self._skip_pc = self.cpu.pc
        self.reason = None
        self.paused = False

    def _advance(self) -> str:
        """One machine.advance(), latching inputs and recording at frame starts."""
        machine = self.machine
        if self._at_frame_start:
            if (self.record and self._recorded != machine.frame
                    and self.rewind.wants(machine.frame)):
                self.rewind.record(machine.snapshot())
            if self.input_source is not None:
                machine.set_buttons(check_int("input source's buttons",
                                              self.input_source(machine), 0xFFFF))
            elif self._pending_buttons is not None:
                machine.set_buttons(self._pending_buttons)
                self._pending_buttons = None
            if self.record:  # this frame runs again: what followed it goes
                self.rewind.truncate_after(machine.frame)
            machine.picture_wanted = self._picture_wanted(machine.frame)
            self.journal.frame_start(machine.frame, machine.buttons)
            self._at_frame_start = False
            self._checked_until = (CHECKED_WHOLE_FRAME if machine.runner == self._run_checked
                                   else None)
        result = machine.advance()
        if result == "frame":
            self._at_frame_start = True
            if self.profiler.on:
                self.profiler.end_frame()
            if self._checked_until is not None:
                self.journal.frame_checked(machine.frame - 1, self._checked_until)
            if self.record:
                # Checkpoint the new frame's start now (when its turn), so the
                # present is seekable; other frames are reached by replay.
                if self.rewind.wants(machine.frame):
                    self.rewind.record(machine.snapshot())
                self._recorded = machine.frame
        return result

    def _picture_wanted(self, frame: int) -> bool:
        """Whether frame `frame` draws its picture: yes but for the frames
        run_frames was told nobody sees, and even those draw when the next
        frame's start is a rewind checkpoint (its snapshot keeps the picture
        drawn just before), or when the run could stop inside the frame (a
        breakpoint, a watch, a step: the page then shows the picture as it
        stands)."""
        skip_before = self._pictures_from
        return (skip_before is None or frame >= skip_before
                or self.machine.runner != self.bare_runner
                or (self.record and self.rewind.wants(frame + 1)))

    def _run(self, max_frames: int, pictures: str = "all") -> dict[str, Any]:
        """Advance until something stops us or `max_frames` frames have ended.
        `pictures`: "all", "last" (only the last frame's is seen) or "none"
        (see run_frames)."""
        if pictures not in PICTURES:
            raise ValueError(f"pictures is one of {', '.join(PICTURES)}, not {pictures!r}")
        self._pictures_from = (None if pictures == "all" else
                               self.machine.frame + max_frames - 1 if pictures == "last"
                               else self.machine.frame + max_frames)
        try:
            return self._run_frames(max_frames)
        finally:
            # A frame left half-way (a stop) and whatever runs next draw theirs.
            self._pictures_from = None
            self.machine.picture_wanted = True

    def _run_frames(self, max_frames: int) -> dict[str, Any]:
        self._begin()
        frames = 0
        while True:
            result = self._advance()
            if result == "break":
                break
            if result == "halt":
                self._stop(BreakReason("halt", self.cpu.pc,
                                       _halt_message(self.cpu.halt_state, self.cpu.pc)))
                self.machine.stop_requested = False
                break
            if isinstance(self.plan, stepping.StepFrame):
                self._stop_step(self.cpu.pc)
                self.machine.stop_requested = False
                break
            frames += 1
            if frames >= max_frames:
                return self.status()
        self._pause()
        return self.status()

    def run_frame(self, buttons: int | None = None) -> dict[str, Any]:
        """Run to the end of this frame (the page's run loop calls this each tick).

        Buttons take effect at the start of a frame; a frame resumed half-way
        keeps the buttons it started with, so recorded inputs replay exactly."""
        if buttons is not None:
            self._pending_buttons = check_int("buttons", buttons, 0xFFFF)
        return self._run(1)

    def run_frames(self, n: int, buttons: int | None = None,
                   pictures: str = "all") -> dict[str, Any]:
        """Run `n` frames. `pictures`: "all" draw theirs; "last": only the
        last frame's picture will be seen (the page's run loop ahead of real
        time shows one picture a turn), "none": none will (a batch the next
        call goes on from). Frames nobody sees skip their picture where the
        machine honours `picture_wanted` (`_picture_wanted` says which still
        draw)."""
        n = check_int("n", n, 100_000)
        if buttons is not None:
            self._pending_buttons = check_int("buttons", buttons, 0xFFFF)
        return self._run(max(1, n), pictures)

    def pause(self) -> dict[str, Any]:
        if not self.paused:
            self.reason = BreakReason("pause", self.cpu.pc, "paused")
            self._pause()
        return self.status()

    def _pause(self) -> None:
        self.paused = True
        self.plan = None
        self._install()
        self.memory.mark_pause()

    def step(self, kind: str = "into", count: int = 1, target: Any = None,
             max_frames: int = STEP_FRAMES_PER_CALL,
             buttons: int | None = None) -> dict[str, Any]:
        """Step: "into" (count instructions), "over", "out", "frame", "cursor" (target).

        Runs at most `max_frames` frames; if the step has not finished by then,
        it stays pending (`status()["stepping"]`) and later run_frame calls
        carry it on, so the worker stays responsive. `buttons`: held from the
        next frame start, as run_frame's (a stepped frame sees the pad)."""
        if buttons is not None:
            self._pending_buttons = check_int("buttons", buttons, 0xFFFF)
        info, peek = self.info, self.bus.peek
        pc = self.cpu.pc
        if kind == "into":
            plan: stepping.Plan = stepping.StepInto(check_int("count", count, 1_000_000, 1))
        elif kind == "over":
            plan = stepping.StepOver(info, peek, pc)
        elif kind == "out":
            plan = stepping.StepOut(info, peek)
        elif kind == "frame":
            plan = stepping.StepFrame()
        elif kind == "cursor":
            try:
                addr, _ = parse_address(target, self.symbols)
            except BreakpointError as exc:
                raise DebugError(f"run to cursor: {exc}") from None
            plan = stepping.RunTo(addr)
        else:
            raise DebugError(f"step kind must be one of {', '.join(stepping.STEP_KINDS)}, "
                             f"not {kind!r}")
        self.plan = plan
        self._install()
        return self._run(max(1, max_frames))

    def position(self) -> tuple[int, int]:
        """Where the machine is, as the journal counts: (frame, 0) at the start
        of a frame not yet begun, else (frame, cycles into it + 1)."""
        m = self.machine
        return m.frame, 0 if self._at_frame_start else m.frame_cycle + 1

    def reset(self) -> dict[str, Any]:
        """Reset the machine. The reset is part of the history: seeking back
        before it gives the states before it, and the frame counter goes on
        (the journal begins its next segment at this frame)."""
        where = self.position()
        self._keeping_frame(self.machine.reset)
        self._at_frame_start = True
        self._pending_buttons = None
        self._edited(where, "reset", {})
        self.plan = None
        self.paused = True
        self.reason = BreakReason("reset", self.cpu.pc, "reset")
        self._install()
        self._moved()
        self.memory.mark_pause(fresh=True)
        return self.status()

    def status(self) -> dict[str, Any]:
        m = self.machine
        return {"paused": self.paused, "stepping": self.plan.kind if self.plan else None,
                "reason": self.reason.to_json() if self.reason else None,
                "pc": self.cpu.pc, "cycles": self.cpu.cycles, "frame": m.frame,
                "frame_cycle": m.frame_cycle,
                # "jam" (6502 JAM), "halt" (Z80 HALT), "idle" (TMS9900 IDLE) or "".
                "halted": bool(self.cpu.halt_state), "halt_state": self.cpu.halt_state,
                "slowed_by": self.slowed_by()}

    def slowed_by(self) -> list[str]:
        """The debugger features that cost speed now (the page marks its speed
        with them); [] at full speed. Execute breakpoints on a core with stop
        addresses cost next to nothing and are not listed; read/write
        breakpoints check every access the core makes (its own watch: one
        index each, a few % for writes and 5-35 % for reads); the trace, a
        step and a core without stops look at every instruction."""
        bps = self.breakpoints.active
        out = [f"{kind} breakpoints" for kind in ("read", "write") if bps[kind]]
        if self.events.on:
            out.append("event viewer")
        if self.machine.runner == self._run_checked:
            if self.profiler.on:
                out.append("profiler")
            if self.trace.on:
                out.append("trace")
            elif self.plan is not None and not isinstance(self.plan, stepping.StepFrame):
                out.append(f"step {self.plan.kind}")
            elif bps["exec"]:
                out.append("exec breakpoints (checked at every instruction on this CPU)")
        return out

    # -- breakpoints -------------------------------------------------------------------
    def add_breakpoint(self, kind: str, where: Any, end: Any = None,
                       condition: str = "") -> dict[str, Any]:
        try:
            bp = self.breakpoints.add(kind, self.code.line_address(where),
                                      self.code.line_address(end), condition)
        except BreakpointError as exc:
            raise DebugError(str(exc)) from None
        self._install()
        return bp.to_json()

    def remove_breakpoint(self, bp_id: int) -> None:
        try:
            self.breakpoints.remove(bp_id)
        except BreakpointError as exc:
            raise DebugError(str(exc)) from None
        self._install()

    def enable_breakpoint(self, bp_id: int, enabled: bool = True) -> dict[str, Any]:
        try:
            bp = self.breakpoints.set_enabled(bp_id, enabled)
        except BreakpointError as exc:
            raise DebugError(str(exc)) from None
        self._install()
        return bp.to_json()

    def set_condition(self, bp_id: int, condition: str) -> dict[str, Any]:
        try:
            return self.breakpoints.set_condition(bp_id, condition).to_json()
        except BreakpointError as exc:
            raise DebugError(str(exc)) from None

    def reset_hits(self, bp_id: int | None = None) -> list[dict[str, Any]]:
        """Zero the hit count of one breakpoint, or of all."""
        try:
            items = [self.breakpoints.get(bp_id)] if bp_id is not None else \
                list(self.breakpoints.items.values())
        except BreakpointError as exc:
            raise DebugError(str(exc)) from None
        for bp in items:
            bp.hits = 0
        return self.list_breakpoints()

    def list_breakpoints(self) -> list[dict[str, Any]]:
        return self.breakpoints.to_json()

    def load_breakpoints(self, data: Any) -> list[str]:
        """Replace the breakpoints with saved ones; returns problems skipped."""
        try:
            problems = self.breakpoints.load_json(data)
        except BreakpointError as exc:
            raise DebugError(str(exc)) from None
        self._install()
        return problems

    def check_condition(self, text: str) -> dict[str, Any]:
        """Parse (and evaluate now) a condition, for the editor's live feedback."""
        try:
            value = compile_condition(text, self.env)()
        except ConditionError as exc:
            return {"ok": False, "error": str(exc), "column": exc.column}
        return {"ok": True, "value": value}

    # -- watches -----------------------------------------------------------------------
    def add_watch(self, where: Any, fmt: str = "hex", count: int | None = None) -> dict[str, Any]:
        try:
            return self.watches.add(where, fmt, count).to_json()
        except WatchError as exc:
            raise DebugError(str(exc)) from None

    def remove_watch(self, watch_id: int) -> None:
        try:
            self.watches.remove(watch_id)
        except WatchError as exc:
            raise DebugError(str(exc)) from None

    def watch_values(self) -> list[dict[str, Any]]:
        return self.watches.values(self.bus.peek_range)

    # -- memory --------------------------------------------------------------------------
    def spaces(self) -> dict[str, int]:
        """Memory spaces and their sizes ("cpu" plus VRAM, OAM... per machine)."""
        return self.memory.spaces()

    def read_memory(self, addr: int, length: int, space: str = "cpu") -> dict[str, Any]:
        """Bytes as hex, plus the offsets changed since the previous pause."""
        return self.memory.read(addr, length, space)

    def writable_spaces(self) -> list[str]:
        """The memory spaces write_memory takes."""
        return self.memory.writable()

    def write_memory(self, addr: Any, values: Any, space: str = "cpu") -> dict[str, Any]:
        """Write bytes into a memory space as its hardware would (the CPU's
        through the bus: ROM ignores writes)."""
        result = self.memory.write(addr, values, space)
        self._access.clear()  # our own writes are not the CPU's
        self._edited(self.position(), "write", {"addr": result["addr"], "values": list(values),
                                                "space": space})
        return result

    def _edited(self, where: tuple[int, int], kind: str, payload: dict[str, Any]) -> None:
        """State changed by hand at `where` (the position before the edit): the
        journal records the edit (a reset begins its next segment), the rewind
        keeps the state after it (rewind.py, "Edits are history too"); what
        was recorded after it no longer follows and is dropped."""
        if kind == "reset":
            self.journal.reset(*where)
        else:
            self.journal.event(*where, kind, payload)
        if self.record:
            at_start = self._at_frame_start
            self.rewind.record_edit(self.machine.snapshot(), at_start)
            if at_start:
                self._recorded = self.machine.frame  # this frame's start is the edit's

    def _keeping_frame(self, action: Callable[[], Any]) -> Any:
        """Run a machine action that may reset it (or run frames of its own, as
        backgammon's new game does) with the frame counter held where the
        history stands: frames are the rewind's time line and never go back."""
        machine = self.machine
        frame = machine.frame
        try:
            return action()
        finally:
            machine.frame = frame

    # -- the machine's own verbs: journalled (share links) and kept by rewind ------------
    def pointer(self, x: int, y: int, down: bool) -> None:
        """A press or release on the picture, at framebuffer coordinates."""
        payload = {"x": x, "y": y, "down": bool(down)}
        self._machine_edit("pointer", payload, lambda: self.machine.pointer(x, y, bool(down)))

    def command(self, verb: Any, args: Any = None) -> Any:
        """A machine's own action (`Machine.command`); those that only report
        (`QUERY_COMMANDS`) are neither journalled nor kept as edits."""
        args = {} if args is None else args
        if verb in getattr(self.machine, "QUERY_COMMANDS", ()):
            return self._keeping_frame(lambda: self.machine.command(verb, args))
        try:
            return self._machine_edit("command", {"verb": verb, "args": args},
                                      lambda: self.machine.command(verb, args))
        finally:
            self.memory.mark_pause()

    def _machine_edit(self, kind: str, payload: dict[str, Any], action: Callable[[], Any]) -> Any:
        """Run a machine's own verb and keep it in the history; one that was
        refused is history only if it changed the machine on the way (a
        replay repeats it, failing the same way)."""
        where = self.position()
        before = self.state_hash()  # (a panel's click: rare, so a hash is cheap enough)
        try:
            result = self._keeping_frame(action)
        except Exception:
            if self.state_hash() != before:
                self._edited(where, kind, payload)
            raise
        self._edited(where, kind, payload)
        return result

    # -- input from a program ---------------------------------------------------------
    def set_input_source(self, source: Callable[[Any], int] | None,
                         name: str = "player") -> dict[str, Any]:
        """Where the buttons come from: None for the player (run_frame's
        `buttons`), or a callable `source(machine) -> buttons` consulted once a
        frame, at the frame's start where the controller is latched. Its
        presses are recorded like the player's, so rewind and replay repeat
        them exactly (a replay does not call the source again)."""
        self.input_source = source
        self.input_name = name if source is not None else "player"
        self._pending_buttons = None
        self._edited(self.position(), "input", {"source": self.input_name})
        return {"source": self.input_name}

    # -- registers -----------------------------------------------------------------------
    def registers(self) -> dict[str, Any]:
        info = self.info
        regs = info.get_registers()
        value = regs.get(info.flag_register, 0)
        flags = ""
        if info.family == "tms9900":
            for i, letter in enumerate(info.flags):
                flags += letter if value & (0x8000 >> i) else "-"
            flags += f" mask={value & 0xF}"
        else:
            for i, letter in enumerate(info.flags):
                bit = 0x80 >> i
                flags += letter if value & bit else ("-" if letter not in "-5" else letter)
        # Widths and flag letters let the page validate edits and name each flag.
        return {"family": info.family, "registers": regs, "flags": flags,
                "widths": {name: info.width(name) for name in regs},
                "flag_register": info.flag_register, "flag_names": info.flags,
                "cycles": self.cpu.cycles, "frame": self.machine.frame}

    def set_register(self, name: str, value: Any) -> dict[str, Any]:
        try:
            self.info.set_register(str(name).lower(), value)
        except ValueError as exc:
            raise DebugError(str(exc)) from None
        self._edited(self.position(), "register", {"name": str(name).lower(), "value": value})
        return self.registers()

    # -- code views ------------------------------------------------------------------------
    def _address(self, addr: Any) -> int:
        """An address argument (number, "$C000", symbol), PC when None."""
        if addr is None:
            return self.cpu.pc
        try:
            return parse_address(addr, self.symbols)[0]
        except BreakpointError as exc:
            raise DebugError(str(exc)) from None

    def disassemble(self, addr: Any = None, before: int = 8,
                    after: int = 16) -> list[dict[str, Any]]:
        """Lines around addr (default PC), with labels, PC and breakpoint marks."""
        return self.code.disassemble(self._address(addr), before, after, self.cpu.pc,
                                     self.breakpoints.masks["exec"])

    def source(self, addr: Any = None) -> dict[str, Any] | None:
        """The source line (file, line, text) for addr (default PC), from the
        assembler's listing: machines keep their Program(s) in `programs`."""
        return self.code.source(self._address(addr))

    def source_lines(self, file: str | None = None) -> dict[str, Any]:
        """A whole source file (default: the one holding PC), the PC's line marked."""
        return self.code.source_lines(file, self.cpu.pc)

    def call_stack(self) -> list[dict[str, Any]]:
        return self.code.call_stack()

    # -- trace ---------------------------------------------------------------------------
    def set_trace(self, on: bool) -> None:
        self.trace.on = bool(on)
        self._install()

    def trace_text(self) -> str:
        return self.trace.text(self.bus.peek, self.symbols)

    # -- the hardware in view ------------------------------------------------------------
    def viewers_by_id(self) -> dict[str, Viewer]:
        if self._viewers is None:  # made on first use: a session that never looks pays nothing
            self._viewers = viewers_for(self.machine)
        return self._viewers

    def _viewer(self, name: Any) -> Viewer:
        viewers = self.viewers_by_id()
        if not isinstance(name, str) or name not in viewers:
            raise DebugError(f"no viewer {str(name)[:40]!r} on {self.machine.INFO.id} "
                             f"(there are: {', '.join(viewers) or 'none'})")
        return viewers[name]

    def viewers(self) -> list[dict[str, Any]]:
        """The machine's viewers, one set per video chip (viewers/)."""
        return [v.describe() for v in self.viewers_by_id().values()]

    def viewer(self, name: Any, options: Any = None) -> dict[str, Any]:
        """A viewer's data now: its items and pictures (`Viewer.data`)."""
        viewer = self._viewer(name)
        options = self._options(options)
        return {"id": viewer.id, "frame": self.machine.frame, "open": viewer.id in self._open,
                **viewer.data(**options)}

    def viewer_at(self, name: Any, picture: Any, x: Any, y: Any,
                  options: Any = None) -> dict[str, Any] | None:
        """What lies under (x, y) of one of a viewer's pictures: its memory
        space and address, and a line about it (None: nothing there)."""
        viewer = self._viewer(name)
        x, y = check_int("x", x, 4095), check_int("y", y, 4095)
        hit = viewer.at(str(picture), x, y, **self._options(options))
        return hit.to_json() if hit is not None else None

    @staticmethod
    def _options(options: Any) -> dict[str, Any]:
        if options is None:
            return {}
        if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
            raise DebugError("viewer options must be an object")
        return options

    def open_viewers(self, names: Any) -> list[str]:
        """The viewers open in the page now: those that follow the CPU's
        writes (`Viewer.watches`) have them installed while they are open."""
        if not isinstance(names, list):
            raise DebugError("open_viewers takes a list of viewer ids")
        wanted = {self._viewer(n).id for n in names}
        for vid in self._open - wanted:
            self.viewers_by_id()[vid].closed()
        self._open = wanted
        self._install()
        return sorted(wanted)

    def set_events(self, on: Any) -> dict[str, Any]:
        """Record device writes and interrupts (the event viewer) or stop."""
        if on:
            self.events.open()
        else:
            self.events.close()
        self._install()
        return {"on": self.events.on}

    def event_log(self) -> dict[str, Any]:
        """The frame under way (stopped part-way) or the last whole one: its
        device writes and interrupts at their scan line and dot, each with the
        instruction that made it (events.py)."""
        return self.events.report(self._at_frame_start)

    def search(self, space: Any = None, op: Any = "start", value: Any = None,
               limit: Any = None) -> dict[str, Any]:
        """A memory search step (search.py): start over a space, or narrow
        it by eq/ne/gt/lt (a value, or each byte's at the step before),
        changed or unchanged. What is left: the first `limit` addresses (all)."""
        self.memory_search.search(space, op, value)
        return self.search_result(limit)

    def search_result(self, limit: Any = None) -> dict[str, Any]:
        if limit is not None:
            limit = check_int("limit", limit, 0x10000)
        return self.memory_search.result(limit)

    def profile_start(self, frames: Any = 60) -> dict[str, Any]:
        """Profile from now on, keeping the last `frames` frames (profiler.py):
        the machine runs instruction by instruction while it is on."""
        self.profiler.start(frames)
        self._profile_masks = (self.profiler.read_mask(), self.profiler.write_mask())
        self._install()
        return {"on": True, "window": self.profiler.window}

    def profile_stop(self) -> dict[str, Any]:
        """Stop profiling (what was recorded stays to be read)."""
        self.profiler.stop()
        self._install()
        return {"on": False}

    def profile(self, frames: Any = None) -> dict[str, Any]:
        """Cycles per routine and the call tree over the last `frames` frames."""
        return self.profiler.report(frames)

    def heatmap(self, kind: Any = "exec") -> dict[str, Any]:
        """Executed, read or written: how often, per address, over the frames kept."""
        try:
            return self.profiler.heatmap(kind)
        except ValueError as exc:
            raise DebugError(str(exc)) from None

    def heat_at(self, addr: Any) -> dict[str, int]:
        return self.profiler.counts_at(self._address(addr))

    # -- rewind ----------------------------------------------------------------------------
    def rewind_info(self) -> dict[str, Any]:
        return self.rewind.stats()

    def seek(self, frame: Any) -> dict[str, Any]:
        """Go to the start of a recorded frame (restore, then replay its inputs).
        Running on from there drops the frames that were after it."""
        frame = check_int("frame", frame, 1 << 62)
        machine = self.machine
        saved_runner, machine.runner = machine.runner, self.bare_runner
        if self._stops:  # the replay runs as the frames first ran: no stops
            self.cpu.set_stops(())
            self._stops = set()

        def replay(buttons: int, checked_until: int | None) -> None:
            machine.set_buttons(buttons)
            machine.runner = (self.bare_runner if checked_until is None
                              else self._replay_runner(checked_until))
            while machine.advance() != "frame":
                machine.stop_requested = False
        try:
            self.rewind.seek(frame, machine.restore, replay, replay_last=self.events.on)
        except ValueError as exc:
            raise DebugError(str(exc)) from None
        finally:
            machine.runner = saved_runner
        self._at_frame_start = True
        self._recorded = frame
        self._pending_buttons = None
        self.journal.cut_at(frame)
        self.paused = True
        self.plan = None
        self._install()
        self._moved()
        self.reason = BreakReason("seek", self.cpu.pc, f"rewound to frame {frame}")
        self.memory.mark_pause()
        return self.status()

    def _moved(self) -> None:
        """The machine went to another moment (a seek, a reset): the event
        log keeps the frame the replay ran last; the profile begins again."""
        if self.events.on:
            self.events.restored(self._at_frame_start)
        if self.profiler.on:
            self.profiler.start(self.profiler.window)

    def _replay_runner(self, until: int) -> Callable[[int], int]:
        """Run as the frame first ran: instruction by instruction (as the
        checking runner does, minus the checks) up to CPU cycle `until`, then
        on the machine's own runner."""
        cpu, bare = self.cpu, self.bare_runner

        def runner(cycles: int) -> int:
            step = cpu.step
            ran = 0
            while ran < cycles and cpu.cycles < until:
                n = step()
                if not n:
                    return ran
                ran += n
            if ran < cycles:
                ran += bare(cycles - ran)
            return ran
        return runner

    def state_hash(self) -> str:
        return state_hash(self.machine.snapshot())

    # -- teardown ----------------------------------------------------------------------------
    def close(self) -> None:
        """Take every hook out: the machine runs as if no debugger existed."""
        self.breakpoints.clear()
        self.trace.on = False
        self.plan = None
        self.events.close()
        self.profiler.stop()
        self._open.clear()
        self._install()


def _addresses(mask: bytearray) -> list[int]:
    """The addresses set in a 64 KiB mask."""
    out = []
    at = mask.find(1)
    while at >= 0:
        out.append(at)
        at = mask.find(1, at + 1)
    return out
