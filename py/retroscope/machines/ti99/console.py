"""A TI-99/4A console stand-in as a `Machine`: TMS9900, memory map, VDP, 9901.

CPU address space (TI-99/4A Technical Data; MAME's ti99_4x.cpp map):

  >0000->1FFF  console ROM, 16-bit bus: here our own small ROM (console.asm),
               no TI code: vectors, boot, the interrupt routine
  >2000->3FFF  32K expansion, low 8 KiB (8-bit bus: wait states)
  >4000->7FFF  peripheral ROMs and cartridge: nothing fitted (reads 0);
               >5FF0 is this stand-in's cycle probe (see `probe`)
  >8000->83FF  256 bytes of 16-bit scratchpad RAM, mirrored four times
  >8400        TMS9919 sound chip (../sn76489.py), written on the high byte
               (even addresses) of >8400->87FF, clocked at 3,579,545 Hz
  >8800/>8802  VDP read data / status; >8C00/>8C02 write data / address
  >9000->9FFF  speech and GROM ports: nothing fitted (reads 0)
  >A000->FFFF  32K expansion, high 24 KiB (8-bit bus)

The TMS9900 runs at 3.0 MHz with the 4A's 4 wait states per access outside
the ROM and scratchpad (`memory.py`'s table, which the core takes). The VDP's interrupt
goes through the 9901 to INTREQ level 1. A frame is 262 lines of 342 VDP
dots at 5.3693 MHz: 50,064 CPU cycles; F is set as line 192 ends, when the
picture is drawn. Keys are held through `set_keys` (names from
`tms9901.COLUMNS`); machines map their buttons to keys.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Any

from ...cpu.bus import Bus
from ..base import Machine, wrapped_slice
from ..sn76489 import SN76489, TI99_CLOCK
from .memory import WAIT_STATES
from .tms9901 import TMS9901
from .vdp import HEIGHT, PALETTE, VDP, WIDTH

CPU_HZ = 3_000_000
FRAME_CYCLES = 50_064          # 3.0 MHz x 342 x 262 / 5,369,318 Hz
FPS = CPU_HZ / FRAME_CYCLES    # 59.92 Hz
INTERRUPT_CYCLE = FRAME_CYCLES * 192 // 262
PROBE = 0x5FF0                 # writes in >5F00->5FFF record cpu.cycles (see probe)
ROM_PACKAGE = "retroscope.machines.ti99"

__all__ = ["CPU_HZ", "FPS", "FRAME_CYCLES", "HEIGHT", "PROBE", "Ti99Machine", "WIDTH",
           "console_rom"]


@lru_cache(maxsize=1)
def console_rom() -> tuple[bytes, dict[str, int]]:
    """Our console ROM (8 KiB image) and its symbols."""
    from ...asm import assemble

    source = resources.files(ROM_PACKAGE).joinpath("console.asm").read_text()
    program = assemble(source, "tms9900", filename="console.asm")
    image = bytearray(0x2000)
    for address, data in program.chunks:
        if address + len(data) > 0x2000:
            raise ValueError(f"console ROM bytes at >{address:04X} pass >1FFF")
        image[address:address + len(data)] = data
    return bytes(image), dict(program.symbols)


class Ti99Machine(Machine):
    """Base for TI-99/4A machines: pass the program's chunks and symbols."""

    FREE_STATE: tuple[tuple[str | int, ...], ...] = (("devices", "tms9901", "pressed"),)

    def __init__(self, chunks: list[tuple[int, bytes]], symbols: dict[str, int]) -> None:
        from ...cpu import TMS9900

        bus = Bus()
        rom, rom_symbols = console_rom()
        self.vdp = VDP()
        self.cpu_irq = False
        self.tms9901 = TMS9901(self._intreq)
        self.vdp.on_interrupt = self.tms9901.vdp_interrupt
        self.probes: list[int] = []
        self.sound = SN76489(TI99_CLOCK, CPU_HZ)
        self._map(bus, rom)
        cpu = TMS9900(bus, wait_states=WAIT_STATES)
        cpu.attach_cru(self.tms9901)
        self.image = [(a, bytes(d)) for a, d in chunks]
        for address, data in self.image:
            bus.load(address, data)
        super().__init__(bus, cpu, {**rom_symbols, **symbols})
        self.palette = list(PALETTE) + [0] * (256 - len(PALETTE))
        self.runner = self.run_idle
        # The TMS9900 core keeps its cycle count current inside run(): a write
        # is stamped at the start of the instruction that makes it.
        self.sound.attach(lambda: (self.frame, cpu.cycles - self._frame_start))

    # The program's wait loop is skipped in whole turns (runcontrol.skip_idle):
    # a machine with one sets `idle_loop` and says when it is steady
    # (`idle_steady`, which must also see that no interrupt is pending).

    # -- memory map ---------------------------------------------------------------------
    def _map(self, bus: Bus, rom: bytes) -> None:
        ram = bus.ram
        bus.map_rom(0x0000, rom, name="console ROM (ours)")

        def nothing(addr: int) -> int:
            return 0

        def ignore(addr: int, value: int) -> None:
            pass

        def probe(addr: int, value: int) -> None:
            self.probe(addr & 0xFFFE, self.cpu.cycles, value)

        bus.map(0x4000, 0x7FFF, name="peripheral/cartridge space (empty)", read=nothing,
                write=ignore, peek=nothing, kind="io")
        bus.map(0x5F00, 0x5FFF, name="cycle probe", read=nothing, write=probe,
                peek=nothing, kind="io")

        def pad_read(addr: int) -> int:
            return ram[0x8300 | (addr & 0xFF)]

        def pad_write(addr: int, value: int) -> None:
            ram[0x8300 | (addr & 0xFF)] = value

        bus.map(0x8000, 0x82FF, name="scratchpad mirrors", read=pad_read, write=pad_write,
                peek=pad_read, kind="ram")
        sound = self.sound

        def sound_write(addr: int, value: int) -> None:
            if not addr & 1:  # the chip sits on the high byte (D0-D7) only
                sound.write(value)

        bus.map(0x8400, 0x87FF, name="TMS9919 sound", read=nothing, write=sound_write,
                peek=nothing, kind="io")
        vdp = self.vdp

        def vdp_read(addr: int) -> int:
            if addr & 1:
                return 0  # the VDP sits on the high byte only
            return vdp.read_status() if addr & 2 else vdp.read_data()

        def vdp_peek(addr: int) -> int:
            if addr & 1:
                return 0
            return vdp.peek_status() if addr & 2 else vdp.ahead

        def vdp_write(addr: int, value: int) -> None:
            if addr & 1:
                return
            if addr & 2:
                vdp.write_control(value)
            else:
                vdp.write_data(value)

        bus.map(0x8800, 0x8BFF, name="VDP read data/status", read=vdp_read, write=ignore,
                peek=vdp_peek, kind="io")
        bus.map(0x8C00, 0x8FFF, name="VDP write data/address", read=nothing,
                write=vdp_write, peek=nothing, kind="io")
        bus.map(0x9000, 0x9FFF, name="speech/GROM (empty)", read=nothing, write=ignore,
                peek=nothing, kind="io")

    def probe(self, addr: int, cycles: int, value: int = 0) -> None:
        """A write in the probe page (not a TI device: this stand-in's way to
        time code exactly). `cycles` is the CPU's count as the writing
        instruction stores, so a pair of identical probe instructions
        measures the code between them plus one probe instruction; `value`,
        the byte written."""
        self.probes.append(cycles)
        del self.probes[:-16]

    def _intreq(self, active: bool) -> None:
        self.cpu_irq = active
        cpu = getattr(self, "cpu", None)
        if cpu is not None:
            cpu.interrupt(1 if active else None)

    # -- frame --------------------------------------------------------------------------
    def frame_events(self) -> list[tuple[int, Any]]:
        return [(INTERRUPT_CYCLE, self._end_of_picture), (FRAME_CYCLES, self._end_frame)]

    def _end_of_picture(self) -> None:
        self.vdp.render(self.framebuffer)
        self.vdp.end_of_active_display()

    def _end_frame(self) -> None:
        pass

    def reset(self) -> None:
        self.vdp.reset()
        self.tms9901.reset()
        self.sound.reset()
        self.probes.clear()
        self.cpu.interrupt(None)
        super().reset()

    # -- state --------------------------------------------------------------------------
    def device_snapshot(self) -> dict[str, Any]:
        return {"vdp": self.vdp.snapshot(), "tms9901": self.tms9901.snapshot(),
                "sound": self.sound.snapshot()}

    def device_restore(self, state: dict[str, Any]) -> None:
        self.vdp.restore(state["vdp"])
        self.tms9901.restore(state["tms9901"])
        self.sound.restore(state["sound"])

    def sound_logs(self) -> tuple[Any, ...]:
        return (self.sound.log,)

    def memory_spaces(self) -> dict[str, int]:
        return {"cpu": 0x10000, "vram": 0x4000}

    def read_space(self, space: str, addr: int, length: int) -> bytes:
        if space == "vram":
            return wrapped_slice(self.vdp.vram, addr, length)
        return super().read_space(space, addr, length)
