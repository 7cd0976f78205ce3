"""What the debugger costs: frames per second bare, and under a Session.

`measure()` runs the same machine the same number of frames

* bare (no session: the machine's own runner),
* under a `Session` with nothing set (must be the same speed: same runner),
* under a `Session` recording rewind checkpoints (the default: every 4th frame),
* the same with a checkpoint every frame (`Rewind(stride=1)`),
* with one execute breakpoint that is never reached (the core stops at it itself),
* with one on code the machine runs all the time, whose condition never holds
  (the core stops there and the session passes it each time),
* with one write watch (a write breakpoint whose condition is never true, on
  the machine's address in `WATCHED`),
* with one read watch (a read breakpoint likewise, on the same address),
* with the trace on (instruction by instruction),
* with every viewer of the machine's video chips open (their watches set, their
  data read every `PAGE_EVERY` frames, as the page asks five times a second),
* with the event viewer open (its watch on the devices, its frame read as often),
* with the profiler on (instruction by instruction, every read and write counted),
* with all of those opened and closed again (it must cost nothing: as "session"),

and returns frames per second for each, plus the ratios to bare. The machine is
`machine_id` if given and available (e.g. "tetris"), else a built-in bench
machine: the 6502 bench workload (`benchmarks/mos6502.py`) in NES-length frames.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from ..cpu.bus import Bus
from ..machines.base import Machine, MachineInfo

FRAME_CYCLES = 29780  # one NTSC NES frame of CPU cycles


class BenchMachine(Machine):
    """The 6502 bench workload as a machine with a frame schedule."""

    INFO = MachineInfo(id="bench6502", title="6502 bench workload", cpu="2a03",
                       clock_hz=1_789_773.0, fps=60.0, width=8, height=8)

    def __init__(self) -> None:
        from . import mos6502
        cpu = mos6502.setup("2a03")
        bus: Bus = cpu.bus
        super().__init__(bus, cpu, {})
        self._events = self.frame_events()
        self._frame_start = cpu.cycles

    def frame_events(self) -> list[tuple[int, Any]]:
        return [(FRAME_CYCLES, _nothing)]

    def state(self) -> dict[str, Any]:
        return {}


def _nothing() -> None:
    pass


# The byte each machine's write and read watches sit on, by symbol where the
# program names it: one it writes every frame (Tetris's PRNG, Pac-Man's
# frame counter in the interrupt, the TI-99/4A console's VDP tick); on
# Backgammon and JMC $0017, which their programs do not write, so there the
# watch is armed and checked but never hit. Others: $0017.
WATCHED: dict[str, str | int] = {
    "tetris": "rng", "backgammon": 0x0017, "pacman": "frameCount", "crpg": "VDPTIC",
    "jmc": 0x0017,
}
DEFAULT_WATCH = 0x0017


def watch_address(machine_id: str | None, machine: Machine) -> int:
    """The address `measure` watches on this machine (see `WATCHED`)."""
    where = WATCHED.get(machine_id or "", DEFAULT_WATCH)
    return machine.symbols[where] if isinstance(where, str) else where


def _make(machine_id: str | None) -> Machine:
    if machine_id:
        from .. import machines
        if machine_id in machines.available():
            return machines.create(machine_id)
    return BenchMachine()


def _time(run_frame: Callable[[], Any], frames: int) -> float:
    # CPU time of this process: the team's machine is shared, and wall time
    # would charge other people's work to whichever configuration was running.
    start = time.process_time()
    for _ in range(frames):
        run_frame()
    return time.process_time() - start


# Frames every configuration runs untimed before anything is measured: past the
# machines' start-up, whose code is new to the cores for a while (the CRPG,
# left alone, compiled blocks until about frame 360: a bare run measured there
# spent most of its time compiling, and came out slower than a watched one,
# whose engine then compiled nothing).
SETTLE_FRAMES = 420
PAGE_EVERY = 12  # frames between the page's looks at an open viewer (5 a second at 60)


def _looking(session: Any, look: Callable[[], Any]) -> Callable[[], Any]:
    """A session's run_frame that also does what the page does every PAGE_EVERY frames."""
    count = 0

    def run_frame() -> None:
        nonlocal count
        session.run_frame()
        count += 1
        if count % PAGE_EVERY == 0:
            look()
    return run_frame


