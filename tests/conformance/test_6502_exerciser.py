"""The whole-program 6502 exerciser, assembled by our assembler, on both variants.

`cpu/exercisers/6502_functional.asm` runs every documented instruction in
every addressing mode against tabulated results, plus decimal-mode loops that
compute their own; it ends at `success` or at `fail` with the case number in
zero page $02-$03 (named by the program's N_<name> symbols). $04 tells it
which variant it runs on (0 NMOS, 1 2A03).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from retroscope.asm import Program, assemble
from retroscope.cpu import MOS6502
from retroscope.cpu.bus import Bus
from retroscope.cpu.isa6502 import OPCODES

SOURCE = (Path(__file__).resolve().parents[2] / "py" / "retroscope" / "cpu" / "exercisers"
          / "6502_functional.asm")
CASE, VARIANT, GOT = 0x02, 0x04, 0x05  # zero-page contract of the program
BUDGET = 20_000_000  # cycles; a full run takes about 5 million


@cache
def program() -> Program:
    return assemble(SOURCE.read_text(), "6502", filename=SOURCE.name)


def run(variant: str, flag: int) -> tuple[str, str]:
    """Run to a trap; return ("success" | "fail" | "timeout", description)."""
    prog = program()
    bus = Bus()
    prog.load_into(bus)
    bus.ram[VARIANT] = flag
    cpu = MOS6502(bus, variant)
    cpu.reset()
    traps = {prog.symbols["success"]: "success", prog.symbols["fail"]: "fail"}
    while cpu.cycles < BUDGET and cpu.pc not in traps:
        cpu.run(200_000)
    outcome = traps.get(cpu.pc, "timeout")
    case = bus.ram[CASE] | bus.ram[CASE + 1] << 8
    names = {value: name for name, value in prog.symbols.items() if name.startswith("N_")}
    got = ", ".join(f"{reg}=${value:02X}" for reg, value in zip("AXYP", bus.ram[GOT:GOT + 4],
                                                                strict=True))
    name = names.get(case, "the sanity checks" if case == 0 else "?")
    return outcome, f"case {case} ({name}) at PC=${cpu.pc:04X}, checker saw {got}"


@pytest.mark.parametrize("variant, flag", [("nmos", 0), ("2a03", 1)])
def test_the_exerciser_reaches_success(variant: str, flag: int) -> None:
    outcome, where = run(variant, flag)
    assert outcome == "success", f"{variant}: {outcome} in {where}"


@pytest.mark.parametrize("variant, flag", [("nmos", 1), ("2a03", 0)])
def test_the_exerciser_fails_on_the_wrong_decimal_mode_and_names_the_case(
        variant: str, flag: int) -> None:
    outcome, where = run(variant, flag)
    assert outcome == "fail"
    assert "(N_ADC_IMM_1_BCD)" in where


def test_the_exerciser_contains_every_documented_opcode() -> None:
    used = {row.data[0] for row in program().listing
            if row.data and ".byte" not in row.text and ".word" not in row.text}
    missing = [f"${op.opcode:02X} {op.mnemonic} {op.mode}" for op in OPCODES
               if op is not None and op.documented and op.opcode not in used]
    assert not missing, f"not exercised: {missing}"


CASE_HEADER = re.compile(r"; --- case (\d+): (.+?)  \(A=\$(\w\w) X=\$(\w\w) Y=\$(\w\w) "
                         r"P=\$(\w\w)(?: M=\$(\w\w))?\)")
BYTES = re.compile(r"\s+\.byte ((?:\$\w\w, ){3}\$\w\w)")
# Where each addressing mode of the table cases points (see the program's header).
TARGET = {"zp": 0x20, "zpx": 0x20, "zpy": 0x20, "abs": 0x300, "abx": 0x300, "aby": 0x300,
          "izx": 0x300, "izy": 0x300}
MEMORY_RESULT = {"sta", "stx", "sty", "asl", "lsr", "rol", "ror", "inc", "dec"}


def py65_expectation(code: bytes, regs: list[int], m: int | None, target: int | None,
                     memory_result: bool) -> list[int]:
    """A, X, Y (or the memory result), P|$30 after one instruction on py65."""
    mpu6502 = pytest.importorskip("py65.devices.mpu6502", reason="py65 (dev-only) not installed")
    memory = [0] * 0x10000
    memory[0x40:0x44] = [0x00, 0x03, 0xF8, 0x02]
    if target is not None and m is not None:
        memory[target] = m
    memory[0x0400:0x0400 + len(code)] = code
    mpu = mpu6502.MPU(memory=memory)
    a, x, y, p = regs
    mpu.pc, mpu.a, mpu.x, mpu.y, mpu.sp, mpu.p = 0x0400, a, x, y, 0xFF, p | 0x30
    mpu.step()
    y_out = mpu.memory[target] if memory_result and target is not None else mpu.y
    return [mpu.a, mpu.x, y_out, mpu.p | 0x30]


def test_the_tabulated_expectations_are_py65s() -> None:
    """Every table case's expected bytes re-derived from py65 1.2.0, an emulator
    independent of ours (the decimal cases' 2A03 row: py65 with D clear, D kept)."""
    lines = SOURCE.read_text().splitlines()
    checked = decimal = 0
    for i, line in enumerate(lines):
        header = CASE_HEADER.match(line)
        if not header:
            continue
        text = header.group(2)
        a, x, y, p = (int(v, 16) for v in header.group(3, 4, 5, 6))
        m = int(header.group(7), 16) if header.group(7) else None
        code = assemble(f" {text}\n", "6502", origin=0x0400).chunks[0][1]
        op = OPCODES[code[0]]
        assert op is not None
        target = TARGET.get(op.mode)
        memory_result = op.mnemonic in MEMORY_RESULT and op.mode != "acc"
        rows = [BYTES.match(row) for row in lines[i:i + 30]]
        tables = [[int(v[1:], 16) for v in row.group(1).split(", ")] for row in rows if row]
        want = py65_expectation(code, [a, x, y, p], m, target, memory_result)
        assert tables[0] == want, f"case {header.group(1)} ({text})"
        if lines[i + 1].split(" =")[0].endswith("_BCD"):
            binary = py65_expectation(code, [a, x, y, p & ~0x08], m, target, memory_result)
            binary[3] |= 0x08
            assert tables[1] == binary, f"case {header.group(1)} ({text}), 2A03 row"
            decimal += 1
        checked += 1
    assert checked > 200 and decimal == 16
