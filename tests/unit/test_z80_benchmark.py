"""The Z80 benchmark workload: its hand-assembled bytes are what the source
lines say, and it loops forever without halting."""

from __future__ import annotations

from retroscope.asm import assemble
from retroscope.benchmarks import z80 as bench


def test_the_hand_assembled_bytes_match_our_assembler():
    source = "\n".join(f" org ${addr:04X}\n{text}" for addr, _, text in bench.PROGRAM)
    program = assemble(source, "z80")
    rows = [row for row in program.listing if row.data]
    assert [(row.address, bytes(row.data)) for row in rows] == \
        [(addr, code) for addr, code, _ in bench.PROGRAM]


def test_the_workload_runs_without_halting_and_stays_in_its_loop():
    core = bench.setup()
    assert core.run(500_000) >= 500_000
    assert not core.halted
    assert 0 <= core.pc < 0x50 and core.sp == 0xF000
