"""A test-only machine for the page's end-to-end tests (never shown to users).

Its "CPU" is a counter that writes one byte of video memory per step, so a
frame is a moving pattern drawn from memory: enough to prove the page's
plumbing (load, run, frames, read/write memory, state) without a real core.
Executed inside the worker by the e2e tests (see web/worker.js testMachines).
"""

from retroscope.cpu.bus import Bus
from retroscope.machines.base import Machine, MachineInfo, Param

VRAM = 0x2000
W, H = 64, 48


class CounterCPU:
    """Each step writes (counter + index) to the next video byte: 4 cycles."""

    def __init__(self, bus):
        self.bus = bus
        self.pc = 0
        self.cycles = 0
        self.a = 0

    def reset(self):
        self.pc = 0
        self.a = self.bus.read(0x0010)

    def step(self):
        self.bus.write(VRAM + self.pc, (self.a + self.pc // 8) & 0xFF)
        self.pc = (self.pc + 1) % (W * H)
        if self.pc == 0:
            self.a = (self.a + 1) & 0xFF
        self.cycles += 4
        return 4

    def run(self, cycles):
        start = self.cycles
        while self.cycles - start < cycles:
            self.step()
        return self.cycles - start

    def snapshot(self):
        return {"pc": self.pc, "cycles": self.cycles, "a": self.a}

    def restore(self, state):
        self.pc, self.cycles, self.a = state["pc"], state["cycles"], state["a"]


INFO = MachineInfo(
    id="testcard", title="Test card", cpu="none", clock_hz=48000, fps=60,
    width=W, height=H, buttons=("Right", "Left"), keys={"ArrowRight": "Right", "ArrowLeft": "Left"},
    params=(Param("seed", "int", 7, "start colour", lo=0, hi=255),),
    summary="A test-only machine.",
)


class TestCard(Machine):
    INFO = INFO

    def __init__(self, seed):
        bus = Bus()
        super().__init__(bus, CounterCPU(bus), {"vram": VRAM, "seed": 0x0010})
        self.palette = [((i * 37) % 256) << 16 | ((i * 91) % 256) << 8 | (i * 53) % 256
                        for i in range(256)]
        bus.write(0x0010, seed)
        self.reset()

    def frame_events(self):
        return [(W * H * 4 // 2, lambda: None), (W * H * 4, self._render)]

    def _render(self):
        self.framebuffer[:] = self.bus.ram[VRAM:VRAM + W * H]

    def state(self):
        return {"mechanics": [{"name": "seed", "addr": 0x0010, "size": 1, "format": "dec",
                               "value": self.bus.ram[0x0010]}]}


def create(seed=7):
    return TestCard(seed)
