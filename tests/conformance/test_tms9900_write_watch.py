"""The TMS9900's own write watch (`set_watch("write", ...)`): exactly a bus watch with
single stepping.

Random programs (memory full of random instructions and pointers, so that
they write over their own code and their workspaces, word and byte, through
registers, indirect, auto-increment and symbolic operands, BLWP, XOP, RTWP
and LWPI included) run through run() with a write watch on some addresses
(workspace registers, code, data, a device page, ROM, the scratchpad's
mirror), the hook asking for a stop as the debugger's does; a twin core
single-steps with a bus watch and stops after each instruction (or interrupt
entry) that wrote to a watched address. Interrupts come and go, and LOAD.
At every stop and every budget's end the cycles, state, memory, device log
and the writes the hook saw agree. The same on the CRPG machine, through
the debugger's write breakpoints (and its read breakpoints: the core's read
watch, see test_tms9900_read_watch).
"""

from __future__ import annotations

import random

import pytest

from harness.debug_stops import checked, same_stops
from harness.random_tms9900 import (
    CODE,
    IO,
    make,
    random_image,
    runnable,
    watched_addresses,
    word_writer,
)
from retroscope import machines
from retroscope.debug import Session


def check(seed: int, calls: int = 50) -> list[tuple[int, int]]:
    """Compare the two cores over `calls` runs; the writes the hook saw."""
    rng = random.Random(seed)
    image = random_image(rng)
    mapped, waits = seed % 2 == 1, seed % 3 != 0
    fast_log: list = []
    slow_log: list = []
    fast, slow = make(image, mapped, waits, fast_log), make(image, mapped, waits, slow_log)
    if seed % 4 == 3:  # a bus watch too: the core calls the bus for everything
        fast.bus.add_watch("read", lambda addr, value: None)
    stops: set[int] = set()
    if seed % 5 == 4:  # and stop addresses: run()'s loop with stops
        stops = {CODE + 2 * rng.randrange(0x100) for _ in range(8)}
        fast.set_stops(stops)
    mask = watched_addresses(rng)
    seen_fast: list[tuple[int, int]] = []
    seen_slow: list[tuple[int, int]] = []

    def hook(addr: int, value: int) -> None:
        seen_fast.append((addr, value))
        fast.request_stop()

    def bus_watch(addr: int, value: int) -> None:
        if mask[addr]:
            seen_slow.append((addr, value))

    fast.set_watch("write", mask, hook)
    slow.bus.add_watch("write", bus_watch)
    for call in range(calls):
        if rng.random() < 0.2:
            level = rng.choice((None, 1, 2, 4, 15))
            fast.interrupt(level)
            slow.interrupt(level)
        if rng.random() < 0.03 or fast.idle and not runnable(fast):
            fast.load_interrupt()
            slow.load_interrupt()
        if rng.random() < 0.05:  # the debugger changes its watches
            mask = watched_addresses(rng)
            fast.set_watch("write", mask, hook)
        budget = rng.choice((1, 20, rng.randrange(1, 400), rng.randrange(400, 5000)))
        ran = fast.run(budget)
        start, before = slow.cycles, len(seen_slow)
        at_stop = False
        while slow.cycles < start + budget and len(seen_slow) == before and runnable(slow):
            if slow.pc in stops and not slow.idle:
                at_stop = True
                break
            slow.step()
        stopped = len(seen_slow) > before
        where = f"seed {seed}, call {call}, after {fast.cycles} cycles, PC >{fast.pc:04X}"
        assert ran == slow.cycles - start, where
        assert seen_fast == seen_slow, where
        if ran < budget and runnable(fast):
            assert fast.at_stop == (stopped or at_stop), where
        assert slow.snapshot() == fast.snapshot(), where
        assert slow.bus.ram == fast.bus.ram, where
        assert slow_log == fast_log, where
        if at_stop:  # pass the stop address as the debugger does: one step
            assert fast.step() == slow.step(), where
    return seen_fast


@pytest.mark.parametrize("seed", range(40))
def test_write_watch_equals_single_steps(seed: int) -> None:
    check(seed)


def test_the_random_programs_hit_every_kind_of_watched_address() -> None:
    seen = [addr for seed in range(16) for addr, _ in check(seed, calls=40)]
    kinds = {"registers": [a for a in seen if a >> 8 == 0x83],
             "code": [a for a in seen if CODE <= a < CODE + 0x100],
             "code workspace": [a for a in seen if 0xA100 <= a < 0xA120],
             "device": [a for a in seen if a >> 8 == IO >> 8],
             "ROM": [a for a in seen if a < 0x100], "mirror": [a for a in seen if a >> 8 == 0x80]}
    assert len(seen) > 300
    assert all(kinds.values()), {k: len(v) for k, v in kinds.items()}


@pytest.mark.parametrize(("watched", "seen", "pc"), [
    ((0xB000,), [(0xB000, 0x12)], 0x0104),  # a word's high byte
    ((0xB001,), [(0xB001, 0x34)], 0x0104),  # its low byte
    ((0xB000, 0xB001), [(0xB000, 0x12), (0xB001, 0x34)], 0x0104),
    ((0xB002, 0xB003), [(0xB003, 0x12)], 0x0108),  # MOVB: the byte's own address
    ((0x833C, 0x833D), [(0x833C, 0x01), (0x833D, 0x0C)], 0x010C),  # BLWP saves the PC
])
def test_the_hook_sees_bytes_as_the_bus_does_and_run_stops_after(watched, seen, pc) -> None:
    cpu = word_writer()
    mask = bytearray(0x10000)
    for at in watched:
        mask[at] = 1
    hits: list[tuple[int, int]] = []
    cpu.set_watch("write", mask, lambda a, v: (hits.append((a, v)), cpu.request_stop()))
    cpu.run(1000)
    assert (hits, cpu.pc, cpu.at_stop) == (seen, pc, True)


