"""The BBC Micro under JMC: the VIA's T1 clock, vertical sync, the keyboard
through OSBYTE &81, the screen through the CRTC/ULA, the idle skip."""

from __future__ import annotations

from retroscope.debug.rewind import state_hash
from retroscope.machines.bbc.keyboard import inkey, key_number
from retroscope.machines.bbc.machine import FPS
from retroscope.machines.bbc.video import _index
from retroscope.machines.jmc import create


def test_the_centisecond_clock_and_vsync_keep_time() -> None:
    m = create()
    m.run_frame()
    clock0 = int.from_bytes(m.bus.ram[0x292:0x297], "little")
    vsync0 = m.bus.ram[0x290]
    for _ in range(100):
        m.run_frame()
    clock = int.from_bytes(m.bus.ram[0x292:0x297], "little") - clock0
    assert abs(clock - round(100 * 100 / FPS)) <= 1       # 100 frames = ~2 s
    assert (m.bus.ram[0x290] - vsync0) & 0xFF == 100


def test_osbyte_81_scans_one_key_through_the_system_via() -> None:
    m = create()
    m.run_frame()
    m.keyboard.set_keys(["Space"])
    assert m.call("OSBYTE", a=0x81, x=inkey("Space"), y=0xFF)["x"] == 0xFF
    assert m.call("OSBYTE", a=0x81, x=inkey("Return"), y=0xFF)["x"] == 0
    assert key_number("Space") == 0x62 and inkey("Space") == 0x9D   # INKEY -99


def test_osword_1_reads_the_clock() -> None:
    m = create()
    m.bus.ram[0x292:0x297] = bytes([1, 2, 3, 4, 5])
    m.call("OSWORD", a=1, x=0x00, y=0x0A)
    assert bytes(m.bus.ram[0x0A00:0x0A05]) == bytes([1, 2, 3, 4, 5])


def test_mode_2_pixels_come_from_bits_7531_and_6420() -> None:
    assert _index(0b10101010, 0) == 15 and _index(0b10101010, 1) == 0
    assert _index(0b01010101, 1) == 15
    m = create()
    m.run_frame()
    m.bus.ram[0x3000] = 0b10000010        # left pixel logical 9, right 0
    m.video.render()
    assert m.framebuffer[0] == m.framebuffer[1] == m.video.physical(9)
    assert m.framebuffer[2] == m.video.physical(0)


def test_the_idle_skip_changes_nothing_but_the_time_it_takes() -> None:
    fast, slow = create(seed="00C0FFEE"), create(seed="00C0FFEE")
    slow.runner = slow.cpu.run
    for i in range(60):
        buttons = 1 << (i % 16) if i % 9 == 0 else 0
        fast.run_frame(buttons)
        slow.run_frame(buttons)
        assert state_hash(fast.snapshot()) == state_hash(slow.snapshot()), i


def test_a_restore_shows_the_picture_drawn_not_the_screen_memory_since_written() -> None:
    """The screen is drawn at the end of a frame: screen memory written after
    that (by the program or by hand) shows from the next one, and a restore
    brings back the picture on screen when the snapshot was taken."""
    m = create()
    for _ in range(30):
        m.run_frame()
    drawn = bytes(m.framebuffer)
    m.bus.ram[0x3000:0x3400] = bytes([0b10101010]) * 0x400  # a band of logical colour 15
    snap = m.snapshot()
    m.run_frame()
    assert bytes(m.framebuffer) != drawn  # the band is drawn
    other = create()
    for machine in (m, other):
        machine.restore(snap)
        assert bytes(machine.framebuffer) == drawn
        machine.run_frame()
        assert bytes(machine.framebuffer) != drawn  # and drawn again by the next frame
