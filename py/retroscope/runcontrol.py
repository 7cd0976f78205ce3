"""How a machine's CPU runs between its frame's events, and where it stops.

A machine runs its CPU between frame events through `machine.runner`. Two
kinds of runner, one module:

* the machine's own, `run_idle`: the core's run() in chunks, skipping whole
  turns of the program's wait loop where a turn changes nothing but the
  clock (`skip_idle`, with the loop described by an `IdleLoop` and the
  machine's `idle_steady`);
* the debugger's, `RunControl`: `run_stops` goes on with the machine's own
  runner while the core stops by itself before stop addresses (execute
  breakpoints, a step's target) and after an access its watch covers (read
  and write breakpoints), and looks at each stop here (its condition, the
  step's plan), passing the wait loop's turns as the machine does when no
  stop would hold on any of them; `run_checked` looks at every instruction
  (the trace, step into and out). Either ends a run with a `StopReason`.

A client's `Hooks` (the user's script, script/host.py) ride on the same
machinery as the breakpoints: their addresses are stop addresses, their
write mask is part of the one write watch, and they are called between
instructions where a breakpoint would be checked (`at_exec` before the
instruction, `at_write` after it), so that what they read of the CPU is
whole; a hook may ask to stop there (`ask_stop`).

Free when off: with no breakpoint, step, trace or hooks the machine's own
runner runs, the core has no stop address and no watch. Both talk to the core
only through the Core protocol's hooks (cpu/core.py): `stops`, `set_stops`,
`set_watch`, `watch_mask`, `request_stop`, `at_stop` and `halt_state`.

This module sits below the machines and the debugger (it imports neither):
the debugger's parts it runs (breakpoints, the trace, a step's plan) are
handed to `RunControl`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol

from .cpu.core import ACCESSES, Access

if TYPE_CHECKING:
    from .debug.breakpoints import BreakpointSet
    from .debug.stepping import Plan
    from .debug.trace import Trace


# -- why the debugger stopped -------------------------------------------------------------

class StopKind(StrEnum):
    """Why the debugger stopped the machine, one value (as Mesen's
    `BreakSource`); the page reads it as its text."""

    BREAKPOINT = "breakpoint"  # an execute breakpoint whose condition held
    READ = "read"  # a read breakpoint: the CPU read what it covers
    WRITE = "write"  # a write breakpoint: the CPU wrote there
    STEP = "step"  # a step done: into, over, out, a frame, to the cursor
    HALT = "halt"  # the CPU halted: JAM; or HALT, IDLE in a checked run
    PAUSE = "pause"  # the user paused
    RESET = "reset"  # the machine was reset
    SEEK = "seek"  # rewound to a frame
    SCRIPT = "script"  # the user's script paused it (`RunControl.ask_stop`)


@dataclass
class StopReason:
    """Why execution stopped and where; its JSON is what the page shows."""

    kind: StopKind
    pc: int
    message: str
    breakpoint: int | None = None  # the breakpoint's id
    addr: int | None = None  # a read or write breakpoint's access
    value: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "pc": self.pc, "message": self.message,
                "breakpoint": self.breakpoint, "addr": self.addr, "value": self.value}


HALT_WORDS = {"jam": "jammed (JAM: only a reset goes on)",
              "halt": "halted (HALT: waiting for an interrupt)",
              "idle": "idle (IDLE: waiting for an interrupt)"}


def halted(cpu: Any, pc: int | None = None) -> StopReason:
    """The stop of a CPU that halted (its `halt_state`) at `pc` (default: PC)."""
    pc = cpu.pc if pc is None else pc
    return StopReason(StopKind.HALT, pc,
                      f"the CPU {HALT_WORDS.get(cpu.halt_state, 'halted')} at ${pc:04X}")


# -- the program's wait loop ----------------------------------------------------------------

@dataclass(frozen=True)
class IdleLoop:
    """A program's wait-for-interrupt loop (addresses start..end-1) whose turns
    change nothing but the cycle count while the machine says it is steady
    (`Machine.idle_steady`): the machine may skip whole turns of it."""

    start: int  # its first instruction
    end: int  # just past its last (the branch back)
    turn: int  # cycles of one turn
    # Every address a turn reads besides its code (dummy reads included), so
    # that a read watch elsewhere lets turns be skipped; the contract suite
    # checks the list against a turn's reads.
    data: tuple[int, ...] = ()

    def read_by_a_turn(self, mask: Any) -> bool:
        """Does a turn read an address the read watch's `mask` covers?"""
        return any(mask[self.start:self.end]) or any(mask[a] for a in self.data)


