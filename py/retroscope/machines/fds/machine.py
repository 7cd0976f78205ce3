"""An FDS as a `Machine`: the NES (`nes.machine.NesMachine`) with the disk system.

CPU address space, beside the NES's (see nes/machine.py):

  $6000-$DFFF  32 KiB program RAM, loaded from the disk (here: by `power_on`)
  $E000-$FFFF  BIOS ROM (bios.asm, a minimal stand-in of our own)
  $4040-$4092  the wavetable sound channel (sound.py), logged for the page's synth

Not modelled: the disk drive and its registers ($4020-$4033).
Subclasses pass their disk program (a `base.Built`) and CHR.
"""

from __future__ import annotations

from typing import Any

from ...cpu.bus import Bus
from ..base import Built, assemble_package
from ..nes.machine import CPU_HZ, NesMachine
from ..sound import SoundLog
from .audio import FdsSound

RAM_START, RAM_END = 0x6000, 0xDFFF
BIOS_START = 0xE000
PACKAGE = __name__.rpartition(".")[0]


def bios() -> Built:
    return assemble_package(PACKAGE, "bios.asm", "6502")


class FdsMachine(NesMachine):
    def __init__(self, disk: Built, chr_data: bytes, *, mirroring: str = "horizontal",
                 chr_writable: bool = True) -> None:
        self.disk = disk
        self.chr_data = chr_data
        # The debugger's source view and symbols cover the disk program and the BIOS.
        self.programs = [disk.program, bios().program]
        symbols = {**bios().symbols, **disk.symbols}
        super().__init__(bytes(0x8000), chr_data, mirroring=mirroring, symbols=symbols,
                         chr_writable=chr_writable)
        self.fds_sound = FdsSound(lambda: self.cpu.cycles, lambda: self._frame_start, CPU_HZ)
        self._sound = (self.apu.log, self.fds_sound.log)

    def sound_logs(self) -> tuple[SoundLog, ...]:
        return self._sound

    def _io_read(self, addr: int) -> int:
        if addr >= 0x4040:
            return self.fds_sound.peek(addr)
        return super()._io_read(addr)

    def _io_peek(self, addr: int) -> int:
        if addr >= 0x4040:
            return self.fds_sound.peek(addr)
        return super()._io_peek(addr)

    def _io_write(self, addr: int, value: int) -> None:
        if addr >= 0x4040:
            if addr <= 0x408A:
                self.fds_sound.write(addr, value)
        else:
            super()._io_write(addr, value)

    def reset(self) -> None:
        self.fds_sound.reset()
        super().reset()

    def device_snapshot(self) -> dict[str, Any]:
        return {**super().device_snapshot(), "fds_sound": self.fds_sound.snapshot()}

    def device_restore(self, state: dict[str, Any]) -> None:
        super().device_restore(state)
        if "fds_sound" in state:
            self.fds_sound.restore(state["fds_sound"])

    def _map(self, bus: Bus, prg: bytes) -> None:
        super()._map(bus, prg)
        # RAM where a cartridge has PRG ROM, and the BIOS at $E000 (each mapping
        # replaces the cartridge's there).
        bus.map(RAM_START, RAM_END, name="FDS RAM (disk program)", kind="ram")
        bus.map_rom(BIOS_START, bios().image(BIOS_START, 0xFFFF), name="FDS BIOS (minimal)")

    def power_on(self) -> None:
        """Clear RAM, load the disk program (and the CHR) and reset."""
        self.bus.ram[0:BIOS_START] = bytes(BIOS_START)
        self.disk_image_into(self.bus)
        self.ppu.load_chr(self.chr_data)
        self.reset()

    def disk_image_into(self, bus: Any) -> None:
        for addr, data in self.programs[0].chunks:  # (the disk program in force)
            bus.load(addr, data)
