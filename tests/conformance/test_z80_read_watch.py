"""The Z80's own read watch (`set_watch("read", ...)`) in run() and step(): exactly a
bus watch with single stepping.

The random self-modifying programs of `harness.random_z80` run through run()
with a read watch on some addresses (what the program reads soon, its code,
the stack, where HL and IX point, I/O, ROM), sometimes a write watch too,
interrupts and NMIs raised between calls, and compiled blocks; the hook asks
for a stop as the debugger's does. A twin core single-steps with bus watches
and stops after each instruction (or interrupt entry) that touched a watched
address. At every stop and every budget's end the state, memory, I/O log and
the accesses the hooks saw agree. Then Pac-Man: its read breakpoints go
through the core and stop where single stepping stops.
"""

from __future__ import annotations

import random

import pytest

from harness.debug_stops import same_pacman_stops
from harness.pacman import PLAY_BUTTONS
from harness.random_z80 import (
    CODE,
    accessed_soon,
    compare_runs,
    loop_cpu,
    pair,
    watched_addresses,
)
from retroscope import machines
from retroscope.cpu.z80 import Z80
from retroscope.debug import Session

pytestmark = pytest.mark.usefixtures("z80_compiles_soon")  # short programs run on blocks


def read_addresses(rng: random.Random, cpu: Z80) -> bytearray:
    """A read watch's mask: mostly where the program reads soon (data more
    than code, so that blocks still run), else the write watch's picks."""
    mask = bytearray(0x10000)
    reads = accessed_soon(cpu, "read")
    data = [a for a in reads if not CODE <= a < CODE + 0x100] or reads
    for _ in range(rng.randrange(1, 6)):
        mask[rng.choice(data if rng.random() < 0.7 else reads)] = 1
    if rng.random() < 0.5:
        mask = bytearray(a | b for a, b in zip(mask, watched_addresses(rng, cpu), strict=True))
    return mask


def check(seed: int, mapped: bool, calls: int = 60) -> tuple[int, bool]:
    """One random program both ways; (stops, whether blocks ran)."""
    rng = random.Random(seed)
    fast, slow = pair(rng, mapped)
    masks = {"read": read_addresses(rng, fast)}
    if rng.random() < 0.3:
        masks["write"] = watched_addresses(rng, fast)
    seen_fast: list[tuple[str, int, int]] = []
    seen_slow: list[tuple[str, int, int]] = []

    def hooks(kind: str):
        def hook(addr: int, value: int) -> None:
            seen_fast.append((kind, addr, value))
            fast.request_stop()

        def bus_watch(addr: int, value: int) -> None:
            if masks[kind][addr]:
                seen_slow.append((kind, addr, value))
        return hook, bus_watch

    for kind in masks:
        hook, bus_watch = hooks(kind)
        fast.set_watch(kind, masks[kind], hook)
        slow.bus.add_watch(kind, bus_watch)
    def rewatch() -> None:  # the debugger changes its read watch
        masks["read"] = read_addresses(rng, fast)
        fast.set_watch("read", masks["read"], hooks("read")[0])

    return compare_runs(rng, fast, slow, (seen_fast, seen_slow), rewatch, calls, seed)


@pytest.mark.parametrize("seed", range(25))
def test_read_watch_equals_single_steps_on_plain_ram(seed: int) -> None:
    check(seed, mapped=False)


@pytest.mark.parametrize("seed", range(25))
def test_read_watch_equals_single_steps_with_rom_and_io(seed: int) -> None:
    check(seed, mapped=True)


def test_read_watches_are_hit_and_blocks_run_while_watching() -> None:
    results = [check(seed, mapped) for seed in range(100, 110) for mapped in (False, True)]
    assert sum(hits for hits, _ in results) > 50
    assert sum(compiled for _, compiled in results) > 5


@pytest.mark.long
def test_many_more_random_programs_with_read_watches() -> None:
    for seed in range(2000, 2300):
        check(seed, mapped=seed % 2 == 1)


def test_a_watched_load_ends_a_compiled_block_after_it() -> None:
    cpu = loop_cpu()  # inc a / ld ($4080),a / inc b / push bc / pop bc / jr loop
    mask = bytearray(0x10000)
    mask[0x41FF] = 1  # POP BC reads B back from there
    seen: list[tuple[int, int]] = []
    target = (cpu.b + 40) & 0xFF

    def hook(addr: int, value: int) -> None:
        seen.append((addr, value))
        if value == target:
            cpu.request_stop()
    cpu.set_watch("read", mask, hook)
    cpu.run(100_000)
    assert cpu.at_stop and cpu.pc == CODE + 7 and cpu.b == target  # JR not yet run
    # (40 turns, one more if run() left off between PUSH and POP)
    assert len(seen) in (40, 41) and seen[-1] == (0x41FF, target)
    assert cpu.compiled_blocks()  # compiled, checking
    cpu.set_watch("read", None)
    assert cpu.run(5000) >= 5000 and not cpu.at_stop


def test_fetches_are_reads_and_no_block_hides_them() -> None:
    cpu = loop_cpu()
    mask = bytearray(0x10000)
    mask[CODE + 4] = 1  # INC B's opcode
    seen: list[tuple[int, int]] = []
    cpu.set_watch("read", mask, lambda a, v: seen.append((a, v)))
    cpu.run(54 * 50)  # 54 T-states a turn
    assert len(seen) == 50 and set(seen) == {(CODE + 4, 0x04)}


