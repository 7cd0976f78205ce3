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
    def reset(self) -> None:
        raise NotImplementedError

    def run_frame(self, buttons: int = 0) -> None:
        raise NotImplementedError

    def state(self) -> dict[str, Any]:
        raise NotImplementedError

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
        }

    def restore(self, snap: dict[str, Any]) -> None:
        self.cpu.restore(snap["cpu"])
        self.bus.restore(snap["ram"])
        self.device_restore(snap["devices"])
        self.frame = snap["frame"]

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
