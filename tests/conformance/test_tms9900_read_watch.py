"""The TMS9900's own read watch (`set_watch("read", ...)`): exactly a bus read watch
with single stepping.

The random programs of `harness.random_tms9900` (memory full of random
instructions and pointers; ROM, the scratchpad's mirror and a device page
mapped on odd seeds; wait states on most) run through run() with a read
watch on some addresses (workspace registers, code, data, a device page,
ROM with the vectors, the mirror), the hook asking for a stop as the
debugger's does; a twin core single-steps with bus watches and stops after
each instruction (or interrupt entry) that read a watched address.
Interrupts come and go, and LOAD. At every stop and every budget's end the
cycles, state, memory, device log and the reads the hook saw (address and
value: fetches, operands, registers, the read-before-write of destinations,
dummy reads and context-switch vectors included) agree; some runs have a
write watch too, and then the reads and writes agree in their order. The
twin says what kind of read each watched one was, and the programs are
held to hit every kind (so a kind the hook missed would show). step()
likewise, and the CRPG's read breakpoints through the debugger.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

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
from retroscope import machines, runcontrol
from retroscope.cpu import TMS9900, _tms9900gen
from retroscope.cpu import isa9900 as isa
from retroscope.debug import Session
from retroscope.runcontrol import skip_idle

Seen = list[tuple[str, int, int]]  # ("r" or "w", address, value), in order

# Their destination's read-before-write has a value nobody uses: a dummy
# read, which the fast engines leave out on plain RAM unless watched.
DUMMY_READERS = {"MOV": 2, "CLR": 2, "SETO": 2, "MOVB": 1}  # bytes read for it


class Twin:
    """The reference: a core that single-steps with bus watches, which see
    every access. It keeps the watched ones in order and, per watched read,
    what kind of read it was (`kinds`). `plain`: per page, whether the fast
    core reads it from RAM itself (where it leaves dummy reads out)."""

    def __init__(self, cpu: TMS9900, reads: bytearray, writes: bytearray | None,
                 plain: tuple[bool, ...] | None = None) -> None:
        self.cpu, self.reads, self.writes, self.plain = cpu, reads, writes, plain
        self.seen: Seen = []
        self.kinds: Counter[str] = Counter()
        self._accesses: Seen = []
        cpu.bus.add_watch("read", lambda a, v: self._accesses.append(("r", a, v)))
        cpu.bus.add_watch("write", lambda a, v: self._accesses.append(("w", a, v)))

    def step(self) -> int:
        cpu = self.cpu
        entry = not cpu.holdoff and cpu.irq and cpu.irq <= cpu.st & 15
        return self._note(cpu.step, "vector" if entry else "")

    def load_interrupt(self) -> None:
        self._note(self.cpu.load_interrupt, "vector")

    def _note(self, do: Callable[[], int | None], kind: str) -> int:
        """Do `do` and keep what it accessed that the watches cover."""
        wp = self.cpu.wp
        self._accesses.clear()
        cycles = do() or 0
        accesses = self._accesses
        reads = [i for i, (k, _, _) in enumerate(accesses) if k == "r"]
        dummy = 0
        if not kind and len(reads) >= 2:
            op = isa.DECODE[(accesses[reads[0]][2] << 8) | accesses[reads[1]][2]]
            dummy = DUMMY_READERS.get(op.mnemonic, 0) if op is not None else 0
        for n, i in enumerate(reads):
            a = accesses[i][1]
            if not self.reads[a]:
                continue
            self.kinds["read"] += 1
            self.kinds[kind or ("fetch" if n < 2 else
                                "workspace" if wp <= a < wp + 32 else "operand")] += 1
            if a >> 8 == IO >> 8:
                self.kinds["device"] += 1
            if n >= len(reads) - dummy and ("w", a) in ((k, b) for k, b, _ in accesses[i:]):
                self.kinds["dummy"] += 1
                if self.plain and self.plain[a >> 8]:
                    self.kinds["dummy on plain RAM"] += 1
        for k, a, v in accesses:
            mask = self.reads if k == "r" else self.writes
            if mask is not None and mask[a]:
                self.seen.append((k, a, v))
        return cycles


def read_addresses(rng: random.Random) -> bytearray:
    """`watched_addresses`, and at times a context switch's vector: an
    interrupt level's (1, 2, 4, 15), LOAD's or an XOP's."""
    mask = watched_addresses(rng)
    for at in (rng.choice((4, 8, 16, 60, 0x40 + 4 * rng.randrange(16))), 0xFFFC):
        if rng.random() < 0.5:
            for n in rng.sample(range(4), rng.randrange(1, 5)):
                mask[at + n] = 1
    return mask


