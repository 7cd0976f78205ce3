"""The MOS stand-in's SOUND (OSWORD 7) pitch table, from the SN76489's clock.

The MOS's pitch numbers (BBC Micro User Guide, SOUND): 0-255 in quarter
semitones, 53 = middle C (261.63 Hz), 48 to the octave. `pitch_inc()` makes
mos.asm's table of chip periods at the BBC's 4 MHz (the two bytes a tone
write needs, less the channel bits), so the clock has one source (sn76489.py).
"""

from __future__ import annotations

from ..sn76489 import BBC_CLOCK, SN76489

MIDDLE_C_HZ = 261.6256
MIDDLE_C_PITCH = 53


def pitch_hz(pitch: int) -> float:
    return MIDDLE_C_HZ * 2 ** ((pitch - MIDDLE_C_PITCH) / 48)


def pitch_inc() -> str:
    periods = [SN76489.period_for(pitch_hz(p), BBC_CLOCK) for p in range(256)]
    lines = ["; Made by bbc/pitches.py: do not edit. Period low 4 bits, by pitch",
             "mos_pitch_lo:"]
    for i in range(0, 256, 16):
        lines.append("        .byte " + ", ".join(f"${p & 15:02X}" for p in periods[i:i + 16]))
    lines.append("mos_pitch_hi:                   ; the data byte: period bits 4-9")
    for i in range(0, 256, 16):
        lines.append("        .byte " + ", ".join(f"${p >> 4:02X}" for p in periods[i:i + 16]))
    return "\n".join(lines) + "\n"
