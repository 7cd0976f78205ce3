"""Figures of each machine's own mechanics, for `build.py bench` (printed
under the machine's ms per frame, in CPython and in the page's Pyodide):
name -> number, e.g. a routine's cycles of a call, the host time of a frame
in play, the sound engine's share of the frame, a sound chip's register write.

`FIGURES` is the one table of them, by machine id (a machine not in it has
none); `figures(machine)` measures one machine. Each measurement leaves the
machine it is given as it found it (snapshot and restore, or a machine of
its own).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..machines.base import Machine


def write_us(write: Callable[[], None], logs: Any, n: int = 2000) -> float:
    """Host microseconds of one register write through the bus (`write` makes
    one); the logs it fills are emptied afterwards."""
    t0 = time.perf_counter()
    for _ in range(n):
        write()
    elapsed = time.perf_counter() - t0
    for log in logs:
        log.clear()
    return 1e6 * elapsed / n


def routine_cycles(machine: Any, label: str, **regs: int) -> int:
    """Cycles of one call of a routine of the program, the machine put back after."""
    snap = machine.snapshot()
    try:
        return int(machine.call(label, **regs)["cycles"])
    finally:
        machine.restore(snap)


def tetris(machine: Any, frames: int = 240) -> dict[str, float]:
    """A game in play with Music-1 and effects: ms a frame, and the sound
    driver's cycles a frame (mean; its share of the frame's host time is
    about its share of the cycles)."""
    from ..machines.tetris.budget import driver_cycles
    from ..machines.tetris.machine import TetrisMachine

    moves = (0x01, 0, 0x80, 0, 0x02, 0, 0x04, 0)  # right, A, left, down

    def buttons(i: int) -> int:
        return moves[i % 8] if i % 40 < 8 else 0

    m = TetrisMachine()
    for i in range(60):  # warm up: the core compiles its hot blocks
        m.run_frame(buttons(i))
    t0 = time.perf_counter()
    for i in range(frames):
        m.run_frame(buttons(i))
    elapsed = time.perf_counter() - t0
    cycles = driver_cycles(m, frames, buttons)  # (its write watch slows the bus)
    mean = sum(cycles) / max(1, len(cycles))
    apu_write = write_us(lambda: m.write(0x4000, 0x30), m.sound_logs())
    frame_cycles = 29780.5
    return {"play ms/frame": 1000 * elapsed / frames,
            "sound driver cycles/frame": mean,
            "sound driver max cycles/frame": float(max(cycles, default=0)),
            "sound driver host ms/frame (by its cycle share)":
                1000 * elapsed / frames * mean / frame_cycles,
            "APU register write us": apu_write}


def pacman(machine: Any, frames: int = 120) -> dict[str, float]:
    """A game in play on the machine's maze (the attract screen mostly waits
    in HALT): ms a frame, the emulated clock as a ratio to the board's
    3.072 MHz, the direction routine through call() (calls a second), the
    sound engine's cycles a frame and the WSG's writes."""
    from ..machines.namco.board import CPU_HZ, FRAME_CYCLES
    from ..machines.pacman import model
    from ..machines.pacman.machine import PacmanMachine

    m = PacmanMachine(machine.maze)
    for buttons in (0, 0, 0, 16, 0, 32, 0):
        m.run_frame(buttons)
    while m.state()["game_state"] != "play":
        m.run_frame(0)
    stick = (2, 1, 4, 8)  # left, up, right, down in turns
    m.write(m.symbols["lives"], 9)
    for i in range(frames):  # warm up: the core compiles its hot blocks
        m.run_frame(stick[i // 30 % 4])
    t0 = time.perf_counter()
    writes = 0
    for i in range(frames):
        m.run_frame(stick[i // 30 % 4])
        writes += len(m.wsg.log.writes) // 3
    elapsed = time.perf_counter() - t0
    pos, target = model.position(6, 4), model.position(25, 0)
    t1 = time.perf_counter()
    calls = 200
    for i in range(calls):
        m.call("chooseDirection", hl=pos, de=target, a=i & 3)
    call_s = time.perf_counter() - t1
    m.call("sndDot")  # the sound engine a frame: the burst and a frame of siren + waka
    engine = routine_cycles(m, "soundOut") + routine_cycles(m, "soundTick")
    return {"play ms/frame": 1000 * elapsed / frames,
            "play clock / 3.072 MHz": frames * FRAME_CYCLES / elapsed / CPU_HZ,
            "chooseDirection calls/s": calls / call_s,
            "sound engine cycles/frame": engine,
            "sound engine / frame cycles": engine / FRAME_CYCLES,
            "WSG writes/frame": writes / frames,
            "WSG us/write": write_us(lambda: m.bus.write(0x5050, 5), m.sound_logs())}


def crpg(machine: Any, steps: int = 4) -> dict[str, float]:
    """Map processing back to back on the machine's own runner (REDRAW set
    every frame, the state put back afterwards): MAPPRC's cycles, the host
    time per step (MAPPRC and drawing the window), and the emulated clock
    that MAPPRC's cycles alone give, against the 4A's 3.0 MHz; then the
    sound engine's."""
    from ..machines.ti99.console import CPU_HZ

    m = machine
    snap = m.snapshot()
    ram = m.bus.ram
    redraw = m.symbols["REDRAW"]
    try:
        ram[redraw] = 1
        m.run_until_step(m.word(m.symbols["STEPS"]) + 1)
        start = m.word(m.symbols["STEPS"])
        t0 = time.perf_counter()
        while m.word(m.symbols["STEPS"]) < start + steps:
            ram[redraw] = 1
            m.run_frame(0)
        per_step = (time.perf_counter() - t0) / steps
        cycles = m.step_cycles
    finally:
        m.restore(snap)
    hz = cycles / per_step if per_step else 0.0
    return {"MAPPRC cycles": cycles, "MAPPRC ms at 3.0 MHz": 1000 * cycles / CPU_HZ,
            "host ms per step": 1000 * per_step,
            "MAPPRC emulated MHz": hz / 1e6, "x the 4A's 3.0 MHz": hz / CPU_HZ,
            **_crpg_sound(m)}


