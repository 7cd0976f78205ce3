"""The TMS9900 disassembler against the per-instruction corpus: the words it
takes, its cycle counts (flat and TI-99/4A), its access model against MAME's
bus sequence, and its text, which our assembler must turn back into the same
words.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from harness.vectors import load_vectors, vector_params
from retroscope.asm import assemble
from retroscope.cpu.dis9900 import UNKNOWN, decode
from retroscope.machines.ti99.memory import WAIT_STATES, slow


def _memory(case: dict[str, Any]) -> bytearray:
    mem = bytearray(0x10000)
    for addr, value in case["initial"]["ram"]:
        mem[addr] = value
    return mem


def check(case: dict[str, Any]) -> list[str]:
    init = case["initial"]
    line = decode(_memory(case).__getitem__, init["pc"], wp=init["wp"], waits=WAIT_STATES)
    out = []
    words = [int(w, 16) for w in case["name"].split()]
    if line.mnemonic != "X" and [int.from_bytes(line.data[i:i + 2], "big")
                                 for i in range(0, len(line.data), 2)] != words:
        out.append(f"took {line.data.hex()}")
    want, got = case["cycles"], line.cycles
    if line.mnemonic == "X":
        pass  # X's time includes the executed instruction's
    elif line.note.startswith("8 if not taken"):
        if want not in (got, 8):
            out.append(f"cycles {got} (or 8), want {want}")
    elif line.note.startswith("+ 2N"):
        if not (want - got) % 2 == 0 or not 2 <= want - got <= 32:
            out.append(f"cycles {got} + 2N, want {want}")
    elif line.mnemonic == "DIV":
        if want != got - 92 + 16 and not got <= want <= got + 32:
            out.append(f"cycles {got}, want {want}")
    elif line.mnemonic == "ABS":
        if want not in (got, got + 2):
            out.append(f"cycles {got} (+2), want {want}")
    elif got != want:
        out.append(f"cycles {got}, want {want}")
    if not line.note:
        bus = case["bus"]
        if len(line.accesses) != len(bus):
            out.append(f"{len(line.accesses)} accesses, MAME makes {len(bus)}")
        known = Counter(a for a in line.accesses if a != UNKNOWN)
        seen = Counter(a for a, _, _ in bus)
        if known - seen:
            out.append(f"accesses {sorted(known - seen)} are not in MAME's sequence")
        waits = line.cycles_waited - line.cycles
        want_waits = case["cycles_ti99"] - case["cycles"]
        exact = UNKNOWN not in line.accesses
        if waits < want_waits or (exact and waits != want_waits):
            out.append(f"wait states {waits}, want {want_waits}")
    return out


def reassembles(case: dict[str, Any]) -> str | None:
    """None if the disassembly text assembles back to the same words."""
    init = case["initial"]
    line = decode(_memory(case).__getitem__, init["pc"], wp=init["wp"])
    program = assemble(f"       AORG >{init['pc']:04X}\n       {line.text}\n", "tms9900")
    got = b"".join(data for _, data in program.chunks)
    return None if got == line.data else f"{line.text!r} -> {got.hex()}, not {line.data.hex()}"


@pytest.mark.parametrize("path", vector_params("cpu/tms9900"))
def test_the_disassembler_agrees_with_every_case(path: Path) -> None:
    failures = []
    for case in load_vectors(path):
        problems = check(case)
        wrong = reassembles(case)
        if wrong:
            problems.append(wrong)
        if problems:
            failures.append(f"{case['name']}: " + "; ".join(problems))
    assert not failures, f"{len(failures)} cases:\n" + "\n".join(failures[:8])


def test_the_wait_state_model_is_the_console_map() -> None:
    line = decode(bytes(0x10000).__getitem__, 0x0000, wp=0x8300, waits=WAIT_STATES)
    assert line.cycles_waited == 6
    assert slow(0x2000)
