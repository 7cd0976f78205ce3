"""The Z80 core against the SingleStepTests z80 vectors (documented and undocumented).

Each vector is one whole instruction: registers, flags, WZ, q/p/ei, IFFs,
memory, port traffic and the T-state count must match, and so must the
order of memory and port accesses (read from the vectors' per-T-state
pin trace: every T-state with RD or WR active is one access).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from harness.vectors import load_vectors, vector_params
from retroscope.cpu.bus import Bus
from retroscope.cpu.z80 import Z80

REGS = ("a", "f", "b", "c", "d", "e", "h", "l", "i", "r", "ix", "iy", "sp", "pc", "wz",
        "af_", "bc_", "de_", "hl_", "im", "iff1", "iff2", "q", "p", "ei")


class TraceBus(Bus):
    """A flat RAM bus that records every access, with ports fed from the vector."""

    def __init__(self) -> None:
        super().__init__()
        self.log: list[tuple] = []
        self.port_values: list[int] = []
        ram, log = self.ram, self.log

        def read(addr: int) -> int:
            log.append(("r", addr))
            return ram[addr]

        def write(addr: int, value: int) -> None:
            log.append(("w", addr, value))
            ram[addr] = value

        self.read, self.write = read, write

    def port_in(self, port: int) -> int:
        self.log.append(("in", port))
        return self.port_values.pop(0)

    def port_out(self, port: int, value: int) -> None:
        self.log.append(("out", port, value))


def expected_accesses(cycles: list[list[Any]]) -> list[tuple]:
    """Memory and I/O accesses, in order, from the per-T-state pin trace."""
    out: list[tuple] = []
    prev = None
    for addr, data, pins in cycles:
        rd, wr, mreq, iorq = (c != "-" for c in pins)
        if not (rd or wr) or (addr, pins) == prev:
            prev = (addr, pins) if (rd or wr) else None
            continue
        prev = (addr, pins)
        if mreq:
            out.append(("r", addr) if rd else ("w", addr, data))
        elif iorq:
            out.append(("in", addr) if rd else ("out", addr, data))
    return out


def run_case(cpu: Z80, bus: TraceBus, case: dict[str, Any]) -> list[str]:
    """Run one vector; the list of mismatches (empty when it passes)."""
    init, final = case["initial"], case["final"]
    for name in REGS:
        setattr(cpu, name, init[name])
    cpu.halted = 0
    cpu.irq = cpu.nmi_pending = False
    for addr, value in init["ram"]:
        bus.ram[addr] = value
    bus.port_values = [v for _, v, d in case.get("ports", []) if d == "r"]
    bus.log.clear()
    start = cpu.cycles
    cpu.step()
    errors = [f"{n}: {getattr(cpu, n)} != {final[n]}" for n in REGS
              if getattr(cpu, n) != final[n]]
    errors += [f"ram[{a}]: {bus.ram[a]} != {v}" for a, v in final["ram"] if bus.ram[a] != v]
    if cpu.cycles - start != len(case["cycles"]):
        errors.append(f"T-states: {cpu.cycles - start} != {len(case['cycles'])}")
    want = expected_accesses(case["cycles"])
    if bus.log != want:
        errors.append(f"accesses: {bus.log} != {want}")
    return errors


def check_file(path: Path) -> None:
    bus = TraceBus()
    cpu = Z80(bus)
    failures = []
    for case in load_vectors(path):
        errors = run_case(cpu, bus, case)
        if errors:
            failures.append(f"{case['name']}: " + "; ".join(errors[:4]))
    assert not failures, f"{len(failures)} cases fail, first: " + "\n".join(failures[:3])


@pytest.mark.parametrize("path", vector_params("cpu/z80"))
def test_documented_opcode_matches_every_vector(path: Path) -> None:
    check_file(path)


@pytest.mark.parametrize("path", vector_params("cpu/z80/undocumented"))
def test_undocumented_opcode_matches_every_vector(path: Path) -> None:
    check_file(path)
