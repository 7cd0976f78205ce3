"""Fixed mixed 6502 workload for the speed benchmark (`build.py bench`).

`setup()` returns a core with the program below in memory, reset and ready:
the lead's harness times `core.run(n)`. `setup_py65()` returns a py65 MPU on
the same memory image (CPython only; py65 is a bench-only dependency), for
the ratio to py65 measured in the same process.

The program loops forever over indexed loads and stores, ALU work,
read-modify-write, branches taken and not, JSR/RTS and stack traffic, and a
short decimal-mode addition (binary on the 2A03, which ignores D).

A second workload (`workload="sort"`), assembled from `SORT_SOURCE` by our
assembler, is a different mix: it fills 256 bytes from a shift-and-add
generator, bubble-sorts 64 of them, and takes a Fletcher-16 sum over all 256
through ($20),Y, forever; the bench gives it as a second ratio to py65, so the
figure is not one hand-picked program's.
"""

from __future__ import annotations

from typing import Any

from ..cpu.bus import Bus
from ..cpu.mos6502 import MOS6502

ORIGIN = 0x8000

# Hand-assembled; each line is one instruction: address, bytes, source.
PROGRAM: tuple[tuple[int, bytes, str], ...] = (
    (0x8000, b"\xa2\x00", "        ldx #$00"),
    (0x8002, b"\xa0\x10", "outer:  ldy #$10"),
    (0x8004, b"\xbd\x00\x03", "loop:   lda $0300,x"),
    (0x8007, b"\x18", "        clc"),
    (0x8008, b"\x69\x07", "        adc #$07"),
    (0x800A, b"\x9d\x00\x03", "        sta $0300,x"),
    (0x800D, b"\x45\x10", "        eor $10"),
    (0x800F, b"\x85\x10", "        sta $10"),
    (0x8011, b"\xb1\x20", "        lda ($20),y"),
    (0x8013, b"\x29\x3f", "        and #$3f"),
    (0x8015, b"\x05\x11", "        ora $11"),
    (0x8017, b"\x99\x00\x04", "        sta $0400,y"),
    (0x801A, b"\xe6\x12", "        inc $12"),
    (0x801C, b"\x20\x40\x80", "        jsr sub"),
    (0x801F, b"\xe8", "        inx"),
    (0x8020, b"\x88", "        dey"),
    (0x8021, b"\xd0\xe1", "        bne loop"),
    (0x8023, b"\xa5\x13", "        lda $13"),
    (0x8025, b"\x0a", "        asl a"),
    (0x8026, b"\x26\x14", "        rol $14"),
    (0x8028, b"\xc9\x80", "        cmp #$80"),
    (0x802A, b"\x90\x02", "        bcc skip"),
    (0x802C, b"\x46\x13", "        lsr $13"),
    (0x802E, b"\xc6\x15", "skip:   dec $15"),
    (0x8030, b"\xf8", "        sed"),
    (0x8031, b"\x18", "        clc"),
    (0x8032, b"\xa5\x16", "        lda $16"),
    (0x8034, b"\x69\x01", "        adc #$01"),
    (0x8036, b"\x85\x16", "        sta $16"),
    (0x8038, b"\xd8", "        cld"),
    (0x8039, b"\x4c\x02\x80", "        jmp outer"),
    (0x8040, b"\x48", "sub:    pha"),
    (0x8041, b"\x8a", "        txa"),
    (0x8042, b"\x38", "        sec"),
    (0x8043, b"\xe9\x01", "        sbc #$01"),
    (0x8045, b"\x85\x17", "        sta $17"),
    (0x8047, b"\xb5\x30", "        lda $30,x"),
    (0x8049, b"\x95\x30", "        sta $30,x"),
    (0x804B, b"\x68", "        pla"),
    (0x804C, b"\x60", "        rts"),
)


SORT_SOURCE = """
seed    = $10
tmp     = $11
sum1    = $12
sum2    = $13
data    = $0300
        .org $8000
start:  ldx #0
fill:   txa                 ; 256 bytes from a shift-and-add generator
        eor seed
        asl a
        adc #$3B
        sta seed
        sta data,x
        inx
        bne fill
        ldy #63             ; bubble sort data[0..63]: passes over 0..y
pass:   ldx #0
inner:  lda data,x
        cmp data+1,x
        bcc next            ; in order
        beq next
        pha                 ; swap the pair
        lda data+1,x
        sta data,x
        pla
        sta data+1,x
next:   inx
        stx tmp
        cpy tmp
        bne inner
        dey
        bne pass
cksum:  lda #0              ; Fletcher-16 over all 256 through ($20),y
        sta sum1
        sta sum2
        tay
sum:    lda ($20),y
        clc
        adc sum1
        sta sum1
        clc
        adc sum2
        sta sum2
        iny
        bne sum
        jsr mix
        jmp start
mix:    lda sum1
        rol sum2
        ror a
        eor seed
        sta seed
        rts
"""

WORKLOADS = ("mixed", "sort")


def image(workload: str = "mixed") -> bytearray:
    """The 64 KiB memory image: program, pointer ($20) -> its data, reset vector."""
    mem = bytearray(0x10000)
    if workload == "sort":
        from ..asm import assemble  # noqa: PLC0415 - only this workload needs it

        for addr, code in assemble(SORT_SOURCE, "6502").chunks:
            mem[addr:addr + len(code)] = code
        mem[0x20:0x22] = b"\x00\x03"
    elif workload == "mixed":
        for addr, code, _ in PROGRAM:
            mem[addr:addr + len(code)] = code
        mem[0x20:0x22] = b"\x00\x05"
        mem[0x0500:0x0600] = bytes((i * 37) & 0xFF for i in range(256))
    else:
        raise ValueError(f"no 6502 workload {workload!r}; there are {', '.join(WORKLOADS)}")
    mem[0xFFFC:0xFFFE] = ORIGIN.to_bytes(2, "little")
    return mem


def setup(variant: str = "2a03", workload: str = "mixed") -> MOS6502:
    """A reset core on a plain RAM bus, about to run the workload."""
    bus = Bus()
    bus.load(0, bytes(image(workload)))
    core = MOS6502(bus, variant)
    core.reset()
    return core


def setup_py65(workload: str = "mixed") -> Any:
    """py65's MPU on the same image, PC at the program (CPython bench only)."""
    from py65.devices.mpu6502 import MPU  # noqa: PLC0415 - optional, bench-only

    mpu = MPU(memory=list(image(workload)))
    mpu.pc = ORIGIN
    return mpu
