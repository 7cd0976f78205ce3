"""The sound path's cost, in CPython (`build.py bench`) and in the page's worker.

Per machine: the chip writes its program makes per frame, and the time to
drain and encode them for the AudioWorklet (`machines.sound.frame_json`, what the
worker calls after every frame). For the NES APU device (nes/apu.py): the time
of one register write through the bus (stamp, lazy frame sequencer, log) and of
one $4015 status read, so that writes per frame x time per write is the APU's
cost in a frame.
"""

from __future__ import annotations

import time
from operator import call
from typing import Any


def measure_machine(machine_id: str, frames: int = 120, warmup_frames: int = 30) -> dict[str, Any]:
    from .. import machines
    from ..machines.sound import SoundLog, frame_json

    machine = machines.create(machine_id)
    for _ in range(warmup_frames):
        machine.run_frame(0)
        frame_json(machine)
    counts: list[int] = []
    recorded: list[list[SoundLog]] = []
    for _ in range(frames):
        machine.run_frame(0)
        logs = machine.sound_logs()
        counts.append(sum(len(log.writes) // 3 for log in logs))
        recorded.append([SoundLog(log.chip, log.clock_hz, list(log.writes)) for log in logs])
        frame_json(machine)

    # The post timed over all the frames at once (a browser's clock is too
    # coarse for one): the same logs drained and encoded as the worker does.
    class Replay:
        INFO = machine.INFO
        frame = machine.frame
        last_frame_cycles = machine.last_frame_cycles
        logs: list[SoundLog] = []

        def sound_logs(self) -> list[SoundLog]:
            return self.logs

    replay = Replay()
    t0 = time.perf_counter()
    for logs in recorded:
        replay.logs = logs
        call(frame_json, replay)  # a fresh interpreter entry, as in the page (see runner)
    spent = time.perf_counter() - t0
    return {"machine": machine_id, "chips": [log.chip for log in machine.sound_logs()],
            "writes_per_frame": sum(counts) / frames, "max_writes": max(counts),
            "post_us_per_frame": 1e6 * spent / frames}


def measure_apu(count: int = 20_000) -> dict[str, Any]:
    """µs per APU register write and per $4015 read, through the NES bus."""
    from ..machines.nes.machine import NesMachine, nes_info

    class Bare(NesMachine):
        INFO = nes_info(id="bench-apu", title="bench")

        def state(self) -> dict[str, Any]:
            return {}

    machine = Bare(bytes(0x8000))
    machine.reset()
    write, read = machine.bus.write, machine.bus.read
    log = machine.apu.log
    clock = time.perf_counter
    t0 = clock()
    for i in range(count):
        write(0x4002, i & 0xFF)
        if i & 1023 == 1023:
            log.clear()
    per_write = (clock() - t0) / count
    log.clear()
    t0 = clock()
    for _ in range(count):
        read(0x4015)
    per_read = (clock() - t0) / count
    return {"write_us": 1e6 * per_write, "status_read_us": 1e6 * per_read}
