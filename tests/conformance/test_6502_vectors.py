"""The 6502 / 2A03 core against the single-instruction conformance vectors.

Each vector file holds 25 cases of one opcode. A case passes when registers,
status, the touched RAM and the exact bus access sequence (address, value,
read/write; its length is the cycle count) all match.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from harness.vectors import load_vectors, vector_params
from retroscope.cpu.bus import Bus
from retroscope.cpu.mos6502 import MOS6502

# ADC/SBC and the undocumented opcodes built on them: on the 2A03 their
# decimal-mode cases do not apply (D is stored but ignored).
DECIMAL_SENSITIVE = {
    0x61, 0x65, 0x69, 0x6D, 0x71, 0x75, 0x79, 0x7D,  # adc
    0xE1, 0xE5, 0xE9, 0xED, 0xF1, 0xF5, 0xF9, 0xFD,  # sbc
    0x63, 0x67, 0x6F, 0x73, 0x77, 0x7B, 0x7F,  # rra
    0xE3, 0xE7, 0xEF, 0xF3, 0xF7, 0xFB, 0xFF,  # isc
    0x6B, 0xEB,  # arr, sbc #imm (undocumented copy)
}
REGISTERS = ("pc", "s", "a", "x", "y", "p")


class RecordingBus(Bus):
    """A flat RAM bus that logs every access as the vectors do."""

    def __init__(self) -> None:
        super().__init__()
        self.log: list[list[Any]] = []
        ram, log = self.ram, self.log

        def read(addr: int) -> int:
            value = ram[addr]
            log.append([addr, value, "read"])
            return value

        def write(addr: int, value: int) -> None:
            ram[addr] = value
            log.append([addr, value, "write"])

        self.read = read
        self.write = write


class HalfMappedBus(Bus):
    """Zero page and stack plain RAM; about half the other pages, chosen by
    `seed`, behind handlers that log their accesses (RAM underneath). The core
    then runs its paged handlers, which may skip the bus only for plain pages:
    the log must equal the vector's bus cycles on the mapped pages, in order."""

    def __init__(self, seed: str) -> None:
        super().__init__()
        self.log: list[list[Any]] = []
        ram, log = self.ram, self.log
        rng = random.Random(seed)
        self.mapped = {page for page in range(2, 256) if rng.random() < 0.5}

        def read(addr: int) -> int:
            log.append([addr, ram[addr], "read"])
            return ram[addr]

        def write(addr: int, value: int) -> None:
            ram[addr] = value
            log.append([addr, value, "write"])

        for page in sorted(self.mapped):
            self.map(page << 8, (page << 8) | 0xFF, name=f"logged {page:02X}", read=read,
                     write=write)

    def expected_log(self, cycles: list[list[Any]]) -> list[list[Any]]:
        return [cycle for cycle in cycles if cycle[0] >> 8 in self.mapped]


def first_divergence(cpu: MOS6502, bus: Bus, case: dict[str, Any]) -> str | None:
    """Run one case; describe the first field that differs, or None.

    On a RecordingBus the core runs its bus-calling handlers and the access
    sequence is compared; on a HalfMappedBus the accesses to mapped pages are;
    on a plain Bus it runs its direct-RAM handlers.
    """
    initial, final = case["initial"], case["final"]
    for addr, value in initial["ram"]:
        bus.ram[addr] = value
    for reg in REGISTERS:
        setattr(cpu, reg, initial[reg])
    log: list[list[Any]] | None = getattr(bus, "log", None)
    if log is not None:
        log.clear()
    cycles = cpu.step()
    for reg in REGISTERS:
        got, want = getattr(cpu, reg), final[reg]
        if got != want:
            return f"{reg}: got ${got:02X}, want ${want:02X}"
    for addr, value in final["ram"]:
        if bus.ram[addr] != value:
            return f"ram[${addr:04X}]: got ${bus.ram[addr]:02X}, want ${value:02X}"
    if log is not None:
        want_log = (bus.expected_log(case["cycles"]) if isinstance(bus, HalfMappedBus)
                    else case["cycles"])
        for i, (got, want) in enumerate(zip(log, want_log, strict=False)):
            if got != want:
                return f"bus cycle {i}: got {got}, want {want}"
        if len(log) != len(want_log):
            return f"bus cycles: got {len(log)}, want {len(want_log)}"
    if cycles != len(case["cycles"]):
        return f"step() returned {cycles} cycles, want {len(case['cycles'])}"
    return None


def run_file(path: Path, variant: str, skip_decimal: bool = False) -> None:
    """Every case on the three handler sets: bus calls (traced), paged (traced
    where the bus has handlers) and direct RAM."""
    failures = []
    ran = 0
    for bus in (RecordingBus(), HalfMappedBus(path.name), Bus()):
        cpu = MOS6502(bus, variant)
        for case in load_vectors(path):
            if skip_decimal and case["initial"]["p"] & 0x08:
                continue
            if cpu.halted:  # a JAM case halts the core: start each case afresh
                cpu = MOS6502(bus, variant)
            ran += 1
            problem = first_divergence(cpu, bus, case)
            if problem:
                failures.append(f"  {case['name']} ({type(bus).__name__}): {problem}")
    assert ran, f"{path.name}: no case applies"
    assert not failures, (f"{variant} {path.name}: {len(failures)} of {ran} cases fail\n"
                          + "\n".join(failures[:8]))


@pytest.mark.parametrize("path", vector_params("cpu/6502"))
def test_nmos_matches_documented_opcode_vectors(path: Path) -> None:
    run_file(path, "nmos")


@pytest.mark.parametrize("path", vector_params("cpu/6502/undocumented"))
def test_nmos_matches_undocumented_opcode_vectors(path: Path) -> None:
    run_file(path, "nmos")


@pytest.mark.parametrize("path", vector_params("cpu/nes6502"))
def test_2a03_matches_nes_vectors(path: Path) -> None:
    run_file(path, "2a03")


@pytest.mark.parametrize("path", vector_params("cpu/6502") + vector_params("cpu/6502/undocumented"))
def test_2a03_matches_nmos_vectors_outside_decimal_mode(path: Path) -> None:
    opcode = int(path.name[:2], 16)
    run_file(path, "2a03", skip_decimal=opcode in DECIMAL_SENSITIVE)
