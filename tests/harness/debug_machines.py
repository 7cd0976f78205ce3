"""Test-only machines for the debugger's tests: a real core over a plain bus,
a small program and a frame schedule (inputs latched at frame start, an
interrupt near the end, then the frame's end), like the real machines but
small enough to reason about in a test."""

from __future__ import annotations

from typing import Any

from retroscope.cpu.bus import Bus
from retroscope.cpu.core import Access, Mask, WatchHook
from retroscope.machines.base import Machine, MachineInfo, Routine


class BusWatcher:
    """Takes the debugger's read and write watches (`Core.set_watch`) as bus
    watches: what the bus sees, the reference the cores' own are held to."""

    def __init__(self, bus: Bus) -> None:
        self.bus = bus
        self.added: dict[Access, Any] = {}

    def set_watch(self, access: Access, mask: Mask | None, hook: WatchHook | None = None
                  ) -> None:
        old = self.added.pop(access, None)
        if old is not None:
            self.bus.remove_watch(access, old)
        if mask is None or hook is None:
            return
        covered = bytes(mask)

        def watch(addr: int, value: int) -> None:
            if covered[addr]:
                hook(addr, value)
        self.added[access] = watch
        self.bus.add_watch(access, watch)


class _ToyScreen:
    """The toy machines' picture: 64 bytes of RAM as 8x8 grey pixels, drawn at
    the frame's end (so the contract suite's not-blank check means something)."""

    SCREEN_AT = 0

    def _draw(self) -> None:
        at = self.SCREEN_AT
        self.framebuffer[:] = self.bus.ram[at:at + 64]
        if self.palette[255] == 0:
            self.palette = [(i << 16) | (i << 8) | i for i in range(256)]


BUTTONS_ADDR = 0x00F0  # where the frame-start event puts the buttons

# A 6502 program: a main loop with nested subroutines, a 16-bit LFSR like
# Tetris's at $0017-$0018, an NMI handler that folds the buttons into RAM and
# fills a page, so that the state depends on the inputs frame after frame.
SOURCE_6502 = """
        .org $8000
reset:  ldx #$FF
        txs
        lda #$89
        sta $17
        lda #$88
        sta $18
        cli
main:   jsr outer
        inc $10
        lda $F0
        sta $11
        jmp main
outer:  jsr inner
        jsr inner
        rts
inner:  lda $12
        clc
        adc #1
        sta $12
        jsr rng
        rts
rng:    lda $17
        and #$02
        sta $00
        lda $18
        and #$02
        eor $00
        clc
        beq rng_c
        sec
rng_c:  ror $17
        ror $18
        rts
fact:   cmp #2           ; recursive: A = depth, counts calls in $30
        bcc fact_e
        inc $30
        sec
        sbc #1
        jsr fact
fact_e: rts
nmi:    pha
        txa
        pha
        inc $20
        lda $F0
        clc
        adc $21
        sta $21
        ldx $20
        sta $0300,x
        pla
        tax
        pla
        rti
irq:    rti
        .org $FFFA
        .word nmi, reset, irq
"""


class Debug6502Machine(_ToyScreen, Machine):
    """A 6502 machine: 29780 cycles a frame (as the NES), NMI at 27400."""

    INFO = MachineInfo(id="debugtest", title="Debugger test machine", cpu="6502",
                       clock_hz=1_789_773.0, fps=60.0, width=8, height=8,
                       buttons=("a", "b", "select", "start", "up", "down", "left", "right"),
                       routines=(Routine("outer"), Routine("inner"), Routine("rng"),
                                 Routine("fact", "recursive", (("a", 5),))))
    SCREEN_AT = 0x0300
    FRAME = 29780
    NMI_AT = 27400

    def __init__(self, variant: str = "nmos") -> None:
        from retroscope.asm import assemble
        from retroscope.cpu import MOS6502
        bus = Bus()
        program = assemble(SOURCE_6502, "6502")
        program.load_into(bus)
        super().__init__(bus, MOS6502(bus, variant=variant), program.symbols)
        self.program = program
        self.reset()

    def frame_events(self) -> list[tuple[int, Any]]:
        return [(0, self._latch), (self.NMI_AT, self._irq), (self.FRAME, self._draw)]

    def _irq(self) -> None:
        self.cpu.nmi()

    def _latch(self) -> None:
        self.bus.ram[BUTTONS_ADDR] = self.buttons & 0xFF

    def interrupt_in(self, cycles: int) -> None:
        """Test hook: raise the interrupt `cycles` from now, within this frame."""
        at = self.frame_cycle + cycles
        events = self._events
        i = self._event_index
        if not at < events[i][0]:
            raise ValueError("the interrupt would fall after the next event")
        events.insert(i, (at, self._irq))

    def state(self) -> dict[str, Any]:
        return {"counter": self.bus.ram[0x10]}


