"""Compiled blocks (`_6502blocks`) behave exactly like the instructions one by one.

Random looping programs (any opcode but JAM and the far jumps, stores into
their own code, accesses to an I/O page whose handler logs them with the
cycle count it sees and raises interrupts, an interrupt handler) run through
run() with random budgets, which compiles the hot code, and through step()
alone as run() must (whole instructions while fewer cycles than the budget
have passed); IRQ and NMI are also raised between run() calls. Cycles run,
registers, all memory and the I/O log must agree.
"""

from __future__ import annotations

import random

import pytest

from harness.random_6502 import CODE, pair, raise_interrupts, run_by_steps
from retroscope.cpu import _6502blocks
from retroscope.cpu.bus import Bus
from retroscope.cpu.mos6502 import MOS6502


def run_pair(seed: int, mapped: bool, calls: int = 40) -> None:
    rng = random.Random(seed)
    fast, slow = pair(rng, mapped)
    for call in range(calls):
        raise_interrupts(rng, (fast, slow), 0.1, 0.25, 0.4)
        budget = rng.choice((1, 2, 7, rng.randrange(1, 60), rng.randrange(50, 600)))
        assert fast.run(budget) == run_by_steps(slow, budget)
        where = f"seed {seed}, run() call {call}, after {fast.cycles} cycles"
        assert slow.snapshot() == fast.snapshot(), where
        assert slow.bus.ram == fast.bus.ram, where
        assert slow.bus.io_log == fast.bus.io_log, where


@pytest.mark.parametrize("seed", range(30))
def test_run_with_compiled_blocks_matches_single_steps_on_plain_ram(seed: int, compiled):
    run_pair(seed, mapped=False)


@pytest.mark.parametrize("seed", range(100, 130))
def test_blocks_on_a_bus_with_rom_and_io_pages_match_single_steps(seed: int, compiled):
    run_pair(seed, mapped=True)


def test_most_random_programs_get_compiled_blocks(compiled):
    for seed in range(200, 220):
        run_pair(seed, mapped=seed % 2 == 1, calls=10)
    assert len(set(compiled)) >= 20


@pytest.mark.long
def test_many_more_random_programs_match_single_steps(compiled):
    for seed in range(1000, 2000):
        run_pair(seed, mapped=seed % 2 == 1, calls=80)


@pytest.mark.parametrize("workload", ["mixed", "sort"])
def test_the_benchmark_workloads_run_the_same_through_blocks_and_steps(compiled, workload):
    from retroscope.benchmarks.mos6502 import setup  # noqa: PLC0415

    for variant in ("nmos", "2a03"):
        fast, slow = setup(variant, workload), setup(variant, workload)
        for budget in (1000, 3, 29_781, 113, 50_000, 7, 200_000):
            assert fast.run(budget) == run_by_steps(slow, budget)
            assert slow.snapshot() == fast.snapshot()
            assert slow.bus.ram == fast.bus.ram
    assert compiled


def test_a_loop_runs_inside_its_block_and_branches_leave_it_where_taken(compiled, monkeypatch):
    """The sort program's loops: its fill loop branches back to its own
    start (one block going round), and its compare loop holds two branches
    that leave it when taken (bcc, beq) and one back to its start."""
    from retroscope.asm import assemble  # noqa: PLC0415
    from retroscope.benchmarks.mos6502 import SORT_SOURCE, setup  # noqa: PLC0415

    symbols = assemble(SORT_SOURCE, "6502").symbols
    built: dict[int, int] = {}
    spans: dict[int, int] = {}
    build = _6502blocks.build

    def calls(cells, mem, pc, pages, decimal=True, **kw):
        block = build(cells, mem, pc, pages, decimal, **kw)
        if block is not None:
            calling = block[0]
            built[pc] = 0
            spans[pc] = len(block[2])

            def counted():
                built[pc] += 1
                return calling()
            return counted, block[1], block[2]
        return block

    monkeypatch.setattr(_6502blocks, "build", calls)
    cpu = setup("2a03", "sort")
    cpu.run(200_000)
    fill, inner = symbols["fill"], symbols["inner"]
    assert fill in built and inner in built
    # 256 passes of the fill loop in a few calls of its block, not 256.
    assert 0 < built[fill] < 40
    # The compare loop is one block from `inner` through `bne inner` (inx,
    # stx, cpy, bne: 7 bytes after `next`), past bcc and beq.
    assert spans[inner] == symbols["next"] + 7 - inner
    assert symbols["next"] in built  # where bcc and beq go when taken