def _crpg_sound(m: Any) -> dict[str, float]:
    """SNDTIK's cycles idle and on a footstep's first frame (its most bytes),
    and the host time of a write to the TMS9919."""
    from ..machines.ti99.console import FRAME_CYCLES

    snap = m.snapshot()
    try:
        idle = routine_cycles(m, "SNDTIK")
        m.call("SNDFX", r0=m.symbols["SNDSTA"])
        step = routine_cycles(m, "SNDTIK")
        us = write_us(lambda: m.bus.write(0x8400, 0x9F), m.sound_logs())
    finally:
        m.restore(snap)
    return {"sound engine cycles/frame idle": idle, "sound engine cycles/frame stepping": step,
            "sound engine / frame cycles": step / FRAME_CYCLES, "TMS9919 us/write": us}


def bbc_mos(machine: Any) -> dict[str, float]:
    """The MOS's SOUND: its 100 Hz tick (twice a frame) idle and starting a
    note on two channels, one OSWORD 7, and the host time of a byte to the
    SN76489 through the VIA (four bus writes)."""
    from ..machines.bbc.machine import FRAME_CYCLES

    m = machine
    snap = m.snapshot()
    try:
        for _ in range(3):
            m.run_frame(0)  # the MOS has set itself up
        idle = routine_cycles(m, "mos_snd_tick")
        block = 0x0C00  # a scratch block: channel 1 and 2, -15, middle C, 1
        for i, value in enumerate((1, 0, 0xF1, 0xFF, 53, 0, 1, 0)):
            m.bus.ram[block + i] = value
        osword = routine_cycles(m, "mos_sound", x=0x00, y=0x0C)
        m.call("mos_sound", x=0x00, y=0x0C)
        m.bus.ram[block] = 2
        m.call("mos_sound", x=0x00, y=0x0C)
        notes = routine_cycles(m, "mos_snd_tick")
        write = m.bus.write

        def byte() -> None:
            write(0xFE43, 0xFF)
            write(0xFE4F, 0x9F)
            write(0xFE40, 0x00)
            write(0xFE40, 0x08)

        us = write_us(byte, m.sound_logs())
    finally:
        m.restore(snap)
    return {"MOS sound cycles/frame idle": 2 * idle,
            "MOS sound tick cycles starting 2 notes": notes,
            "MOS sound / frame cycles idle": 2 * idle / FRAME_CYCLES,
            "SOUND (OSWORD 7) cycles/note": osword, "SN76489 us/byte via VIA": us}


# Machine id -> its figures. Backgammon has none of its own (its frames are
# the bench's ms per frame); JMC's are its BBC Micro's MOS.
FIGURES: dict[str, Callable[[Any], dict[str, float]]] = {
    "tetris": tetris, "pacman": pacman, "crpg": crpg, "jmc": bbc_mos,
}


def figures(machine: Machine) -> dict[str, float]:
    """The machine's own figures (none for a machine not in `FIGURES`)."""
    measure = FIGURES.get(machine.INFO.id)
    return measure(machine) if measure else {}
