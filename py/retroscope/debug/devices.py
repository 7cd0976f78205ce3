"""Each hardware family's devices as the event viewer sees them: which CPU
addresses (and I/O ports, CRU bits) are a device's registers and what each
register is called, which calls raise an interrupt, and how a frame's CPU
cycles map onto scan lines.

The addresses are the machines' own (their bus maps: nes/machine.py,
fds/machine.py, namco/board.py, ti99/console.py, bbc/machine.py); the
register names are the hardware's usual ones (nesdev wiki "PPU registers",
"APU registers", "FDS audio"; MAME's pacman driver; TI-99/4A Technical Data;
BBC Micro Advanced User Guide).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

RegName = Callable[[int], str]


@dataclass(frozen=True)
class Device:
    """A device's registers in the CPU's address space (lo..hi inclusive), or
    in its port space (`port`: Z80 OUT ports, TMS9900 CRU bits)."""

    name: str
    lo: int
    hi: int
    register: RegName
    port: bool = False
    # Only these addresses count (a chip on the high byte of a 16-bit bus
    # sees only even addresses): None, all of lo..hi.
    only: Callable[[int], bool] | None = None
    # Read when a write is seen, and shown after the register's name by
    # `context_format` (the CRTC's data register: which register it is).
    context: Callable[[], int] | None = None
    context_format: str = ""

    def covers(self, addr: int) -> bool:
        return self.lo <= addr <= self.hi and (self.only is None or self.only(addr))


@dataclass(frozen=True)
class Timing:
    """A frame's CPU cycles on the raster: `lines` scan lines of `dots` dots
    in `frame_cycles` CPU cycles; the picture is lines 0..visible-1.
    `phase` gives the dots the frame begins past a CPU cycle (the NES)."""

    frame_cycles: float
    lines: int
    dots: int
    visible: int
    phase: Callable[[], int] | None = None

    def place(self, cycle: int) -> tuple[int, int]:
        """(scan line, dot) of a CPU cycle into the frame."""
        dot = cycle * self.lines * self.dots / self.frame_cycles
        if self.phase is not None:
            dot += self.phase()
        line, x = divmod(int(dot), self.dots)
        return line, x

    def to_json(self) -> dict[str, Any]:
        return {"frame_cycles": self.frame_cycles, "lines": self.lines, "dots": self.dots,
                "visible": self.visible}


@dataclass(frozen=True)
class Interrupt:
    """`obj.attr` raises interrupt `name`: its argument, when it has one, is
    the line's level (False, None or 0: released); or, with `line`, the
    interrupt is raised when a call leaves `line()` true that found it false."""

    obj: Any
    attr: str
    name: str
    line: Callable[[], Any] | None = None


@dataclass
class Hardware:
    """What the event viewer knows of a machine."""

    devices: list[Device]
    timing: Timing
    # Callables that raise an interrupt, wrapped while the event viewer is open.
    interrupts: list[Interrupt] = field(default_factory=list)
    # (object, attribute): the port-write callable the ports go through.
    port_writer: tuple[Any, str] | None = None

    def device_at(self, addr: int, port: bool = False) -> Device | None:
        for device in self.devices:
            if device.port == port and device.covers(addr):
                return device
        return None


def _named(names: dict[int, str], default: str = "") -> RegName:
    return lambda addr: names.get(addr, default or f"${addr:04X}")


PPU_NAMES = ("PPUCTRL", "PPUMASK", "PPUSTATUS", "OAMADDR", "OAMDATA", "PPUSCROLL",
             "PPUADDR", "PPUDATA")
APU_NAMES = {
    0x4000: "pulse 1 duty/volume", 0x4001: "pulse 1 sweep", 0x4002: "pulse 1 period low",
    0x4003: "pulse 1 period high/length", 0x4004: "pulse 2 duty/volume",
    0x4005: "pulse 2 sweep", 0x4006: "pulse 2 period low", 0x4007: "pulse 2 period high/length",
    0x4008: "triangle linear counter", 0x4009: "(unused)", 0x400A: "triangle period low",
    0x400B: "triangle period high/length", 0x400C: "noise volume", 0x400D: "(unused)",
    0x400E: "noise mode/period", 0x400F: "noise length", 0x4010: "DMC flags/rate",
    0x4011: "DMC level", 0x4012: "DMC sample address", 0x4013: "DMC sample length",
    0x4015: "channel enables", 0x4017: "frame counter",
}
FDS_NAMES = {0x4080: "volume envelope", 0x4082: "wave pitch low", 0x4083: "wave pitch high",
             0x4084: "mod envelope", 0x4085: "mod counter", 0x4086: "mod pitch low",
             0x4087: "mod pitch high", 0x4088: "mod table", 0x4089: "wave write/volume",
             0x408A: "envelope speed"}


def nes(machine: Any) -> Hardware:
    from ..machines.nes.machine import DOTS_PER_LINE, FRAME_DOTS, LINES_PER_FRAME

    devices = [
        Device("PPU", 0x2000, 0x3FFF, lambda a: f"{PPU_NAMES[a & 7]} (${0x2000 | a & 7:04X})"),
        Device("APU", 0x4000, 0x4017, _named(APU_NAMES),
               only=lambda a: a not in (0x4014, 0x4016)),
        Device("OAM DMA", 0x4014, 0x4014, lambda a: "OAMDMA"),
        Device("pads", 0x4016, 0x4016, lambda a: "pad strobe"),
    ]
    if hasattr(machine, "fds_sound"):
        devices += [
            Device("FDS disk", 0x4020, 0x403F, lambda a: f"disk ${a:04X} (not modelled)"),
            Device("FDS sound", 0x4040, 0x408A,
                   lambda a: f"wave RAM {a - 0x4040}" if a < 0x4080 else FDS_NAMES.get(
                       a, f"${a:04X}")),
        ]
    return Hardware(devices, Timing(FRAME_DOTS / 3, LINES_PER_FRAME, DOTS_PER_LINE, 240,
                                    phase=lambda: machine._dot_phase),
                    interrupts=[Interrupt(machine.cpu, "nmi", "NMI"),
                                Interrupt(machine.cpu, "irq", "IRQ")])


NAMCO_LATCH = ("interrupt enable", "sound enable", "(unused)", "flip screen", "lamp 1",
               "lamp 2", "coin lockout", "coin counter")


def _namco_register(addr: int) -> str:
    low = addr & 0xFF
    if low < 0x08:
        return f"latch: {NAMCO_LATCH[low]}"
    if 0x40 <= low < 0x60:
        return f"WSG voice {(low - 0x40) // 5 + 1} register {(low - 0x40) % 5}"
    if 0x60 <= low < 0x70:
        return f"sprite {(low - 0x60) >> 1} {'y' if low & 1 else 'x'}"
    if low >= 0xC0:
        return "watchdog"
    return f"${addr:04X}"


def namco(machine: Any) -> Hardware:
    from ..machines.namco.board import FRAME_CYCLES, VBLANK_CYCLE

    # $5000-$50FF and its mirrors at $7000, $D000 and $F000 (A13/A15 not decoded).
    devices = [Device("I/O", base, base + 0xFF, _namco_register)
               for base in (0x5000, 0x7000, 0xD000, 0xF000)]
    devices.append(Device("interrupt vector", 0, 0xFF, lambda p: "port 0: IM 2 vector byte",
                          port=True))
    lines = 264
    return Hardware(devices, Timing(FRAME_CYCLES, lines, 384, VBLANK_CYCLE * lines // FRAME_CYCLES),
                    # (The Z80 core has slots: the board's vertical blank, which
                    # raises INT, is watched instead.)
                    interrupts=[Interrupt(machine, "_vblank", "INT", lambda: machine.cpu.irq)],
                    port_writer=(machine.bus, "port_out"))


def _cru_name(bit: int) -> str:
    bit &= 31
    if bit == 0:
        return "9901 mode (0: I/O)"
    if bit == 2:
        return "VDP interrupt mask"
    if 18 <= bit <= 20:
        return f"keyboard column bit {bit - 18}"
    if bit == 21:
        return "alpha lock"
    return f"bit {bit}"


def ti99(machine: Any) -> Hardware:
    from ..machines.ti99.console import FRAME_CYCLES, INTERRUPT_CYCLE

    def even(addr: int) -> bool:  # the chips sit on the high byte (D0-D7) only
        return not addr & 1

    devices = [
        Device("TMS9919 sound", 0x8400, 0x87FF, lambda a: "sound byte", only=even),
        Device("VDP", 0x8C00, 0x8FFF,
               lambda a: "VDP address/register (>8C02)" if a & 2 else "VDP data (>8C00)",
               only=even),
        Device("TMS9901 (CRU)", 0, 0xFFF, _cru_name, port=True),
    ]
    lines = 262
    return Hardware(devices, Timing(FRAME_CYCLES, lines, 342,
                                    INTERRUPT_CYCLE * lines // FRAME_CYCLES),
                    interrupts=[Interrupt(machine.cpu, "interrupt", "INTREQ")],
                    port_writer=(machine.cpu, "cru_write"))


VIA_NAMES = ("ORB", "ORA", "DDRB", "DDRA", "T1C-L", "T1C-H", "T1L-L", "T1L-H", "T2C-L",
             "T2C-H", "SR", "ACR", "PCR", "IFR", "IER", "ORA (no handshake)")


def bbc(machine: Any) -> Hardware:
    from ..machines.bbc.machine import FRAME_CYCLES, LINE_CYCLES

    video = machine.video
    devices = [
        Device("CRTC", 0xFE00, 0xFE07,
               lambda a: "CRTC address register" if not a & 1 else "CRTC data",
               context=lambda: video.crtc_index, context_format="R{}"),
        Device("video ULA", 0xFE20, 0xFE2F,
               lambda a: "ULA palette" if a & 1 else "ULA control"),
        Device("system VIA", 0xFE40, 0xFE5F, lambda a: f"VIA {VIA_NAMES[a & 15]}"),
        Device("FRED", 0xFC00, 0xFCFF, lambda a: f"FRED ${a:04X} (host filing system, pointer)"),
    ]
    return Hardware(devices, Timing(FRAME_CYCLES, FRAME_CYCLES // LINE_CYCLES, LINE_CYCLES, 256),
                    interrupts=[Interrupt(machine, "_cpu_irq", "IRQ")])


def hardware_of(machine: Any) -> Hardware | None:
    """The event viewer's knowledge of this machine's family (None: a
    machine it does not know, such as the test machines)."""
    from ..machines.bbc.machine import BbcMachine
    from ..machines.namco.board import NamcoBoard
    from ..machines.nes.machine import NesMachine
    from ..machines.ti99.console import Ti99Machine

    for family, make in ((NesMachine, nes), (NamcoBoard, namco), (Ti99Machine, ti99),
                         (BbcMachine, bbc)):
        if isinstance(machine, family):
            return make(machine)
    return None
