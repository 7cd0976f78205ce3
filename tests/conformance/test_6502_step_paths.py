"""step()'s quiet paths equal its look around, instruction by instruction.

step() skips the bus check's follow-up, the interrupt poll and the watch
checks while nothing has changed since the last look (plain RAM or the
paged handlers, nothing waiting); any register write makes the core look
around again. The random self-modifying programs of `harness.random_6502`
(plain RAM, and with a ROM page and an I/O page whose handler raises
interrupts in mid-instruction) run on two cores: one steps as it likes,
the other is made to look around before every step. After each step the
cycles it returned, the registers, memory and the I/O log agree.
"""

from __future__ import annotations

import random

import pytest

from harness.random_6502 import pair, raise_interrupts
from retroscope.cpu.bus import Bus
from retroscope.cpu.mos6502 import _INDEX, MOS6502


def quiet(cpu: MOS6502) -> bool:
    """Whether the next step() may take a quiet path (outside run(), `end` is
    0 or 1 then)."""
    return cpu._get_state()[_INDEX["end"]] in (0, 1)


def check(seed: int, mapped: bool, steps: int = 400) -> int:
    rng = random.Random(seed)
    free, looking = pair(rng, mapped)
    quiet_steps = 0
    for step in range(steps):
        if rng.random() < 0.05:
            raise_interrupts(rng, (free, looking))
        looking.cycles = looking.cycles  # a register write: look around first
        assert not quiet(looking)
        quiet_steps += quiet(free)
        where = f"seed {seed}, step {step}, PC ${looking.pc:04X}"
        assert free.step() == looking.step(), where
        assert free.snapshot() == looking.snapshot(), where
        assert free.bus.ram == looking.bus.ram, where
        assert free.bus.io_log == looking.bus.io_log, where
        if free.halted:
            break
    return quiet_steps


@pytest.mark.parametrize("seed", range(15))
def test_quiet_steps_on_plain_ram_equal_looking_around(seed: int) -> None:
    check(seed, mapped=False)


@pytest.mark.parametrize("seed", range(15))
def test_quiet_steps_with_io_equal_looking_around(seed: int) -> None:
    check(seed, mapped=True)


def test_most_steps_take_a_quiet_path() -> None:
    for mapped in (False, True):
        assert sum(check(seed, mapped, 200) for seed in range(40, 46)) > 6 * 200 // 2


@pytest.mark.parametrize("then", ["step", "run", "run with I/O"])
@pytest.mark.parametrize("code, a, x, pc", [
    ("a9 42", 0x42, 0, 0x0001),  # lda #$42 at $FFFF: the operand at $0000
    ("e8", 0x00, 1, 0x0000),  # inx at $FFFF: PC wraps to $0000
])
def test_a_quiet_step_wraps_past_ffff(code: str, a: int, x: int, pc: int, then: str) -> None:
    bus = Bus()
    bus.ram[0xFFFE] = 0xEA  # nop: the first step looks around, the next is quiet
    bus.load(0xFFFF, bytes.fromhex(code)[:1])
    bus.load(0x0000, bytes.fromhex(code)[1:] + bytes.fromhex("e8 e8"))
    cpu = MOS6502(bus)
    cpu.pc = 0xFFFE
    cpu.step()
    assert quiet(cpu)
    cpu.step()
    assert (cpu.a, cpu.x, cpu.pc, cpu.cycles) == (a, x, pc, 4)
    if then == "step":
        assert cpu.step() == 2
    else:
        if then == "run with I/O":  # the paged handlers next
            bus.map(0x5000, 0x50FF, name="io", read=lambda addr: 0)
        assert cpu.run(1) == 2
    assert cpu.x == x + 1 and cpu.pc == pc + 1  # the inx at PC
