"""The block table the three cores share (`retroscope.cpu.blocks`): which
entries `set_stops` and `invalidate` drop, and each core's `invalidate_code`
on real compiled blocks: exactly the blocks whose code overlaps the range go,
the verdicts that no block can start near it too, and the patched code runs
as written, as single steps run it."""

from __future__ import annotations

import pytest

from retroscope.cpu import _6502blocks, _tms9900blocks
from retroscope.cpu.blocks import BlockTable
from retroscope.cpu.bus import Bus
from retroscope.cpu.mos6502 import MOS6502
from retroscope.cpu.tms9900 import TMS9900
from retroscope.cpu.z80 import Z80

NOBLOCK = ("none",)
STOP = ("stop",)


def table(code: dict[int, tuple[tuple[int, int], ...] | None]) -> BlockTable:
    """A table whose compiler gives a block ("block", its ranges) where
    `code` has ranges for the address, None where it has None."""
    t = BlockTable(lambda at, block: block[1], span=4, noblock=NOBLOCK, stop=STOP, hot=2)
    t.compile = lambda at: None if code.get(at) is None else ("block", code[at])
    for at in code:
        t.build(at)
    return t


def test_invalidate_drops_exactly_the_blocks_whose_code_overlaps_the_range():
    t = table({0x100: ((0x100, 0x110),), 0x108: ((0x108, 0x118),),
               0x200: ((0x200, 0x204), (0x300, 0x308)), 0x400: ((0x400, 0x420),)})
    assert t.invalidate(0x304, 0x305) == [0x200]  # its second segment
    assert t.invalidate(0x10F, 0x110) == [0x100, 0x108]
    assert t.invalidate(0x420, 0x500) == []  # ends are exclusive
    assert t.compiled() == {0x400: ((0x400, 0x420),)}
    assert t.blocks[0x100] is None and t.blocks[0x200] is None and t.heat[0x100] == 0


def test_invalidate_resets_nearby_no_block_verdicts_and_keeps_the_stops():
    t = table({0x100: None, 0x104: None, 0x200: None, 0x300: ((0x300, 0x310),)})
    t.set_stops({0x106})
    assert t.invalidate(0x104, 0x108) == []
    assert t.blocks[0x100] is NOBLOCK  # it read no byte of the range (span 4)
    assert t.blocks[0x104] is None and t.blocks[0x106] is STOP and t.blocks[0x200] is NOBLOCK


def test_a_new_stop_drops_the_blocks_that_run_over_it_and_an_old_one_leaves():
    t = table({0x100: ((0x100, 0x110),), 0x200: ((0x200, 0x204), (0x300, 0x308))})
    t.set_stops({0x302})
    assert t.compiled() == {0x100: ((0x100, 0x110),)} and t.blocks[0x302] is STOP
    t.set_stops({0x100})
    assert t.compiled() == {} and t.blocks[0x100] is STOP and t.blocks[0x302] is None
    assert t.stop_only()[0x100] is STOP and t.stop_only()[0x302] is None
    t.flush()
    assert t.blocks[0x100] is STOP and t.heat == bytes(0x10000)


def test_an_address_compiled_too_often_gets_no_block_until_invalidated():
    t = BlockTable(lambda at, block: ((at, at + 2),), span=4, noblock=False, hot=2,
                   rebuilds=2)
    t.compile = lambda at: ("block",)
    for _ in range(2):
        assert t.build(0x100) == ("block",)
        t.blocks[0x100] = None  # the loop found its code changed
    assert t.build(0x100) is False
    t.invalidate(0x100, 0x101)
    assert t.build(0x100) == ("block",)


# -- on the cores ------------------------------------------------------------------
def invalidated(cpu, start: int, end: int) -> list[int]:
    """cpu.invalidate_code(start, end), checked to drop exactly the blocks
    whose code overlaps the range (and every other block to stay)."""
    before = cpu.compiled_blocks()
    hit = sorted(at for at, ranges in before.items()
                 if any(lo < end and start < hi for lo, hi in ranges))
    assert cpu.invalidate_code(start, end) == hit
    assert cpu.compiled_blocks() == {at: r for at, r in before.items() if at not in hit}
    return hit


def twins(make) -> tuple:
    return make(), make()


def steps(cpu, cycles: int) -> None:
    start = cpu.cycles
    while cpu.cycles - start < cycles:
        cpu.step()


