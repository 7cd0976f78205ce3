"""Pac-Man's WSG writes are stamped at the cycle of the instruction that makes
them (the sound logs' contract, machines/sound.py): frames run as the page
runs them (run() slices, compiled blocks) log the same stamps as the same
frames run one instruction at a time.
"""

from __future__ import annotations

from typing import Any

from retroscope.machines import create
from retroscope.machines.namco.board import FRAME_CYCLES, VBLANK_CYCLE

# (buttons, frames): the attract mode, a coin, the start, the tune, play.
SCRIPT = ((0, 40), (16, 5), (0, 5), (32, 1), (0, 20), (2, 10))


def stepping_runner(machine: Any):
    """What cpu.run does, one step() at a time (and, as run() does, back to
    the machine when the CPU waits in HALT for an interrupt it cannot take)."""
    cpu = machine.cpu

    def run(cycles: int) -> int:
        ran = 0
        while ran < cycles:
            if cpu.halted and not (cpu.nmi_pending or cpu.irq and cpu.iff1):
                break
            ran += cpu.step()
        return ran
    return run


def frames(machine: Any) -> list[tuple[list[int], int, bytes]]:
    out = []
    for buttons, count in SCRIPT:
        for _ in range(count):
            machine.run_frame(buttons)
            out.append((machine.sound_logs()[0].drain(), machine.cpu.cycles,
                        bytes(machine.bus.ram)))
    return out


def test_wsg_stamps_of_run_frames_equal_single_steps() -> None:
    fast = create("pacman")
    slow = create("pacman")
    slow.runner = stepping_runner(slow)
    ran, stepped = frames(fast), frames(slow)
    assert fast.cpu.compiled_blocks()  # the page's way: compiled blocks
    for frame, (got, want) in enumerate(zip(ran, stepped, strict=True)):
        assert got == want, f"frame {frame}"
    bursts = [writes[0::3] for writes, _, _ in ran if writes]
    assert len(bursts) > len(ran) // 2
    assert all(b == sorted(b) and b[-1] < FRAME_CYCLES for b in bursts)
    # The vertical blank's burst, after the interrupt's entry, its writes
    # hundreds of cycles apart (not all at the interrupt's frame event). In
    # a few frames a long job runs over and a burst lands in the next frame.
    steady = [b for b in bursts if VBLANK_CYCLE < b[0] and b[-1] - b[0] > 300]
    assert len(steady) > len(bursts) * 3 // 4