def check(seed: int, calls: int = 50, writes: bool = False) -> Counter[str]:
    """Compare the two cores over `calls` runs; the kinds of reads hooked."""
    rng = random.Random(seed)
    image = random_image(rng)
    mapped, waits = seed % 2 == 1, seed % 3 != 0
    fast_log: list = []
    slow_log: list = []
    fast, slow = make(image, mapped, waits, fast_log), make(image, mapped, waits, slow_log)
    pages = fast.bus.direct_pages()
    plain = pages[0] if pages is not None else None
    if seed % 4 == 3:  # a bus watch too: the core calls the bus for everything
        fast.bus.add_watch("write", lambda addr, value: None)
        plain = None
    stops: set[int] = set()
    if seed % 5 == 4:  # and stop addresses: run()'s loop with stops
        stops = {CODE + 2 * rng.randrange(0x100) for _ in range(8)}
        fast.set_stops(stops)
    mask = read_addresses(rng)
    write_mask = watched_addresses(rng) if writes else None
    seen: Seen = []

    def hook(addr: int, value: int) -> None:
        seen.append(("r", addr, value))
        fast.request_stop()

    def write_hook(addr: int, value: int) -> None:
        seen.append(("w", addr, value))
        fast.request_stop()

    fast.set_watch("read", mask, hook)
    if write_mask is not None:
        fast.set_watch("write", write_mask, write_hook)
    twin = Twin(slow, mask, write_mask, plain)
    for call in range(calls):
        if rng.random() < 0.2:
            level = rng.choice((None, 1, 2, 4, 15))
            fast.interrupt(level)
            slow.interrupt(level)
        if rng.random() < 0.06 or fast.idle and not runnable(fast):
            fast.load_interrupt()
            twin.load_interrupt()
        if rng.random() < 0.05:  # the debugger changes its watches
            mask = twin.reads = read_addresses(rng)
            fast.set_watch("read", mask, hook)
        budget = rng.choice((1, 20, rng.randrange(1, 400), rng.randrange(400, 5000)))
        ran = fast.run(budget)
        start, before = slow.cycles, len(twin.seen)
        at_stop = False
        while slow.cycles < start + budget and len(twin.seen) == before and runnable(slow):
            if slow.pc in stops and not slow.idle:
                at_stop = True
                break
            twin.step()
        stopped = len(twin.seen) > before
        where = f"seed {seed}, call {call}, after {fast.cycles} cycles, PC >{fast.pc:04X}"
        assert ran == slow.cycles - start, where
        assert seen == twin.seen, where
        if ran < budget and runnable(fast):
            assert fast.at_stop == (stopped or at_stop), where
        assert slow.snapshot() == fast.snapshot(), where
        assert slow.bus.ram == fast.bus.ram, where
        assert slow_log == fast_log, where
        if at_stop:  # pass the stop address as the debugger does: one step
            assert fast.step() == twin.step(), where
    return twin.kinds


@pytest.mark.parametrize("seed", range(40))
def test_read_watch_equals_single_steps(seed: int) -> None:
    check(seed)


@pytest.mark.parametrize("seed", range(16))
def test_read_and_write_watches_together_equal_single_steps(seed: int) -> None:
    check(100 + seed, writes=True)


def test_the_random_programs_hit_every_kind_of_read() -> None:
    """What the equality above is worth: each kind of read the core makes
    shows up in the hook, so an engine that missed one would fail it."""
    kinds: Counter[str] = Counter()
    for seed in range(16):
        kinds += check(seed, calls=40)
    wanted = ("fetch", "workspace", "operand", "device", "vector", "dummy",
              "dummy on plain RAM")
    assert kinds["read"] > 300
    assert all(kinds[k] >= 5 for k in wanted), kinds


def step_check(seed: int) -> Counter[str]:
    """Compare the two cores step by step; the kinds of reads hooked."""
    rng = random.Random(200 + seed)
    image = random_image(rng)
    mapped, waits = seed % 2 == 1, seed % 3 != 0
    fast_log: list = []
    slow_log: list = []
    fast, slow = make(image, mapped, waits, fast_log), make(image, mapped, waits, slow_log)
    mask = read_addresses(rng)
    seen: Seen = []
    fast.set_watch("read", mask, lambda a, v: (seen.append(("r", a, v)), fast.request_stop()))
    write_mask = watched_addresses(rng) if seed % 3 == 2 else None
    if write_mask is not None:
        fast.set_watch("write", write_mask, lambda a, v: seen.append(("w", a, v)))
    twin = Twin(slow, mask, write_mask)
    step = fast.step
    for n in range(600):
        if rng.random() < 0.05:
            level = rng.choice((None, 1, 4))
            fast.interrupt(level)
            slow.interrupt(level)
        if fast.idle and not runnable(fast):
            fast.load_interrupt()
            twin.load_interrupt()
        # (a stop asked for by the hook does not hold step() back)
        assert step() == twin.step(), f"seed {seed}, step {n}"
        assert seen == twin.seen, f"seed {seed}, step {n}"
        assert fast.snapshot() == slow.snapshot(), f"seed {seed}, step {n}"
    assert fast.bus.ram == slow.bus.ram and fast_log == slow_log
    return twin.kinds