def patched(fast, slow, at: int, byte: int, cycles: int) -> None:
    """The same byte of code patched on both twins (the one running blocks
    told, `invalidated` checking what it drops), then `cycles` run on both:
    the same state after, the patched code run as written."""
    for cpu in (fast, slow):
        cpu.bus.ram[at] = byte
    assert invalidated(fast, at, at + 1)
    fast.run(cycles)
    steps(slow, fast.cycles - slow.cycles)
    assert fast.snapshot() == slow.snapshot()
    assert fast.bus.ram == slow.bus.ram


@pytest.fixture
def soon(monkeypatch: pytest.MonkeyPatch) -> None:
    """Blocks compiled after two visits."""
    monkeypatch.setattr(_6502blocks, "HOT", 2)
    monkeypatch.setattr(_tms9900blocks, "HOT", 2)
    from retroscope.cpu import z80  # noqa: PLC0415

    monkeypatch.setattr(z80, "HOT", 2)


def core(cls, code: dict[int, str], **registers: int):
    """A core of class `cls` over a plain bus holding `code` (address: hex)."""
    bus = Bus()
    for at, text in code.items():
        bus.load(at, bytes.fromhex(text))
    cpu = cls(bus)
    for name, value in registers.items():
        setattr(cpu, name, value)
    return cpu


def mos6502() -> MOS6502:
    return core(MOS6502, {0x0400: "e8 c8 4c 00 05",  # inx / iny / jmp $0500
                          0x0500: "ca 88 4c 00 04"}, pc=0x0400)  # dex / dey / jmp $0400


def test_6502_invalidate_code_drops_the_patched_block_alone_and_it_runs_as_written(soon):
    fast, slow = twins(mos6502)
    fast.run(500)
    steps(slow, 500)
    before = fast.compiled_blocks()
    assert before[0x400] == ((0x400, 0x405),) and before[0x500] == ((0x500, 0x505),)
    assert fast.invalidate_code(0x0405, 0x0500) == []
    patched(fast, slow, 0x0401, 0xC8 - 0x20, 1000)  # iny -> dey: the block at $0400 alone
    assert 0x400 in fast.compiled_blocks()  # compiled again, from the new bytes


def test_6502_code_where_no_block_could_start_gets_one_once_patched_and_invalidated(soon):
    cpu = core(MOS6502, {0x0600: "4c 00 06"}, pc=0x0600)  # jmp $0600: one instruction, no block
    cpu.run(300)
    cpu.bus.load(0x0600, bytes.fromhex("e8 4c 00 06"))  # inx / jmp $0600
    cpu.run(300)
    assert 0x600 not in cpu.compiled_blocks()  # the verdict stands: its bytes are not checked
    cpu.invalidate_code(0x0600, 0x0604)
    cpu.run(300)
    assert cpu.compiled_blocks()[0x600] == ((0x600, 0x604),)


def z80() -> Z80:
    return core(Z80, {0x8000: "3c 04 c3 00 81",  # inc a / inc b / jp $8100
                      0x8100: "3d 05 c3 00 80"}, pc=0x8000)  # dec a / dec b / jp $8000


def test_z80_invalidate_code_drops_a_block_through_any_of_its_segments(soon):
    fast, slow = twins(z80)
    fast.run(2000)
    steps(slow, fast.cycles)
    assert fast.compiled_blocks() == {0x8000: ((0x8000, 0x8005), (0x8100, 0x8105))}
    assert invalidated(fast, 0x8010, 0x8100) == []
    patched(fast, slow, 0x8101, 0x04, 2000)  # dec b -> inc b, in its second segment
    assert fast.compiled_blocks()


def tms9900() -> TMS9900:
    return core(TMS9900, {0x0400: "0581 0582 0460 0500",  # inc r1 / inc r2 / b @>0500
                          0x0500: "0601 0602 0460 0400"},  # dec r1 / dec r2 / b @>0400
                wp=0x8300, pc=0x0400)


def test_tms9900_invalidate_code_drops_the_patched_block_alone_and_it_runs_as_written(soon):
    fast, slow = twins(tms9900)
    fast.run(2000)
    steps(slow, fast.cycles)
    # (the last instruction's operand word is read as it runs: not the code checked)
    assert fast.compiled_blocks() == {0x400: ((0x400, 0x406),), 0x500: ((0x500, 0x506),)}
    for round_ in range(6):  # more patches than a self-modifying address gets rebuilds
        patched(fast, slow, 0x0503, 0x01 + round_ % 2, 2000)  # dec r2 <-> dec r1
        assert 0x0400 in fast.compiled_blocks() and 0x0500 in fast.compiled_blocks()
