"""Backgammon's sound effects on the FDS wavetable channel: the one source of
their data, assembled into the program as `sounds.inc` (sound.asm plays it).

Our own: the wave (a soft, woody timbre: a fundamental with a little of its
2nd and 3rd harmonics), the dice's rattle (quick clicks at scattered pitches,
then two as the dice land) and a checker's "tock" when it is moved.

A step is (frames, Hz, gain, envelope speed): the FDS's pitch register is
Hz x 2^22 / CPU clock (NESdev "FDS audio"); the gain (0-32) is set with
$4080's M bit, then the volume envelope decreases from there, one step every
8 x (speed + 1) x $408A CPU cycles ($408A = $E8: speed 0 is a click of about
33 ms from gain 32, speed 3 a tock of about 130 ms).
"""

from __future__ import annotations

import math

from ..nes.machine import CPU_HZ

WAVE = tuple(
    max(0, min(63, round(31.5 + 21 * math.sin(2 * math.pi * k / 64)
                         + 7 * math.sin(4 * math.pi * k / 64 + 0.6)
                         + 3 * math.sin(6 * math.pi * k / 64 + 1.1))))
    for k in range(64))

Step = tuple[int, float, int, int]  # frames, Hz, gain, envelope speed

EFFECTS: dict[str, tuple[Step, ...]] = {
    "dice": ((3, 880, 30, 0), (3, 622, 32, 0), (2, 988, 26, 0), (3, 740, 30, 0),
             (2, 554, 24, 0), (3, 831, 28, 0), (4, 415, 32, 1), (8, 392, 28, 1)),
    "move": ((10, 330, 32, 3),),
}
SFX_IDS = {name: i + 1 for i, name in enumerate(EFFECTS)}  # the request byte ($0310)
ENVELOPE_SPEED = 0xE8  # $408A: the FDS BIOS's value


def pitch(hz: float) -> int:
    """The 12-bit pitch register value for a wave repeating at `hz`."""
    return max(1, min(0xFFF, round(hz * (1 << 22) / CPU_HZ)))


def hz_of(value: int) -> float:
    return value * CPU_HZ / (1 << 22)


def sounds_inc() -> str:
    """The wave, the effects' steps and their table, as assembler source."""
    lines = ["SfxWave:"]
    for i in range(0, 64, 16):
        lines.append("        .byte " + ", ".join(f"${v:02X}" for v in WAVE[i:i + 16]))
    lines.append(f"FDS_ENV_SPEED = ${ENVELOPE_SPEED:02X}")
    for name, sfx_id in SFX_IDS.items():
        lines.append(f"SFX_{name.upper()} = {sfx_id}")
    lines.append("SfxTable:")
    lines += [f"        .word Sfx_{name}" for name in EFFECTS]
    for name, steps in EFFECTS.items():
        lines.append(f"Sfx_{name}:            ; frames, pitch lo, hi, $80|gain, envelope")
        for frames, hz, gain, speed in steps:
            p = pitch(hz)
            lines.append(f"        .byte {frames}, ${p & 0xFF:02X}, ${p >> 8:02X}, "
                         f"${0x80 | gain:02X}, ${speed & 0x3F:02X}  ; {hz} Hz")
        lines.append("        .byte 0")
    return "\n".join(lines) + "\n"
