"""Random self-modifying Z80 programs run on twin cores: one through run()
(compiled blocks, the core's own stops and watches), one through step() as
the reference. Random instructions of every prefix, calls into subroutines
that return, jumps anywhere; on a mapped bus, ROM pages and a logging I/O page."""

from __future__ import annotations

import random
from collections.abc import Callable

from retroscope.cpu.bus import Bus
from retroscope.cpu.isaz80 import PAGES, PREFIXES, Form
from retroscope.cpu.z80 import Z80

CODE = 0x8000


FORMS = [form for prefix in PREFIXES for form in PAGES[prefix]
         if form.mnemonic and form.mnemonic != "halt"]


def encode(form: Form, rng: random.Random) -> bytes:
    fixed, fields = form.encoding
    out = bytearray(fixed)
    for field in fields:
        out += bytes(rng.randrange(256) for _ in range(2 if field == "nn" else 1))
    if form.prefix in ("ddcb", "fdcb"):
        out.append(form.opcode)
    return bytes(out)


SUBROUTINES = (CODE + 0x80, CODE + 0xB0, 0x0038)  # two CALL targets and RST $38's


def straight(rng: random.Random, size: int) -> bytearray:
    """Random instructions but for jumps, calls and returns (JR and DJNZ stay)."""
    code = bytearray()
    while len(code) < size:
        form = rng.choice(FORMS)
        if form.mnemonic not in ("jp", "call", "rst", "ret", "reti", "retn"):
            code += encode(form, rng)
    return code


def program(rng: random.Random) -> dict[int, bytes]:
    """Random instructions at CODE, and in half the programs subroutines
    that they call (CALL nn, RST $38) and that return (RET, once in a while
    past a byte after the call, or anywhere after an EX (SP),HL or a PUSH
    in the random code), and JP nn over two bytes: the paths a compiled
    block follows. Jumps may go anywhere, so most runs loop back soon."""
    calls = rng.random() < 0.5
    code = bytearray()
    while len(code) < 60:
        r = rng.random() if calls else 1.0
        if r < 0.08:
            target = rng.choice(SUBROUTINES[:2])
            code += bytes((0xCD, target & 0xFF, target >> 8))
        elif r < 0.11:
            code.append(0xFF)  # rst $38
        elif r < 0.14:
            target = CODE + len(code) + 5
            skipped = (rng.randrange(256), rng.randrange(256))
            code += bytes((0xC3, target & 0xFF, target >> 8, *skipped))
        else:
            code += straight(rng, 1)
    pieces = {CODE: bytes(code) + bytes((0xC3, CODE & 0xFF, CODE >> 8))}  # jp CODE
    if calls:
        for at in SUBROUTINES:
            body = straight(rng, rng.randrange(2, 16))
            if rng.random() < 0.3:
                body += bytes.fromhex("e1 23 e5")  # pop hl / inc hl / push hl: return 1 on
            pieces[at] = bytes(body) + b"\xc9"  # ret
    return pieces


def mapped_bus(log: list) -> Bus:
    """A bus like a machine's: ROM pages (writes ignored) and an I/O page."""
    bus = Bus()
    bus.map_rom(0x2000, bytes(range(256)) * 16)
    io = bytearray(256)

    def read(addr: int) -> int:
        log.append(("r", addr))
        return io[addr & 0xFF] ^ 0x5A

    def write(addr: int, value: int) -> None:
        log.append(("w", addr, value))
        io[addr & 0xFF] = value

    bus.map(0x5000, 0x50FF, name="io", read=read, write=write)
    bus.io_log = log
    return bus


def pair(rng: random.Random, mapped: bool = False) -> tuple[Z80, Z80]:
    memory = bytearray(rng.randrange(256) for _ in range(0x10000))
    memory[CODE:CODE + 0x100] = bytes(0x100)
    for at, code in program(rng).items():
        memory[at:at + len(code)] = code
    cores = []
    regs = {n: rng.randrange(256) for n in "afbcdehl"}
    regs.update(ix=rng.randrange(0x10000), iy=rng.randrange(0x10000), sp=0x4000, pc=CODE)
    if mapped:  # point HL, IX and IY at the I/O and ROM pages
        regs.update(h=0x50, ix=0x5080, iy=0x2080)
    for _ in range(2):
        bus = mapped_bus([]) if mapped else Bus()
        bus.load(0, bytes(memory))
        core = Z80(bus)
        for name, value in regs.items():
            setattr(core, name, value)
        cores.append(core)
    return cores[0], cores[1]


