"""Differential test: our 6502 against py65 1.2.0 on random single instructions.

Random documented opcodes, operands (biased to edge values), registers and
PC (sometimes at the very top of memory) over one random 64 KiB image; after
each instruction registers, status, cycles and all of memory must agree.
py65's own deviations, each confirmed by `test_the_masked_py65_deviations_are_real`:
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from retroscope.cpu import MOS6502
from retroscope.cpu.bus import Bus
from retroscope.cpu.isa6502 import OPCODES

mpu6502 = pytest.importorskip("py65.devices.mpu6502", reason="py65 (dev-only) not installed")

# The deviations masked below, one line each.
PY65_DEVIATIONS = {
    "b_in_p": "py65 keeps B (bit 4) in its P register (set at reset, loaded by PLP/RTI); "
              "P is compared without bit 4",
    "dec_abs_cycles": "py65's cycle table gives DEC abs ($CE) 3 cycles; the 6502 takes 6",
    "operand_past_ffff": "py65 reads a 2-byte operand at $FFFF as memory[$FFFF], memory[$10000] "
                         "and raises IndexError; such cases are skipped",
}
DOCUMENTED = [op.opcode for op in OPCODES if op is not None and op.documented]
REGS = (("a", "a"), ("x", "x"), ("y", "y"), ("s", "sp"), ("pc", "pc"))


def _edge(rng: random.Random) -> int:
    if rng.random() < 0.3:
        return rng.choice((0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF))
    return rng.randrange(256)


def compare(seed: int, cases: int, variant: str) -> tuple[list[str], int]:
    """Run `cases` random instructions on both; return (failures, skipped)."""
    rng = random.Random(seed)
    image = rng.randbytes(0x10000)
    bus = Bus()
    bus.load(0, image)
    ours = MOS6502(bus, variant)
    theirs: Any = mpu6502.MPU(memory=list(image))
    failures: list[str] = []
    skipped = 0
    for _ in range(cases):
        opcode = rng.choice(DOCUMENTED)
        pc = rng.randrange(0xFFF8, 0x10000) if rng.random() < 0.03 else rng.randrange(0x10000)
        code = (opcode, _edge(rng), _edge(rng))
        for i, byte in enumerate(code):
            bus.ram[(pc + i) & 0xFFFF] = theirs.memory[(pc + i) & 0xFFFF] = byte
        a, x, y, s, p = (_edge(rng) for _ in range(5))
        p = (p | 0x20) & ~0x10
        if variant == "2a03":
            p &= ~0x08  # py65 has no 2A03: compare binary mode only
        ours.a, ours.x, ours.y, ours.s, ours.p, ours.pc = a, x, y, s, p, pc
        theirs.a, theirs.x, theirs.y, theirs.sp, theirs.p, theirs.pc = a, x, y, s, p | 0x10, pc
        before = theirs.processorCycles
        try:
            theirs.step()
        except IndexError:
            skipped += 1  # operand_past_ffff
            ours.step()
            theirs.memory = list(bus.ram)
            continue
        cycles = ours.step()
        want_cycles = theirs.processorCycles - before
        if opcode == 0xCE:
            want_cycles = 6  # dec_abs_cycles
        state = f"${opcode:02X} {OPCODES[opcode].mnemonic} at ${pc:04X} {code} a={a:02X} " \
                f"x={x:02X} y={y:02X} s={s:02X} p={p:02X}"
        problem = None
        for mine, py65_name in REGS:
            got, want = getattr(ours, mine), getattr(theirs, py65_name)
            if got != want:
                problem = f"{mine}: ours ${got:02X}, py65 ${want:02X}"
                break
        else:
            if ours.p & 0xEF != theirs.p & 0xEF:  # b_in_p
                problem = f"p: ours ${ours.p:02X}, py65 ${theirs.p:02X}"
            elif cycles != want_cycles:
                problem = f"cycles: ours {cycles}, py65 {want_cycles}"
            elif bytes(theirs.memory) != bus.ram:
                at = next(i for i in range(0x10000) if theirs.memory[i] != bus.ram[i])
                problem = f"memory ${at:04X}: ours ${bus.ram[at]:02X}, " \
                          f"py65 ${theirs.memory[at]:02X}"
                theirs.memory = list(bus.ram)
        if problem:
            failures.append(f"{state}: {problem}")
    return failures, skipped


def _check(seed: int, cases: int, variant: str) -> None:
    failures, skipped = compare(seed, cases, variant)
    assert skipped < cases // 20
    assert not failures, f"{len(failures)} of {cases} differ:\n" + "\n".join(failures[:10])


@pytest.mark.parametrize("variant", ["nmos", "2a03"])
def test_random_instructions_agree_with_py65(variant: str) -> None:
    _check(seed=6502, cases=2000, variant=variant)


@pytest.mark.long
@pytest.mark.parametrize("seed", range(4))
def test_many_more_random_instructions_agree_with_py65(seed: int) -> None:
    _check(seed=seed, cases=25_000, variant="nmos")


def test_the_masked_py65_deviations_are_real() -> None:
    """Each entry of PY65_DEVIATIONS still happens, so no mask hides a bug of ours."""
    mpu = mpu6502.MPU()
    assert mpu.p & 0x10  # b_in_p: set from reset on
    mpu.memory[0x0200:0x0203] = [0xCE, 0x00, 0x03]  # dec $0300
    mpu.pc = 0x0200
    mpu.step()
    assert mpu.processorCycles == 3  # dec_abs_cycles
    cpu = MOS6502()
    cpu.bus.load(0x0200, bytes([0xCE, 0x00, 0x03]))
    cpu.pc = 0x0200
    assert cpu.step() == 6
    mpu.memory[0xFFFE] = 0xAD  # lda abs with its operand at $FFFF-$0000
    mpu.pc = 0xFFFE
    with pytest.raises(IndexError):
        mpu.step()  # operand_past_ffff
    assert set(PY65_DEVIATIONS) == {"b_in_p", "dec_abs_cycles", "operand_past_ffff"}
