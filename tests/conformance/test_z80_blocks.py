"""Compiled blocks (`_z80blocks`) behave exactly like the instructions one by one.

Random looping programs (random instructions of every prefix, then a jump
back) run through run(), which compiles the hot code, and through step()
alone to the same instruction boundary; the whole CPU state and all memory
must agree.
"""

from __future__ import annotations

import random

import pytest

from harness.random_z80 import CODE, pair
from retroscope.cpu.bus import Bus
from retroscope.cpu.z80 import Z80

pytestmark = pytest.mark.usefixtures("z80_compiles_soon")  # short programs run on blocks


def run_pair(seed: int, mapped: bool = False) -> bool:
    """Run one random program both ways, compare; whether blocks were used."""
    rng = random.Random(seed)
    fast, slow = pair(rng, mapped)
    for chunk in (5_000, 20_000, 37, 100_000):
        # Step the same budget as run() gets (not up to where run() stopped),
        # so a run() that overshoots its budget shows as a difference.
        start = slow.cycles
        fast.run(chunk)
        while slow.cycles - start < chunk and not slow.halted:
            slow.step()
        assert slow.snapshot() == fast.snapshot(), f"seed {seed}: after {fast.cycles} T-states"
        assert slow.bus.ram == fast.bus.ram, f"seed {seed}: memory differs"
        assert getattr(slow.bus, "io_log", []) == getattr(fast.bus, "io_log", [])
    return bool(fast.compiled_blocks())


@pytest.mark.parametrize("seed", range(40))
def test_run_with_compiled_blocks_matches_single_steps(seed: int):
    run_pair(seed)


@pytest.mark.parametrize("seed", range(200, 220))
def test_blocks_on_a_bus_with_rom_and_io_pages_match_single_steps(seed: int):
    run_pair(seed, mapped=True)


def test_most_random_programs_loop_long_enough_to_be_compiled():
    assert sum(run_pair(seed) for seed in range(100, 120)) >= 10


@pytest.mark.long
def test_many_more_random_programs_match_single_steps():
    for seed in range(1000, 1600):
        run_pair(seed, mapped=seed % 2 == 1)


LOOP = bytes.fromhex("3c 04 0c 14 c3 00 80")  # loop: inc a / inc b / inc c / inc d / jp loop


def test_code_under_a_read_handler_is_never_compiled():
    bus = Bus()
    bus.load(CODE, LOOP)
    fetched = []
    bus.map(CODE, CODE + 0xFF, name="io", read=lambda a: fetched.append(a) or bus.ram[a])
    cpu = Z80(bus)
    cpu.pc = CODE
    cpu.run(10_000)
    assert not cpu.compiled_blocks()
    assert len(fetched) >= cpu.cycles // 26 * 7  # every byte of every instruction


def test_a_read_watch_sees_every_opcode_fetch_even_in_hot_code():
    bus = Bus()
    bus.load(CODE, LOOP)
    cpu = Z80(bus)
    cpu.pc = CODE
    cpu.run(10_000)
    assert cpu.compiled_blocks()  # hot: compiled
    seen = []
    bus.add_watch("read", lambda addr, value: seen.append(addr))
    cpu.pc = CODE
    cpu.run(26 * 10)
    assert seen == [CODE + i for i in range(7)] * 10


FRAME_PROGRAM = """
        org $0000
        di
        ld sp,$4FF0
        ld a,$3F
        ld i,a
        im 2
        ld a,$10
        out ($00),a             ; the vector byte, as on the Pac-Man board
        ei
main:   ld hl,$4100
        ld b,64
.fill:  ld a,(count)
        add a,b
        ld (hl),a
        inc hl
        djnz .fill
        ld ix,$4100
        ld a,(ix+5)
        xor (ix+9)
        ld ($4200),a
        jr main

vblank: push af
        push hl
        ld hl,count
        inc (hl)
        ld a,r
        ld ($4201),a
        pop hl
        pop af
        ei
        reti

count:  db 0
        org $3F10
        dw vblank
"""


def test_an_interrupt_driven_main_loop_runs_the_same_through_blocks_and_steps():
    from retroscope.asm import assemble  # noqa: PLC0415 - only this test assembles

    program = assemble(FRAME_PROGRAM, "z80")
    cores = []
    for _ in range(2):
        bus = Bus()
        program.load_into(bus)
        cores.append(Z80(bus))
    fast, slow = cores
    for frame in range(30):
        target = (frame + 1) * 5_000
        fast.run(target - fast.cycles)
        while slow.cycles < fast.cycles:
            slow.step()
        assert slow.snapshot() == fast.snapshot(), f"frame {frame}"
        assert slow.bus.ram == fast.bus.ram
        fast.interrupt(0x10)
        slow.interrupt(0x10)
    assert fast.bus.ram[program.symbols["count"]] == 29  # the last one is still pending
    assert fast.compiled_blocks()


