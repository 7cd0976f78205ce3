"""The debugger session: the one object the worker talks to, `Session(machine)`.

A thin set of verbs over the debugger's parts: the run control
(`runcontrol.RunControl`: the runners, the core's stop addresses and
watches, why it stopped), breakpoints, watches, memory, code views, the
trace, and the history (journal and rewind). Free when off: with no
breakpoint, step or trace the machine runs on its own runner and the core
has no stop address and no watch.

Every verb returns JSON-able data; bad input raises a `DebugError` (a
ValueError; the parts' own errors are DebugErrors too) with a message meant
for the user.

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
    set_script(script)  script_changed()  script_pause(message)
                                     the user's script (script/host.py): its hooks

Edits (write_memory, set_register, reset, command, pointer, set_input_source)
are part of the history: seeking to any frame, before or after an edit, gives
the state seen at that frame (rewind.py). The session's journal (journal.py)
is the one record of it all, inputs and edits: the rewind replays from it,
`rewind_info()["events"]` lists its edits, a share link carries it.

A script (`set_script`: the page's Script tab, script/host.py) is the run
control's `Hooks`: called at its stop addresses (`at_exec`: the core's own
stops, as execute breakpoints are) and after a write it watches (`at_write`:
in the core's one write watch, as write breakpoints are), between
instructions; the session calls it after each frame (`frame_ended`) and at
each frame's start for the buttons it presses (`presses`, added to the
player's or the program's and journalled with them). With no script, none
of it is looked at.

A step that has not finished after `max_frames` frames stays pending
(`status()["stepping"]`); the page keeps calling run_frame, which carries it on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..runcontrol import Observer, RunControl, StopKind, StopReason, halted
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
from .watches import WatchList

# `_checked_until` for a frame that ran instruction by instruction to its end.
CHECKED_WHOLE_FRAME = 1 << 62

# How many frames a step may run before it hands back (the page keeps it going
# with run_frame, so a long step-over never blocks the worker).
STEP_FRAMES_PER_CALL = 4

# Which frames of a run draw their picture (run_frames).
PICTURES = ("all", "last", "none")


class Session:
    def __init__(self, machine: Any, *, rewind: Rewind | None = None,
                 record: bool = True) -> None:
        self.machine = machine
        self.cpu = machine.cpu
        self.bus = machine.bus
        self.symbols: dict[str, int] = machine.symbols
        info = getattr(machine, "INFO", None)
        self.info: CpuInfo = info_for(self.cpu, info.cpu if info else None)
        self.env = self._make_env()
        self.breakpoints = BreakpointSet(self.env, self.symbols)
        self.watches = WatchList(self.symbols)
        self.trace = Trace(self.info)
        self.control = RunControl(machine, self.breakpoints, self.trace)
        self.control.on_switch = self._switched
        self.rewind = rewind if rewind is not None else Rewind()
        # Everything that drives the machine from here on: the one record the
        # rewind replays from and a share link carries.
        self.journal = self.rewind.journal = Journal(machine.frame)
        self.record = record
        self.paused = True
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
        # The user's script (see set_script), the buttons the player or the
        # program last gave (a script's presses are added to them), and
        # whether the last frame had presses of the script's (to let go of).
        self.script: Any = None
        self._base_buttons = machine.buttons
        self._pressed_last = False
        self.memory = MemoryView(machine)
        self.code = CodeView(machine, self.info, self.symbols)
        # The hardware in view (viewers/, events.py, search.py, profiler.py):
        # what is open adds its watches to the core's (`_observers`).
        self._viewers: dict[str, Viewer] | None = None
        self._open: set[str] = set()
        self.events = EventLog(machine, self.info, self.code)
        self.memory_search = MemorySearch(machine)
        self.profiler = Profiler(machine, self.info, self.code)
        self._profile_masks: tuple[bytearray, bytearray] = (bytearray(), bytearray())

        # They see the CPU's accesses through the run control's watches.
        self.control.observers = self._observers
        self.control.profiler = self.profiler

    # -- the environment conditions see -------------------------------------------
    def _make_env(self) -> Env:
        """What conditions see. Reading the clock or a device's register
        marks the condition `volatile` for the run control (the wait loop's
        turns may then differ); `addr` and `value` are the access a read or
        write breakpoint is checked on."""
        cpu, bus_peek, info = self.cpu, self.bus.peek, self.info
        plain = self.bus.direct_peek_pages()

        def peek(addr: int) -> int:
            if not plain[addr >> 8]:
                self.control.volatile = True  # a device's register: it may change with time
            return bus_peek(addr)

        def cycles() -> int:
            self.control.volatile = True
            return cpu.cycles

        def access(field: int) -> int:
            accesses = self.control.accesses
            return accesses[0][field] if accesses else -1
        registers: dict[str, Callable[[], int]] = {
            reg.name: (lambda n=reg.name: getattr(cpu, n)) for reg in info.registers}
        registers.update(info.memory_registers(peek))
        counters = {
            "cycles": cycles,
            "frame": lambda: self.machine.frame,
            "addr": lambda: access(1),
            "value": lambda: access(2),
        }
        return Env(registers, peek, self.symbols, counters, big_endian=info.big_endian)

    # -- the runner ------------------------------------------------------------------
    def _install(self) -> None:
        """The runner, stop addresses and watches that the breakpoints, the
        trace and the step under way need now (`RunControl.install`)."""
        self.control.install()

    def _switched(self, checking: bool) -> None:
        """The run control swapped the checking runner in or out. Mid-frame
        (stopped there): note where the frame goes on running on the
        machine's own runner, so that a replay runs it the same way."""
        if not self._at_frame_start:
            self._checked_until = CHECKED_WHOLE_FRAME if checking else self.cpu.cycles

    def _observers(self) -> dict[str, list[Observer]]:
        """Who else sees the CPU's accesses now: the event viewer (device
        writes), open viewers that follow writes, the profiler (every read
        of data, every write). (mask, function) per access kind."""
        out: dict[str, list[Observer]] = {
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

    # -- running -------------------------------------------------------------------------
    def _begin(self) -> None:
        self.control.begin()
        self.paused = False

    def _advance(self) -> str:
        """One machine.advance(), latching inputs and recording at frame starts."""
        machine = self.machine
        if self._at_frame_start:
            if (self.record and self._recorded != machine.frame
                    and self.rewind.wants(machine.frame)):
                self.rewind.record(machine.snapshot())
            base = None  # the buttons given for this frame, if any
            if self.input_source is not None:
                base = check_int("input source's buttons", self.input_source(machine), 0xFFFF)
            elif self._pending_buttons is not None:
                base, self._pending_buttons = self._pending_buttons, None
            if base is not None:
                self._base_buttons = base
            pressed = self.script.presses() if self.script is not None else 0
            if pressed or self._pressed_last:  # the script's presses, or letting go of them
                machine.set_buttons(self._base_buttons | pressed)
            elif base is not None:
                machine.set_buttons(base)
            self._pressed_last = bool(pressed)
            if self.record:  # this frame runs again: what followed it goes
                self.rewind.truncate_after(machine.frame)
            machine.picture_wanted = self._picture_wanted(machine.frame)
            self.journal.frame_start(machine.frame, machine.buttons)
            self._at_frame_start = False
            self._checked_until = CHECKED_WHOLE_FRAME if self.control.checking else None
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
            if self.script is not None:
                self.script.frame_ended()
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
                or self.machine.runner != self.control.bare
                or (self.record and self.rewind.wants(frame + 1)))

    def _run(self, max_frames: int, pictures: str = "all") -> dict[str, Any]:
        """Advance until something stops us or `max_frames` frames have ended.
        `pictures`: "all", "last" (only the last frame's is seen) or "none"
        (see run_frames)."""
        if pictures not in PICTURES:
            raise DebugError(f"pictures is one of {', '.join(PICTURES)}, not {pictures!r}")
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
                self.control.stop(halted(self.cpu))
                self.machine.stop_requested = False
                break
            if isinstance(self.control.plan, stepping.StepFrame):
                self.control.stop_step(self.cpu.pc)
                self.machine.stop_requested = False
                break
            if self.control.stop_asked():  # the script paused at the frame's end
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
            self.control.reason = StopReason(StopKind.PAUSE, self.cpu.pc, "paused")
            self._pause()
        return self.status()

    def _pause(self) -> None:
        self.paused = True
        self.control.plan = None
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
        self.control.plan = plan
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
        self.control.plan = None
        self.paused = True
        self.control.reason = StopReason(StopKind.RESET, self.cpu.pc, "reset")
        self._install()
        self._moved()
        self.memory.mark_pause(fresh=True)
        return self.status()

    def status(self) -> dict[str, Any]:
        m, plan, reason = self.machine, self.control.plan, self.control.reason
        return {"paused": self.paused, "stepping": plan.kind if plan else None,
                "reason": reason.to_json() if reason else None,
                "pc": self.cpu.pc, "cycles": self.cpu.cycles, "frame": m.frame,
                "frame_cycle": m.frame_cycle,
                # "jam" (6502 JAM), "halt" (Z80 HALT), "idle" (TMS9900 IDLE) or "".
                "halted": bool(self.cpu.halt_state), "halt_state": self.cpu.halt_state,
                "slowed_by": self.slowed_by()}

    def slowed_by(self) -> list[str]:
        """The debugger features that cost speed now (`RunControl.slowed_by`,
        and the event viewer's watch on the devices' registers)."""
        out = self.control.slowed_by()
        at = len([k for k in out if k.endswith(" breakpoints")])
        if self.events.on:
            out.insert(at, "event viewer")
        if self.script is not None and self.script.write_mask is not None:
            out.insert(at, "the script's on_write hooks")
        return out

    # -- breakpoints -------------------------------------------------------------------
    def add_breakpoint(self, kind: str, where: Any, end: Any = None,
                       condition: str = "") -> dict[str, Any]:
        bp = self.breakpoints.add(kind, self.code.line_address(where),
                                  self.code.line_address(end), condition)
        self._install()
        return bp.to_json()

    def remove_breakpoint(self, bp_id: int) -> None:
        self.breakpoints.remove(bp_id)
        self._install()

    def enable_breakpoint(self, bp_id: int, enabled: bool = True) -> dict[str, Any]:
        bp = self.breakpoints.set_enabled(bp_id, enabled)
        self._install()
        return bp.to_json()

    def set_condition(self, bp_id: int, condition: str) -> dict[str, Any]:
        return self.breakpoints.set_condition(bp_id, condition).to_json()

    def reset_hits(self, bp_id: int | None = None) -> list[dict[str, Any]]:
        """Zero the hit count of one breakpoint, or of all."""
        items = [self.breakpoints.get(bp_id)] if bp_id is not None else \
            list(self.breakpoints.items.values())
        for bp in items:
            bp.hits = 0
        return self.list_breakpoints()

    def list_breakpoints(self) -> list[dict[str, Any]]:
        return self.breakpoints.to_json()

    def load_breakpoints(self, data: Any) -> list[str]:
        """Replace the breakpoints with saved ones; returns problems skipped."""
        problems = self.breakpoints.load_json(data)
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
        return self.watches.add(where, fmt, count).to_json()

    def remove_watch(self, watch_id: int) -> None:
        self.watches.remove(watch_id)

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
        self.control.accesses.clear()  # our own writes are not the CPU's
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

    # -- the user's script -------------------------------------------------------------
    def set_script(self, script: Any) -> None:
        """The running script (script/host.py ScriptHost), or None: the run
        control's hooks (its presses and frame_ended need nothing installed)."""
        self.script = script
        self.control.set_hooks(script)

    def script_changed(self) -> None:
        """The script's hooks changed (its stop addresses, its write mask)."""
        self._install()

    def script_pause(self, message: str) -> None:
        """The script asks the machine to pause: at once in an on_exec or
        on_write hook, after the frame in an on_frame hook. Nothing while
        the machine stands still (it is paused already)."""
        if not self.paused:
            self.control.ask_stop(message)

    # -- registers -----------------------------------------------------------------------
    def registers(self) -> dict[str, Any]:
        info = self.info
        regs = info.get_registers()
        flags = info.flag_text(regs.get(info.flag_register, 0))
        # Widths and flag letters let the page validate edits and name each flag.
        return {"family": info.family, "registers": regs, "flags": flags,
                "widths": {name: info.width(name) for name in regs},
                "flag_register": info.flag_register, "flag_names": info.flags,
                "cycles": self.cpu.cycles, "frame": self.machine.frame}

    def set_register(self, name: str, value: Any) -> dict[str, Any]:
        self.info.set_register(str(name).lower(), value)
        self._edited(self.position(), "register", {"name": str(name).lower(), "value": value})
        return self.registers()

    # -- the program's source (machines/program_edit.py) -----------------------------------
    def _program_editor(self) -> Any:
        from ..machines.program_edit import EditError

        try:
            return self.machine.program_editor()
        except EditError as exc:
            raise DebugError(str(exc)) from None

    def sources(self) -> list[dict[str, Any]]:
        """The program's files as the program in force was assembled:
        [{file, text, edited, generated}]."""
        return self._program_editor().sources()

    def program_info(self) -> dict[str, Any]:
        """The edit in force: its text (srcdiff's; "" for the shipped program),
        per file changed the lines changed, and the change as a unified diff."""
        from .. import srcdiff

        edit = self.machine.program_edit
        diff = self._program_editor().unified_diff(edit) if edit else ""
        return {"edit": edit, "files": srcdiff.summary(srcdiff.decode(edit)), "diff": diff}

    def edit_source(self, file: Any, text: Any, mode: Any = "patch") -> dict[str, Any]:
        """Assemble the program with `file` holding `text` and put it in
        (`mode` patch: RAM and devices kept; restart: from power-on). Refused,
        nothing changes: {ok: false, errors: [{file, line, message}]}."""
        from ..machines.program_edit import EditError

        try:
            edit = self._program_editor().edit_with(file, text)
        except EditError as exc:
            return {"ok": False, "errors": exc.errors}
        return self.apply_edit(edit, mode)

    def check_source(self, file: Any, text: Any) -> dict[str, Any]:
        """Would the program assemble, and the machine take it, with `file`
        holding `text`? {ok, errors: [{file, line, message}], diff (unified,
        against the shipped files)}; nothing changes
        (the program made is kept for an Apply that follows)."""
        from ..machines.program_edit import EditError

        editor = self._program_editor()
        try:
            edit = editor.edit_with(file, text)
        except EditError as exc:
            return {"ok": False, "errors": exc.errors, "diff": ""}
        diff = editor.unified_diff(edit)
        try:
            editor.program_for(edit)
        except EditError as exc:
            return {"ok": False, "errors": exc.errors, "diff": diff}
        return {"ok": True, "errors": [], "diff": diff}

    def revert_source(self, mode: Any = "patch") -> dict[str, Any]:
        """Back to the shipped program."""
        return self.apply_edit("", mode)

    def apply_edit(self, edit: Any, mode: Any = "patch") -> dict[str, Any]:
        """Put in the program of a whole edit (srcdiff's text: a link's, a
        ready edit's, the journal's). An applied edit is history like a memory
        edit: seeking before it gives the old program as it ran."""
        from .. import srcdiff
        from ..machines.program_edit import MODES, EditError

        if mode not in MODES:
            raise DebugError(f"mode is one of {', '.join(MODES)}, not {str(mode)[:20]!r}")
        if not isinstance(edit, str):
            raise DebugError("an edit is srcdiff's text")
        editor = self._program_editor()
        machine = self.machine
        try:
            program = editor.program_for(edit)
        except EditError as exc:
            return {"ok": False, "errors": exc.errors}
        where = self.position()
        before, old_edit = machine.program, machine.program_edit
        if mode == "patch":
            spans = editor.install(program, edit)
        else:
            self._keeping_frame(lambda: editor.restart(program, edit))
            spans = []
            self._at_frame_start = True
            self._pending_buttons = None
            self.control.plan = None
            self.paused = True
            self.control.reason = StopReason(StopKind.RESET, self.cpu.pc, "restarted")
        self._follow_lines(before, program, editor.texts(old_edit), editor.texts(edit))
        self._edited(where, "source", {"edit": edit, "mode": mode})
        self._install()
        self._moved()
        self.memory.mark_pause(fresh=mode != "patch")
        return {"ok": True, "errors": [], "mode": mode,
                "changed": [[lo, hi] for lo, hi in spans],
                "files": srcdiff.summary(srcdiff.decode(edit)), "status": self.status()}

    def _follow_lines(self, old: Any, new: Any, old_texts: dict[str, str],
                      new_texts: dict[str, str]) -> None:
        """Execute breakpoints follow the source line they stand on (a line
        changed or deleted keeps its address); those on a symbol, the symbol."""
        from .. import srcdiff

        maps: dict[str, Any] = {}
        moved = False
        for bp in list(self.breakpoints.items.values()):
            if bp.symbol and bp.symbol in self.symbols:
                at = self.symbols[bp.symbol]
                bp.start, bp.end, moved = at, at + (bp.end - bp.start), True
                continue
            if bp.kind != "exec" or bp.start != bp.end:
                continue
            row = old.row_at(bp.start)
            if row is None or row.address != bp.start or row.file not in new_texts:
                continue
            if row.file not in maps:
                maps[row.file] = srcdiff.line_map(srcdiff.diff_file(
                    row.file, old_texts[row.file], new_texts[row.file]))
            line = maps[row.file](row.line)
            at = new.address_of(line, row.file) if line is not None else None
            if at is not None and at != bp.start:
                bp.start = bp.end = at
                moved = True
        if moved:
            self.breakpoints.refresh()

    # -- code views ------------------------------------------------------------------------
    def _address(self, addr: Any) -> int:
        """An address argument (number, "$C000", symbol), PC when None."""
        if addr is None:
            return self.cpu.pc
        return parse_address(addr, self.symbols)[0]

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
        machine, control = self.machine, self.control
        saved_runner = machine.runner
        control.unstop()  # the replay runs as the frames first ran: no stops

        def replay(buttons: int, checked_until: int | None) -> None:
            machine.set_buttons(buttons)
            machine.runner = control.recorded_runner(checked_until)
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
        control.plan = None
        self._install()
        self._moved()
        control.reason = StopReason(StopKind.SEEK, self.cpu.pc, f"rewound to frame {frame}")
        self.memory.mark_pause()
        return self.status()

    def _moved(self) -> None:
        """The machine went to another moment (a seek, a reset): the event
        log keeps the frame the replay ran last; the profile begins again."""
        if self.events.on:
            self.events.restored(self._at_frame_start)
        if self.profiler.on:
            self.profiler.start(self.profiler.window)

    def state_hash(self) -> str:
        return state_hash(self.machine.snapshot())

    # -- teardown ----------------------------------------------------------------------------
    def close(self) -> None:
        """Take every hook out: the machine runs as if no debugger existed."""
        self.breakpoints.clear()
        self.trace.on = False
        self.control.plan = None
        self.events.close()
        self.profiler.stop()
        self._open.clear()
        self.script = None
        self.control.set_hooks(None)

