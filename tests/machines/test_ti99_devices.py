"""The TI-99/4A stand-in's devices: the TMS9918A's ports, status and picture,
the TMS9901's interrupt and keyboard lines, as the data manuals describe them."""

from __future__ import annotations

from retroscope.machines.ti99.tms9901 import KEY_AT, TMS9901
from retroscope.machines.ti99.vdp import STATUS_5S, STATUS_C, STATUS_F, VDP


def set_address(vdp: VDP, addr: int, write: bool) -> None:
    vdp.write_control(addr & 0xFF)
    vdp.write_control((addr >> 8) | (0x40 if write else 0))


def test_vram_writes_and_reads_through_the_ports_with_read_ahead() -> None:
    vdp = VDP()
    set_address(vdp, 0x1234, write=True)
    for b in (1, 2, 3):
        vdp.write_data(b)
    assert vdp.vram[0x1234:0x1237] == b"\x01\x02\x03"
    set_address(vdp, 0x1234, write=False)   # a read set-up fetches ahead
    assert [vdp.read_data() for _ in range(3)] == [1, 2, 3]
    assert vdp.address == 0x1238


def test_register_writes_and_the_status_reset_of_the_two_byte_sequence() -> None:
    vdp = VDP()
    vdp.write_control(0xE2)
    vdp.write_control(0x81)                 # R1 = >E2
    assert vdp.regs[1] == 0xE2
    vdp.write_control(0x55)                 # half a sequence...
    vdp.read_status()                       # ...dropped by a status read
    vdp.write_control(0x07)
    vdp.write_control(0x87)
    assert vdp.regs[7] == 0x07


def test_the_interrupt_follows_f_and_ie_and_a_status_read_clears_it() -> None:
    lines: list[bool] = []
    vdp = VDP()
    vdp.on_interrupt = lines.append
    vdp.write_register(1, 0xE0)            # IE on
    vdp.end_of_active_display()
    assert lines[-1] is True and vdp.status & STATUS_F
    assert vdp.read_status() & STATUS_F
    assert lines[-1] is False and not vdp.status & STATUS_F


def picture(vdp: VDP) -> bytearray:
    fb = bytearray(256 * 192)
    vdp.render(fb)
    return fb


def test_graphics_mode_one_draws_names_with_their_group_colours_and_the_backdrop() -> None:
    vdp = VDP()
    for reg, value in enumerate((0x00, 0xC0, 0x00, 0x0E, 0x01, 0x06, 0x01, 0x04)):
        vdp.write_register(reg, value)
    vdp.vram[0x0800 + 0x41 * 8:0x0800 + 0x42 * 8] = bytes([0xF0] * 8)  # left half set
    vdp.vram[0x0380 + (0x41 >> 3)] = 0xA0    # fg 10, bg transparent
    vdp.vram[0] = 0x41
    vdp.vram[0x0300] = 0xD0                  # no sprites
    fb = picture(vdp)
    assert fb[0:8] == bytes([10] * 4 + [4] * 4)   # transparent shows the backdrop (4)


def test_sprites_the_fifth_on_a_line_and_coincidence() -> None:
    vdp = VDP()
    for reg, value in enumerate((0x00, 0xC0, 0x00, 0x0E, 0x01, 0x06, 0x01, 0x01)):
        vdp.write_register(reg, value)
    vdp.vram[0x0800:0x0808] = bytes([0xFF] * 8)      # pattern 0: solid
    attrs = bytearray()
    for n in range(5):                                 # five on the same lines
        attrs += bytes((9, 10 * n, 0, 2 + n))
    attrs += bytes((0xD0,))
    vdp.vram[0x0300:0x0300 + len(attrs)] = attrs
    fb = picture(vdp)
    assert fb[10 * 256 + 0] == 2 and fb[10 * 256 + 30] == 5     # Y + 1 is the top line
    assert fb[10 * 256 + 40] != 6                              # the fifth is not drawn
    assert vdp.status & STATUS_5S and vdp.status & 0x1F == 4
    assert not vdp.status & STATUS_C
    vdp.vram[0x0300 + 5] = 4                                   # overlap sprites 0 and 1
    vdp.dirty = True
    picture(vdp)
    assert vdp.status & STATUS_C


def test_the_9901_passes_the_vdp_interrupt_when_unmasked_and_reads_keys_low() -> None:
    raised: list[bool] = []
    chip = TMS9901(raised.append)
    chip.vdp_interrupt(True)
    assert raised[-1] is False and chip.cru_read(2) == 0       # active, masked
    chip.cru_write(2, 1)
    assert raised[-1] is True
    chip.set_keys({"E"})
    col, row = KEY_AT["E"]
    for i, bit in enumerate((18, 19, 20)):
        chip.cru_write(bit, col >> i & 1)
    assert [chip.cru_read(3 + r) for r in range(8)] == [0 if r == row else 1 for r in range(8)]
    assert chip.cru_read(32 + 3 + row) == 0                    # bits repeat every 32
