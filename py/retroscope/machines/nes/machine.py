"""An NES (or Famicom) as a `Machine`: 2A03 CPU, memory map, PPU, controller, frame.

CPU address space:

  $0000-$07FF  2 KiB internal RAM, mirrored up to $1FFF
  $2000-$2007  PPU registers, mirrored up to $3FFF
  $4000-$40FF  APU and I/O: $4000-$4013, $4015, $4017 (write) the APU (apu.py:
               registers, $4015 status, writes logged for the page's synth),
               $4014 OAM DMA, $4016 controller strobe (both pads) / pad 1,
               $4017 pad 2 (bits 8-15 of `buttons`: a game that names 16
               buttons has a second player); other reads return the open-bus $40.
  $6000-$7FFF  plain RAM (cartridge work RAM)
  $8000-$FFFF  PRG ROM (16 KiB images are mirrored)

A frame is NTSC: 262 lines of 341 dots, CPU clock = dot clock / 3 (so frames
alternate between 29780 and 29781 CPU cycles, the remainder carried in dots),
one dot shorter on odd frames while rendering is on. Schedule: the picture is
drawn when the visible lines end (line 240), vblank starts with NMI at line 241
dot 1, the flags clear at line 261 dot 1, the frame ends after line 261.

Subclasses pass their PRG/CHR and symbols, and may name a wait loop
(`IDLE_LOOP`) that the machine may skip exactly (`Machine.skip_idle`).
"""

from __future__ import annotations

from typing import Any

from ...cpu.bus import Bus
from ..base import IdleLoop, Machine, MachineInfo, TouchControls, wrapped_slice
from ..sound import SoundLog
from .apu import Apu
from .controller import BUTTONS, OPEN_BUS, Controller
from .palette import machine_palette
from .ppu import HEIGHT, PPU, WIDTH

DOTS_PER_LINE = 341
LINES_PER_FRAME = 262
FRAME_DOTS = DOTS_PER_LINE * LINES_PER_FRAME  # 89342
CPU_HZ = 236_250_000 / 11 / 12  # 1.789773 MHz (NTSC master clock / 12)
FPS = CPU_HZ * 3 / (FRAME_DOTS - 0.5)  # 60.0988 Hz, odd frames one dot short

RENDER_DOT = 240 * DOTS_PER_LINE  # visible picture complete
VBLANK_DOT = 241 * DOTS_PER_LINE + 1
PRERENDER_DOT = 261 * DOTS_PER_LINE + 1

OAM_DMA_CYCLES = 513  # +1 when the write lands on an odd CPU cycle

NES_INFO_DEFAULTS: dict[str, Any] = dict(
    cpu="2a03", clock_hz=CPU_HZ, fps=FPS, width=WIDTH, height=HEIGHT,
    buttons=BUTTONS,
    keys={"ArrowRight": "Right", "ArrowLeft": "Left", "ArrowDown": "Down",
          "ArrowUp": "Up", "Enter": "Start", "ShiftLeft": "Select",
          "ShiftRight": "Select", "KeyZ": "B", "KeyX": "A"},
    # The pad's cross with its diagonals, and B A where a thumb rests.
    touch=TouchControls(big=("B", "A")),
)


def nes_info(**fields: Any) -> MachineInfo:
    """A MachineInfo with the NES's clock, frame, screen and pad filled in."""
    return MachineInfo(**{**NES_INFO_DEFAULTS, **fields})


