"""Random TMS9900 programs run on twin cores: one through run() (compiled
blocks, the core's own stops and watches), one through step() as the
reference. Memory full of random instructions and pointers, so that they
write over their own code and their workspaces; vectors that switch to the
workspaces; on a mapped bus ROM, the scratchpad's mirror and a device page,
as on the TI-99/4A."""

from __future__ import annotations

import random

from retroscope.cpu import TMS9900
from retroscope.cpu import isa9900 as isa
from retroscope.cpu.bus import Bus
from retroscope.machines.ti99.memory import WAIT_STATES

WORKSPACES = (0x8300, 0x8320, 0x83E0, 0xA100)  # the last one in the code
CODE = 0xA000
DATA = 0xB000
IO = 0x8C00
LEGAL = [w for w in range(0x10000) if isa.DECODE[w] is not None]


def pointer(rng: random.Random) -> int:
    """An address the random code may use: near what the watches cover."""
    return rng.choice((CODE + rng.randrange(0x40), DATA + rng.randrange(0x20),
                       rng.choice(WORKSPACES) + rng.randrange(0x20), IO + rng.randrange(4),
                       0x0080 + rng.randrange(0x40), 0x8000 + rng.randrange(0x40),
                       rng.randrange(0x10)))


def random_image(rng: random.Random) -> bytearray:
    """Random instructions and pointers everywhere, workspaces full of
    pointers, vectors that switch to them and code in >A000->A1FF."""
    words = [rng.choice(LEGAL) if rng.random() < 0.6 else pointer(rng) for _ in range(0x8000)]
    image = bytearray(b"".join(w.to_bytes(2, "big") for w in words))
    for ws in WORKSPACES:
        for n in range(16):
            image[ws + 2 * n:ws + 2 * n + 2] = pointer(rng).to_bytes(2, "big")
    for vector in (*range(0, 0x80, 4), 0xFFFC):  # reset, levels 1-15, XOPs, LOAD
        image[vector:vector + 4] = (rng.choice(WORKSPACES).to_bytes(2, "big")
                                    + (CODE + 2 * rng.randrange(0x100)).to_bytes(2, "big"))
    return image


def make(image: bytearray, mapped: bool, waits: bool, log: list, timed: bool = False,
         pokes: bool = False) -> TMS9900:
    """`timed`: the device logs the cycle count and PC at each access too;
    `pokes`: a write to it also changes a byte of the code, as a bank switch
    would (bytes >A040->A1BF)."""
    bus = Bus()
    bus.load(0, bytes(image))
    cpu = TMS9900(bus, wait_states=WAIT_STATES if waits else None)

    def when() -> tuple[int, ...]:
        return (cpu.cycles, cpu.pc) if timed else ()
    if mapped:  # as on the TI-99/4A: ROM, the scratchpad's mirrors, a device
        ram = bus.ram
        bus.map_rom(0x0000, bytes(image[:0x100]))

        def pad_read(addr: int) -> int:
            return ram[0x8300 | (addr & 0xFF)]

        def pad_write(addr: int, value: int) -> None:
            ram[0x8300 | (addr & 0xFF)] = value

        def io_read(addr: int) -> int:
            log.append(("r", addr, *when()))
            return len(log) & 0xFF

        bus.map(0x8000, 0x82FF, name="mirrors", read=pad_read, write=pad_write, kind="ram")
        def io_write(addr: int, value: int) -> None:
            log.append(("w", addr, value, *when()))
            if pokes:
                ram[CODE + 0x40 + (value * 3 + addr) % 0x180] ^= value

        bus.map(IO, IO + 0xFF, name="device", read=io_read, write=io_write)
    cpu.reset()
    return cpu


def watched_addresses(rng: random.Random) -> bytearray:
    """A few bytes or spans: registers (a whole workspace at times), code,
    data, a device, ROM, the mirror."""
    mask = bytearray(0x10000)
    for _ in range(rng.randrange(1, 7)):
        ws = rng.choice(WORKSPACES)
        at, span = rng.choice(((ws, 32), (ws + rng.randrange(32), rng.randrange(1, 16)),
                               (ws + 26 + rng.randrange(6), 1),
                               (CODE + rng.randrange(0x40), rng.randrange(1, 16)),
                               (DATA + rng.randrange(0x20), rng.randrange(1, 16)),
                               (IO + rng.randrange(4), 1), (0x0080 + rng.randrange(0x40), 2),
                               (0x8000 + rng.randrange(0x40), 2)))
        mask[at:at + span] = bytes((1,)) * span
    return mask


def runnable(cpu: TMS9900) -> bool:
    """Would run() go on (not idle, or an interrupt it takes wakes it)?"""
    return not cpu.idle or (not cpu.holdoff and cpu.irq and cpu.irq <= cpu.st & 15)


def word_writer() -> TMS9900:
    """MOV R1,@>B000 / MOVB R1,@>B003 / BLWP @VEC / JMP $ (at >0100; the
    BLWP's workspace at >8320, R13-R15 at >833A->833F)."""
    cpu = TMS9900()
    code = (0xC801, 0xB000, 0xD801, 0xB003, 0x0420, 0x0200, 0x10FF)
    cpu.bus.load(0x0100, b"".join(w.to_bytes(2, "big") for w in code))
    cpu.bus.load(0x0200, bytes((0x83, 0x20, 0x01, 0x0C)))
    cpu.pc, cpu.wp = 0x0100, 0x8300
    cpu.r1 = 0x1234
    return cpu
