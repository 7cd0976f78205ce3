"""The event viewer's log: every write to a device register and every
interrupt raised, in the frame it happened, at its CPU cycle (and so its
scan line and dot), with the instruction that made it.

Off, it is absent: nothing is wrapped or watched. On (`open()`), it sees
writes through the session's watch on the devices' addresses (the core's
own write watch, which keeps the core's fast paths and compiled blocks:
devices.py says which addresses), port and CRU writes through a wrapper
on the one callable they go through, and interrupts through wrappers on
the calls that raise them; `close()` puts every one back.

Frames: the log keeps the frame in progress and the one before it. The
page shows the frame that is under way when the machine stopped part-way
through one (up to where it stopped), else the last one that ran whole.

The PC: a watch sees a write with PC past the instruction that makes it
(the Z80 and TMS9900 fetch every operand first, and most 6502 handlers move
PC before writing), or on it (the 6502's plain stores: `CpuInfo.pc_at_write`);
past it, the instruction is the one that ends there, found in the program's
listing (or, outside it, by decoding backwards). The cycle is the core's
count at the write: the instruction's first cycle on the 6502 and Z80, a
few cycles into it on the TMS9900.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .codeview import CodeView, programs_of
from .cpuinfo import CpuInfo
from .devices import Device, Hardware, Interrupt, hardware_of

MAX_EVENTS = 40_000  # per frame: a frame that makes more keeps its first ones
WRITE, PORT, INTERRUPT = "write", "port", "interrupt"
REPEATING = ("ldir", "lddr", "otir", "otdr", "inir", "indr")

# (cycle into the frame, kind, device index (writes, ports) or the line's name
# (interrupts), address or port, value, raw PC, context)
Event = tuple[int, str, int | str, int, int, int, int | None]


class EventLog:
    def __init__(self, machine: Any, info: CpuInfo, code: CodeView) -> None:
        self.machine = machine
        self.info = info
        self.code = code
        self.hardware: Hardware | None = hardware_of(machine)
        self.on = False
        self.frame = -1
        self.current: list[Event] = []
        self.previous: list[Event] = []
        self.dropped = 0
        self._undo: list[Callable[[], None]] = []
        self._before: dict[int, int] = {}  # raw PC -> the instruction's, resolved
        self.mask = bytearray()  # the devices' addresses: made when first opened

    def _make_mask(self) -> None:
        self.mask = bytearray(0x10000)
        for device in self.devices():
            if not device.port:
                for addr in range(device.lo, device.hi + 1):
                    if device.covers(addr):
                        self.mask[addr] = 1

    def devices(self) -> list[Device]:
        return self.hardware.devices if self.hardware is not None else []

    # -- on and off -------------------------------------------------------------------
    def open(self) -> None:
        """Start recording (the session installs `write` on `mask`)."""
        if self.on:
            return
        if not self.mask:
            self._make_mask()
        self.on = True
        self.frame = -1
        hardware = self.hardware
        if hardware is None:
            return
        for line in hardware.interrupts:
            self._wrap(line.obj, line.attr, self._interrupt_wrapper(line))
        if hardware.port_writer is not None:
            obj, attr = hardware.port_writer
            self._wrap(obj, attr, self._port_wrapper(getattr(obj, attr)))

    def close(self) -> None:
        for undo in reversed(self._undo):
            undo()
        self._undo.clear()
        self.on = False
        self.current, self.previous, self.dropped = [], [], 0

    def _wrap(self, obj: Any, attr: str, wrapper: Callable[..., Any]) -> None:
        """Put `wrapper` in obj.attr until close(): an attribute of the
        instance shadows the class's method (and is deleted to uncover it);
        a property's setter takes it (and the old value back)."""
        shadowing = attr not in vars(obj) and not isinstance(
            getattr(type(obj), attr, None), property)
        before = getattr(obj, attr)
        setattr(obj, attr, wrapper)
        # The frame under way holds its event handlers already (the next frame's
        # are asked for afresh): those it holds are swapped too.
        events = self.machine._events
        swapped = [i for i, (_, handler) in enumerate(events) if handler == before]
        for i in swapped:
            events[i] = (events[i][0], wrapper)

        def undo() -> None:
            if shadowing:
                delattr(obj, attr)
            else:
                setattr(obj, attr, before)
            now = self.machine._events
            for i, (at, handler) in enumerate(now):
                if handler is wrapper:
                    now[i] = (at, before)
        self._undo.append(undo)

    # -- recording --------------------------------------------------------------------
    def _events(self) -> list[Event]:
        """This frame's list (a new frame: the one before becomes `previous`)."""
        frame = self.machine.frame
        if frame != self.frame:
            self.previous = self.current if frame == self.frame + 1 else []
            self.current = []
            self.frame = frame
        return self.current

    def _add(self, kind: str, source: int | str, addr: int, value: int,
             context: int | None = None) -> None:
        events = self._events()
        if len(events) >= MAX_EVENTS:
            self.dropped += 1
            return
        machine = self.machine
        events.append((machine.frame_cycle, kind, source, addr, value, machine.cpu.pc, context))

    def write(self, addr: int, value: int) -> None:
        """A write the session's watch saw at a device's address."""
        for i, device in enumerate(self.devices()):
            if not device.port and device.covers(addr):
                context = device.context() if device.context is not None else None
                self._add(WRITE, i, addr, value, context)
                return

    def _port_wrapper(self, inner: Callable[[int, int], None]) -> Callable[[int, int], None]:
        ports = [(i, d) for i, d in enumerate(self.devices()) if d.port]

        def port_write(port: int, value: int) -> None:
            inner(port, value)
            for i, device in ports:
                if device.covers(port & 0xFFFF):
                    self._add(PORT, i, port & 0xFFFF, value)
                    break
        return port_write

    def _interrupt_wrapper(self, spec: Interrupt) -> Callable[..., Any]:
        """Record the line going active: a call without a level is an edge
        (an NMI); with one, a level raised again while raised is not a new
        interrupt, and a level of False, None or 0 releases it; with
        `spec.line`, a call that raised the line."""
        inner, name, line = getattr(spec.obj, spec.attr), spec.name, spec.line
        raised = False

        def interrupt(*args: Any) -> Any:
            nonlocal raised
            if line is not None:
                was = line()
                result = inner(*args)
                if line() and not was:
                    self._add(INTERRUPT, name, 0, 1)
                return result
            result = inner(*args)
            if not args:
                self._add(INTERRUPT, name, 0, 1)
                return result
            level = args[0]
            if level is None or level is False or level == 0:
                raised = False
            elif not raised:
                raised = True
                self._add(INTERRUPT, name, 0, int(level))
            return result
        return interrupt

    def restored(self, at_frame_start: bool) -> None:
        """The machine was put back to another moment (a seek, a reset): what
        was recorded of the frame it stands in now was another run's."""
        self._events()
        if at_frame_start:
            self.current = []

    # -- the report ------------------------------------------------------------------------
    def report(self, at_frame_start: bool) -> dict[str, Any]:
        """The frame under way (stopped part-way through it), else the last
        whole one: its events placed on the raster, with the instruction
        that made each (address, text, source line)."""
        events = self._events()
        frame = self.machine.frame
        complete = at_frame_start
        if at_frame_start:
            events, frame = self.previous, frame - 1
        timing = self.hardware.timing if self.hardware is not None else None
        devices = self.devices()
        out = []
        pcs: dict[int, dict[str, Any]] = {}
        for cycle, kind, source, addr, value, raw, context in events:
            pc = self.instruction(raw) if kind != INTERRUPT else raw
            if pc not in pcs:
                pcs[pc] = self._where(pc)
            line, dot = timing.place(cycle) if timing else (0, cycle)
            if kind == INTERRUPT:
                device, register = f"{source} (interrupt)", str(source)
            else:
                d = devices[int(source)]
                device, register = d.name, d.register(addr)
                if context is not None:
                    register += " " + d.context_format.format(context)
            out.append({"cycle": cycle, "line": line, "dot": dot, "kind": kind,
                        "device": device, "register": register, "addr": addr,
                        "value": value, "pc": pc})
        names = [d.name for d in devices]
        if self.hardware is not None:
            names += [f"{line.name} (interrupt)" for line in self.hardware.interrupts]
        here = None
        if not at_frame_start and timing is not None:
            line, dot = timing.place(self.machine.frame_cycle)
            here = {"line": line, "dot": dot, "cycle": self.machine.frame_cycle}
        return {"on": self.on, "frame": frame, "complete": complete, "events": out,
                "devices": names, "pcs": {str(k): v for k, v in pcs.items()},
                "timing": timing.to_json() if timing else None, "here": here,
                "dropped": self.dropped}

    def _where(self, pc: int) -> dict[str, Any]:
        peek = self.machine.bus.peek
        source = self.code.source(pc)
        return {"text": self.info.text(peek, pc, self.code.symbols),
                "file": source["file"] if source else None,
                "line": source["line"] if source else None}

    def instruction(self, raw: int) -> int:
        """The address of the instruction whose write was seen with PC at
        `raw`: there, or (the core had moved PC on) the one that ends there."""
        found = self._before.get(raw)
        if found is None:
            found = self.info.pc_at_write(self.machine.bus.peek, raw)
            if found < 0:
                found = self._ending_at(raw)
            self._before[raw] = found
        return found

    def _ending_at(self, end: int) -> int:
        """The instruction that ends at `end`: a listing row if one does,
        else the nearest start that decodes to exactly that length. A Z80
        block instruction still repeating (LDIR, OTIR...) leaves PC on itself."""
        peek = self.machine.bus.peek
        if self.info.family == "z80" and self.info.decode(peek, end).text.lower().startswith(
                REPEATING):
            return end
        for program in programs_of(self.machine):
            row = program.row_at((end - 1) & 0xFFFF)
            if row is not None and row.code and row.address + len(row.data) == end:
                return row.address
        for back in range(1, 7):
            start = (end - back) & 0xFFFF
            insn = self.info.decode(peek, start)
            if insn.valid and insn.length == back:
                return start
        return end
