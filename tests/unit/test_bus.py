"""The shared bus: RAM by default, mapped pages, ROM, watches that cost nothing off."""

from __future__ import annotations

import pytest

from retroscope.cpu.bus import Bus


def test_an_unmapped_bus_reads_and_writes_ram_through_c_calls():
    bus = Bus()
    assert bus.read == bus.ram.__getitem__
    bus.write(0x1234, 0x56)
    assert bus.read(0x1234) == 0x56 == bus.peek(0x1234)


def test_rom_ignores_writes_and_io_pages_call_their_handlers():
    bus = Bus()
    bus.map_rom(0x8000, bytes([1, 2, 3]), name="ROM")
    bus.write(0x8000, 99)
    assert bus.read(0x8000) == 1
    seen = []
    bus.map(0x2000, 0x20FF, name="IO", read=lambda a: a & 0xFF,
            write=lambda a, v: seen.append((a, v)), peek=lambda a: 0xEE)
    assert bus.read(0x2005) == 5 and bus.peek(0x2005) == 0xEE
    bus.write(0x2001, 7)
    assert seen == [(0x2001, 7)]
    assert bus.read(0x1FFF) == 0  # the page before is still RAM


def test_a_later_mapping_replaces_the_regions_it_covers():
    bus = Bus()
    bus.map_rom(0x8000, bytes(0x8000), name="PRG ROM")
    bus.map(0x6000, 0xDFFF, name="disk RAM", kind="ram")
    bus.map_rom(0xE000, bytes(0x2000), name="BIOS")
    assert [(r.start, r.end, r.name) for r in bus.regions] == [
        (0x6000, 0xDFFF, "disk RAM"), (0xE000, 0xFFFF, "BIOS")]
    bus.write(0x9000, 42)  # RAM now, where the ROM was
    assert bus.read(0x9000) == 42


def test_watches_see_every_access_and_go_away_completely():
    bus = Bus()
    log = []
    watch = lambda a, v: log.append((a, v))  # noqa: E731
    bus.add_watch("write", watch)
    bus.write(0x10, 3)
    assert log == [(0x10, 3)]
    bus.remove_watch("write", watch)
    assert bus.write == bus.ram.__setitem__
    with pytest.raises(ValueError):
        bus.add_watch("exec", watch)


def test_mapping_must_cover_whole_pages():
    with pytest.raises(ValueError):
        Bus().map(0x2001, 0x20FF, name="odd")
