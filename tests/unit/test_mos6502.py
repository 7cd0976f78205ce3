"""Behaviour of the MOS6502 core beyond single instructions: interrupts, JAM,
reset, state, variants, and the two handler sets (bus calls / direct RAM)."""

from __future__ import annotations

import json
import random

import pytest

from retroscope.cpu import MOS6502
from retroscope.cpu.bus import Bus


def make(variant: str, program: bytes, at: int = 0x0200, mapped: bool = False) -> MOS6502:
    """A core over RAM with `program` at `at` and PC there. `mapped` puts an
    I/O region on the bus so the core takes its bus-calling handlers."""
    bus = Bus()
    if mapped:
        bus.map(0xD000, 0xD0FF, name="io", read=lambda addr: 0x5A)
    bus.load(at, program)
    cpu = MOS6502(bus, variant)
    cpu.pc = at
    return cpu


@pytest.fixture(params=["nmos", "2a03"])
def variant(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture(params=[False, True], ids=["ram", "bus"])
def mapped(request: pytest.FixtureRequest) -> bool:
    return request.param


def test_constructs_with_no_argument_over_a_flat_bus() -> None:
    cpu = MOS6502()
    assert isinstance(cpu.bus, Bus)
    assert (cpu.a, cpu.x, cpu.y, cpu.s, cpu.p, cpu.pc) == (0, 0, 0, 0xFD, 0x24, 0)


def test_rejects_an_unknown_variant() -> None:
    with pytest.raises(ValueError, match="variant"):
        MOS6502(variant="65c02")


def test_registers_are_masked_when_written(variant: str) -> None:
    cpu = MOS6502(variant=variant)
    cpu.a, cpu.pc, cpu.p = 0x1FF, 0x12345, 0xFF
    assert (cpu.a, cpu.pc) == (0xFF, 0x2345)
    assert cpu.p == 0xEF  # B is not a stored flag; bit 5 always reads 1


def test_reset_loads_the_vector_sets_i_and_drops_s_by_three(variant: str) -> None:
    cpu = make(variant, b"")
    cpu.bus.load(0xFFFC, b"\x34\x12")
    cpu.p = 0x20
    cpu.reset()
    assert (cpu.pc, cpu.s, cpu.p & 0x04, cpu.cycles) == (0x1234, 0xFA, 0x04, 7)


def test_decimal_mode_applies_on_nmos_only(variant: str, mapped: bool) -> None:
    # sed; clc; lda #$09; adc #$01; sec; sbc #$02
    cpu = make(variant, bytes.fromhex("f8 18 a9 09 69 01"), mapped=mapped)
    cpu.run(9)
    assert cpu.a == (0x10 if variant == "nmos" else 0x0A)
    assert cpu.p & 0x08  # D is stored on both


@pytest.mark.parametrize("code, at, a, pc", [
    ("a9 42", 0xFFFF, 0x42, 0x0001),  # lda #$42 with the operand at $0000
    ("ad 34 12", 0xFFFE, 0x99, 0x0001),  # lda $1234, address split over the wrap
    ("e8", 0xFFFF, 0x00, 0x0000),  # inx: PC wraps to $0000
])
def test_pc_wraps_past_ffff_on_both_handler_sets(code: str, at: int, a: int, pc: int,
                                                  mapped: bool) -> None:
    data = bytes.fromhex(code)
    cpu = make("nmos", b"", mapped=mapped)
    for i, byte in enumerate(data):
        cpu.bus.ram[(at + i) & 0xFFFF] = byte
    cpu.bus.ram[0x1234] = 0x99
    cpu.pc = at
    cycles = cpu.run(1)
    assert (cpu.a, cpu.pc) == (a, pc)
    assert cycles == {1: 2, 3: 4}.get(len(data), 2)
    assert cpu.cycles == cycles


def test_run_runs_whole_instructions_until_the_budget_is_spent(mapped: bool) -> None:
    cpu = make("2a03", bytes.fromhex("e8 4c 00 02"), mapped=mapped)  # inx; jmp $0200
    ran = cpu.run(1000)
    assert 1000 <= ran < 1000 + 3
    assert cpu.cycles == ran
    assert cpu.x == (ran // 5) & 0xFF


def test_jam_halts_the_core_until_reset(variant: str, mapped: bool) -> None:
    cpu = make(variant, bytes.fromhex("e8 02 e8"), mapped=mapped)  # inx; jam; inx
    cpu.bus.load(0xFFFC, b"\x00\x02")
    assert cpu.run(100) == 5
    assert cpu.halted and cpu.jammed
    assert cpu.pc == 0x0201  # PC stays on the JAM opcode
    assert cpu.step() == 0 and cpu.run(50) == 0
    assert "JAMMED" in repr(cpu)
    cpu.reset()
    assert not cpu.halted and cpu.pc == 0x0200
    assert cpu.step() == 2


def test_irq_waits_for_i_clear_and_pushes_b_clear(variant: str, mapped: bool) -> None:
    # sei; inx; inx; cli; inx; inx ... handler at $0300: rti
    cpu = make(variant, bytes.fromhex("78 e8 e8 58 e8 e8 e8"), mapped=mapped)
    cpu.bus.load(0x0300, b"\x40")
    cpu.bus.load(0xFFFE, b"\x00\x03")
    cpu.irq(True)
    cpu.step()
    cpu.step()
    assert cpu.pc == 0x0202  # I set: not taken
    cpu.run(4)  # inx; cli
    assert cpu.pc == 0x0204
    assert cpu.step() == 2  # the poll during CLI saw I set: one more instruction
    assert cpu.step() == 7  # then the IRQ entry
    assert cpu.pc == 0x0300
    pushed = cpu.bus.ram[0x01FB]
    assert pushed & 0x10 == 0 and pushed & 0x20
    assert (cpu.bus.ram[0x01FD], cpu.bus.ram[0x01FC]) == (0x02, 0x05)
    assert cpu.p & 0x04
    cpu.irq(False)
    cpu.step()  # rti
    assert cpu.pc == 0x0205 and not cpu.p & 0x04


@pytest.mark.parametrize("clear_i", ["58", "a9 00 48 28"], ids=["cli", "plp"])
def test_run_takes_a_waiting_irq_one_instruction_after_i_clears(clear_i: str,
                                                                 mapped: bool) -> None:
    # sei; <clear I>; inx; inx; inx -- handler at $0300: jam
    cpu = make("nmos", bytes.fromhex(f"78 {clear_i} e8 e8 e8"), mapped=mapped)
    cpu.bus.load(0x0300, b"\x02")
    cpu.bus.load(0xFFFE, b"\x00\x03")
    cpu.step()
    cpu.irq(True)
    cpu.run(1000)
    assert cpu.halted and cpu.pc == 0x0300
    assert cpu.x == 1


def test_rti_clearing_i_lets_a_waiting_irq_in_at_once() -> None:
    # sei; rti (to $0210 with I clear) -- handler at $0300: jam
    cpu = make("nmos", bytes.fromhex("78 40"))
    cpu.bus.load(0x01FD, bytes([0x20, 0x10, 0x02]))  # P, PCL, PCH
    cpu.s = 0xFC
    cpu.bus.load(0x0210, b"\xe8")
    cpu.bus.load(0x0300, b"\x02")
    cpu.bus.load(0xFFFE, b"\x00\x03")
    cpu.step()
    cpu.irq(True)
    cpu.run(1000)
    assert cpu.halted and cpu.x == 0


def test_nmi_is_taken_at_the_next_boundary_even_with_i_set(variant: str) -> None:
    cpu = make(variant, bytes.fromhex("78 e8 e8 e8"))
    cpu.bus.load(0xFFFA, b"\x00\x04")
    cpu.bus.load(0x0400, bytes.fromhex("e8 40"))
    cpu.step()
    cpu.nmi()
    cycles = cpu.run(7 + 2)  # entry, then inx at $0400
    assert cycles == 9 and cpu.pc == 0x0401 and cpu.x == 1


def test_irq_raised_from_a_bus_handler_is_taken_after_that_instruction() -> None:
    bus = Bus()
    cpu = MOS6502(bus, "2a03")

    def poke(addr: int, value: int) -> None:
        cpu.irq(True)

    bus.map(0x4000, 0x40FF, name="apu", write=poke)
    # cli; sta $4000; inx; inx  -- IRQ handler at $0300: jam
    bus.load(0x0200, bytes.fromhex("58 8d 00 40 e8 e8"))
    bus.load(0x0300, b"\x02")
    bus.load(0xFFFE, b"\x00\x03")
    cpu.pc = 0x0200
    cpu.run(100)
    assert cpu.halted and cpu.pc == 0x0300 and cpu.x == 0


def test_brk_pushes_b_set_and_rti_returns_past_the_signature_byte(variant: str) -> None:
    cpu = make(variant, bytes.fromhex("00 ff e8"))
    cpu.bus.load(0xFFFE, b"\x00\x03")
    cpu.bus.load(0x0300, b"\x40")
    assert cpu.step() == 7
    assert cpu.bus.ram[0x01FB] & 0x30 == 0x30
    cpu.step()
    assert cpu.pc == 0x0202


def test_snapshot_is_json_and_restores_exactly(variant: str) -> None:
    cpu = make(variant, bytes.fromhex("a9 80 a2 7f 38 f8 08 4c 07 02"))
    cpu.run(20)
    snap = cpu.snapshot()
    assert json.loads(json.dumps(snap)) == snap
    other = MOS6502(Bus(), variant)
    other.bus.restore(cpu.bus.snapshot())
    other.restore(snap)
    assert other.snapshot() == snap
    cpu.run(50)
    other.run(50)
    assert other.snapshot() == cpu.snapshot()


def test_restore_refuses_a_snapshot_of_the_other_variant() -> None:
    snap = MOS6502(variant="nmos").snapshot()
    with pytest.raises(ValueError, match="nmos"):
        MOS6502(variant="2a03").restore(snap)


def test_a_watch_added_between_runs_sees_the_accesses() -> None:
    cpu = make("nmos", bytes.fromhex("a5 10 4c 00 02"))  # lda $10; jmp $0200
    cpu.run(10)
    seen: list[int] = []
    cpu.bus.add_watch("read", lambda addr, value: seen.append(addr))
    cpu.run(3)
    assert 0x10 in seen


def test_cycles_can_be_set_by_the_machine() -> None:
    cpu = make("nmos", b"\xea")  # nop
    cpu.cycles = 1000
    cpu.step()
    assert cpu.cycles == 1002


@pytest.mark.parametrize("variant", ["nmos", "2a03"])
def test_the_direct_ram_handlers_make_no_bus_calls(variant: str) -> None:
    from retroscope.cpu._6502gen import factory_source

    source = factory_source(decimal=variant == "nmos")
    ram_handlers = source[source.index("def ram_00"):source.index("ram_table = (")]
    assert "read(" not in ram_handlers and "write(" not in ram_handlers


class _CallBus(Bus):
    """Plain RAM behind Python functions: the core must use its bus-call handlers."""

    def __init__(self) -> None:
        super().__init__()
        ram = self.ram

        def read(addr: int) -> int:
            return ram[addr]

        def write(addr: int, value: int) -> None:
            ram[addr] = value

        self.read, self.write = read, write


class _HalfMappedBus(Bus):
    """Pages 0-1 plain, every other odd page behind handlers: the paged handlers."""

    def __init__(self) -> None:
        super().__init__()
        ram = self.ram
        for page in range(3, 256, 2):
            self.map(page << 8, (page << 8) | 0xFF, name=f"p{page:02x}",
                     read=ram.__getitem__, write=ram.__setitem__)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("variant", ["nmos", "2a03"])
def test_the_three_handler_sets_agree_on_random_programs(seed: int, variant: str) -> None:
    rng = random.Random(seed)
    jams = {0x02, 0x12, 0x22, 0x32, 0x42, 0x52, 0x62, 0x72, 0x92, 0xB2, 0xD2, 0xF2}
    image = bytes(0xEA if b in jams else b for b in rng.randbytes(0x10000))
    regs = {name: rng.randrange(256) for name in "axys"} | {"p": rng.randrange(256)}
    pc = rng.choice([rng.randrange(0x10000), 0xFFFD])  # sometimes right at the top
    results = []
    for bus in (_CallBus(), Bus(), _HalfMappedBus()):
        bus.load(0, image)
        cpu = MOS6502(bus, variant)
        for name, value in regs.items():
            setattr(cpu, name, value)
        cpu.pc = pc
        for i in range(20):
            cpu.run(2_000)
            if i == 7:
                cpu.irq(True)
            if i == 12:
                cpu.nmi()
                cpu.irq(False)
            cpu.step()
        results.append((cpu.snapshot(), bytes(bus.ram)))
    assert results[0][0] == results[1][0] == results[2][0]
    assert results[0][1] == results[1][1] == results[2][1]


def test_restore_accepts_a_snapshot_without_the_interrupt_fields() -> None:
    cpu = MOS6502()
    snap = {"a": 1, "x": 2, "y": 3, "s": 0x1F4, "p": 0xE3, "pc": 0x1234, "cycles": 99}
    cpu.restore(snap)
    assert (cpu.a, cpu.x, cpu.y, cpu.s, cpu.p, cpu.pc, cpu.cycles) == (1, 2, 3, 0xF4, 0xE3,
                                                                        0x1234, 99)
    assert not cpu.halted


def test_the_bench_workload_bytes_are_what_its_source_says() -> None:
    from retroscope.asm import assemble
    from retroscope.benchmarks import mos6502 as bench

    source = "".join(f" .org ${addr:04x}\n{text}\n" for addr, _, text in bench.PROGRAM)
    program = assemble(source, "6502")
    rows = [row for row in program.listing if row.data]
    assert [(row.address, row.data) for row in rows] == [
        (addr, code) for addr, code, _ in bench.PROGRAM]


@pytest.mark.parametrize("variant", ["nmos", "2a03"])
def test_the_bench_workload_loops_forever_without_jamming(variant: str) -> None:
    from retroscope.benchmarks.mos6502 import setup

    cpu = setup(variant)
    assert cpu.run(200_000) >= 200_000 and not cpu.halted
    assert 0x8000 <= cpu.pc < 0x8050


def test_the_sort_workload_sorts_and_matches_py65_step_for_step() -> None:
    pytest.importorskip("py65")
    from retroscope.asm import assemble
    from retroscope.benchmarks.mos6502 import SORT_SOURCE, setup, setup_py65

    ours, theirs = setup(workload="sort"), setup_py65("sort")
    at_sum = assemble(SORT_SOURCE, "6502").symbols["cksum"]
    sorted_seen = 0
    for _ in range(60_000):  # over two rounds of fill, sort and sum
        if ours.pc == at_sum:
            data = [ours.bus.read(a) for a in range(0x0300, 0x0340)]
            assert data == sorted(data)
            sorted_seen += 1
        ours.step()
        theirs.step()
    assert sorted_seen == 2
    assert (ours.a, ours.x, ours.y, ours.pc) == (theirs.a, theirs.x, theirs.y, theirs.pc)
    assert [ours.bus.read(a) for a in range(0x0300, 0x0400)] == theirs.memory[0x0300:0x0400]
    with pytest.raises(ValueError, match="no 6502 workload"):
        setup(workload="quicksort")


def _traced(code: str, **regs: int) -> tuple[MOS6502, list[tuple[int, str]], int]:
    """Run one instruction at $0200 on a logging bus; (cpu, accesses, cycles)."""
    bus = Bus()
    log: list[tuple[int, str]] = []
    ram = bus.ram
    bus.map(0x0000, 0xFFFF, name="all", read=lambda a: log.append((a, "r")) or ram[a],
            write=lambda a, v: log.append((a, "w")) or ram.__setitem__(a, v))
    bus.load(0x0200, bytes.fromhex(code))
    cpu = MOS6502(bus, "nmos")
    cpu.pc = 0x0200
    for name, value in regs.items():
        setattr(cpu, name, value)
    cycles = cpu.step()
    return cpu, log, cycles


# The vector set leaves out NOP abs/abs,X and SHA/SHX/SHY/TAS (flawed 2022 data):
# these pin down the behaviour chosen for them.
def test_nop_absolute_reads_its_address_and_abs_x_pays_for_a_page_cross() -> None:
    _, log, cycles = _traced("0c 34 12")
    assert cycles == 4 and log[-1] == (0x1234, "r")
    _, log, cycles = _traced("1c ff 12", x=1)
    assert cycles == 5 and log[-2:] == [(0x1200, "r"), (0x1300, "r")]


def test_shx_stores_x_and_high_byte_plus_one_and_a_page_cross_corrupts_the_address() -> None:
    cpu, log, cycles = _traced("9e 10 12", x=0xFF, y=0x01)  # no cross
    assert cycles == 5 and log[-1] == (0x1211, "w") and cpu.bus.ram[0x1211] == 0x13
    cpu, log, _ = _traced("9e ff 12", x=0x11, y=0x01)  # cross: the value becomes the high byte
    assert log[-1] == (0x1100, "w") and cpu.bus.ram[0x1100] == 0x11  # not $1300


def test_tas_sets_s_to_a_and_x() -> None:
    cpu, _, _ = _traced("9b 00 30", a=0xF0, x=0x3C, y=0)
    assert cpu.s == 0x30 and cpu.bus.ram[0x3000] == 0x30 & 0x31