@pytest.mark.parametrize("seed", range(12))
def test_step_with_the_read_watch_equals_step_with_a_bus_watch(seed: int) -> None:
    step_check(seed)


def test_the_steps_hit_watched_reads() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(12):
        kinds += step_check(seed)
    assert kinds["read"] > 50 and kinds["fetch"] and kinds["operand"], kinds


def mask_of(*addresses: int) -> bytearray:
    mask = bytearray(0x10000)
    for at in addresses:
        mask[at] = 1
    return mask


@pytest.mark.parametrize(("watched", "seen", "pc"), [
    ((0x0100,), [(0x0100, 0xC8)], 0x0104),  # the fetch's high byte
    ((0x0103,), [(0x0103, 0x00)], 0x0104),  # the symbolic address's low byte
    ((0x8303,), [(0x8303, 0x34)], 0x0104),  # R1, the source
    ((0xB000, 0xB001), [(0xB000, 0x5A), (0xB001, 0xA5)], 0x0104),  # MOV's dummy read
    ((0xB003,), [(0xB003, 0x77)], 0x0108),  # MOVB's, a byte at its own address
    ((0x0202,), [(0x0202, 0x01)], 0x010C),  # BLWP's vector: the new PC
])
def test_the_hook_sees_bytes_as_the_bus_does_and_run_stops_after(watched, seen, pc) -> None:
    cpu = word_writer()
    cpu.bus.load(0xB000, bytes((0x5A, 0xA5, 0x00, 0x77)))
    hits: list[tuple[int, int]] = []
    cpu.set_watch("read", mask_of(*watched), lambda a, v: (hits.append((a, v)),
                                                        cpu.request_stop()))
    cpu.run(1000)
    assert (hits, cpu.pc, cpu.at_stop) == (seen, pc, True)


def test_an_interrupt_entry_reads_its_vector() -> None:
    cpu = word_writer()
    cpu.bus.load(0x0004, bytes((0x83, 0x40, 0x01, 0x0C)))
    cpu.st = 0x0001
    cpu.interrupt(1)
    hits: list[tuple[int, int]] = []
    cpu.set_watch("read", mask_of(0x0004, 0x0007), lambda a, v: hits.append((a, v)))
    cpu.step()
    assert hits == [(0x0004, 0x83), (0x0007, 0x0C)] and (cpu.wp, cpu.pc) == (0x8340, 0x010C)


def test_the_mask_is_checked_and_copied_and_none_brings_the_plain_engine_back() -> None:
    cpu = word_writer()
    plain = cpu._engine
    with pytest.raises(ValueError, match="65,536"):
        cpu.set_watch("read", bytearray(100), print)
    mask = mask_of(0x0100)
    hits: list[int] = []
    cpu.set_watch("read", mask, lambda a, v: hits.append(a))
    mask[0x0100] = 0  # the core keeps its copy
    write_hits: list[int] = []
    cpu.set_watch("write", mask_of(0xB000), lambda a, v: write_hits.append(a))
    assert cpu._engine == (plain[0], True, True)
    cpu.step()
    assert hits == [0x0100] and write_hits == [0xB000]
    cpu.set_watch("write", None)
    assert cpu._engine == (plain[0], False, True)
    cpu.set_watch("read", None)
    assert cpu._engine == plain and cpu.watch_mask("read") is None
    cpu.step()
    assert hits == [0x0100]


def test_the_engines_without_a_read_watch_check_no_read() -> None:
    for waits in (False, True):
        for mode in _tms9900gen.MODES:
            for writes in (False, True):
                source = _tms9900gen.factory_source(waits, mode, writes)
                # (the only checks: in rword, which nothing calls there)
                assert source.count("rword(") == 1 and source.count("if rm") == 2
                watched = _tms9900gen.factory_source(waits, mode, writes, read_watch=True)
                assert "if rmw[pc]:" in watched