def test_the_bench_loop_is_one_block_through_its_call_and_its_jr_c_either_way():
    """The bench program's loop is one block from `loop` through `call sub`,
    through `sub` and its RET back to after the call, and on to `djnz loop`,
    which goes round. Its `jr c,skip` jumps ahead inside the block: taken, it
    skips `inc a`, with R and the T-states counted as for single steps."""
    from retroscope.benchmarks.z80 import image  # noqa: PLC0415
    from retroscope.cpu._z80blocks import compile_block  # noqa: PLC0415

    plain = (tuple([True] * 256),) * 2
    for a, taken in ((0x30, False), (0x10, True)):  # and $3F; cp $20: carry when below
        bus = Bus()
        bus.load(0, bytes(image()))
        cpu = Z80(bus)
        cpu.reset()
        cpu.pc, cpu.sp, cpu.h, cpu.l, cpu.ix, cpu.b = 0x000C, 0xF000, 0x40, 0x00, 0x5000, 5
        bus.ram[0x4000] = (a - 7) & 0xFF  # ld a,(hl); add a,7 gives a, plus (ix+3) = 0
        bus.ram[0x5003] = 0
        block = compile_block(bus.ram, plain, 0x000C)
        assert block is not None
        assert block[2] == ((0x000C, 0x0023), (0x0040, 0x004D), (0x0023, 0x0028))
        # the most: the taken jr (12) takes longer than the jr not taken and inc a (11)
        assert block[1] == 235
        r0 = cpu.r
        t = block[0](cpu, bus.read, bus.write)  # cpu._end is 0: one pass
        assert t == 0 and cpu.pc == 0x000C
        # 7+7+7+19+19+7+7, then jr: 12 taken, 7 not and inc a (4); then ld e,a,
        # ld d,0, call (17), sub (11+16+11+16+4+15+10+10), inc hl, inc ix, djnz (13)
        assert cpu.cycles == (73 + 12 if taken else 73 + 11) + 4 + 7 + 17 + 93 + 6 + 10 + 13
        assert (cpu.r - r0) & 0x7F == (26 if taken else 27)
        assert cpu.sp == 0xF000 and cpu.b == 4 and cpu.e == (a if taken else a + 1)


def test_a_block_that_jumps_back_to_its_start_goes_round_to_the_same_boundaries():
    """A DJNZ back to its block's start: the block goes round inside itself.
    run() must still stop where single steps do for any budget, and a device
    written on every pass must see that pass's cycle count."""
    program = bytes.fromhex(
        "06 00"        # start: ld b,0
        "77"           # fill:  ld (hl),a
        "2c"           #        inc l
        "dd 77 00"     #        ld (ix+0),a   (the device)
        "80"           #        add a,b
        "10 f8"        #        djnz fill
        "18 f4")       #        jr start

    def core() -> Z80:
        bus = Bus()
        bus.load(CODE, program)
        log: list = []

        def write(addr: int, value: int) -> None:
            log.append((value, cpu.cycles))

        bus.map(0x5000, 0x50FF, name="io", read=lambda addr: 0xFF, write=write)
        bus.io_log = log
        cpu = Z80(bus)
        cpu.pc, cpu.sp, cpu.h, cpu.ix = CODE, 0x4000, 0x90, 0x5000
        return cpu

    fast, slow = core(), core()
    rng = random.Random(7)
    for _ in range(120):
        budget = rng.choice((1, 13, rng.randrange(1, 200), rng.randrange(200, 4000)))
        start = slow.cycles
        fast.run(budget)
        while slow.cycles - start < budget:
            slow.step()
        assert slow.snapshot() == fast.snapshot(), f"after {fast.cycles} T-states"
        assert slow.bus.io_log == fast.bus.io_log
    assert CODE + 2 in fast.compiled_blocks()


def test_the_bench_loop_writes_its_known_address_without_a_code_check(monkeypatch):
    """`ld ($6100),hl` writes a known address, outside the block's code: its
    generated code has the address as a literal and no check of it against
    the code (`_fold_constants`); the stack's writes, whose address is not
    known, keep theirs. The literal temporaries are gone."""
    from retroscope.benchmarks.z80 import image  # noqa: PLC0415
    from retroscope.cpu import _z80blocks  # noqa: PLC0415

    sources = []
    monkeypatch.setattr(_z80blocks, "compile", lambda source, *a: sources.append(source)
                        or compile(source, *a), raising=False)
    _z80blocks.compile_block(bytearray(image()), (tuple([True] * 256),) * 2, 0x000C)
    source = sources[0]
    assert "RAM[24832] = t16 & 0xFF" in source and "RAM[24833] = t16 >> 8" in source
    # ld (hl),a, ld (ix+3),a, and the two bytes of call's push and of push hl
    assert source.count("if 12 <= w < 40 or 64 <= w < 77:") == 6
    assert source.count("w = sp") == 4
    assert "nn = " not in source and "e = 228" not in source and "v = 7" not in source


def test_folding_stops_at_a_conditional_assignment_and_keeps_an_if_with_an_else():
    from retroscope.cpu._z80gen import _fold_constants  # noqa: PLC0415

    lines = ["def block(cpu, read, write):", "    while True:",
             "        v = 7",
             "        x = v + 1",
             "        if R_f & 1:",
             "            v = R_a",
             "        y = v",
             "        hit = 0",
             "        if 12 <= 5 < 40:",
             "            hit = 1",
             "        if hit:",
             "            _t = 1",
             "            break",
             "        if 0 > 1:",
             "            z = 1",
             "        else:",
             "            z = 2",
             "        RAM[x] = y",
             "        _t = 0",
             "        break",
             "    return _t"]
    folded = _fold_constants(lines)
    assert folded[:5] == [*lines[:3], "        x = 8", lines[4]]
    assert "        y = v" in folded  # v may be R_a here
    assert "            hit = 1" not in folded and "        if hit:" not in folded
    assert "        if 0 > 1:" in folded and "            z = 2" in folded
    assert "        RAM[8] = y" in folded
