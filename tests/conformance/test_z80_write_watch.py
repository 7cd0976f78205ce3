"""The Z80's own write watch (`set_watch("write", ...)`) in run(): exactly a bus watch
with single stepping.

The random self-modifying programs of `harness.random_z80` (plain RAM, and with
a ROM page and an I/O page) run through run() with a write watch on some
addresses (the stack, where HL and IX point, the code itself, I/O, ROM),
interrupts and NMIs raised between calls, and compiled blocks, the hook
asking for a stop as the debugger's does; a twin core single-steps with a bus
watch and stops after each instruction (or interrupt entry) that wrote to a
watched address. At every stop and every budget's end the state, memory, I/O
log and the writes the hook saw agree. Then the debugger: a write breakpoint
on Pac-Man through the core stops where single stepping stops.
"""

from __future__ import annotations

import random

import pytest

from harness.debug_stops import same_pacman_stops
from harness.pacman import PLAY_BUTTONS
from harness.random_z80 import CODE, compare_runs, loop_cpu, pair, watched_addresses
from retroscope import machines
from retroscope.cpu.z80 import Z80
from retroscope.debug import Session

pytestmark = pytest.mark.usefixtures("z80_compiles_soon")  # short programs run on blocks


def check(seed: int, mapped: bool, calls: int = 60) -> tuple[int, bool]:
    rng = random.Random(seed)
    fast, slow = pair(rng, mapped)
    mask = watched_addresses(rng, fast)
    seen_fast: list[tuple[int, int]] = []
    seen_slow: list[tuple[int, int]] = []

    def hook(addr: int, value: int) -> None:
        seen_fast.append((addr, value))
        fast.request_stop()

    def bus_watch(addr: int, value: int) -> None:
        if mask[addr]:
            seen_slow.append((addr, value))

    def rewatch() -> None:  # the debugger changes its watches
        nonlocal mask
        mask = watched_addresses(rng, fast)
        fast.set_watch("write", mask, hook)

    fast.set_watch("write", mask, hook)
    slow.bus.add_watch("write", bus_watch)
    hits, compiled = compare_runs(rng, fast, slow, (seen_fast, seen_slow), rewatch, calls,
                                  seed)
    return hits, compiled


@pytest.mark.parametrize("seed", range(25))
def test_write_watch_equals_single_steps_on_plain_ram(seed: int) -> None:
    check(seed, mapped=False)


@pytest.mark.parametrize("seed", range(25))
def test_write_watch_equals_single_steps_with_rom_and_io(seed: int) -> None:
    check(seed, mapped=True)


def test_watches_are_hit_and_blocks_run_while_watching() -> None:
    results = [check(seed, mapped) for seed in range(100, 110) for mapped in (False, True)]
    assert sum(hits for hits, _ in results) > 50
    assert sum(compiled for _, compiled in results) > 5


@pytest.mark.long
def test_many_more_random_programs_with_watches() -> None:
    for seed in range(1000, 1300):
        check(seed, mapped=seed % 2 == 1)


                                                    # / push bc / pop bc / jr loop


def test_a_watched_store_ends_a_compiled_block_after_it() -> None:
    cpu = loop_cpu()
    mask = bytearray(0x10000)
    mask[0x4080] = 1
    seen: list[tuple[int, int]] = []
    target = (cpu.a + 40) & 0xFF  # 40 turns on: the blocks are compiled again by then

    def hook(addr: int, value: int) -> None:
        seen.append((addr, value))
        if value == target:
            cpu.request_stop()
    cpu.set_watch("write", mask, hook)
    cpu.run(100_000)
    assert cpu.at_stop and cpu.pc == CODE + 4 and cpu.a == target  # INC B not yet run
    assert len(seen) == 40 and seen[-1] == (0x4080, target)
    assert cpu.compiled_blocks()  # compiled again, with the check
    cpu.set_watch("write", None)
    assert cpu.run(5000) >= 5000 and not cpu.at_stop