def measure(machine_id: str | None = "tetris", frames: int = 60, repeats: int = 3,
            settle: int = SETTLE_FRAMES) -> dict:
    """Frames per second bare and under the debugger, and the ratios to bare.

    Every configuration runs the same frames (same inputs, same game phase):
    `settle` frames untimed, then turns round by round after one untimed
    round, in the listed order and back in turn; a ratio is the median over
    rounds of the ratio within a round, so that load from elsewhere, which
    comes and goes, weighs on both sides of each ratio alike."""
    from ..debug import Session
    from ..debug.rewind import Rewind

    bare = _make(machine_id)
    quiet = Session(_make(machine_id), record=False)
    kept = settle + frames * (repeats + 1) + 2  # every frame run stays rewindable
    recording = Session(_make(machine_id), rewind=Rewind(capacity=kept))
    dense = Session(_make(machine_id), rewind=Rewind(capacity=kept, stride=1))
    checking = Session(_make(machine_id), record=False)
    never = "pc == $10000"  # a condition that never holds, on every CPU
    checking.add_breakpoint("exec", 0xFFF0, condition=never)  # never reached
    # On code the machine runs all the time (where its PC is after a few
    # frames): the core stops there and the session passes it, every time.
    hot = Session(_make(machine_id), record=False)
    probe = _make(machine_id)
    for _ in range(settle + 3):
        probe.run_frame()
    hot.add_breakpoint("exec", probe.cpu.pc, condition=never)
    watching = Session(_make(machine_id), record=False)
    watch_at = watch_address(machine_id, watching.machine)
    watching.add_breakpoint("write", watch_at, condition=never)  # hit, never true
    reading = Session(_make(machine_id), record=False)
    reading.add_breakpoint("read", watch_at, condition=never)
    tracing = Session(_make(machine_id), record=False)  # traces once settled
    viewing = Session(_make(machine_id), record=False)
    viewers = [v["id"] for v in viewing.viewers()]
    viewing.open_viewers(viewers)
    events = Session(_make(machine_id), record=False)
    events.set_events(True)
    profiling = Session(_make(machine_id), record=False)  # profiles once settled
    closed = Session(_make(machine_id), record=False)
    closed.open_viewers(viewers)
    closed.set_events(True)
    closed.profile_start(60)
    closed.run_frame()
    closed.open_viewers([])
    closed.set_events(False)
    closed.profile_stop()
    configs: dict[str, Callable[[], Any]] = {
        "bare": bare.run_frame,
        "session": quiet.run_frame,
        "session_rewind": recording.run_frame,
        "session_rewind_every_frame": dense.run_frame,
        "breakpoint": checking.run_frame,
        "breakpoint_hot": hot.run_frame,
        "write_watch": watching.run_frame,
        "read_watch": reading.run_frame,
        "trace": tracing.run_frame,
        "viewers_open": _looking(viewing, lambda: [viewing.viewer(v) for v in viewers]),
        "event_viewer": _looking(events, events.event_log),
        "profiler": _looking(profiling, profiling.profile),
        "hardware_closed": closed.run_frame,
    }
    for run_frame in configs.values():
        _time(run_frame, settle)
    tracing.set_trace(True)
    profiling.profile_start(60)
    # One round untimed first: the cores compile their blocks for the code
    # these frames run (the CRPG's bare run spent 7 ms a frame on that in its
    # first second), so that the ratios are about what the debugger costs,
    # not compiling.
    for run_frame in configs.values():
        _time(run_frame, frames)
    times: dict[str, list[float]] = {name: [] for name in configs}
    for turn in range(repeats):
        # In turns forward and back: a host that speeds up or slows down
        # within a round favours neither the first configurations nor the last.
        order = list(configs.items())
        for name, run_frame in order if turn % 2 == 0 else reversed(order):
            times[name].append(max(_time(run_frame, frames), 1e-9))
    results: dict[str, Any] = {"machine": bare.INFO.id, "frames": frames, "repeats": repeats,
                               "settle": settle,
                               "hot_breakpoint_at": probe.cpu.pc, "watch_at": watch_at}
    for name, spent in times.items():
        results[f"{name}_fps"] = round(frames / statistics.median(spent), 1)
    for name, spent in times.items():
        if name != "bare":
            ratios = [b / t for b, t in zip(times["bare"], spent, strict=True)]
            results[f"{name}_ratio"] = round(statistics.median(ratios), 3)
    stats = recording.rewind.stats()
    results["rewind_bytes_per_checkpoint"] = stats["bytes"] // max(1, stats["checkpoints"])
    results["rewind_bytes_per_second"] = round(stats["bytes"] / max(1, stats["frames"]) * 60)
    return results


if __name__ == "__main__":
    import json
    print(json.dumps(measure(), indent=2))