def test_the_im2_vector_and_step_are_watched() -> None:
    cpu = loop_cpu()
    cpu.im, cpu.i, cpu.iff1 = 2, 0x30, 1
    cpu.bus.load(0x30FE, b"\x34\x12")
    mask = bytearray(0x10000)
    mask[0x30FE] = mask[0x30FF] = mask[0x1234] = 1
    seen: list[tuple[int, int]] = []
    cpu.set_watch("read", mask, lambda a, v: seen.append((a, v)))
    cpu.interrupt(0xFE)
    assert cpu.step() == 19 and cpu.pc == 0x1234
    cpu.step()
    assert seen == [(0x30FE, 0x34), (0x30FF, 0x12), (0x1234, 0)]


def test_ld_a_r_in_run_is_fetched_once() -> None:
    cpu = Z80()
    cpu.bus.load(0, bytes.fromhex("ed 5f dd ed 5f 76"))  # ld a,r / (dd) ld a,r / halt
    mask = bytearray(0x10000)
    mask[0:5] = b"\1" * 5
    seen: list[int] = []
    cpu.set_watch("read", mask, lambda a, v: seen.append(a))
    cpu.run(100)
    assert cpu.halted and seen == [0, 1, 2, 3, 4]


def test_a_port_read_is_not_a_memory_read() -> None:
    cpu = Z80()
    cpu.bus.load(0, bytes.fromhex("db 80 76"))  # in a,($80) / halt
    mask = bytearray(0x10000)
    mask[0xFF80] = mask[0x80] = 1
    seen: list[tuple[int, int]] = []
    cpu.set_watch("read", mask, lambda a, v: seen.append((a, v)))
    cpu.run(100)
    assert cpu.halted and seen == []


def test_a_bad_mask_says_what_is_wrong() -> None:
    with pytest.raises(ValueError, match="read watch mask covers 64 KiB"):
        Z80().set_watch("read", bytearray(16), print)
    with pytest.raises(ValueError, match="read watch needs a hook"):
        Z80().set_watch("read", bytearray(0x10000))


@pytest.mark.parametrize(("where", "frames"), [
    ([("read", "$4D00", "", "$4D4F")], 6),       # the actors
    ([("read", "$5000", "", "$503F")], 14),      # IN0 (I/O)
    ([("read", "$4E00", "", "$4E0F")], 12),      # the game's state
    ([("read", "$4D80", "a & 1", "$4D8A")], 12),  # a condition
])
def test_pacman_read_breakpoints_stop_where_single_stepping_stops(where, frames):
    """A read breakpoint on Pac-Man goes through the core's own read watch
    and the machine's runner; it stops where the single-stepping runner does."""
    same_pacman_stops(where, frames)
    session = Session(machines.create("pacman"), record=False)
    session.add_breakpoint(*where[0][:2], end=where[0][3], condition=where[0][2])
    assert session.cpu.watch_mask("read") is not None and not session.bus.watching("read")


def test_pacman_reads_through_the_core_watch_run_its_blocks() -> None:
    session = Session(machines.create("pacman"), record=False)
    session.add_breakpoint("read", "$4C00", condition="0")  # never holds
    for frame in range(4):
        session.run_frame(PLAY_BUTTONS[frame])
    assert session.cpu.compiled_blocks()


@pytest.mark.parametrize("kind", ["read", "write"])
def test_a_watched_access_stops_a_block_going_round_after_it(kind: str) -> None:
    """A DJNZ loop compiled as one block that goes round: a watch's hook that
    asks for a stop on one pass ends run() after that instruction, where
    single steps with a bus watch stop, and passes before it are counted."""
    program = bytes.fromhex(
        "06 00"        # start: ld b,0
        "7e"           # copy:  ld a,(hl)
        "2c"           #        inc l
        "12"           #        ld (de),a
        "1c"           #        inc e
        "10 fa"        #        djnz copy
        "18 f6")       #        jr start
    watched = {"read": 0x9000, "write": 0x9100}[kind]
    mask = bytearray(0x10000)
    for k in (5, 77, 200):
        mask[watched + k] = 1

    def core() -> Z80:
        cpu = Z80()
        cpu.bus.load(CODE, program)
        cpu.pc, cpu.sp, cpu.h, cpu.d = CODE, 0x4000, 0x90, 0x91
        return cpu

    fast, slow = core(), core()
    fast.run(2000)  # hot: the loop's block is compiled
    while slow.cycles < fast.cycles:
        slow.step()
    assert slow.snapshot() == fast.snapshot()
    hits: list[int] = []
    fast.set_watch(kind, mask, lambda addr, value: fast.request_stop())
    slow.bus.add_watch(kind, lambda addr, value: hits.append(addr) if mask[addr] else None)
    for _ in range(9):
        fast.run(100_000)
        assert fast.at_stop
        hits.clear()
        while not hits:
            slow.step()
        assert slow.snapshot() == fast.snapshot(), f"stop at {fast.pc:04X}, B={fast.b}"
    assert CODE + 2 in fast.compiled_blocks()  # the loop's block, compiled under the watch
