"""A NES board around a few lines of 6502 source, for tests of its devices."""

from __future__ import annotations

from retroscope.asm import assemble
from retroscope.machines.base import Built
from retroscope.machines.nes.machine import NesMachine, nes_info


class TinyNes(NesMachine):
    INFO = nes_info(id="tiny", title="tiny")

    def state(self) -> dict:
        return {}


def tiny_nes(source: str, chr_data: bytes = bytes(0x2000)) -> TinyNes:
    """The program assembled into the 32 KiB PRG ($8000-$FFFF), reset."""
    built = Built(assemble(source, "6502"))
    m = TinyNes(built.image(0x8000, 0xFFFF), chr_data, symbols=built.symbols)
    m.reset()
    return m