class NesMachine(Machine):
    """Base for NES/FDS machines. Pass `prg` (16 or 32 KiB for $8000) and `chr`."""

    # (loop address, flag address): the program's "wait for NMI" loop is
    #   loop: LDA flag ; BEQ loop   (zero-page LDA, 6 cycles per turn)
    # and may be skipped over in whole turns while the flag stays 0.
    IDLE_LOOP: tuple[int, int] | None = None
    IDLE_TURN_CYCLES = 6
    # The sprite-0 hit and overflow dots of the frame in progress: as many as it has.
    FREE_STATE = (("devices", "flags"),)

    def __init__(self, prg: bytes, chr_data: bytes = b"", *, mirroring: str = "horizontal",
                 symbols: dict[str, int] | None = None, chr_writable: bool = False) -> None:
        from ...cpu import MOS6502  # lazily: the cores package loads on demand

        bus = Bus()
        self.ppu = PPU(chr_data, mirroring, chr_writable=chr_writable)
        self.pad1 = Controller()
        self.pad2 = Controller()
        self._map(bus, prg)
        cpu = MOS6502(bus, variant="2a03")
        super().__init__(bus, cpu, symbols)
        self.apu = Apu(lambda: self.cpu.cycles, lambda: self._frame_start, CPU_HZ)
        self._sound = (self.apu.log,)
        self.palette = machine_palette()
        self.ppu.on_nmi = self._raise_nmi
        self._dot_phase = 0  # dots past the CPU cycle boundary at frame start
        self._frame_dots = FRAME_DOTS
        self._flag_dots: list[tuple[int, int]] = []
        self._odd = False
        self.dma_count = 0
        # (IDLE_LOOP, its IdleLoop): asked for several times a frame, made once
        self._idle_made: tuple[tuple[int, int], IdleLoop] | None = None
        self._nmi_raised = False
        self.runner = self.run_idle

    # -- memory map ---------------------------------------------------------------
    def _map(self, bus: Bus, prg: bytes) -> None:
        ram = bus.ram

        def ram_mirror_read(addr: int) -> int:
            return ram[addr & 0x7FF]

        def ram_mirror_write(addr: int, value: int) -> None:
            ram[addr & 0x7FF] = value

        bus.map(0x0800, 0x1FFF, name="RAM mirror", read=ram_mirror_read,
                write=ram_mirror_write, peek=ram_mirror_read, kind="ram")
        ppu = self.ppu
        bus.map(0x2000, 0x3FFF, name="PPU registers", read=ppu.read_reg,
                write=ppu.write_reg, peek=ppu.peek_reg, kind="io")
        bus.map(0x4000, 0x40FF, name="APU/IO", read=self._io_read,
                write=self._io_write, peek=self._io_peek, kind="io")
        if len(prg) not in (0x4000, 0x8000):
            raise ValueError(f"PRG must be 16 or 32 KiB, not {len(prg)} bytes")
        bus.map_rom(0x8000, bytes(prg) * (0x8000 // len(prg)), name="PRG ROM")

    def _io_read(self, addr: int) -> int:
        # $4016 and $4017 the pads; the rest read the open bus.
        if addr == 0x4016:
            return self.pad1.read()
        if addr == 0x4017:
            return self.pad2.read()
        return self.apu.read_status() if addr == 0x4015 else OPEN_BUS

    def _io_peek(self, addr: int) -> int:
        if addr == 0x4016:
            return self.pad1.peek()
        if addr == 0x4017:
            return self.pad2.peek()
        return self.apu.peek_status() if addr == 0x4015 else OPEN_BUS

    def _io_write(self, addr: int, value: int) -> None:
        if addr == 0x4016:  # the strobe reaches both ports
            self.pad1.write(value)
            self.pad2.write(value)
        elif addr == 0x4014:
            self._oam_dma(value)
        elif addr <= 0x4017:  # $4000-$4013, $4015, $4017: the APU
            self.apu.write(addr - 0x4000, value)

    def _oam_dma(self, page: int) -> None:
        """Copy a CPU page to OAM; the CPU stalls 513 cycles, 514 on an odd cycle.

        The stall is charged at the write (`cpu.stall`): the core counts it
        before the next instruction, so every later instruction and frame
        event sits at its exact cycle whatever the runner."""
        self.ppu.oam_dma(self.bus.read_page(page))
        # The core reports the cycle count at the start of the instruction; the
        # write is the 4th cycle of STA/STX/STY absolute.
        write_cycle = self.cpu.cycles + 3
        self.cpu.stall(OAM_DMA_CYCLES + (write_cycle & 1))
        self.dma_count += 1

    def _raise_nmi(self) -> None:
        self._nmi_raised = True
        self.cpu.nmi()

    # -- frame ----------------------------------------------------------------------
    def frame_events(self) -> list[tuple[int, Any]]:
        self._frame_dots = FRAME_DOTS - (1 if self._odd and self.ppu.rendering else 0)
        # Sprite-0 hit and overflow: where in the picture they happen, from
        # the state the game left in vblank.
        self._flag_dots = self.ppu.frame_flags()
        return self._schedule()

    def _schedule(self) -> list[tuple[int, Any]]:
        """This frame's events in CPU cycles, from its dot phase and length."""
        phase = self._dot_phase
        flags = [((phase + dot) // 3, lambda bit=bit: self.ppu.set_flag(bit))
                 for dot, bit in self._flag_dots]
        return flags + [
            ((phase + RENDER_DOT) // 3, self._render),
            ((phase + VBLANK_DOT) // 3, self._start_vblank),
            ((phase + PRERENDER_DOT) // 3, self._end_vblank),
            ((phase + self._frame_dots) // 3, self._end_frame),
        ]

    def _render(self) -> None:
        if self.picture_wanted:
            self.ppu.render(self.framebuffer)

    def _start_vblank(self) -> None:
        self.ppu.start_vblank()

    def _end_vblank(self) -> None:
        self.ppu.end_vblank()

    def _end_frame(self) -> None:
        self._dot_phase = (self._dot_phase + self._frame_dots) % 3
        self._odd = not self._odd

    def set_buttons(self, buttons: int) -> None:
        super().set_buttons(buttons)
        self.pad1.buttons = buttons & 0xFF
        self.pad2.buttons = (buttons >> 8) & 0xFF

    def sound_logs(self) -> tuple[SoundLog, ...]:
        return self._sound

    def reset(self) -> None:
        self.ppu.reset()
        self.apu.reset()
        self.pad1.strobe = self.pad1.shift = 0
        self.pad2.strobe = self.pad2.shift = 0
        self._dot_phase = 0
        self._odd = False
        self._flag_dots = []
        self.dma_count = 0
        self._nmi_raised = False
        super().reset()

    # -- the wait loop, skipped (Machine.skip_idle) ---------------------------------
    @property
    def idle_loop(self) -> IdleLoop | None:  # type: ignore[override]
        idle = self.IDLE_LOOP
        if idle is None:
            return None
        made = self._idle_made
        if made is None or made[0] != idle:
            loop, flag = idle  # LDA flag / BEQ loop; the taken branch reads loop+4 too
            made = self._idle_made = (idle, IdleLoop(loop, loop + 4, self.IDLE_TURN_CYCLES,
                                                     data=(flag, loop + 4)))
        return made[1]

    def idle_steady(self) -> bool:
        """At the LDA or the BEQ with the flag still 0 and a turn done (A = 0,
        Z set, N clear: registers exactly as after more turns), and no NMI
        raised since the core last ran (it takes that first)."""
        if self._nmi_raised:
            self._nmi_raised = False
            return False
        loop, flag = self.IDLE_LOOP  # type: ignore[misc]
        cpu = self.cpu
        return ((cpu.pc == loop or cpu.pc == loop + 2) and self.bus.ram[flag] == 0
                and cpu.a == 0 and cpu.p & 0x82 == 0x02)

    # -- state ----------------------------------------------------------------------
    def device_snapshot(self) -> dict[str, Any]:
        return {
            "ppu": self.ppu.snapshot(),
            "apu": self.apu.snapshot(),
            "pad1": self.pad1.snapshot(),
            "pad2": self.pad2.snapshot(),
            "timing": [self._dot_phase, self._frame_dots, int(self._odd)],
            "flags": [list(flag) for flag in self._flag_dots],
        }

    def device_restore(self, state: dict[str, Any]) -> None:
        self.ppu.restore(state["ppu"])
        if "apu" in state:  # snapshots from before the APU was modelled: leave it
            self.apu.restore(state["apu"])
        self.pad1.restore(state["pad1"])
        self.pad2.restore(state.get("pad2", [0, 0, 0]))  # (older snapshots: none)
        self._dot_phase, self._frame_dots, odd = state["timing"][:3]
        self._odd = bool(odd)
        self._flag_dots = [(int(dot), int(bit)) for dot, bit in state.get("flags", [])]
        self._nmi_raised = True  # conservative: no skip before one real slice

    def restore(self, snap: dict[str, Any]) -> None:
        super().restore(snap)
        self._events = self._schedule()  # the frame in progress, as saved

    def check_state(self) -> list[str]:
        problems = super().check_state()
        if self._dot_phase not in (0, 1, 2) or self._frame_dots not in (FRAME_DOTS - 1, FRAME_DOTS):
            problems.append("its PPU's frame timing is not the NES's")
        clock = self.apu.clock_problem()
        return problems + [clock] if clock else problems

    def memory_spaces(self) -> dict[str, int]:
        return {"cpu": 0x10000, "ppu": 0x4000, "oam": 0x100}

    def read_space(self, space: str, addr: int, length: int) -> bytes:
        if space == "ppu":
            return wrapped_slice(self.ppu.vram_image(), addr, length)
        if space == "oam":
            return wrapped_slice(bytes(self.ppu.oam), addr, length)
        return super().read_space(space, addr, length)

    def writable_spaces(self) -> tuple[str, ...]:
        return ("cpu", "ppu", "oam")

    def write_space(self, space: str, addr: int, data: bytes) -> None:
        """PPU space through the PPU's own write (CHR ROM ignores it, palette
        entries keep 6 bits, mirrors land where the hardware puts them)."""
        if space == "ppu":
            for i, value in enumerate(data):
                self.ppu.vram_write((addr + i) & 0x3FFF, value)
        elif space == "oam":
            for i, value in enumerate(data):
                self.ppu.oam[(addr + i) & 0xFF] = value
        else:
            super().write_space(space, addr, data)
