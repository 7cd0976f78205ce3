"""The NES PPU as a CPU sees it, and what it draws."""

from __future__ import annotations

import pytest

from retroscope.machines.nes.controller import Controller
from retroscope.machines.nes.palette import NES_PALETTE
from retroscope.machines.nes.ppu import HEIGHT, PPU, WIDTH


def set_addr(ppu: PPU, addr: int) -> None:
    ppu.write_reg(0x2006, addr >> 8)
    ppu.write_reg(0x2006, addr & 0xFF)


def solid_tile(value: int) -> bytes:
    """A 16-byte tile whose every pixel has the 2-bit value `value`."""
    lo = 0xFF if value & 1 else 0
    hi = 0xFF if value & 2 else 0
    return bytes([lo] * 8 + [hi] * 8)


def test_two_writes_to_2006_set_the_address_that_2007_writes_to():
    ppu = PPU()
    set_addr(ppu, 0x2123)
    ppu.write_reg(0x2007, 0x5A)
    assert ppu.vram_read(0x2123) == 0x5A
    assert ppu.regs.v == 0x2124


def test_reading_2002_resets_the_write_latch_shared_with_2005():
    ppu = PPU()
    ppu.write_reg(0x2006, 0x21)  # first half only
    ppu.read_reg(0x2002)
    set_addr(ppu, 0x2345)
    assert ppu.regs.v == 0x2345
    ppu.write_reg(0x2005, 0x7D)  # first write: x scroll
    assert ppu.regs.w == 1 and ppu.regs.x == 5
    ppu.read_reg(0x2002)
    assert ppu.regs.w == 0


def test_2005_writes_land_in_the_scroll_bits_of_t():
    ppu = PPU()
    ppu.write_reg(0x2005, 0x7D)  # coarse x 15, fine x 5
    ppu.write_reg(0x2005, 0x5E)  # coarse y 11, fine y 6
    assert ppu.regs.t == (6 << 12) | (11 << 5) | 15
    assert ppu.regs.x == 5


def test_2007_reads_below_the_palette_come_one_read_late():
    ppu = PPU()
    set_addr(ppu, 0x2000)
    for value in (0x11, 0x22, 0x33):
        ppu.write_reg(0x2007, value)
    set_addr(ppu, 0x2000)
    assert ppu.read_reg(0x2007) == 0  # the stale buffer
    assert ppu.read_reg(0x2007) == 0x11
    assert ppu.read_reg(0x2007) == 0x22


def test_palette_reads_are_immediate_and_fill_the_buffer_from_the_nametable_beneath():
    ppu = PPU()
    set_addr(ppu, 0x2F00)
    ppu.write_reg(0x2007, 0x99)
    set_addr(ppu, 0x3F00)
    ppu.write_reg(0x2007, 0x2C)
    set_addr(ppu, 0x3F00)
    assert ppu.read_reg(0x2007) == 0x2C
    assert ppu.regs.buffer == 0x99


def test_increment_is_32_when_ctrl_bit_2_is_set():
    ppu = PPU()
    ppu.write_reg(0x2000, 0x04)
    set_addr(ppu, 0x2000)
    ppu.write_reg(0x2007, 1)
    ppu.write_reg(0x2007, 2)
    assert ppu.vram_read(0x2000) == 1 and ppu.vram_read(0x2020) == 2


def test_sprite_palette_backdrop_entries_mirror_the_background_ones():
    ppu = PPU()
    set_addr(ppu, 0x3F10)
    ppu.write_reg(0x2007, 0x21)
    assert ppu.palette[0] == 0x21
    set_addr(ppu, 0x3F11)
    ppu.write_reg(0x2007, 0x16)
    assert ppu.palette[0x11] == 0x16 and ppu.palette[1] == 0


def test_horizontal_mirroring_pairs_2000_with_2400():
    ppu = PPU(mirroring="horizontal")
    set_addr(ppu, 0x2005)
    ppu.write_reg(0x2007, 0x42)
    assert ppu.vram_read(0x2405) == 0x42 and ppu.vram_read(0x2805) == 0
    vert = PPU(mirroring="vertical")
    set_addr(vert, 0x2005)
    vert.write_reg(0x2007, 0x42)
    assert vert.vram_read(0x2805) == 0x42 and vert.vram_read(0x2405) == 0


