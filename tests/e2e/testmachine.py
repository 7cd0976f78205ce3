"""A test-only machine for the page's end-to-end tests (never shown to users).

A 6502 running a small program of our own that fills 64x48 bytes of video
memory at $2000 with a moving pattern, one pass per frame: enough to prove the
page's plumbing (load, run, frames, memory, debugger) apart from any game.
Executed inside the worker by the e2e tests (see web/worker.js testMachines).
"""

from retroscope.asm import assemble
from retroscope.cpu import MOS6502
from retroscope.cpu.bus import Bus
from retroscope.machines.base import Machine, MachineInfo, Param

VRAM = 0x2000
W, H = 64, 48
FRAME_CYCLES = 29780

PROGRAM = """
        .org $8000
reset:  ldx #$ff
        txs
        lda $10          ; the seed picks the first colour
        sta $11
frame:  lda #<$2000      ; fill 12 pages of video memory
        sta $00
        lda #>$2000
        sta $01
        ldy #0
        ldx #12
        lda $11
fill:   sta ($00),y
        clc
        adc #1
        iny
        bne fill
        inc $01
        dex
        bne fill
        inc $11          ; next pass starts one colour on
wait:   lda $12          ; the frame's end sets $12
        beq wait
        lda #0
        sta $12
        jmp frame
        .org $fffc
        .word reset, reset
"""

INFO = MachineInfo(
    id="testcard", title="Test card", cpu="6502", clock_hz=1_789_773, fps=60,
    width=W, height=H, buttons=("Right", "Left"), keys={"ArrowRight": "Right", "ArrowLeft": "Left"},
    params=(Param("seed", "int", 7, "start colour", lo=0, hi=255),),
    summary="A test-only machine.",
)


class TestCard(Machine):
    INFO = INFO

    def __init__(self, seed):
        bus = Bus()
        program = assemble(PROGRAM, "6502")
        program.load_into(bus)
        super().__init__(bus, MOS6502(bus, "nmos"), program.symbols)
        self.palette = [((i * 37) % 256) << 16 | ((i * 91) % 256) << 8 | (i * 53) % 256
                        for i in range(256)]
        self.seed = seed
        self.reset()

    def reset(self):
        self.bus.ram[0x10] = self.seed
        super().reset()

    def frame_events(self):
        return [(FRAME_CYCLES, self._end_frame)]

    def _end_frame(self):
        self.bus.ram[0x12] = 1
        self.framebuffer[:] = self.bus.ram[VRAM:VRAM + W * H]

    def state(self):
        return {"mechanics": [{"name": "seed", "addr": 0x0010, "size": 1, "format": "dec",
                               "value": self.bus.ram[0x0010]}]}


def create(seed=7):
    return TestCard(seed)
