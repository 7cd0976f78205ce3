"""The whole-program 6502 exerciser, assembled by our assembler, on both variants.

`cpu/exercisers/6502_functional.asm` runs every documented instruction in
every addressing mode against tabulated results, plus decimal-mode loops that
compute their own; it ends at `success` or at `fail` with the case number in
zero page $02-$03 (named by the program's N_<name> symbols). $04 tells it
which variant it runs on (0 NMOS, 1 2A03).
"""

from __future__ import annotations

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