def test_reading_2002_reports_then_clears_vblank():
    ppu = PPU()
    ppu.start_vblank()
    assert ppu.read_reg(0x2002) & 0x80
    assert not ppu.read_reg(0x2002) & 0x80


def test_nmi_fires_at_vblank_only_when_enabled_and_when_enabled_during_vblank():
    ppu = PPU()
    fired = []
    ppu.on_nmi = lambda: fired.append(1)
    ppu.start_vblank()
    assert fired == []
    ppu.write_reg(0x2000, 0x80)  # enabling while the flag is up fires at once
    assert fired == [1]
    ppu.end_vblank()
    ppu.start_vblank()
    assert fired == [1, 1]


def test_oam_data_writes_increment_the_oam_address_and_dma_starts_there():
    ppu = PPU()
    ppu.write_reg(0x2003, 0x10)
    ppu.write_reg(0x2004, 0xAB)
    assert ppu.oam[0x10] == 0xAB and ppu.regs.oam_addr == 0x11
    ppu.write_reg(0x2003, 0xFF)
    ppu.oam_dma(bytes(range(256)))
    assert ppu.oam[0xFF] == 0 and ppu.oam[0] == 1


def make_screen(ppu: PPU) -> None:
    ppu.load_chr(solid_tile(0) + solid_tile(1) + solid_tile(2) + solid_tile(3))
    # palette: backdrop $0F, group 1 colours $11 $12 $13, sprite group 0 $21 $22 $23
    ppu.palette[0] = 0x0F
    ppu.palette[5:8] = bytes([0x11, 0x12, 0x13])
    ppu.palette[0x11:0x14] = bytes([0x21, 0x22, 0x23])


def test_a_known_tile_is_drawn_with_its_attribute_palette():
    ppu = PPU()
    make_screen(ppu)
    ppu.nametables[0] = 2  # tile (0, 0): all pixels value 2
    ppu.nametables[0x3C0] = 0x01  # top-left 16x16 block uses palette group 1
    ppu.write_reg(0x2001, 0x0A)  # background on, left column shown
    fb = bytearray(WIDTH * HEIGHT)
    ppu.render(fb)
    assert fb[0] == 0x12 and fb[7 * WIDTH + 7] == 0x12
    assert fb[8] == 0x0F  # tile 0 elsewhere is transparent: backdrop
    assert set(fb) == {0x12, 0x0F}


def test_background_left_column_clipping_shows_the_backdrop():
    ppu = PPU()
    make_screen(ppu)
    ppu.nametables[0] = 3
    ppu.nametables[0x3C0] = 0x01
    ppu.write_reg(0x2001, 0x08)
    fb = bytearray(WIDTH * HEIGHT)
    ppu.render(fb)
    assert fb[0] == 0x0F


def test_fine_x_scroll_shifts_the_picture_left():
    ppu = PPU()
    make_screen(ppu)
    ppu.nametables[1] = 1  # tile (1, 0)
    ppu.nametables[0x3C0] = 0x01
    ppu.write_reg(0x2001, 0x0A)
    ppu.write_reg(0x2005, 3)
    ppu.write_reg(0x2005, 0)
    fb = bytearray(WIDTH * HEIGHT)
    ppu.render(fb)
    assert fb[4] == 0x0F and fb[5] == 0x11 and fb[12] == 0x11 and fb[13] == 0x0F


