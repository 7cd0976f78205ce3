"""A BBC Micro Model B as a `Machine`: 2 MHz 6502, 32 KiB RAM, CRTC + video ULA,
system VIA with the keyboard and T1, our MOS stand-in, 50 frames a second.

CPU address space (BBC Micro Advanced User Guide, the memory map):

  $0000-$7FFF  32 KiB RAM (the screen at $3000-$7FFF in MODE 0-2)
  $8000-$BFFF  sideways ROM: the game's own, if it brings one (else reads $FF)
  $C000-$FBFF  MOS ROM: our stand-in (mos.asm)
  $FC00-$FCFF  FRED: our host filing system (hostfs.py), our pointer at
               $FC10-$FC12 (pointer.py)
  $FD00-$FDFF  JIM: nothing (reads $FF)
  $FE00-$FEFF  SHEILA: $FE00/$FE01 CRTC, $FE20/$FE21 video ULA, $FE40-$FE5F
               system VIA (other devices are not fitted: reads $FF); the
               SN76489 (../sn76489.py, 4 MHz) hangs off the VIA's port A
  $FF00-$FFFF  MOS ROM (entry points and vectors)

A frame is 312 lines of 64 us (39,936 CPU cycles, 50.08 Hz): the VIA's T1 is
brought up to date every 2,048 cycles (an interrupt is at most ~1 ms late),
vertical sync reaches CA1 at line 272, and the picture is built from screen
memory when the frame ends.
"""

from __future__ import annotations

from typing import Any

from ...cpu.bus import Bus
from ..base import IdleLoop, Machine, MachineInfo
from ..sn76489 import BBC_CLOCK, SN76489
from .hostfs import HostFs
from .keyboard import Keyboard
from .pointer import Pointer
from .via import SystemVia
from .video import HEIGHT, PHYSICAL_RGB, WIDTH, Video

CPU_HZ = 2_000_000
LINE_CYCLES = 128
FRAME_CYCLES = 312 * LINE_CYCLES
FPS = CPU_HZ / FRAME_CYCLES
VSYNC_CYCLE = 272 * LINE_CYCLES
SYNC_STEP = 2048
IDLE_TURN = 7  # CMP abs + BEQ taken


def bbc_info(**fields: Any) -> MachineInfo:
    """A MachineInfo with the BBC Micro's clock, frame and screen filled in."""
    return MachineInfo(**{"cpu": "6502", "clock_hz": CPU_HZ, "fps": FPS, "width": WIDTH,
                          "height": HEIGHT, **fields})


def _open_bus(addr: int) -> int:
    return 0xFF


def _ignore(addr: int, value: int) -> None:
    pass