def test_a_read_watch_sees_every_opcode_fetch_even_in_hot_code(compiled):
    bus = Bus()
    loop = bytes((0xE8, 0xC8, 0x4C, CODE & 0xFF, CODE >> 8))  # inx / iny / jmp CODE
    bus.load(CODE, loop)
    cpu = MOS6502(bus)
    cpu.pc = CODE
    cpu.run(1000)
    assert compiled  # hot: compiled
    seen: list[int] = []
    bus.add_watch("read", lambda addr, value: seen.append(addr))
    cpu.pc = CODE
    cpu.run(7 * 10)
    assert seen[:7 * 5] == [CODE, CODE + 1, CODE + 1, CODE + 2, CODE + 2, CODE + 3,
                            CODE + 4] * 5


def test_a_store_into_the_running_block_takes_effect_at_the_next_instruction(compiled):
    # loop: inc $0404 (the operand of the lda below) / lda #0 / sta $0300,x / inx / jmp loop
    code = bytes((0xEE, 0x04, 0x04, 0xA9, 0x00, 0x9D, 0x00, 0x03, 0xE8,
                  0x4C, 0x00, 0x04))
    bus = Bus()
    bus.load(CODE, code)
    cpu = MOS6502(bus)
    cpu.pc = CODE
    cpu.run(18 * 100)
    assert compiled
    assert bytes(bus.ram[0x0300:0x0300 + 100]) == bytes(range(1, 101))


def test_code_in_zero_page_rewritten_through_zero_page_runs_as_written(compiled):
    code = bytes((0xF6, 0x42,         # loop: inc $42,x (x=1: the operand of the lda)
                  0xA9, 0x00,         #       lda #0
                  0x99, 0x00, 0x03,   #       sta $0300,y
                  0xC8,               #       iny
                  0x4C, 0x40, 0x00))  #       jmp loop
    bus = Bus()
    bus.load(0x0040, code)
    cpu = MOS6502(bus)
    cpu.pc, cpu.x = 0x0040, 1
    cpu.run(18 * 100)
    assert bytes(bus.ram[0x0300:0x0300 + 100]) == bytes(range(1, 101))


def test_run_stops_at_the_same_boundary_after_a_page_cross_inside_a_block(compiled):
    code = bytes((0xBD, 0xFF, 0x02,   # loop: lda $02FF,x (x=1: crosses, 5 cycles)
                  0xEA, 0xEA,         #       nop / nop
                  0x4C, 0x00, 0x04))  #       jmp loop
    cores = []
    for _ in range(2):
        bus = Bus()
        bus.load(CODE, code)
        cpu = MOS6502(bus)
        cpu.pc, cpu.x = CODE, 1
        cores.append(cpu)
    fast, slow = cores
    for budget in [100, *range(1, 40)] * 2:
        fast.pc = slow.pc = CODE  # from the block's start, every budget
        assert fast.run(budget) == run_by_steps(slow, budget), budget
        assert fast.snapshot() == slow.snapshot(), budget
    assert compiled


def test_an_index_error_in_the_block_compiler_is_raised_not_taken_for_pc_past_ffff(
        monkeypatch):
    """The plain-RAM loop catches IndexError for a fetch past $FFFF; the
    compiler, called from that loop when code turns hot, must not be
    inside that `except`, or its bugs would show only as code left slow."""
    def broken(*args, **kwargs):
        raise IndexError("a compiler bug")

    monkeypatch.setattr(_6502blocks, "build", broken)
    bus = Bus()
    bus.load(CODE, bytes((0xE8, 0x4C, 0x00, 0x04)))  # loop: inx / jmp loop
    cpu = MOS6502(bus)
    cpu.pc = CODE
    with pytest.raises(IndexError, match="a compiler bug"):
        cpu.run(5 * _6502blocks.HOT)