def reference_background(ppu: PPU, scroll_x: int, scroll_y: int) -> bytearray:
    """Pixel by pixel, the slow obvious way (vertical mirroring assumed)."""
    fb = bytearray(WIDTH * HEIGHT)
    for y in range(HEIGHT):
        sy = (scroll_y + y) % 480
        for x in range(WIDTH):
            sx = (scroll_x + x) % 512
            nt = 0x2000 + 0x400 * ((sx >= 256) + 2 * (sy >= 240))
            tx, ty = (sx % 256) // 8, (sy % 240) // 8
            tile = ppu.vram_read(nt + 32 * ty + tx)
            attr = ppu.vram_read(nt + 0x3C0 + 8 * (ty // 4) + tx // 4)
            group = (attr >> (((ty & 2) << 1) | (tx & 2))) & 3
            lo = ppu.chr[16 * tile + sy % 8]
            hi = ppu.chr[16 * tile + sy % 8 + 8]
            bit = 7 - sx % 8
            v = ((lo >> bit) & 1) | (((hi >> bit) & 1) << 1)
            fb[y * WIDTH + x] = ppu.palette[4 * group + v] if v else ppu.palette[0]
    return fb


@pytest.mark.parametrize(("sx", "sy"), [(0, 0), (0, 16), (13, 200), (300, 5)])
def test_the_background_matches_a_pixel_by_pixel_reference_at_any_scroll(sx, sy):
    import random
    rng = random.Random(sx * 1000 + sy)
    ppu = PPU(bytes(rng.randrange(256) for _ in range(0x2000)), mirroring="vertical")
    ppu.palette[:] = bytes(rng.randrange(64) for _ in range(32))
    ppu.invalidate_caches()
    ppu.nametables[:] = bytes(rng.randrange(256) for _ in range(0x800))
    ppu.write_reg(0x2000, (sx >> 8) | ((sy // 240) << 1))
    ppu.write_reg(0x2005, sx & 0xFF)
    ppu.write_reg(0x2005, sy % 240)
    ppu.write_reg(0x2001, 0x0A)
    fb = bytearray(WIDTH * HEIGHT)
    ppu.render(fb)
    assert fb == reference_background(ppu, sx, sy)
    ppu.render(fb)  # again, from the caches
    assert fb == reference_background(ppu, sx, sy)


def test_sprites_are_drawn_one_line_below_their_y_with_flips_and_front_priority():
    ppu = PPU()
    # tile 4: only the top-left pixel set (value 1)
    ppu.load_chr(bytes(64) + bytes([0x80] + [0] * 15))
    ppu.palette[0] = 0x0F
    ppu.palette[0x11:0x14] = bytes([0x21, 0x22, 0x23])
    ppu.palette[0x15:0x18] = bytes([0x31, 0x32, 0x33])
    ppu.oam[0:4] = bytes([9, 4, 0x00, 20])  # front sprite at (20, 10)
    ppu.oam[4:8] = bytes([9, 4, 0xC1, 20])  # flipped both ways: pixel at (27, 17)
    ppu.oam[8:12] = bytes([9, 4, 0x01, 20])  # hidden behind sprite 0 at (20, 10)
    ppu.write_reg(0x2001, 0x1E)
    fb = bytearray(WIDTH * HEIGHT)
    ppu.render(fb)
    assert fb[10 * WIDTH + 20] == 0x21
    assert fb[17 * WIDTH + 27] == 0x31
    assert sum(1 for p in fb if p != 0x0F) == 2


def test_a_behind_background_sprite_shows_only_through_transparent_background():
    ppu = PPU()
    make_screen(ppu)
    ppu.nametables[0] = 1  # opaque tile at (0..7, 0..7)
    ppu.oam[0:4] = bytes([0xFF, 3, 0x20, 4])  # y=255 -> off screen
    ppu.oam[4:8] = bytes([0, 3, 0x20, 4])  # behind bg, covers x 4..11, y 1..8
    ppu.write_reg(0x2001, 0x1E)
    fb = bytearray(WIDTH * HEIGHT)
    ppu.render(fb)
    assert fb[1 * WIDTH + 5] != 0x23  # bg tile opaque there
    assert fb[1 * WIDTH + 9] == 0x23  # bg transparent there


def test_rendering_off_shows_the_backdrop_colour():
    ppu = PPU()
    make_screen(ppu)
    ppu.nametables[0] = 1
    fb = bytearray(WIDTH * HEIGHT)
    ppu.render(fb)
    assert set(fb) == {0x0F}


def test_snapshot_and_restore_round_trip_every_register_and_memory():
    ppu = PPU()
    make_screen(ppu)
    set_addr(ppu, 0x2345)
    ppu.write_reg(0x2007, 7)
    ppu.write_reg(0x2005, 9)
    snap = ppu.snapshot()
    other = PPU()
    other.load_chr(ppu.chr)
    other.restore(snap)
    assert other.snapshot() == snap


def test_the_palette_has_64_colours():
    assert len(NES_PALETTE) == 64
    assert all(0 <= c <= 0xFFFFFF for c in NES_PALETTE)


@pytest.mark.parametrize("buttons", [0x00, 0x81, 0x5A, 0xFF])
def test_the_pad_shifts_out_a_first_and_right_last_then_ones(buttons):
    pad = Controller()
    pad.buttons = buttons
    pad.write(1)
    pad.write(0)
    got = 0
    for _ in range(8):
        got = (got << 1) | (pad.read() & 1)
    assert got == buttons
    assert pad.read() & 1 == 1


def test_while_strobed_the_pad_keeps_returning_a():
    pad = Controller()
    pad.buttons = 0x80
    pad.write(1)
    assert [pad.read() & 1 for _ in range(3)] == [1, 1, 1]


# -- sprite evaluation, sprite-0 hit, priority and the left masks ----------------------------------

def sprite_screen() -> PPU:
    """Tile 1 solid opaque (value 1) for sprites and background; backdrop $0F."""
    ppu = PPU()
    make_screen(ppu)
    ppu.palette[1:4] = bytes([0x01, 0x02, 0x03])  # background group 0
    ppu.oam[:] = bytes([0xFF]) * 256
    ppu.write_reg(0x2001, 0x1E)
    return ppu


def test_only_the_first_8_sprites_of_a_line_are_drawn_and_a_9th_sets_overflow():
    ppu = sprite_screen()
    for i in range(9):  # nine sprites on lines 21-28, side by side
        ppu.oam[4 * i : 4 * i + 4] = bytes([20, 1, 0, 16 * i + 8])
    drawn, overflow = ppu.evaluate_sprites()
    assert drawn[21] == list(range(8)) and overflow == (20, 8)
    fb = bytearray(WIDTH * HEIGHT)
    ppu.render(fb)
    assert fb[21 * WIDTH + 7 * 16 + 8] == 0x21  # the 8th is drawn
    assert fb[21 * WIDTH + 8 * 16 + 8] == 0x0F  # the 9th is not
    flags = ppu.frame_flags()
    assert [bit for _, bit in flags] == [0x20]
    assert flags[0][0] // 341 == 20  # raised while line 20 evaluates line 21


def test_eight_sprites_on_a_line_draw_all_and_leave_overflow_clear():
    ppu = sprite_screen()
    for i in range(8):
        ppu.oam[4 * i : 4 * i + 4] = bytes([20, 1, 0, 16 * i + 8])
    assert ppu.evaluate_sprites()[1] is None and ppu.frame_flags() == []


def test_the_overflow_check_steps_its_byte_offset_too_a_false_positive_and_a_miss():
    ppu = sprite_screen()
    for i in range(8):
        ppu.oam[4 * i : 4 * i + 4] = bytes([20, 1, 0, 8 * i])
    # sprite 8 is off the line, but the chip then reads sprite 9's byte 1
    # (its tile number, 22) as a Y: in range for line 22 -> a false overflow
    ppu.oam[32:36] = bytes([100, 1, 0, 0])
    ppu.oam[36:40] = bytes([100, 22, 0, 0])
    assert ppu.evaluate_sprites()[1] == (22, 9)
    # a real 10th sprite on line 20 missed: after sprite 8 the chip reads
    # sprite 9's byte 1 (tile 200) instead of its Y (20)
    ppu.oam[36:40] = bytes([20, 200, 0, 0])
    ppu.oam[40:256] = bytes([0xFF]) * 216
    assert ppu.evaluate_sprites()[1] is None


def test_sprite_0_hit_is_the_first_pixel_where_it_meets_opaque_background():
    ppu = sprite_screen()
    ppu.nametables[32 * 2 + 3] = 1  # opaque tile at x 24-31, y 16-23
    ppu.oam[0:4] = bytes([19, 1, 0, 20])  # sprite 0 at x 20-27, y 20-27
    assert ppu.sprite_zero_hit() == (20, 24)
    assert ppu.frame_flags() == [(20 * 341 + 25, 0x40)]
    ppu.nametables[32 * 2 + 3] = 0  # nothing opaque under it: no hit
    assert ppu.sprite_zero_hit() is None
    ppu.nametables[32 * 2 + 31] = 1  # at the right edge: x = 255 never hits
    ppu.oam[0:4] = bytes([19, 1, 0, 255])
    assert ppu.sprite_zero_hit() is None
    ppu.nametables[32 * 2 + 0] = 1  # in the left 8 pixels: only with both shown
    ppu.oam[0:4] = bytes([19, 1, 0, 0])
    assert ppu.sprite_zero_hit() == (20, 0)
    ppu.write_reg(0x2001, 0x1A)  # sprites' left column masked
    assert ppu.sprite_zero_hit() is None


def test_a_behind_sprite_first_in_oam_hides_a_front_sprite_after_it():
    ppu = sprite_screen()
    ppu.nametables[32 * 2 + 3] = 1  # opaque background at x 24-31, y 16-23
    ppu.oam[0:4] = bytes([19, 1, 0x20, 20])  # behind, x 20-27
    ppu.oam[4:8] = bytes([19, 2, 0x00, 20])  # in front, same place, later in OAM
    fb = bytearray(WIDTH * HEIGHT)
    ppu.render(fb)
    assert fb[20 * WIDTH + 21] == 0x21  # sprite 0 over transparent background
    assert fb[20 * WIDTH + 25] == 0x01  # the background: sprite 0 took the dot
    ppu.oam[0:4] = bytes([0xFF] * 4)
    ppu.render(fb)
    assert fb[20 * WIDTH + 25] == 0x22  # without it, the front sprite shows


def test_the_left_8_pixel_masks_hide_sprites_and_background_there():
    ppu = sprite_screen()
    ppu.nametables[32 * 2] = 1
    ppu.oam[4:8] = bytes([39, 1, 0, 2])
    fb = bytearray(WIDTH * HEIGHT)
    ppu.render(fb)
    assert fb[16 * WIDTH + 3] == 0x01 and fb[40 * WIDTH + 3] == 0x21
    ppu.write_reg(0x2001, 0x18)  # both masks on
    ppu.render(fb)
    assert fb[16 * WIDTH + 3] == 0x0F and fb[40 * WIDTH + 3] == 0x0F
    assert fb[40 * WIDTH + 9] == 0x21  # past the mask the sprite shows


@pytest.mark.parametrize("mirroring", ["horizontal", "vertical", "single0", "single1"])
def test_the_bulk_image_of_ppu_space_is_what_vram_read_sees_byte_for_byte(mirroring):
    import random

    rng = random.Random(mirroring)
    ppu = PPU(chr_data=rng.randbytes(0x2000), mirroring=mirroring)
    ppu.nametables[:] = rng.randbytes(0x800)
    ppu.palette[:] = bytes(rng.randrange(64) for _ in range(32))
    assert ppu.vram_image() == bytes(ppu.vram_read(a) for a in range(0x4000))


def test_the_memory_panel_reads_ppu_and_oam_space_wrapping_at_their_ends():
    from retroscope.machines import create

    machine = create("tetris")
    for _ in range(30):
        machine.run_frame(0)
    ppu = machine.ppu
    ppu.oam[:] = bytes(range(256))
    for addr, length in ((0, 0x4000), (0x3FF0, 0x20), (0x2345, 0x100), (0x3F1F, 3)):
        assert machine.read_space("ppu", addr, length) == bytes(
            ppu.vram_read((addr + i) & 0x3FFF) for i in range(length))
    assert machine.read_space("oam", 0xF0, 0x20) == bytes((0xF0 + i) & 0xFF for i in range(0x20))
