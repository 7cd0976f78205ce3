"""The Pac-Man board as a `Machine`: Z80, memory map, inputs, interrupt, watchdog.

Memory map (MAME's pacman driver, `pacman_map`; A13 and A15 are not decoded,
so $4000-$5FFF repeats at $6000, $C000 and $E000, and the ROM at $8000):

  $0000-$3FFF  program ROM (16 KiB)
  $4000-$43FF  tile RAM        $4400-$47FF  colour RAM   (layout: video.py)
  $4800-$4BFF  nothing: reads $BF, writes ignored
  $4C00-$4FEF  work RAM        $4FF0-$4FFF  sprite numbers/flips and colours
  $5000-$503F  read IN0        $5040-$507F  read IN1
  $5080-$50BF  read DSW1       $50C0-$50FF  read DSW2 (not fitted: $FF)
  $5000-$5007  write: the 74LS259 latch, bit 0 of the value: $5000 interrupt
               enable, $5001 sound enable, $5003 flip screen, $5004/$5005 lamps,
               $5007 coin counter
  $5040-$505F  write: the WSG's sound registers (wsg.py; $5001 enables it)
  $5060-$506F  write: sprite x/y          $50C0 write: kick the watchdog
  port 0 (OUT) the byte the board puts on the bus when the CPU takes INT: the
               low byte of the IM 2 vector

IN0 and IN1 are active low: IN0 bit 0 up, 1 left, 2 right, 3 down, 4 rack test,
5 coin 1, 6 coin 2, 7 service credit; IN1 bits 0-3 player 2's stick, 4 the test
switch, 5 start 1, 6 start 2, 7 cabinet (1 = upright). DSW1: bits 0-1 coinage,
2-3 lives (1, 2, 3, 5), 4-5 bonus life (10000, 15000, 20000, none), 6
difficulty (1 = normal), 7 ghost names (1 = normal).

The frame: 6.144 MHz pixel clock, 384 x 264 per frame, the CPU at half of it:
50,688 cycles a frame, 60.61 Hz. The vertical blank starts at line 224 (cycle
43,008): the picture is drawn, the watchdog counts, and, if the latch at $5000
holds 1, INT is raised with the port-0 byte. The CPU taking it clears it (as
MAME's HOLD_LINE); writing 0 to $5000 drops a raised INT. A watchdog not
kicked within 16 vertical blanks resets the CPU and the latch (RAM is kept).
"""

from __future__ import annotations

from typing import Any

from ...cpu.bus import Bus
from ..base import Machine, MachineInfo, wrapped_slice
from .gfx import Graphics
from .video import HEIGHT, WIDTH, Video
from .wsg import SOUND_PROM, Wsg

CPU_HZ = 3_072_000
FRAME_CYCLES = 384 * 264 // 2  # 50,688
FPS = CPU_HZ / FRAME_CYCLES  # 60.606
VBLANK_CYCLE = 224 * 384 // 2  # 43,008
WATCHDOG_FRAMES = 16
CALL_STACK = 0x4FC0  # where call() puts its stack when SP is not in work RAM
NOTHING = 0xBF  # what $4800-$4BFF reads (MAME's pacman_read_nop)

# Buttons (bit i of run_frame's argument) and where each lands, active low.
BUTTONS = ("Up", "Left", "Right", "Down", "Coin", "Start")
_IN0_BITS = ((0, 0), (1, 1), (2, 2), (3, 3), (4, 5))  # (button bit, IN0 bit)
_START_BIT = 5  # button 5 -> IN1 bit 5
DSW1_DEFAULT = 0xC9  # 1 coin 1 credit, 3 lives, bonus at 10000, normal, names

NAMCO_INFO_DEFAULTS: dict[str, Any] = dict(
    cpu="z80", clock_hz=float(CPU_HZ), fps=FPS, width=WIDTH, height=HEIGHT,
    buttons=BUTTONS,
    keys={"ArrowUp": "Up", "ArrowLeft": "Left", "ArrowRight": "Right",
          "ArrowDown": "Down", "ShiftLeft": "Coin", "ShiftRight": "Coin",
          "Enter": "Start"},
)