# A Z80 program: nested calls, a conditional call not taken, RST, a recursive
# routine with a conditional return, and an IM 1 interrupt handler at $0038.
SOURCE_Z80 = """
counter = $8000
calls   = $8001
ints    = $8002
rsts    = $8003
depth   = $8004
buttons = $8010
        org 0
        jp start
        org $10
rst10:  ld a,(rsts)
        inc a
        ld (rsts),a
        ret
        org $38
irq:    push af
        ld a,(ints)
        inc a
        ld (ints),a
        ld a,(buttons)
        ld (counter+8),a
        pop af
        ei
        reti
        org $100
start:  ld sp,$9000
        im 1
        ei
main:   call outer
        ld hl,counter
        inc (hl)
        xor a
        call nz,outer
        rst $10
        jp main
outer:  call inner
        call inner
        ret
inner:  ld a,(calls)
        inc a
        ld (calls),a
        ret
fact:   cp 2
        ret c
        ld hl,depth
        inc (hl)
        dec a
        call fact
fact_e: ret
"""


class DebugZ80Machine(_ToyScreen, Machine):
    """A Z80 machine: 51200 T-states a frame, the interrupt line raised at 50000."""

    INFO = MachineInfo(id="debugz80", title="Debugger Z80 test machine", cpu="z80",
                       clock_hz=3_072_000.0, fps=60.0, width=8, height=8,
                       buttons=("fire",),
                       routines=(Routine("outer"), Routine("inner"),
                                 Routine("fact", "recursive", (("a", 5),))))
    SCREEN_AT = 0x8000
    FRAME = 51200
    INT_AT = 50000

    def __init__(self) -> None:
        from retroscope.asm import assemble
        from retroscope.cpu import Z80
        bus = Bus()
        program = assemble(SOURCE_Z80, "z80")
        program.load_into(bus)
        super().__init__(bus, Z80(bus), program.symbols)
        self.program = program
        self.reset()

    def frame_events(self) -> list[tuple[int, Any]]:
        return [(0, self._latch), (self.INT_AT, self._irq), (self.FRAME, self._draw)]

    def _irq(self) -> None:
        self.cpu.interrupt(0xFF)

    def _latch(self) -> None:
        self.bus.ram[0x8010] = self.buttons & 0xFF

    interrupt_in = Debug6502Machine.interrupt_in

    def state(self) -> dict[str, Any]:
        return {}


# A TMS9900 program: BL nesting through a saved link (B *R10), a BLWP context
# switch call, and a level-1 interrupt whose handler acknowledges by writing
# to >F000 (the machine then drops the line, as a VDP status read would).
SOURCE_TMS9900 = """       AORG >0000
       DATA WS0,START
       DATA WSI,IRQ
       AORG >0100
START  LWPI WS0
       LIMI 2
MAIN   BL   @OUTER
       INC  @COUNT
       BLWP @VEC
       JMP  MAIN
OUTER  MOV  R11,R10
       BL   @INNER
       BL   @INNER
       B    *R10
INNER  INC  @CALLS
       B    *R11
SUB2   INC  @BLWPS
       RTWP
IRQ    INC  @INTS
       CLR  @>F000
       RTWP
VEC    DATA WS2,SUB2
       AORG >8300
WS0    BSS 32
WSI    BSS 32
WS2    BSS 32
COUNT  DATA 0
CALLS  DATA 0
INTS   DATA 0
BLWPS  DATA 0
"""


class DebugTMS9900Machine(_ToyScreen, Machine):
    """A TMS9900 machine: 50000 cycles a frame, interrupt level 1 at 48000."""

    INFO = MachineInfo(id="debug9900", title="Debugger TMS9900 test machine", cpu="tms9900",
                       clock_hz=3_000_000.0, fps=60.0, width=8, height=8,
                       routines=(Routine("OUTER"), Routine("INNER")))
    SCREEN_AT = 0x8300
    FRAME = 50000
    INT_AT = 48000

    def __init__(self) -> None:
        from retroscope.asm import assemble
        from retroscope.cpu import TMS9900
        bus = Bus()
        program = assemble(SOURCE_TMS9900, "tms9900")
        program.load_into(bus)
        bus.map(0xF000, 0xF0FF, name="ack", write=self._ack, kind="io")
        super().__init__(bus, TMS9900(bus), program.symbols)
        self.program = program
        self.reset()

    def _ack(self, addr: int, value: int) -> None:
        self.cpu.interrupt(None)

    def frame_events(self) -> list[tuple[int, Any]]:
        return [(self.INT_AT, self._irq), (self.FRAME, self._draw)]

    def _irq(self) -> None:
        self.cpu.interrupt(1)

    interrupt_in = Debug6502Machine.interrupt_in

    def state(self) -> dict[str, Any]:
        return {}