def test_pushes_and_interrupt_entry_are_watched_in_step_and_run() -> None:
    cpu = loop_cpu()
    mask = bytearray(0x10000)
    mask[0x41FF] = mask[0x41FE] = 1  # where PUSH BC (and an interrupt) put a word
    seen: list[tuple[int, int]] = []
    cpu.set_watch("write", mask, lambda a, v: seen.append((a, v)))
    cpu.run(1000)  # no stop asked for: the hook sees each push, run() goes on
    assert not cpu.at_stop and len(seen) >= 2 * (1000 // 54)  # 54 T-states a turn
    seen.clear()
    cpu.im = 1
    cpu.iff1 = 1
    cpu.interrupt()
    pc = cpu.pc
    assert cpu.step() == 13
    assert seen == [(0x41FF, pc >> 8), (0x41FE, pc & 0xFF)]


def test_a_port_write_is_not_a_memory_write() -> None:
    cpu = Z80()
    cpu.bus.load(0, bytes.fromhex("3e 07 d3 80 76"))  # ld a,7 / out ($80),a / halt
    mask = bytearray(0x10000)
    mask[0x0780] = mask[0x80] = 1
    seen: list[tuple[int, int]] = []
    cpu.set_watch("write", mask, lambda a, v: seen.append((a, v)))
    cpu.run(100)
    assert cpu.halted and seen == []


def test_a_bad_mask_says_what_is_wrong() -> None:
    with pytest.raises(ValueError, match="64 KiB"):
        Z80().set_watch("write", bytearray(16), print)
    with pytest.raises(ValueError, match="needs a hook"):
        Z80().set_watch("write", bytearray(0x10000))


PACMAN_WATCHES = {
    "actors": [(0x4D00, 0x4D4F)],           # Pac-Man and the ghosts
    "wsg": [(0x5040, 0x505F)],              # the sound registers (I/O)
    "stack": [(0x4F80, 0x4FBF)],            # under STACK_TOP: calls and the interrupt
    "tiles": [(0x4000, 0x43FF)],            # the maze as drawn
    "scattered": [(0x4D80, 0x4D8A), (0x4E00, 0x4E0F), (0x4C00, 0x4C00)],
}


def pacman_stops(watches: list[tuple[int, int]], core: bool, frames: int) -> list:
    """Run Pac-Man's frames, stopping after each instruction that writes a
    watched address: through the core's watch and run(), or through a bus
    watch and step() (as run() goes: back to the machine in a HALT it cannot
    leave). At each stop: what was written, the state hash, where."""
    from retroscope.debug.rewind import state_hash  # noqa: PLC0415

    m = machines.create("pacman")
    cpu = m.cpu
    mask = bytearray(0x10000)
    for lo, hi in watches:
        mask[lo:hi + 1] = b"\1" * (hi + 1 - lo)
    hits: list[tuple[int, int]] = []
    if core:
        def hook(addr: int, value: int) -> None:
            hits.append((addr, value))
            cpu.request_stop()
        cpu.set_watch("write", mask, hook)

        def runner(cycles: int) -> int:
            ran = cpu.run(cycles)
            m.stop_requested = bool(hits)
            return ran
    else:
        cpu.bus.add_watch("write", lambda addr, value: hits.append((addr, value))
                          if mask[addr] else None)

        def runner(cycles: int) -> int:
            ran = 0
            while ran < cycles and not hits:
                if cpu.halted and not (cpu.nmi_pending or cpu.irq and cpu.iff1):
                    break
                ran += cpu.step()
            m.stop_requested = bool(hits)
            return ran
    m.runner = runner
    stops = []
    while m.frame < frames:
        m.set_buttons(PLAY_BUTTONS[m.frame % len(PLAY_BUTTONS)])
        if m.advance() == "break":
            stops.append((list(hits), m.frame, m.frame_cycle, cpu.pc, state_hash(m.snapshot())))
            hits.clear()
    return stops


@pytest.mark.parametrize(("name", "frames"), [
    ("actors", 16), ("wsg", 14), ("stack", 5), ("tiles", 12), ("scattered", 20)])
def test_pacman_stops_where_single_steps_with_a_bus_watch_stop(name: str, frames: int) -> None:
    fast = pacman_stops(PACMAN_WATCHES[name], True, frames)
    slow = pacman_stops(PACMAN_WATCHES[name], False, frames)
    assert len(fast) > 10
    for i, (got, want) in enumerate(zip(fast, slow, strict=True)):
        assert got == want, f"stop {i}"


@pytest.mark.parametrize(("where", "frames"), [
    ([("write", "$4D00", "", "$4D4F")], 16),     # the actors
    ([("write", "$5040", "", "$505F")], 12),     # the WSG's registers (I/O)
    ([("write", "$4F80", "", "$4FBF")], 5),      # the stack under STACK_TOP
    ([("write", "$4D80", "a & 1", "$4D8A")], 20),  # a condition
])
def test_pacman_write_breakpoints_stop_at_the_same_instructions_as_before(where, frames):
    """A write breakpoint on Pac-Man now goes through the core's own watch and
    the machine's runner; it stops where the single-stepping runner (the only
    way before) stops."""
    same_pacman_stops(where, frames)
    session = Session(machines.create("pacman"), record=False)
    session.add_breakpoint(*where[0][:2], end=where[0][3], condition=where[0][2])
    assert session.cpu.watch_mask("write") is not None and not session.bus.watching("write")


@pytest.mark.parametrize(("where", "frames"), [
    ([("read", "$4D00", "", "$4D4F")], 6),       # the actors
    ([("read", "$5000", "", "$503F")], 14),      # IN0 (I/O)
])
def test_pacman_read_breakpoints_stop_at_the_same_instructions_as_before(where, frames):
    """A read breakpoint is a bus watch; with the core's `request_stop` it runs
    on the machine's runner too (the checking fast loop, no blocks)."""
    same_pacman_stops(where, frames)


def test_a_stop_asked_for_in_the_last_thing_run_ran_is_at_stop() -> None:
    """An interrupt entry, or an instruction, that uses up run()'s budget and
    whose write asked for a stop: run() says so (`at_stop`), so that a
    machine's runner running in short pieces stops there too."""
    cpu = Z80()
    cpu.bus.load(0, bytes.fromhex("32 80 40 c3 00 00"))  # ld ($4080),a / jp 0
    cpu.sp = 0x4200
    mask = bytearray(0x10000)
    mask[0x41FF] = mask[0x4080] = 1
    cpu.set_watch("write", mask, lambda a, v: cpu.request_stop())
    cpu.nmi()
    assert cpu.run(1) == 11 and cpu.at_stop  # the entry pushed PC at $41FF
    cpu.pc = 0
    assert cpu.run(1) == 13 and cpu.at_stop  # LD ($4080),A
    assert cpu.run(1) == 10 and not cpu.at_stop  # JP