def accessed_soon(cpu: Z80, kind: str, steps: int = 3000) -> list[int]:
    """The addresses a copy of `cpu` reads or writes (`kind`) in its next
    steps (on plain RAM)."""
    probe = Z80()
    probe.bus.load(0, bytes(cpu.bus.ram))
    probe.restore(cpu.snapshot())
    out: list[int] = []
    probe.bus.add_watch(kind, lambda addr, value: out.append(addr))
    for _ in range(steps):
        probe.step()
    return out or [0]


def watched_addresses(rng: random.Random, cpu: Z80) -> bytearray:
    mask = bytearray(0x10000)
    writes = accessed_soon(cpu, "write")
    for _ in range(rng.randrange(1, 8)):
        at = rng.choice((
            rng.choice(writes),                    # where the program writes soon
            rng.choice(writes),
            0x4000 - rng.randrange(1, 24),         # the stack (SP starts at $4000)
            cpu.sp - rng.randrange(1, 3),          # right under SP
            cpu.hl + rng.randrange(-2, 3),         # (hl) and its neighbours
            cpu.ix + rng.randrange(-128, 128),     # (ix+d)
            CODE + rng.randrange(64),              # the code itself
            0x5000 + rng.randrange(256),           # the I/O page (mapped bus)
            0x2000 + rng.randrange(256),           # ROM (writes ignored, still seen)
            rng.randrange(0x10000)))
        mask[at & 0xFFFF] = 1
    return mask


def stepped(cpu: Z80, budget: int, seen: list) -> int:
    """Steps as run(budget) runs, stopping after an instruction that hit the
    watch (or where run() would give up: HALT with no interrupt to take)."""
    start, before = cpu.cycles, len(seen)
    while cpu.cycles - start < budget and len(seen) == before:
        if cpu.halted and not (cpu.nmi_pending or cpu.irq and cpu.iff1):
            break
        cpu.step()
    return len(seen) > before


def compare_runs(rng: random.Random, fast: Z80, slow: Z80, seen: tuple[list, list],
                 rewatch: Callable[[], None], calls: int, seed: int) -> tuple[int, bool]:
    """`calls` run() calls of random budgets on `fast` against single steps
    on `slow`, with interrupts, NMIs and changed watches (`rewatch`) between
    them; everything compared after each. How many ended on a watch, and
    whether compiled blocks were there after any."""
    seen_fast, seen_slow = seen
    hits = 0
    compiled = False
    for call in range(calls):
        if rng.random() < 0.15:
            vector = rng.randrange(256)
            for cpu in (fast, slow):
                cpu.interrupt(vector)
        if rng.random() < 0.03:
            for cpu in (fast, slow):
                cpu.nmi()
        if rng.random() < 0.05:
            rewatch()
        budget = rng.choice((1, 4, 30, 200, 1000, 5000))
        start = slow.cycles
        ran = fast.run(budget)
        stopped = stepped(slow, budget, seen_slow)
        where = f"seed {seed}, call {call}, after {fast.cycles} T-states, PC ${fast.pc:04X}"
        assert ran == slow.cycles - start, where
        assert seen_fast == seen_slow, where
        if ran < budget and not fast.halted:
            assert fast.at_stop == stopped, where
        assert slow.snapshot() == fast.snapshot(), where
        assert slow.bus.ram == fast.bus.ram, where
        assert getattr(slow.bus, "io_log", []) == getattr(fast.bus, "io_log", []), where
        hits += stopped
        compiled = compiled or bool(fast.compiled_blocks())
    return hits, compiled


# loop: inc a / ld ($4080),a / inc b / push bc / pop bc / jr loop
STORE_LOOP = bytes.fromhex("3c 32 80 40 04 c5 c1 18 f7")


def loop_cpu() -> Z80:
    """A core that has run STORE_LOOP until it is compiled."""
    cpu = Z80()
    cpu.bus.load(CODE, STORE_LOOP)
    cpu.pc, cpu.sp = CODE, 0x4200
    cpu.run(5000)
    assert cpu.compiled_blocks()  # hot: compiled
    return cpu
