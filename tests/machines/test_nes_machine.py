"""The NES machine base: memory map, OAM DMA, pad, frame schedule and NMI."""

from __future__ import annotations

import pytest

from harness.tiny_nes import tiny_nes

PROGRAM = """
.org $8000
reset:  sei
        ldx #$FF
        txs
        lda #$80
        sta $2000           ; NMI on
loop:   inc $11             ; 5 cycles
        jmp loop            ; 3 cycles
nmi:    inc $10
        lda $10
        and #1
        beq @skip
        lda #$02
        sta $4014           ; OAM DMA from page 2 on odd frames
@skip:  rti
dma:    sta $4014
        rts
.org $FFFA
        .word nmi, reset, reset
"""


@pytest.fixture
def machine():
    return tiny_nes(PROGRAM)


def test_internal_ram_is_mirrored_up_to_1fff(machine):
    machine.write(0x0005, 0x42)
    assert machine.read(0x0805) == machine.read(0x1805) == 0x42
    machine.write(0x1FFF, 7)
    assert machine.read(0x07FF) == 7


def test_ppu_registers_repeat_every_8_bytes_up_to_3fff(machine):
    machine.write(0x3FFE, 0x21)  # = $2006
    machine.write(0x2006, 0x08)
    machine.write(0x3FFF, 0x99)  # = $2007
    assert machine.ppu.vram_read(0x2108) == 0x99


def test_prg_rom_ignores_writes(machine):
    before = machine.read(0x8000)
    machine.write(0x8000, before ^ 0xFF)
    assert machine.read(0x8000) == before


def test_the_pad_reads_through_4016_in_a_b_select_start_up_down_left_right_order(machine):
    machine.set_buttons(0x90)  # A + Start
    bus = machine.bus
    bus.write(0x4016, 1)
    bus.write(0x4016, 0)
    bits = [bus.read(0x4016) & 1 for _ in range(8)]
    assert bits == [1, 0, 0, 1, 0, 0, 0, 0]
    assert bus.read(0x4017) & 1 == 0


def test_pad_2_reads_through_4017_from_bits_8_to_15_and_the_4016_strobe(machine):
    machine.set_buttons(0x01 | (0x42 << 8))  # pad 1 Right; pad 2 B + Left
    bus = machine.bus
    bus.write(0x4016, 1)  # the strobe reaches both ports
    bus.write(0x4016, 0)
    assert [bus.read(0x4017) & 1 for _ in range(9)] == [0, 1, 0, 0, 0, 0, 1, 0, 1]
    assert [bus.read(0x4016) & 1 for _ in range(8)] == [0, 0, 0, 0, 0, 0, 0, 1]
    snap = machine.snapshot()
    machine.set_buttons(0)
    machine.restore(snap)
    assert machine.pad2.buttons == 0x42


@pytest.mark.parametrize("odd", [False, True])
def test_oam_dma_copies_a_page_and_stalls_513_or_514_cycles(machine, odd):
    for i in range(256):
        machine.write(0x0300 + i, i ^ 0x5A)
    cpu = machine.cpu
    # The write is the 4th cycle of STA abs: make it land on an odd/even cycle.
    if ((cpu.cycles + 3) & 1) != odd:
        cpu.cycles += 1
    result = machine.call("dma", a=0x03)
    assert bytes(machine.ppu.oam) == bytes(i ^ 0x5A for i in range(256))
    # STA abs (4) + the stall + RTS (6): the stall is charged at the write
    assert result["cycles"] == 4 + (514 if odd else 513) + 6


@pytest.mark.parametrize("use_run", [False, True])
def test_the_dma_stall_sits_between_the_write_and_the_next_instruction(machine, use_run):
    """The instruction after STA $4014 starts 4 + 513/514 cycles after it,
    whether the CPU single-steps or runs (and whatever the slice)."""
    cpu = machine.cpu
    cpu.pc = machine.symbols["dma"]
    cpu.a = 0x03
    start = cpu.cycles
    stall = 514 if (start + 3) & 1 else 513
    if use_run:
        assert cpu.run(1) == 4 + stall
    else:
        assert cpu.step() == 4 + stall
    assert cpu.cycles == start + 4 + stall and cpu.pc == machine.symbols["dma"] + 3


def test_the_stall_is_charged_without_changing_the_frame_length(machine):
    starts = []
    counts = []
    for _ in range(6):
        starts.append(machine.cpu.cycles - machine.frame_cycle)
        before = machine.read(0x11)
        machine.run_frame()
        counts.append((machine.read(0x11) - before) & 0xFF)
    lengths = {b - a for a, b in zip(starts, starts[1:], strict=False)}
    assert lengths <= {29780, 29781}
    assert machine.dma_count >= 2
    # frames with a DMA run ~64 fewer 8-cycle loop turns than frames without
    diffs = {abs(a - b) for a, b in zip(counts[1:], counts[2:], strict=False)}
    assert diffs and all(60 <= d <= 68 for d in diffs)


def test_vblank_and_its_nmi_come_at_line_241_dot_1(machine):
    events = machine.frame_events()
    assert [offset for offset, _ in events][:3] == [
        240 * 341 // 3, (241 * 341 + 1) // 3, (261 * 341 + 1) // 3]
    machine.run_frame()
    nmis = machine.read(0x10)
    machine.run_frame()
    assert machine.read(0x10) == nmis + 1


def test_snapshot_and_restore_keep_the_devices_and_the_schedule(machine):
    machine.run_frame(0x01)
    snap = machine.snapshot()
    machine.run_frame(0x80)
    after = (bytes(machine.bus.ram[:0x800]), bytes(machine.ppu.oam), machine.cpu.cycles)
    machine.restore(snap)
    machine.run_frame(0x80)
    assert (bytes(machine.bus.ram[:0x800]), bytes(machine.ppu.oam), machine.cpu.cycles) == after


HIT_PROGRAM = """
.org $8000
reset:  sei
        ldx #$FF
        txs
        lda #$80
        sta $2000           ; NMI on
main:   lda $10
        beq main            ; wait for an NMI
        lda #0
        sta $10
clear:  bit $2002
        bvs clear           ; last frame's hit: cleared on the pre-render line
        lda #0
        sta $21
count:  inc $21             ; 5
        bit $2002           ; 4
        bvc count           ; 3: 12 cycles a turn until sprite 0 hits
        lda $21
        sta $22
        jmp main
nmi:    inc $10
        rti
.org $FFFA
        .word nmi, reset, reset
"""


def test_the_cpu_sees_sprite_0_hit_in_2002_at_the_line_and_dot_it_happens():
    solid = bytes([0xFF] * 8 + [0] * 8)
    m = tiny_nes(HIT_PROGRAM, bytes(16) + solid + bytes(0x2000 - 32))
    m.ppu.nametables[12] = 1  # opaque background at x 96-103, lines 0-7
    m.ppu.oam[:] = bytes([0xFF]) * 256
    m.ppu.oam[0:4] = bytes([4, 1, 0, 100])  # sprite 0: x 100-107, lines 5-12
    m.ppu.regs.mask = 0x1E
    for _ in range(4):
        m.run_frame()
    # from the pre-render line (261, dot 1) to line 5, dot 101: 6 lines + 100 dots
    turns = (6 * 341 + 100) / 3 / 12
    assert abs(m.read(0x22) - turns) <= 2
    m.ppu.nametables[12] = 0  # no opaque background under it: no flag, no count
    m.run_frame()  # (this frame's flags were worked out as it began)
    m.bus.ram[0x22] = 0
    for _ in range(3):
        m.run_frame()
    assert m.read(0x22) == 0 and not m.ppu.regs.status & 0x40