def skip_idle(machine: Any, cycles: int, passing: frozenset[int] | set[int] = frozenset(),
              reads_checked: bool = False) -> int:
    """Skip whole turns of the machine's wait loop (fewer than `cycles`) by
    adding their cycles, when they would change nothing: the CPU is in the
    loop in a steady state, no stop address is inside it (but those in
    `passing`, which the debugger has checked: a breakpoint there would not
    hold on any turn) and no read watch would see the loop's reads (a bus
    watch, or the core's own where it covers them, but with `reads_checked`:
    the debugger saw a whole turn's reads and none would stop it on any
    turn). The cycles skipped (0: none)."""
    idle = machine.idle_loop
    if idle is None or cycles <= idle.turn:
        return 0
    cpu = machine.cpu
    if not idle.start <= cpu.pc < idle.end:
        return 0
    if not machine.idle_intact:  # an edited program changed the loop: no turn is skipped
        return 0
    stops = cpu.stops
    if stops and any(idle.start <= at < idle.end and at not in passing for at in stops):
        return 0
    # (A core's own read watch sees the loop's reads as a bus watch does.)
    mask = cpu.watch_mask("read")
    if (machine.bus.watching("read")
            or mask is not None and not reads_checked and idle.read_by_a_turn(mask)
            or not machine.idle_steady()):
        return 0
    skipped = (cycles - 1) // idle.turn * idle.turn
    cpu.cycles += skipped
    return skipped


def run_idle(machine: Any, cycles: int) -> int:
    """`cpu.run`, skipping whole turns of the wait loop (`skip_idle`) where
    the CPU is in it: the runner of a machine with a loop. Returns early
    when the core does (a stop, a halt).

    A chunk of `machine.IDLE_CHUNK` cycles ends anywhere in the loop; from
    inside it the core goes on one instruction at a time (run(1): stops and
    watches hold as in any run) to the loop's top, where a turn can be
    skipped. Whole instructions run in the same order either way, so the
    machine's state is the same as with one run() call."""
    cpu = machine.cpu
    run = cpu.run
    chunk = machine.IDLE_CHUNK
    idle = machine.idle_loop
    done = 0
    while done < cycles:
        left = cycles - done
        skipped = skip_idle(machine, left)
        if skipped:
            done += skipped
            continue
        if idle is not None and idle.start < cpu.pc < idle.end:
            ran = run(1)  # on to the loop's top
            done += ran
            if not ran or cpu.at_stop:
                break
            continue
        want = left if chunk is None else min(left, chunk)
        ran = run(want)
        done += ran
        # A stop requested in the chunk's last instruction ends it on time.
        if ran < want or cpu.at_stop:
            break
    return done


# -- the debugger's runners ---------------------------------------------------------------------

Accessed = tuple[Access, int, int]  # (access, addr, value): what a watch saw
# Who else sees the CPU's accesses (the event viewer, open viewers, the
# profiler): (the addresses it covers, the function told of each access).
Observer = tuple[bytearray, Callable[[int, int], None]]


def _no_observers() -> dict[str, list[Observer]]:
    return {"read": [], "write": []}