def namco_info(**fields: Any) -> MachineInfo:
    """A MachineInfo with the board's clock, frame, screen and controls filled in."""
    return MachineInfo(**{**NAMCO_INFO_DEFAULTS, **fields})


class NamcoBoard(Machine):
    """Base for the games on the board: pass the 16 KiB program and the graphics."""

    def __init__(self, rom: bytes, graphics: Graphics, *,
                 symbols: dict[str, int] | None = None, dsw1: int = DSW1_DEFAULT) -> None:
        from ...cpu import Z80  # lazily: the cores package loads on demand

        if len(rom) != 0x4000:
            raise ValueError(f"the program ROM is 16 KiB, not {len(rom)} bytes")
        bus = Bus()
        self.video = Video(graphics)
        self.latch = bytearray(8)
        self.wsg = Wsg(CPU_HZ)
        self.sound = self.wsg.regs  # the registers as written ($5040-$505F)
        self.vector = 0xFF
        self.watchdog = 0
        self.watchdog_resets = 0
        self.dsw1 = dsw1 & 0xFF
        self.in0 = self.in1 = 0xFF
        self._map(bus, rom)
        super().__init__(bus, Z80(bus), symbols)
        # Stamps: the Z80 core keeps `cycles` at the start of the instruction
        # that writes, in run() as in step() (the game writes its sound
        # registers in a burst at the top of the vertical blank).
        self.wsg.attach(lambda: (self.frame, self.cpu.cycles - self._frame_start))
        self.palette[:16] = graphics.rgb

    # -- memory map -----------------------------------------------------------------
    def _map(self, bus: Bus, rom: bytes) -> None:
        ram = bus.ram
        bus.map_rom(0x0000, rom, name="program ROM")

        def rom_mirror(addr: int) -> int:
            return ram[addr & 0x3FFF]

        bus.map(0x8000, 0xBFFF, name="program ROM (mirror)", read=rom_mirror,
                write=_ignore, peek=rom_mirror, kind="rom")

        def nothing(addr: int) -> int:
            return NOTHING

        bus.map(0x4800, 0x4BFF, name="unused", read=nothing, write=_ignore, peek=nothing)
        bus.map(0x5000, 0x5FFF, name="I/O", read=self._io_read, write=self._io_write,
                peek=self._io_read)

        def mirror_read(addr: int) -> int:
            return bus.read(addr & 0x5FFF)

        def mirror_peek(addr: int) -> int:
            return bus.peek(addr & 0x5FFF)

        def mirror_write(addr: int, value: int) -> None:
            bus.write(addr & 0x5FFF, value)

        for start in (0x6000, 0xC000, 0xE000):
            bus.map(start, start + 0x1FFF, name="$4000-$5FFF (mirror)", read=mirror_read,
                    write=mirror_write, peek=mirror_peek)
        bus.map_port(0, write=self._set_vector)

    def _io_read(self, addr: int) -> int:
        low = addr & 0xFF if addr < 0x5100 else 0xFF
        if low < 0x40:
            return self.in0
        if low < 0x80:
            return self.in1
        if low < 0xC0:
            return self.dsw1
        return 0xFF

    def _io_write(self, addr: int, value: int) -> None:
        if addr >= 0x5100:
            return
        low = addr & 0xFF
        if low < 0x08:
            self.latch[low] = value & 1
            if low == 0 and not value & 1:
                self.cpu.irq = False  # the latch drops INT
            elif low == 1:
                self.wsg.set_enabled(value)
        elif 0x40 <= low < 0x60:
            self.wsg.write(low - 0x40, value)
        elif 0x60 <= low < 0x70:
            self.video.sprite_xy[low - 0x60] = value
        elif low >= 0xC0:
            self.watchdog = 0

    def _set_vector(self, port: int, value: int) -> None:
        self.vector = value & 0xFF

    # -- inputs -----------------------------------------------------------------------
    def set_buttons(self, buttons: int) -> None:
        super().set_buttons(buttons)
        in0 = 0xFF
        for button, bit in _IN0_BITS:
            if buttons >> button & 1:
                in0 &= ~(1 << bit)
        self.in0 = in0 & 0xFF
        self.in1 = 0xFF & ~((buttons >> 5 & 1) << _START_BIT)

    # -- frame --------------------------------------------------------------------------
    def frame_events(self) -> list[tuple[int, Any]]:
        return [(VBLANK_CYCLE, self._vblank), (FRAME_CYCLES, _nothing)]

    def _vblank(self) -> None:
        self.video.render(self.bus.ram, self.framebuffer)
        self.watchdog += 1
        if self.watchdog >= WATCHDOG_FRAMES:
            self.watchdog_resets += 1
            self._reset_board()
            return
        if self.latch[0]:
            self.cpu.interrupt(self.vector)

    def _reset_board(self) -> None:
        """What the watchdog and the reset line do: CPU and latch, not RAM."""
        self.cpu.reset()
        self.latch[:] = bytes(8)
        self.wsg.set_enabled(0)
        self.watchdog = 0

    def reset(self) -> None:
        self.latch[:] = bytes(8)
        self.wsg.reset()
        self.vector = 0xFF
        self.watchdog = 0
        self.video.reset()
        super().reset()

    def call(self, label_or_addr: str | int, max_cycles: int = 5_000_000,
             **regs: int) -> dict[str, Any]:
        """Machine.call, with a stack that holds and a CPU left as it was.

        The return address goes where SP points; at power-on SP is $FFFF, a
        mirror of the I/O page where nothing sticks, so then the call uses the
        top of work RAM. A CPU waiting in HALT is woken for the call. The
        CPU's registers (PC, SP, HALT, cycles) are put back afterwards, so a
        game paused between frames goes on unharmed; memory keeps what the
        routine wrote."""
        cpu = self.cpu
        before = cpu.snapshot()
        if "sp" not in regs and not 0x4C02 <= cpu.sp <= 0x4FF0:
            regs["sp"] = CALL_STACK
        cpu.halted = 0
        try:
            return super().call(label_or_addr, max_cycles, **regs)
        finally:
            cpu.restore(before)

    def sound_logs(self) -> tuple[Any, ...]:
        return (self.wsg.log,)

    # -- state ----------------------------------------------------------------------------
    def device_snapshot(self) -> dict[str, Any]:
        return {"latch": self.latch.hex(), "sound": self.sound.hex(),
                "sprite_xy": self.video.sprite_xy.hex(), "vector": self.vector,
                "watchdog": self.watchdog, "in": [self.in0, self.in1]}

    def device_restore(self, state: dict[str, Any]) -> None:
        self.latch[:] = bytes.fromhex(state["latch"])
        self.wsg.restore({"regs": state["sound"], "enabled": self.latch[1]})
        self.video.sprite_xy[:] = bytes.fromhex(state["sprite_xy"])
        self.vector = state["vector"]
        self.watchdog = state["watchdog"]
        self.in0, self.in1 = state["in"]
        self.video.invalidate()

    def memory_spaces(self) -> dict[str, int]:
        roms = {name: len(data) for name, data in self.video.gfx.roms.items()}
        return {"cpu": 0x10000, "sprites": 0x10, "sound": 0x20, "sound_prom": 0x100, **roms}

    def read_space(self, space: str, addr: int, length: int) -> bytes:
        rom = self.video.gfx.roms.get(space)
        if rom is not None:  # the graphics ROMs and colour PROMs (read only)
            return wrapped_slice(rom, addr, length)
        if space == "sprites":
            return bytes(self.video.sprite_xy[(addr + i) & 0x0F] for i in range(length))
        if space == "sound":
            return bytes(self.wsg.regs[(addr + i) & 0x1F] for i in range(length))
        if space == "sound_prom":
            return bytes(SOUND_PROM[(addr + i) & 0xFF] for i in range(length))
        return super().read_space(space, addr, length)


def _ignore(addr: int, value: int) -> None:
    pass


def _nothing() -> None:
    pass