def test_the_wait_loop_is_not_skipped_while_the_core_watches_its_reads() -> None:
    """The machine skips turns of its wait loop only where nothing would see
    them: a core read watch on the loop's code or on what it reads (the
    tick, R1) would; one elsewhere would not."""
    if "crpg" not in machines.available():
        pytest.skip("no crpg machine")
    machine = machines.create("crpg")
    for _ in range(3):
        machine.run_frame(0)
    idle = machine.idle_loop
    assert idle is not None
    for _ in range(100_000):
        if machine.idle_steady():
            break
        machine.cpu.step()
    assert skip_idle(machine, 10 * idle.turn) > 0
    for watched, skips in [(0xFFFF, True), (0x8379, False), (idle.start + 6, False),
                           (machine.symbols["MAINWS"] + 2, False)]:
        machine.cpu.set_watch("read", mask_of(watched), lambda a, v: None)
        assert (skip_idle(machine, 10 * idle.turn) > 0) == skips, hex(watched)


CRPG_READS = [  # ([(kind, start, end or None, condition)], stops at least)
    ([("read", "$8379", None, "")], 1),  # the tick, read by every turn of the wait loop
    ([("read", "$8802", None, "")], 1),  # the VDP's status (a device)
    ([("read", "$8300", "$831F", "value == $10")], 1),  # the main workspace's registers
    ([("read", "$83DA", "$83DF", "")], 1),  # the interrupt workspace's R13-R15 (RTWP)
    ([("read", "$0004", "$0007", ""), ("read", "$8379", None, "value == 5")], 1),  # level 1
    ([("read", "$8379", None, "value & 1"), ("write", "$8379", None, "value & 1")], 1),
    # seldom or never holding in the wait loop: a turn checked, the next ones skipped
    ([("read", "$8379", None, "value == 21")], 1),  # (the tick: frame - 4, from frame 7)
    ([("read", "$8379", None, "pc == $10000"), ("read", "WAITF1", None, "value == $FF")], 0),
    ([("read", "$8379", None, "r1 == $1400")], 1),  # a register: no clock or device
    ([("read", "$8379", None, "(cycles & $3F) < 4")], 1),  # the clock: every turn checked
]


def crpg_sessions(where: list) -> tuple[Session, Session]:
    """Two CRPG sessions some frames in (where the program waits for the
    tick each frame), with these breakpoints; the second checks every
    instruction with bus watches."""
    fast = Session(machines.create("crpg"), record=False)
    slow = Session(machines.create("crpg"), record=False)
    for session in (fast, slow):
        session.run_frames(20)
        for kind, at, end, condition in where:
            session.add_breakpoint(kind, at, end=end, condition=condition)
    return fast, checked(slow)


@pytest.mark.skipif("crpg" not in machines.available(), reason="no crpg machine")
@pytest.mark.parametrize(("where", "stops"), CRPG_READS)
def test_crpg_read_breakpoints_stop_where_single_stepping_stops(where, stops) -> None:
    rnd = random.Random(5)
    buttons = [rnd.choice([0x01, 0x02, 0x04, 0x08, 0]) if f % 5 == 0 else 0 for f in range(60)]
    fast, slow = crpg_sessions(where)
    assert fast.machine.runner == fast.control.run_stops and fast.cpu.watch_mask("read") is not None
    assert not fast.bus.watching("read")  # the bus keeps its fast paths
    same_stops(fast, slow, 16, buttons, stops_wanted=stops)


@pytest.mark.skipif("crpg" not in machines.available(), reason="no crpg machine")
@pytest.mark.parametrize(("condition", "skips"), [("value == 7", True),
                                                  ("(cycles & $3F) < 4", False)])
def test_a_read_breakpoint_in_the_wait_loop_lets_the_turns_be_skipped(
        condition: str, skips: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """A read breakpoint on the tick, which every turn of the wait loop
    reads, that does not hold: after one whole turn checked, the machine
    skips the turns as it would without the debugger (unless the condition
    reads the clock: then each turn is checked)."""
    fast, slow = crpg_sessions([("read", "$8379", None, condition)])
    skipped: list[int] = []

    def counted(machine: Any, cycles: int, passing: frozenset[int] | set[int] = frozenset(),
                reads_checked: bool = False) -> int:
        n = skip_idle(machine, cycles, passing, reads_checked)
        if reads_checked:
            skipped.append(n)
        return n

    monkeypatch.setattr(runcontrol, "skip_idle", counted)
    same_stops(fast, slow, 8, [0], stops_wanted=0)
    assert (sum(skipped) > 8 * 10_000) == skips, skipped