class BbcMachine(Machine):
    """Base for BBC Micro games. `KEYS[i]` is the BBC key that button bit i holds."""

    KEYS: tuple[str, ...] = ()
    # The keys down, the files saved and open: as many as there are.
    FREE_STATE: tuple[tuple[str | int, ...], ...] = (
        ("devices", "keys"), ("devices", "hostfs", "files"), ("devices", "hostfs", "handles"))

    def __init__(self, program: Any) -> None:
        from ...cpu import MOS6502

        bus = Bus()
        self.keyboard = Keyboard()
        cpu = MOS6502(bus, variant="nmos")
        self.video = Video(bus.ram)
        self._irq_level = False
        self._cpu_irq = cpu.irq
        self.sound = SN76489(BBC_CLOCK, CPU_HZ)
        self.via = SystemVia(self.keyboard, lambda: cpu.cycles, self._set_irq,
                             self.sound.write)
        self.hostfs = HostFs(bus.ram, lambda a, v: bus.write(a, v))
        self.mouse = Pointer()
        self.program = program
        rom = bytearray(b"\xFF" * 0x8000)
        for addr, data in program.chunks:
            if addr >= 0x8000:
                rom[addr - 0x8000: addr - 0x8000 + len(data)] = data
        bus.map_rom(0x8000, bytes(rom), name="ROM (sideways empty, MOS stand-in)")
        bus.map(0xFC00, 0xFCFF, name="FRED: host filing system, pointer",
                read=self._fred_read, write=self._fred_write, peek=self._fred_read,
                kind="io")
        bus.map(0xFD00, 0xFDFF, name="JIM", read=_open_bus, write=_ignore, peek=_open_bus,
                kind="io")
        bus.map(0xFE00, 0xFEFF, name="SHEILA", read=self._sheila_read,
                write=self._sheila_write, peek=self._sheila_peek, kind="io")
        super().__init__(bus, cpu, dict(program.symbols))
        # The 6502 core keeps its cycle count current inside run(): a write is
        # stamped at the start of the instruction that makes it.
        self.sound.attach(lambda: (self.frame, cpu.cycles - self._frame_start))
        self.framebuffer = self.video.framebuffer
        # OSBYTE &13's wait: `CMP mos_vsync / BEQ` (7 cycles a turn), skipped in
        # whole turns while no interrupt can be pending (`idle_steady`).
        self._idle = (self.symbols.get("mos_osbyte@wait", -1), self.symbols.get("mos_vsync", 0))
        if self._idle[0] >= 0:
            loop, counter = self._idle  # (the taken branch reads loop+5 too)
            self.idle_loop = IdleLoop(loop, loop + 5, IDLE_TURN, data=(counter, loop + 5))
        self.runner = self.run_idle
        self.palette = list(PHYSICAL_RGB) + [0] * (256 - len(PHYSICAL_RGB))

    def _set_irq(self, level: bool) -> None:
        self._irq_level = level
        self._cpu_irq(level)

    def idle_steady(self) -> bool:
        """At the CMP (or the BEQ, Z set) with A equal to the counter that only
        the IRQ handler changes, and no IRQ pending (interrupts are raised
        only at frame events, between runner calls): registers and flags are
        as after more turns (Z and C set, N clear)."""
        cpu = self.cpu
        loop, counter = self._idle
        return ((cpu.pc == loop or (cpu.pc == loop + 3 and cpu.p & 0x02))
                and not self._irq_level and cpu.a == self.bus.ram[counter])

    # -- FRED: the host filing system and the pointer ------------------------------
    def _fred_read(self, addr: int) -> int:
        if self.mouse.owns(addr):
            return self.mouse.read(addr)
        return self.hostfs.read(addr)

    def _fred_write(self, addr: int, value: int) -> None:
        if self.mouse.owns(addr):
            self.mouse.write(addr, value)
        else:
            self.hostfs.write(addr, value)

    def pointer(self, x: int, y: int, down: bool) -> None:
        """A click on the picture reaches the program through our pointer."""
        if down and 0 <= x < WIDTH and 0 <= y < HEIGHT:
            self.mouse.click(x, y)

    # -- SHEILA -------------------------------------------------------------------
    def _sheila_read(self, addr: int) -> int:
        reg = addr & 0xFF
        if reg < 0x08:
            return self.video.read_crtc(addr)
        if 0x40 <= reg < 0x60:
            return self.via.read(addr)
        return 0xFF

    def _sheila_peek(self, addr: int) -> int:
        reg = addr & 0xFF
        if reg < 0x08:
            return self.video.read_crtc(addr)
        if 0x40 <= reg < 0x60:
            return self.via.peek(addr)
        return 0xFF

    def _sheila_write(self, addr: int, value: int) -> None:
        reg = addr & 0xFF
        if reg < 0x08:
            self.video.write_crtc(addr, value)
        elif 0x20 <= reg < 0x30:
            self.video.write_ula(addr, value)
        elif 0x40 <= reg < 0x60:
            self.via.write(addr, value)

    # -- power, frame -------------------------------------------------------------
    def power_on(self) -> None:
        """Clear RAM, load the program's RAM parts, reset."""
        self.bus.ram[0:0x8000] = bytes(0x8000)
        for addr, data in self.program.chunks:
            if addr < 0x8000:
                self.bus.load(addr, data)
        self.reset()

    def reset(self) -> None:
        self.via.reset()
        self.sound.reset()
        self.video.reset()
        self.video.set_mode(0xF4)
        self.hostfs.reset()
        self.mouse.reset()
        super().reset()

    def frame_events(self) -> list[tuple[int, Any]]:
        events: list[tuple[int, Any]] = [(c, self.via.sync)
                                         for c in range(SYNC_STEP, FRAME_CYCLES, SYNC_STEP)]
        events.append((VSYNC_CYCLE, self._vsync))
        events.sort(key=lambda e: e[0])
        events.append((FRAME_CYCLES, self._end_frame))
        return events

    def _vsync(self) -> None:
        self.via.sync()
        self.via.vsync()

    def _end_frame(self) -> None:
        self.via.sync()
        self.video.render()

    def set_buttons(self, buttons: int) -> None:
        super().set_buttons(buttons)
        self.keyboard.set_keys([k for i, k in enumerate(self.KEYS) if buttons >> i & 1])

    def device_snapshot(self) -> dict[str, Any]:
        return {"via": self.via.snapshot(), "video": self.video.snapshot(),
                "hostfs": self.hostfs.snapshot(), "keys": sorted(self.keyboard.down),
                "sound": self.sound.snapshot()}

    def device_restore(self, state: dict[str, Any]) -> None:
        self.via.restore(state["via"])
        self.video.restore(state["video"])
        self.hostfs.restore(state["hostfs"])
        self.mouse.restore(state.get("pointer", {"regs": [0, 0, 0]}))
        self.keyboard.down = set(state["keys"])
        self.sound.restore(state["sound"])
        self._irq_level = bool(self.cpu.snapshot()["irq_line"])

    def check_state(self) -> list[str]:
        return super().check_state() + self.hostfs.problems()

    def sound_logs(self) -> tuple[Any, ...]:
        return (self.sound.log,)

    def memory_spaces(self) -> dict[str, int]:
        return {"cpu": 0x10000}
