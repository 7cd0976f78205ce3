"""What every machine offers the worker, the debugger and the tests (DESIGN.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..cpu.bus import Bus


class MachineError(Exception):
    """A machine could not do what was asked (unknown id, runaway call, bad input)."""


@dataclass(frozen=True)
class Param:
    """One URL parameter a machine accepts (`#/tetris?seed=8988`).

    `kind` is "int" (decimal, or hex with a `$`/`0x` prefix, within lo..hi) or
    "str" (at most `max_len` characters from `alphabet`, if one is given).
    """

    name: str
    kind: str
    default: Any
    help: str
    lo: int = 0
    hi: int = 0xFFFF
    max_len: int = 4096
    alphabet: str = ""


@dataclass(frozen=True)
class MachineInfo:
    """The static description of a machine, sent to the page once."""

    id: str
    title: str
    cpu: str  # "6502", "2a03", "z80" or "tms9900"
    clock_hz: float
    fps: float
    width: int
    height: int
    # Button names by bit: buttons[i] is bit i of the `buttons` argument.
    buttons: tuple[str, ...] = ()
    # Default keyboard bindings: KeyboardEvent.code -> button name.
    keys: dict[str, str] = field(default_factory=dict)
    params: tuple[Param, ...] = ()
    article: str = ""  # which seed documents the mechanics
    summary: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "title": self.title, "cpu": self.cpu,
            "clock_hz": self.clock_hz, "fps": self.fps,
            "width": self.width, "height": self.height,
            "buttons": list(self.buttons), "keys": dict(self.keys),
            "params": [
                {"name": p.name, "kind": p.kind, "default": p.default, "help": p.help}
                for p in self.params
            ],
            "article": self.article, "summary": self.summary,
        }


# Where `call()` parks the return address: execution stops when PC gets there.
CALL_SENTINEL = 0xFFF0


class Machine:
    """Base for the five machines: a CPU over a bus, a framebuffer, a palette.

    Subclasses set `INFO`, build `bus`, `cpu`, `symbols`, and implement
    `run_frame`, `reset` and `state`; devices add their own state through
    `device_snapshot`/`device_restore`.
    """

    INFO: MachineInfo

    def __init__(self, bus: Bus, cpu: Any, symbols: dict[str, int] | None = None) -> None:
        self.bus = bus
        self.cpu = cpu
        self.symbols: dict[str, int] = dict(symbols or {})
        self.width = self.INFO.width
        self.height = self.INFO.height
        self.framebuffer = bytearray(self.width * self.height)
        self.palette: list[int] = [0x000000] * 256  # 0xRRGGBB per index
        self.frame = 0
        self.buttons = 0
        self.runner = cpu.run  # the debugger swaps this for a checking runner
        self.stop_requested = False
        self._frame_start = 0
        self._event_index = 0
        self._events: list[tuple[int, Any]] = []

    # -- memory ----------------------------------------------------------------
    def read(self, addr: int) -> int:
        """Read the CPU's address space without side effects."""
        return self.bus.peek(addr & 0xFFFF)

    def write(self, addr: int, value: int) -> None:
        """Write through the bus, as the CPU would."""
        if not 0 <= value <= 0xFF:
            raise MachineError(f"byte value {value} is out of range 0-255")
        self.bus.write(addr & 0xFFFF, value)

    def address(self, label_or_addr: str | int) -> int:
        if isinstance(label_or_addr, int):
            return label_or_addr & 0xFFFF
        try:
            return self.symbols[label_or_addr]
        except KeyError:
            raise MachineError(f"no symbol {label_or_addr!r}") from None

    # -- running ---------------------------------------------------------------
    # A frame is a schedule: `frame_events()` lists (cycle offset, handler)
    # pairs in rising order; the last one marks the frame's end. The CPU runs
    # between events through `self.runner`, which is `cpu.run` unless the
    # debugger swaps in a runner that can stop early (a breakpoint). Where the
    # frame stands is kept in `_frame_start`/`_event_index`, so a frame stopped
    # half-way resumes exactly where it stopped.

    def frame_events(self) -> list[tuple[int, Any]]:
        """(cycle offset within the frame, handler()) pairs; last = frame end."""
        raise NotImplementedError

    def reset(self) -> None:
        """Power/reset the machine; subclasses reset devices then call this."""
        self.cpu.reset()
        self._frame_start = self.cpu.cycles
        self._event_index = 0
        self._events = self.frame_events()
        self.frame = 0

    def set_buttons(self, buttons: int) -> None:
        """Latch the controller state (bit i = INFO.buttons[i])."""
        self.buttons = buttons & 0xFFFF

    def run_frame(self, buttons: int = 0) -> None:
        """Run to the end of the current video frame."""
        self.set_buttons(buttons)
        self.advance()

    def advance(self) -> str:
        """Run until the frame ends ("frame"), the runner stops early ("break")
        or the CPU has jammed ("halt": a 6502 JAM, which only a reset ends).

        A CPU that waits for an interrupt (Z80 HALT, TMS9900 IDLE) lets time
        pass to the next event, so the devices keep their beat."""
        cpu = self.cpu
        while True:
            events = self._events
            offset, handler = events[self._event_index]
            target = self._frame_start + offset
            remaining = target - cpu.cycles
            if remaining > 0:
                ran = self.runner(remaining)
                if self.stop_requested:
                    self.stop_requested = False
                    return "break"
                if ran <= 0 and cpu.cycles < target and self._cpu_halted():
                    if getattr(cpu, "jammed", False):
                        return "halt"
                    cpu.cycles = target
                continue
            handler()
            self._event_index += 1
            if self._event_index == len(events):
                self._event_index = 0
                self._frame_start += offset
                self.frame += 1
                # Asked again each frame: a machine may vary its frame length
                # (the NES's odd frames are one PPU dot shorter).
                self._events = self.frame_events()
                return "frame"

    def _cpu_halted(self) -> bool:
        cpu = self.cpu
        return bool(getattr(cpu, "halted", False) or getattr(cpu, "idle", False)
                    or getattr(cpu, "jammed", False))

    @property
    def frame_cycle(self) -> int:
        """CPU cycles since the current frame began."""
        return self.cpu.cycles - self._frame_start

    def state(self) -> dict[str, Any]:
        """A JSON-able summary of the game for tests and side panels.

        Convention: a "mechanics" key holds a list of rows
        {"name", "addr", "size", "format", "value"} that the page shows with a
        link to the address in the memory view.
        """
        raise NotImplementedError

    # -- optional capabilities ---------------------------------------------------
    def pointer(self, x: int, y: int, down: bool) -> None:
        """Mouse/touch at framebuffer coordinates (machines that use it override)."""

    def command(self, verb: str, args: dict[str, Any]) -> Any:
        """Machine-specific actions for its own side panel (undo, export...)."""
        raise MachineError(f"{self.INFO.id} has no command {verb!r}")

    def save_data(self) -> dict[str, Any] | None:
        """Data the page keeps in the browser between visits (high scores)."""
        return None

    def load_save_data(self, data: dict[str, Any]) -> None:
        """Take back what `save_data` gave; bad data raises MachineError."""

    def call(self, label_or_addr: str | int, max_cycles: int = 5_000_000,
             **regs: int) -> dict[str, Any]:
        """Run one subroutine of the machine's program to its return.

        Registers given as keywords are set first; the return address is a
        sentinel, and the CPU steps until PC reaches it. Returns the CPU's
        registers afterwards. Interrupts are not raised while calling.
        """
        cpu = self.cpu
        target = self.address(label_or_addr)
        for name, value in regs.items():
            if name == "pc" or not hasattr(cpu, name):
                raise MachineError(f"{type(cpu).__name__} has no register {name!r}")
            setattr(cpu, name, value)
        family = self.INFO.cpu
        if family in ("6502", "2a03"):
            ret = (CALL_SENTINEL - 1) & 0xFFFF  # RTS adds one
            s = cpu.s
            self.bus.write(0x100 | s, ret >> 8)
            self.bus.write(0x100 | ((s - 1) & 0xFF), ret & 0xFF)
            cpu.s = (s - 2) & 0xFF
        elif family == "z80":
            sp = (cpu.sp - 2) & 0xFFFF
            self.bus.write(sp, CALL_SENTINEL & 0xFF)
            self.bus.write((sp + 1) & 0xFFFF, CALL_SENTINEL >> 8)
            cpu.sp = sp
        elif family == "tms9900":
            cpu.set_reg(11, CALL_SENTINEL)
        else:
            raise MachineError(f"call() does not know CPU family {family!r}")
        cpu.pc = target
        start = cpu.cycles
        step = cpu.step
        while cpu.pc != CALL_SENTINEL:
            step()
            if cpu.cycles - start > max_cycles:
                raise MachineError(
                    f"call to ${target:04X} did not return within {max_cycles} cycles"
                    f" (PC=${cpu.pc:04X})")
        result = dict(cpu.snapshot())
        if family == "tms9900":  # its registers live in memory: hand them back too
            result.update({f"r{n}": cpu.reg(n) for n in range(16)})
        result["cycles"] = cpu.cycles - start
        return result

    # -- state -----------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """Everything needed to resume exactly: CPU, memory, devices, frame."""
        return {
            "cpu": self.cpu.snapshot(),
            "ram": self.bus.snapshot(),
            "devices": self.device_snapshot(),
            "frame": self.frame,
            "schedule": [self._frame_start, self._event_index],
            "buttons": self.buttons,
        }

    def restore(self, snap: dict[str, Any]) -> None:
        self.cpu.restore(snap["cpu"])
        self.bus.restore(snap["ram"])
        self.device_restore(snap["devices"])
        self.frame = snap["frame"]
        self._frame_start, self._event_index = snap["schedule"]
        self.buttons = snap["buttons"]
        self._events = self.frame_events()  # it may depend on the restored state

    def device_snapshot(self) -> dict[str, Any]:
        return {}

    def device_restore(self, state: dict[str, Any]) -> None:
        pass

    def memory_spaces(self) -> dict[str, int]:
        """Named memory spaces for the memory panel, with their sizes."""
        return {"cpu": 0x10000}

    def read_space(self, space: str, addr: int, length: int) -> bytes:
        if space == "cpu":
            return self.bus.peek_range(addr & 0xFFFF, length)
        raise MachineError(f"no memory space {space!r}")

    def writable_spaces(self) -> tuple[str, ...]:
        """The memory spaces the memory panel may write (`write_space`)."""
        return ("cpu",)

    def write_space(self, space: str, addr: int, data: bytes) -> None:
        """Write bytes into a memory space as its own hardware would take them
        (the CPU's through the bus: ROM ignores writes)."""
        if space != "cpu":
            raise MachineError(f"the {space} memory space cannot be written")
        for i, value in enumerate(data):
            self.bus.write((addr + i) & 0xFFFF, value)
