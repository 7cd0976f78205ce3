"""Random self-modifying 6502 programs run on twin cores: one through run()
(compiled blocks, the core's own stops and watches), one through step() as
the reference. The programs loop over every opcode but JAM and the far jumps,
store into their own code and touch an I/O page whose handler logs each
access with the cycle count it sees and raises interrupts; an interrupt
handler touches I/O and RAM."""

from __future__ import annotations

import random

from retroscope.cpu.bus import Bus
from retroscope.cpu.isa6502 import OPCODES, OPERAND_BYTES
from retroscope.cpu.mos6502 import MOS6502

CODE = 0x0400


HANDLER = 0x0E00  # IRQ/NMI/BRK: touch I/O and RAM, then RTI


IO = 0x5000


ROM = 0x2000


OPS = [op for op in OPCODES
       if op is not None and op.mnemonic not in ("jam", "jmp", "jsr", "rts", "rti", "brk")]

# Zero-page pointers ($F0-$FF) aim at RAM data, the I/O page, the code and ROM.
POINTERS = (0x0300, IO, CODE, ROM + 0x10, 0x0380, IO + 0x80, CODE + 0x20, 0x01F0)


def operands(mode: str, rng: random.Random, length: int) -> bytes:
    if mode in ("zp", "zpx", "zpy", "izx", "izy"):
        return bytes((rng.choice((0x10, 0x11, 0x12, 0xF0, 0xF2, 0xF4, 0xF6, 0xF8, 0xFA, 0xFC,
                                  0xFE, rng.randrange(256))),))
    if mode == "rel":
        return bytes((rng.randrange(-24, 24) & 0xFF,))
    if mode in ("abs", "abx", "aby"):
        target = rng.choice((0x0300 + rng.randrange(256), IO + rng.randrange(256),
                             CODE + rng.randrange(length + 1), ROM + rng.randrange(256),
                             0x0380, 0x01F8, 0x0F00))
        return target.to_bytes(2, "little")
    return bytes(rng.randrange(256) for _ in range(OPERAND_BYTES[mode]))


def program(rng: random.Random) -> bytes:
    """Random instructions, then a jump back; stores may rewrite the code."""
    length = 60
    code = bytearray()
    while len(code) < length:
        op = rng.choice(OPS)
        code += bytes((op.opcode,)) + operands(op.mode, rng, length)
    return bytes(code) + bytes((0x4C, CODE & 0xFF, CODE >> 8))  # jmp CODE


def machine(memory: bytes, mapped: bool) -> MOS6502:
    bus = Bus()
    bus.load(0, memory)
    bus.io_log = []
    if mapped:  # a ROM page and a logging I/O page that reads the cycle count
        bus.map_rom(ROM, bytes(range(256)))
        io = bytearray(256)

        def read(addr: int) -> int:
            bus.io_log.append(("r", addr, cpu.cycles))
            return io[addr & 0xFF] ^ 0x5A

        def write(addr: int, value: int) -> None:
            bus.io_log.append(("w", addr, value, cpu.cycles))
            io[addr & 0xFF] = value
            if addr & 0x0F == 0x0F:  # a device raising interrupts in the middle of run()
                cpu.irq(bool(value & 1))
            elif addr & 0x1F == 0x1E:
                cpu.nmi()

        bus.map(IO, IO + 0xFF, name="io", read=read, write=write)
    cpu = MOS6502(bus, "nmos")
    return cpu


def pair(rng: random.Random, mapped: bool) -> tuple[MOS6502, MOS6502]:
    memory = bytearray(rng.randrange(256) for _ in range(0x10000))
    code = program(rng)
    memory[CODE:CODE + len(code)] = code
    for i, pointer in enumerate(POINTERS):
        memory[0xF0 + 2 * i:0xF2 + 2 * i] = pointer.to_bytes(2, "little")
    handler = bytes((0x48, 0xAD, 0x01, IO >> 8, 0x8D, 0x10, 0x03, 0xEE, 0x11, 0x03, 0x68,
                     0x40))  # pha / lda IO+1 / sta $0310 / inc $0311 / pla / rti
    memory[HANDLER:HANDLER + len(handler)] = handler
    for vector in (0xFFFA, 0xFFFE):
        memory[vector:vector + 2] = HANDLER.to_bytes(2, "little")
    regs = {name: rng.randrange(256) for name in "axyp"}
    cores = []
    for _ in range(2):
        cpu = machine(bytes(memory), mapped)
        for name, value in regs.items():
            setattr(cpu, name, value)
        cpu.s = 0xFF
        cpu.pc = CODE
        cores.append(cpu)
    return cores[0], cores[1]


def run_by_steps(cpu: MOS6502, budget: int) -> int:
    """What run(budget) must do: whole instructions (or interrupt entries)
    while fewer than `budget` cycles have passed."""
    start = cpu.cycles
    while cpu.cycles < start + budget and not cpu.halted:
        cpu.step()
    return cpu.cycles - start


def raise_interrupts(rng: random.Random, cpus: tuple[MOS6502, ...],
                     nmi: float = 0.1, irq_on: float = 0.2, irq_off: float = 0.3) -> None:
    """The same random interrupt event on each core, between run() calls as
    machines raise them: an NMI, the IRQ line up or down, or nothing."""
    event = rng.random()
    for cpu in cpus:
        if event < nmi:
            cpu.nmi()
        elif event < irq_on:
            cpu.irq(True)
        elif event < irq_off:
            cpu.irq(False)


def random_budget(rng: random.Random) -> int:
    """A run() budget: one instruction, a few, a block's worth or many."""
    return rng.choice((1, 7, rng.randrange(1, 60), rng.randrange(50, 900)))


def steps_to_a_hit(fast: MOS6502, slow: MOS6502, ran: int, budget: int, seen_fast: list,
                   seen_slow: list, where: str, stepping: bool = False) -> bool:
    """After `fast` ran `ran` cycles of `budget` under a watch whose hook
    asks for a stop (its hits in `seen_fast`): single-step `slow`, whose
    bus watch logs the same hits in `seen_slow`, as far, stopping after an
    instruction that hit. Both must then agree: cycles, hits, whether fast
    stopped (`at_stop`, unless it was `stepping`), registers, memory and
    the I/O log. Whether slow stopped at a hit."""
    start, before = slow.cycles, len(seen_slow)
    while slow.cycles < start + budget and not slow.halted and len(seen_slow) == before:
        slow.step()
    stopped = len(seen_slow) > before
    assert ran == slow.cycles - start, where
    assert seen_fast == seen_slow, where
    if ran < budget and not fast.halted and not stepping:
        assert fast.at_stop == stopped, where
    assert slow.snapshot() == fast.snapshot(), where
    assert slow.bus.ram == fast.bus.ram, where
    assert slow.bus.io_log == fast.bus.io_log, where
    return stopped