class Hooks(Protocol):
    """Code the run control calls between instructions, as it checks the
    breakpoints (the user's script: script/host.py `ScriptHost`): `at_exec(pc)`
    before the instruction at any of `exec_at`, `at_write(addr, value)` after
    an instruction that wrote where `write_mask` covers (None: nowhere). Either
    may call `RunControl.ask_stop` to stop there. Unlike an `Observer`, called
    inside the access (where a compiled core's registers are still in its
    locals), a hook sees the CPU between two whole instructions."""

    @property
    def exec_at(self) -> set[int]: ...

    @property
    def write_mask(self) -> bytearray | None: ...

    def at_exec(self, pc: int) -> None: ...

    def at_write(self, addr: int, value: int) -> None: ...


class RunControl:
    """The debugger's run control over one machine: which runner the machine
    uses, the core's stop addresses and watches, and the stops.

    The session hands it its `breakpoints` and `trace` and sets `plan` (a
    step under way, `debug/stepping.py`); `install()` puts in what they
    need, and takes it out again when nothing needs it. A stop sets
    `reason` and asks the machine to stop (`machine.stop_requested`).

    `accesses` holds what the core's watches saw in the instruction being
    looked at, and `volatile` says that a condition looked at the clock or
    a device (the session's condition environment sets it), or that a hook
    was called (it is called at every turn): then the wait loop's turns may
    differ, so none is skipped.

    `hooks` (see `Hooks`), set with `set_hooks`, are installed with the
    breakpoints: their stop addresses with the execute breakpoints', their
    write mask in the write watch.
    """

    def __init__(self, machine: Any, breakpoints: BreakpointSet, trace: Trace) -> None:
        self.machine = machine
        self.cpu = machine.cpu
        self.bare: Callable[[int], int] = machine.runner  # the machine's own runner
        self.breakpoints = breakpoints
        self.trace = trace
        self.plan: Plan | None = None
        self.reason: StopReason | None = None
        self.accesses: list[Accessed] = []
        self.volatile = False
        # False: every instruction is checked here, none by the core's stop
        # addresses (the reference the tests hold the core's stops to).
        self.stop_in_core = True
        # Who takes the read and write breakpoints' watches: the core (the
        # tests may give a bus watch of their own, the reference for the core's).
        self.watcher: Any = self.cpu
        # Called with the new state when `install` swaps the checking runner in
        # or out (the session notes how a frame ran, for exact replays).
        self.on_switch: Callable[[bool], None] | None = None
        self.stops: frozenset[int] = frozenset()  # as given to the core
        # The session's observers of accesses, asked at each `install`, and
        # its profiler (anything with `on` and `record(pc, cycles, next_pc)`:
        # told of every instruction, so it runs on the checking runner).
        self.observers: Callable[[], dict[str, list[Observer]]] = _no_observers
        self.profiler: Any = None
        self.hooks: Hooks | None = None
        self._asked: str | None = None  # a hook asked to stop, saying this (`ask_stop`)
        # What each watch was installed for: (mask, what stops, observers).
        self._watched: dict[Access, tuple[Any, ...] | None] = dict.fromkeys(ACCESSES)
        self._skip_pc = -1  # resuming: do not stop again at the PC we stopped at
        self._hook_exec_mask: bytearray | None = None  # the hooks' exec_at, for run_checked

    @property
    def profiling(self) -> bool:
        return self.profiler is not None and self.profiler.on

    @property
    def checking(self) -> bool:
        """The machine runs on the runner that looks at every instruction."""
        return self.machine.runner == self.run_checked

    # -- what is installed -------------------------------------------------------------
    def install(self) -> None:
        """Swap the runners, stop addresses and watches in or out as the
        breakpoints, the trace, the plan and the hooks need now."""
        bps = self.breakpoints
        observers = self.observers()
        hooks = self.hooks
        hook_exec = hooks.exec_at if hooks is not None else set()
        hook_writes = hooks.write_mask if hooks is not None else None
        for access in ACCESSES:
            self._install_watch(access, bps.active[access], observers[access],
                                hook_writes if access == "write" else None)
        self._hook_exec_mask = _mask_of(hook_exec) if hook_exec else None
        plan = self.plan
        if plan is not None and plan.frame_only:
            plan = None  # it stops at the frame's end: nothing to run for
        every = self.trace.on or self.profiling  # they look at every instruction
        needed = (bps.active["exec"] or bps.active["read"] or bps.active["write"]
                  or every or plan is not None or bool(hook_exec) or hook_writes is not None)
        fast = needed and self.stop_in_core and not every and (plan is None or not plan.every)
        checking = needed and not fast
        stops: set[int] = set()
        if fast:
            if bps.active["exec"]:
                stops = set(_addresses(bps.masks["exec"]))
            if plan is not None and plan.target >= 0:
                stops.add(plan.target)
            stops |= hook_exec
        if stops != self.stops:
            self.cpu.set_stops(stops)
            self.stops = frozenset(stops)
        was_checking = self.checking
        self.machine.runner = (self.run_checked if checking else
                               self.run_stops if fast else self.bare)
        if checking != was_checking and self.on_switch is not None:
            self.on_switch(checking)

    def _install_watch(self, access: Access, want: bool, observers: list[Observer],
                       hooked: bytearray | None = None) -> None:
        """Read or write breakpoints, the hooks' writes (`hooked`) and the
        observers, in the core's own watch: its hook sees only the addresses
        they cover and the core stays on its fast paths (a read watch sees
        every read the bus would: fetches and dummy reads too). An access
        that a breakpoint or a hook covers stops the core after its
        instruction, to be looked at there (`_access_hit`); an observer is
        told at once. Given again whenever the covered addresses change (the
        core compiles them into its blocks)."""
        installed = self._watched[access]
        if not want and hooked is None and not observers:
            if installed is not None:
                self.watcher.set_watch(access, None)
                self._watched[access] = None
            return
        stopping = _union(self.breakpoints.masks[access] if want else None, hooked)
        mask = stopping if stopping is not None else bytearray(0x10000)
        for covers, _ in observers:
            mask = _union(mask, covers)
        key = (bytes(mask), stopping is not None and bytes(stopping),
               tuple(id(fn) for _, fn in observers))
        if installed == key:
            return
        accesses, stop = self.accesses, self.cpu.request_stop
        if not observers:
            def hook(addr: int, value: int) -> None:
                accesses.append((access, addr, value))
                stop()
        else:
            stops_at = stopping
            seen = tuple(observers)

            def hook(addr: int, value: int) -> None:
                if stops_at is not None and stops_at[addr]:
                    accesses.append((access, addr, value))
                    stop()
                for covers, fn in seen:
                    if covers[addr]:
                        fn(addr, value)
        self.watcher.set_watch(access, mask, hook)
        self._watched[access] = key

    def watch_through(self, watcher: Any) -> None:
        """Give the read and write breakpoints' watches to `watcher` (anything
        with the Core protocol's `set_watch`) from now on: the tests give a
        bus watch, the reference the core's own watches are held to."""
        for access in ACCESSES:
            if self._watched[access] is not None:
                self.watcher.set_watch(access, None)
                self._watched[access] = None
        self.watcher = watcher
        self.install()

    def unstop(self) -> None:
        """The machine's own runner and no stop address (a replay runs as
        its frames first ran); `install()` puts them back."""
        self.machine.runner = self.bare
        if self.stops:
            self.cpu.set_stops(())
            self.stops = frozenset()

    def slowed_by(self) -> list[str]:
        """The debugger features that cost speed now (the page marks its
        speed with them); [] at full speed. Execute breakpoints cost next to
        nothing (the core stops at them) and are not listed; read/write
        breakpoints check every access the core makes (its own watch: one
        index each, a few % for writes and 5-35 % for reads); the trace and
        a step look at every instruction."""
        bps = self.breakpoints.active
        out = [f"{kind} breakpoints" for kind in ("read", "write") if bps[kind]]
        if self.checking:
            plan = self.plan
            if self.profiling:
                out.append("profiler")
            if self.trace.on:
                out.append("trace")
            elif plan is not None and not plan.frame_only:
                out.append(f"step {plan.kind}")
            elif bps["exec"]:
                out.append("exec breakpoints (checked at every instruction)")
        return out

    # -- the hooks --------------------------------------------------------------------------
    def set_hooks(self, hooks: Hooks | None) -> None:
        """Call these hooks from now on (None: none); `install` again when
        their addresses change."""
        self.hooks = hooks
        self._asked = None
        self.install()

    def ask_stop(self, message: str) -> None:
        """Stop with this message: at once from a hook, else where the
        session next looks (`stop_asked`, after the frame)."""
        self._asked = message

    def stop_asked(self) -> bool:
        """Stop here if a hook asked to (`ask_stop`); True if so."""
        message = self._asked
        if message is None:
            return False
        self._asked = None
        self.stop(StopReason(StopKind.SCRIPT, self.cpu.pc, message))
        return True

    def _hooks_at(self, pc: int) -> bool:
        """The hooks' `at_exec` at pc; True if one asked to stop there."""
        self.hooks.at_exec(pc)  # type: ignore[union-attr]
        return self.stop_asked()

    # -- stopping ---------------------------------------------------------------------------
    def begin(self) -> None:
        """A run starts here. Resuming where it stopped (a breakpoint, a
        step, a pause), the instruction at PC runs without stopping there
        again. A run that ended after its frames stopped nowhere: the next
        goes on as one would (a stop or a hook at the PC where one call's
        frames end and the next call's begin is met there, as in a longer
        run)."""
        self._skip_pc = self.cpu.pc if self.reason is not None else -1
        self.reason = None

    def stop(self, reason: StopReason) -> None:
        self.reason = reason
        self.machine.stop_requested = True

    def stop_step(self, pc: int) -> None:
        plan = self.plan
        kind = plan.kind if plan is not None else "step"
        self.stop(StopReason(StopKind.STEP, pc, f"step {kind} done at ${pc:04X}"))

    def _exec_stop(self, pc: int) -> bool:
        """At a stop address: stop there (a hook asked to, a breakpoint whose
        condition holds, or the step's target reached)? Else the plan may
        need re-installing."""
        hooks = self.hooks
        if hooks is not None and pc in hooks.exec_at:
            if self._hooks_at(pc):
                return True
            self.volatile = True  # called at every turn: no turns skipped
        bps = self.breakpoints
        if bps.active["exec"] and bps.masks["exec"][pc]:
            bp = bps.hit("exec", pc)
            if bp is not None:
                self.stop(StopReason(StopKind.BREAKPOINT, pc,
                                     f"breakpoint #{bp.id}: {bp.describe()}", bp.id))
                return True
        plan = self.plan
        if plan is not None and pc == plan.target:
            if plan.at_target():
                self.stop_step(pc)
                return True
            self.install()  # the plan moved on (its target, or every instruction)
        return False

    def _access_hit(self) -> bool:
        """Does an access the watches saw in the last instruction stop it (a
        hook's `at_write` that asked to, a read or write breakpoint whose
        condition holds)?"""
        accesses = self.accesses
        seen = list(accesses)  # every access of the instruction, in order
        bps = self.breakpoints
        for i, (access, addr, value) in enumerate(seen):
            hooks = self.hooks
            if access == "write" and hooks is not None:
                hooked = hooks.write_mask
                if hooked is not None and hooked[addr]:
                    self.volatile = True  # the hook is called at every turn: none skipped
                    hooks.at_write(addr, value)
                    if self.stop_asked():
                        accesses.clear()
                        return True
            if not (bps.active[access] and bps.masks[access][addr]):
                continue  # the hooks' alone
            accesses[:] = [(access, addr, value)]  # what `addr`/`value` show to conditions
            bp = self.breakpoints.hit(access, addr)
            if bp is not None:
                accesses.clear()
                verb = "read" if access == "read" else "wrote"
                # A read-modify-write instruction writes twice (the old value,
                # then the new): say what stays in memory, and the dummy write.
                final = value
                if access == "write":
                    later = [v for k, a, v in seen[i + 1:] if k == "write" and a == addr]
                    final = later[-1] if later else value
                first = f", after a dummy write of ${value:02X}" if final != value else ""
                self.stop(StopReason(StopKind(access), self.cpu.pc,
                                     f"breakpoint #{bp.id}: {verb} ${final:02X} at "
                                     f"${addr:04X} ({bp.describe()}{first})", bp.id, addr,
                                     final))
                return True
        accesses.clear()
        return False

    # -- the runners ---------------------------------------------------------------------------
    def run_checked(self, cycles: int) -> int:
        """Run whole instructions for `cycles`, checking before/after each."""
        cpu = self.cpu
        step = cpu.step
        bps = self.breakpoints
        exec_mask = bps.masks["exec"] if bps.active["exec"] else None
        hook_mask = self._hook_exec_mask
        plan = self.plan
        target = plan.target if plan is not None else -1
        every = plan is not None and plan.every
        record = self.trace.recorder() if self.trace.on else None
        profile = self.profiler.record if self.profiling else None
        accesses = self.accesses
        accesses.clear()  # only the CPU's own accesses count (not DMA between runs)
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
                if hook_mask is not None and hook_mask[pc] and self._hooks_at(pc):
                    break
                if exec_mask is not None and exec_mask[pc]:
                    bp = bps.hit("exec", pc)
                    if bp is not None:
                        self.stop(StopReason(StopKind.BREAKPOINT, pc, f"breakpoint #{bp.id}: "
                                             f"{bp.describe()}", bp.id))
                        break
                if pc == target:
                    if plan.at_target():  # type: ignore[union-attr]
                        self.stop_step(pc)
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
                    self.stop(halted(cpu, pc))
                break
            ran += cyc
            if profile is not None:
                told, last = pc, cyc
            if accesses:
                if self._access_hit():
                    break
            if every:
                if plan.post():  # type: ignore[union-attr]
                    self.stop_step(cpu.pc)
                    break
                target, every = plan.target, plan.every  # type: ignore[union-attr]
        if told >= 0:
            profile(told, last, cpu.pc)  # type: ignore[misc]
        self._skip_pc = -1
        return ran

    def run_stops(self, cycles: int) -> int:
        """The machine's own runner, with the core stopping before the stop
        addresses (exec breakpoints, a step's target) and after an access
        that a read/write breakpoint covers; each stop is looked at here
        (condition, step plan) and passed with one step() if it is no stop.
        In the program's wait loop, where an access would stop the core on
        every turn, a whole turn is checked and the rest may be skipped
        (`_pass_idle_accesses`)."""
        cpu, bare = self.cpu, self.bare
        accesses = self.accesses
        accesses.clear()
        ran = 0
        if self._skip_pc == cpu.pc and cpu.pc in self.stops and not cpu.halt_state:
            # Resuming at a stop: pass it first. (Anywhere else the machine's
            # runner goes on as it would; a halted core is not stepped, as its
            # own runner lets the time pass to the next event instead.)
            self._skip_pc = -1
            n = cpu.step()
            ran += n
            if accesses and self._access_hit() or not n:
                return ran
        self._skip_pc = -1
        while ran < cycles:
            ran += bare(cycles - ran)
            if accesses:
                self.volatile = False
                if self._access_hit():
                    break
                if ran < cycles and not self.volatile and self._in_idle_loop():
                    n, stopped = self._pass_idle_accesses(cycles - ran)
                    ran += n
                    if stopped:
                        break
                continue
            if ran >= cycles or not cpu.at_stop:
                break  # the budget ran out, or the core halted
            pc = cpu.pc
            if pc not in self.stops:
                break
            self.volatile = False
            if self._exec_stop(pc):
                break
            if self.machine.runner != self.run_stops:
                self._skip_pc = pc  # the plan needs every instruction from here
                break
            if not self.volatile and (self.plan is None or self.plan.target != pc):
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
            if accesses and self._access_hit() or not n:
                break
        return ran

    def recorded_runner(self, until: int | None) -> Callable[[int], int]:
        """The runner a frame first ran on, for its replay: the machine's own
        (None), or instruction by instruction up to CPU cycle `until`, as the
        checking runner does (minus the checks), then the machine's own."""
        if until is None:
            return self.bare
        cpu, bare = self.cpu, self.bare

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

    def stepping_to(self, target: int) -> Callable[[int], int]:
        """A runner stepping instructions until CPU cycle `target`, then
        asking the machine to stop (a replay's last, part-way frame)."""
        cpu, machine = self.cpu, self.machine

        def runner(cycles: int) -> int:
            step = cpu.step
            ran = 0
            while ran < cycles:
                if cpu.cycles >= target:
                    machine.stop_requested = True
                    return ran
                n = step()
                if not n:
                    return ran
                ran += n
            if cpu.cycles >= target:
                machine.stop_requested = True
            return ran
        return runner

    # -- the wait loop, under the debugger -------------------------------------------------------
    def _in_idle_loop(self) -> bool:
        """The core is in the program's wait loop (`Machine.idle_loop`) with
        no stop address inside it and no step plan."""
        idle = self.machine.idle_loop
        return (idle is not None and idle.start <= self.cpu.pc < idle.end
                and self.plan is None
                and not any(idle.start <= at < idle.end for at in self.stops))

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
                and not any(idle.start <= at < idle.end and at != pc for at in self.stops)):
            end = min(cycles, idle.turn)
            while ran < end and cpu.pc != idle.start:
                n = cpu.step()
                ran += n
                if self.accesses and self._access_hit():
                    return ran, True
                if not n or not idle.start <= cpu.pc < idle.end:
                    return ran, False
        return ran + skip_idle(machine, cycles - ran, {pc}), False

    def _pass_idle_accesses(self, cycles: int) -> tuple[int, bool]:
        """A watched access in the wait loop that did not hold and saw
        neither the clock nor a device: rather than stop at it on every turn,
        step to the loop's top and through one whole turn, checking each
        access as `run_stops` does. If none holds or looks at the clock or a
        device, and the loop is steady at both ends (the machine says a turn
        changes nothing), every later turn makes the same accesses with the
        same values and would not stop either: the machine may skip them
        (`skip_idle`, `reads_checked`). (cycles run or skipped, stopped)."""
        machine, cpu, accesses = self.machine, self.cpu, self.accesses
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
                    return ran + skip_idle(machine, cycles - ran, reads_checked=True), False
            n = cpu.step()
            ran += n
            if accesses:
                self.volatile = False
                if self._access_hit():
                    return ran, True
                if self.volatile:
                    break
            if not n:
                break
        return ran, False


def _mask_of(addresses: set[int]) -> bytearray:
    """A 64 KiB mask set at these addresses."""
    mask = bytearray(0x10000)
    for addr in addresses:
        mask[addr] = 1
    return mask


def _union(a: Any, b: Any) -> bytearray | None:
    """Two 64 KiB masks in one (either may be None: the other's copy)."""
    if a is None or b is None:
        either = a if b is None else b
        return None if either is None else bytearray(either)
    return bytearray((int.from_bytes(a, "little")
                      | int.from_bytes(b, "little")).to_bytes(0x10000, "little"))


def _addresses(mask: bytearray) -> list[int]:
    """The addresses set in a 64 KiB mask."""
    out = []
    at = mask.find(1)
    while at >= 0:
        out.append(at)
        at = mask.find(1, at + 1)
    return out