def test_a_register_write_is_a_write_at_its_workspace_address() -> None:
    cpu = word_writer()
    cpu.bus.load(0x0100, bytes((0x02, 0x03, 0xAB, 0xCD)))  # LI R3,>ABCD
    mask = bytearray(0x10000)
    mask[0x8307] = 1  # R3's low byte
    hits: list[tuple[int, int]] = []
    cpu.set_watch("write", mask, lambda a, v: hits.append((a, v)))
    cpu.step()
    assert hits == [(0x8307, 0xCD)]


def test_without_a_watch_run_goes_on_and_the_fast_engine_is_back() -> None:
    cpu = word_writer()
    plain = cpu._engine
    mask = bytearray(0x10000)
    mask[0xB000] = 1
    cpu.set_watch("write", mask, lambda a, v: cpu.request_stop())
    assert cpu.run(1000) < 1000 and cpu.at_stop and cpu._engine != plain
    cpu.set_watch("write", None)
    assert cpu._engine == plain
    assert cpu.run(1000) >= 1000 and not cpu.at_stop


def test_a_step_kept_from_before_the_engine_changed_steps_the_core_as_it_is() -> None:
    """step is the engine's own closure: one taken before a watch or a
    mapping changed the engine hands over to the core's engine now."""
    cpu = word_writer()
    step = cpu.step
    mask = bytearray(0x10000)
    mask[0xB000] = 1
    hits: list[tuple[int, int]] = []
    cpu.set_watch("write", mask, lambda a, v: hits.append((a, v)))
    assert step() == 22 and cpu.pc == 0x0104 and hits == [(0xB000, 0x12)]
    reads: list[int] = []
    cpu.bus.add_watch("read", lambda a, v: reads.append(a))  # the bus engine
    step()
    assert cpu.pc == 0x0108 and cpu.bus.ram[0xB003] == 0x12 and 0xB003 in reads
    cpu.bus.map(0x8300, 0x83FF, name="workspace", read=lambda a: 0x22, kind="io")
    cpu.bus.remove_watch("read", cpu.bus._read_watches[0])
    step()  # BLWP through >0200 with R13-R15 written; the map only changes reads
    assert (cpu.wp, cpu.pc) == (0x8320, 0x010C)
    assert cpu.bus.ram[0x833C:0x833E] == bytes((0x01, 0x0C))


def test_a_stop_requested_in_a_chunks_last_instruction_ends_the_machines_run() -> None:
    """Machine.run_idle runs the TI-99/4A in chunks: a stop that the last
    instruction of a chunk asked for still ends it there."""
    def watched() -> tuple[machines.Machine, list[int]]:
        machine = machines.create("crpg")
        cpu, hits = machine.cpu, []
        mask = bytearray(0x10000)
        mask[machine.symbols["VDPTIC"]] = 1  # the console's tick, written every frame
        cpu.set_watch("write", mask, lambda a, v: (hits.append(a), cpu.request_stop()))
        return machine, hits

    probe, hits = watched()
    start = probe.cpu.cycles
    ran = probe.cpu.run(1_000_000)  # the boot clears the tick
    assert hits and probe.cpu.at_stop and ran < 1_000_000
    machine, hits = watched()
    machine.IDLE_CHUNK = ran  # a chunk that ends with that instruction
    assert machine.cpu.cycles == start
    assert machine.run_idle(1_000_000) == ran and hits and machine.cpu.at_stop


CRPG_WATCHES = [  # (kind, start, end or None, condition)
    [("write", "$8379", None, "")],  # the interrupt's tick (AB: a byte write)
    [("write", "$83DA", "$83DF", "")],  # the interrupt's workspace: R13-R15, its context switch
    [("write", "$8300", "$831F", "value == $10")],  # the main workspace's registers
    [("write", "$8C00", "$8C03", "(cycles & $3FF) < 32")],  # the VDP's ports (a device)
    [("write", "$2000", "$2FFF", "value & 7 == 3"), ("write", "$8379", None, "")],  # the map
    # read breakpoints: the core's read watch (set_watch("read", ...)), asking for a stop
    [("read", "$8802", None, ""), ("write", "$8379", None, "")],  # the VDP status, the tick
    [("read", "$8379", None, "value == 12 && (cycles & $FF) < 16")],  # read each wait turn
]


@pytest.mark.skipif("crpg" not in machines.available(), reason="no crpg machine")
@pytest.mark.parametrize("where", CRPG_WATCHES)
def test_crpg_write_and_read_breakpoints_stop_where_single_stepping_stops(where) -> None:
    rnd = random.Random(3)
    buttons = [rnd.choice([0x01, 0x02, 0x04, 0x08, 0]) if f % 5 == 0 else 0 for f in range(60)]
    fast = Session(machines.create("crpg"), record=False)
    slow = Session(machines.create("crpg"), record=False)
    for session in (fast, slow):
        for kind, at, end, condition in where:
            session.add_breakpoint(kind, at, end=end, condition=condition)
    assert fast.machine.runner == fast.control.run_stops  # the core stops by itself
    assert (fast.cpu.watch_mask("write") is not None) == any(kind == "write" for kind, *_ in where)
    reads = any(kind == "read" for kind, *_ in where)
    assert (fast.cpu.watch_mask("read") is not None) == reads
    assert not fast.bus.watching("read")  # the bus keeps its fast paths
    checked(slow)
    same_stops(fast, slow, 24, buttons, stops_wanted=1)
