"""The Z80 exerciser (`cpu/exercisers/z80_exerciser.asm`), assembled by our
assembler, run on our core to its success trap.

Its table of expected checksums comes from kosarev's `z80` package (an
independent emulator); when that package is installed the table is checked
against a fresh run of it. The long variant runs the exerciser with random
xorshift seeds and more runs per stub on both emulators and compares every
group's checksum.

To regenerate the table after changing the program:
`PYTHONPATH=py python3 tests/conformance/test_z80_exerciser.py` prints the new
`expect` rows.
"""

from __future__ import annotations

import random
from importlib.resources import files

import pytest

from retroscope.asm import Program, assemble
from retroscope.cpu.bus import Bus
from retroscope.cpu.z80 import Z80

GROUPS = ("8-bit loads", "16-bit loads/stack/exchange", "8-bit ALU", "16-bit ALU",
          "daa/cpl/neg/scf/ccf", "rotates/shifts", "bit/set/res", "jumps/calls/returns",
          "block transfer/search", "input/output", "index registers", "undocumented")
MAX_T_STATES = 200_000_000


def source() -> str:
    return files("retroscope.cpu").joinpath("exercisers", "z80_exerciser.asm").read_text()


def build() -> Program:
    return assemble(source(), "z80")


def port_value(port: int) -> int:
    """What IN reads, the same in both emulators."""
    return (port * 13 + (port >> 8) + 0x5A) & 0xFF


def patched_image(program: Program, seed: int | None, iters: int | None) -> bytes:
    memory = bytearray(0x10000)
    for address, data in program.chunks:
        memory[address:address + len(data)] = data
    if seed is not None:
        memory[program.symbols["seed"]:program.symbols["seed"] + 2] = seed.to_bytes(2, "little")
    if iters is not None:
        memory[program.symbols["iters"]] = iters
    return bytes(memory)


def run_ours(program: Program, seed: int | None = None,
             iters: int | None = None) -> tuple[Z80, list[int]]:
    bus = Bus()
    for port in range(256):
        bus.map_port(port, read=port_value)
    bus.load(0, patched_image(program, seed, iters))
    cpu = Z80(bus)
    while not cpu.halted and cpu.cycles < MAX_T_STATES:
        cpu.run(1_000_000)
    return cpu, results(program, bus.ram)


def run_reference(program: Program, seed: int | None = None,
                  iters: int | None = None) -> list[int]:
    z80 = pytest.importorskip("z80", reason="the PyPI z80 package (z80==1.2.0) is not installed")
    machine = z80.Z80Machine()
    machine.set_memory_block(0, patched_image(program, seed, iters))
    machine.set_input_callback(port_value)
    machine.pc = 0
    for _ in range(MAX_T_STATES // 100_000):  # run() may also return before the limit
        if machine.halted:
            break
        machine.ticks_to_stop = 100_000
        machine.run()
    return results(program, machine.memory)


def results(program: Program, memory) -> list[int]:
    base = program.symbols["results"]
    return [memory[base + 2 * g] | memory[base + 2 * g + 1] << 8 for g in range(len(GROUPS))]


def expected(program: Program) -> list[int]:
    base = program.symbols["expect"]
    image = patched_image(program, None, None)
    return [image[base + 2 * g] | image[base + 2 * g + 1] << 8 for g in range(len(GROUPS))]


def test_the_exerciser_reaches_its_success_trap_on_our_core():
    program = build()
    cpu, got = run_ours(program)
    failing = [f"{GROUPS[g]}: ${got[g]:04X} != ${want:04X}"
               for g, want in enumerate(expected(program)) if got[g] != want]
    assert cpu.halted, "the exerciser did not finish"
    assert not failing, "groups failing: " + "; ".join(failing)
    assert (cpu.pc - 1, cpu.a) == (program.symbols["pass"], 0)


def test_the_exerciser_stops_at_its_failure_trap_when_a_result_is_wrong():
    program = build()
    bus = Bus()
    image = bytearray(patched_image(program, None, None))
    image[program.symbols["expect"] + 4] ^= 1  # spoil group 3's expected value
    bus.load(0, bytes(image))
    for port in range(256):
        bus.map_port(port, read=port_value)
    cpu = Z80(bus)
    while not cpu.halted:
        cpu.run(1_000_000)
    assert (cpu.pc - 1, cpu.a) == (program.symbols["fail"], 3)


def test_the_expected_table_is_what_the_z80_package_computes():
    program = build()
    assert run_reference(program) == expected(program)


@pytest.mark.long
def test_randomized_exerciser_runs_agree_with_the_z80_package():
    program = build()
    rng = random.Random()
    for _ in range(4):
        seed = rng.randrange(1, 0x10000)
        theirs = run_reference(program, seed, 64)
        _, ours = run_ours(program, seed, 64)
        bad = [GROUPS[g] for g in range(len(GROUPS)) if ours[g] != theirs[g]]
        assert not bad, f"seed ${seed:04X}: groups differ: {bad}"


if __name__ == "__main__":  # print the expect rows from the z80 package
    values = run_reference(build())
    rows = [values[i:i + 10] for i in range(0, len(values), 10)]
    for i, row in enumerate(rows):
        print(("expect: dw " if i == 0 else "        dw ") + ", ".join(f"${v:04X}" for v in row))
