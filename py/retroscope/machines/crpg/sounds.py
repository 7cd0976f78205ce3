"""The CRPG's sound effects, our own, as the bytes sound.asm sends the TMS9919.

Each effect is a list of frames; each frame the bytes written to the chip at
>8400 that frame (the SN76489 protocol: latch/data bytes, see ../sn76489.py).
Pitches are in Hz here and become 10-bit periods at the 4A's 3,579,545 Hz, so
the clock has one source. `sounds_inc()` writes them as `sounds.inc`: per
frame a count byte and the bytes, an effect ending with a count of 0.
"""

from __future__ import annotations

from ..sn76489 import SN76489, TI99_CLOCK

OFF = 15


def tone(channel: int, hz: float, attenuation: int) -> bytes:
    period = SN76489.period_for(hz, TI99_CLOCK)
    return SN76489.tone_bytes(channel, period) + bytes([SN76489.volume_byte(channel, attenuation)])


def volume(channel: int, attenuation: int) -> bytes:
    return bytes([SN76489.volume_byte(channel, attenuation)])


def noise(white: bool, rate: int, attenuation: int) -> bytes:
    return bytes([0xE0 | (4 if white else 0) | rate, SN76489.volume_byte(3, attenuation)])


def footstep(rate: int) -> list[bytes]:
    """A scuff of white noise and a low thump on tone 2, gone in 6 frames."""
    return [noise(True, rate, 4) + tone(2, 115.0, 6), volume(3, 7) + volume(2, 10),
            volume(3, 10) + volume(2, OFF), volume(3, 12), volume(3, 14), volume(3, OFF)]


def wall() -> list[bytes]:
    """A dull knock: tone 0 falling from 220 to 120 Hz, with a burst of noise."""
    frames = [tone(0, 220.0, 2) + noise(True, 2, 3)]
    for i, hz in enumerate((180.0, 150.0, 130.0, 120.0)):
        frames.append(tone(0, hz, 4 + 2 * i) + volume(3, 6 + 3 * i))
    return frames + [volume(0, OFF) + volume(3, OFF)]


def mob() -> list[bytes]:
    """A growl: tones 0 and 1 a few Hz apart (they beat), falling, then gone."""
    frames = []
    for i, hz in enumerate((330.0, 320.0, 300.0, 280.0, 262.0, 247.0, 233.0, 220.0)):
        att = 1 + i
        frames.append(tone(0, hz, att) + tone(1, hz * 1.03, att + 1))
    return frames + [volume(0, OFF) + volume(1, OFF)]


EFFECTS = {"SNDSTA": footstep(1), "SNDSTB": footstep(2), "SNDWAL": wall(), "SNDMOB": mob()}


def sounds_inc() -> str:
    lines = ["* Made by crpg/sounds.py: do not edit."]
    for label, frames in EFFECTS.items():
        for i, data in enumerate(frames):
            values = ",".join(f">{b:02X}" for b in bytes([len(data)]) + data)
            lines.append(f"{label if i == 0 else '':6} BYTE {values}")
        lines.append("       BYTE 0")
    return "\n".join(lines) + "\n       EVEN\n"
