"""Fixed mixed Z80 workload for the speed benchmark (`build.py bench`).

`setup()` returns a core with the program below in memory, reset and ready:
the harness times `core.run(n)` (T-states) and reports the emulated clock as a
ratio to the Pac-Man board's 3.072 MHz (`CLOCK_HZ`). `setup_reference()`
returns the PyPI `z80` package's machine on the same image (CPython only,
bench-only dependency z80==1.2.0) for comparison in the same process.

The core compiles hot code into blocks after a few passes, so time it after
a warm-up (any warm-up of a second or more is plenty).

The program loops forever over the kind of code Pac-Man runs: (HL) and (IX+d)
loads and stores, 8-bit ALU with immediates and indexed operands, a compare
and conditional relative jumps, DJNZ, CALL/RET with PUSH/POP, 16-bit
ADD/SBC and EX DE,HL, CB shifts and BIT, NEG and an absolute store.
"""

from __future__ import annotations

from typing import Any

from ..cpu.bus import Bus
from ..cpu.z80 import Z80

CLOCK_HZ = 3_072_000  # the Pac-Man board's Z80 clock
ORIGIN = 0x0000

# Hand-assembled; each line is one instruction: address, bytes, source.
PROGRAM: tuple[tuple[int, bytes, str], ...] = (
    (0x0000, b"\x31\x00\xf0", "        ld sp,$F000"),
    (0x0003, b"\x21\x00\x40", "outer:  ld hl,$4000"),
    (0x0006, b"\xdd\x21\x00\x50", "        ld ix,$5000"),
    (0x000A, b"\x06\x20", "        ld b,$20"),
    (0x000C, b"\x7e", "loop:   ld a,(hl)"),
    (0x000D, b"\xc6\x07", "        add a,$07"),
    (0x000F, b"\x77", "        ld (hl),a"),
    (0x0010, b"\xdd\x86\x03", "        add a,(ix+3)"),
    (0x0013, b"\xdd\x77\x03", "        ld (ix+3),a"),
    (0x0016, b"\xe6\x3f", "        and $3F"),
    (0x0018, b"\xfe\x20", "        cp $20"),
    (0x001A, b"\x38\x01", "        jr c,skip"),
    (0x001C, b"\x3c", "        inc a"),
    (0x001D, b"\x5f", "skip:   ld e,a"),
    (0x001E, b"\x16\x00", "        ld d,0"),
    (0x0020, b"\xcd\x40\x00", "        call sub"),
    (0x0023, b"\x23", "        inc hl"),
    (0x0024, b"\xdd\x23", "        inc ix"),
    (0x0026, b"\x10\xe4", "        djnz loop"),
    (0x0028, b"\xcb\x3f", "        srl a"),
    (0x002A, b"\xcb\x47", "        bit 0,a"),
    (0x002C, b"\x28\x02", "        jr z,even"),
    (0x002E, b"\xed\x44", "        neg"),
    (0x0030, b"\x32\x00\x60", "even:   ld ($6000),a"),
    (0x0033, b"\xc3\x03\x00", "        jp outer"),
    (0x0040, b"\xe5", "sub:    push hl"),
    (0x0041, b"\x2a\x00\x61", "        ld hl,($6100)"),
    (0x0044, b"\x19", "        add hl,de"),
    (0x0045, b"\x22\x00\x61", "        ld ($6100),hl"),
    (0x0048, b"\xeb", "        ex de,hl"),
    (0x0049, b"\xed\x52", "        sbc hl,de"),
    (0x004B, b"\xe1", "        pop hl"),
    (0x004C, b"\xc9", "        ret"),
)


def image() -> bytearray:
    """The 64 KiB memory image: the program and 256 bytes of data at $4000."""
    mem = bytearray(0x10000)
    for addr, code, _ in PROGRAM:
        mem[addr:addr + len(code)] = code
    mem[0x4000:0x4100] = bytes((i * 37) & 0xFF for i in range(256))
    return mem


def setup() -> Z80:
    """A reset core on a plain RAM bus, about to run the workload from $0000."""
    bus = Bus()
    bus.load(0, bytes(image()))
    core = Z80(bus)
    core.reset()
    return core


def setup_reference() -> Any:
    """The `z80` package's Z80Machine on the same image (CPython bench only)."""
    import z80  # noqa: PLC0415 - optional, bench-only

    machine = z80.Z80Machine()
    machine.set_memory_block(0, bytes(image()))
    machine.pc = ORIGIN
    return machine
