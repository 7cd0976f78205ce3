"""Pac-Man's sounds and start tune, our own, as the data sound.asm plays.

Written here in Hz and note names and turned into the WSG's frequency
register values (bits 4-19, `Wsg.frequency_for` at the board's clock) for
`sound.inc`, so the pitches have one source. Effects play on voice 1 as
segments (frames, start, step per frame, volume, waveform); the tune plays
its melody on voice 1 and its bass on voice 3 as (note, frames) pairs.
Waveforms are numbers in our sound PROM (namco/wsg.py: 0 sine, 1 triangle,
2 square, 3 saw, 4 pulse, 5 organ, 6 octave sine, 7 hollow).
"""

from __future__ import annotations

from ..namco.board import CPU_HZ
from ..namco.wsg import Wsg

NOTE_NAMES = ("C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B")
LOWEST_MIDI = 36                  # C2: note 1 of the table; 0 is a rest
NOTES = 60                        # C2 .. B6
EIGHTH = 6                        # frames: the tune runs 108 of READY's 120


def midi(name: str) -> int:
    """"C5" -> 72."""
    return NOTE_NAMES.index(name[:-1]) + 12 * (int(name[-1]) + 1)


def hz_of(note: int) -> float:
    return 440.0 * 2 ** ((note - 69) / 12)


def reg(hz: float) -> int:
    return Wsg.frequency_for(hz, CPU_HZ)


# (frames, start Hz, end Hz, volume, waveform) segments of voice 1's effects.
EFFECTS: dict[str, list[tuple[int, float, float, int, int]]] = {
    "wakaA": [(5, 700.0, 330.0, 12, 1)],                    # the "wa": a drop
    "wakaB": [(5, 330.0, 700.0, 12, 1)],                    # the "ka": a rise
    "fruit": [(4, 523.0, 523.0, 12, 5), (4, 659.0, 659.0, 12, 5), (4, 784.0, 784.0, 12, 5),
              (8, 1047.0, 1047.0, 12, 5)],
    "ghost": [(32, 180.0, 1500.0, 13, 3)],                  # a long climbing saw
    "death": [(12, 900 - 80 * i, 700 - 80 * i, 13 - i // 2, 0) for i in range(8)]
    + [(6, 150.0, 600.0, 12, 2), (4, 0.0, 0.0, 0, 0), (6, 150.0, 600.0, 12, 2)],
}

# Our own start tune, in eighths: melody (voice 1) and bass (voice 3).
MELODY = [("C5", 1), ("E5", 1), ("G5", 1), ("E5", 1), ("C6", 1), ("G5", 1), ("E5", 1),
          ("G5", 1), ("F5", 1), ("A5", 1), ("C6", 1), ("A5", 1), ("G5", 1), ("B4", 1),
          ("D5", 1), ("C5", 3)]
BASS = [("C3", 2), ("G3", 2), ("C3", 2), ("G3", 2), ("F3", 2), ("F3", 2), ("G3", 2),
        ("C3", 4)]

# The siren (voice 2) and its variants, in Hz: base + wobble.
SIREN_BASE = 440.0                # rises by a register step per dot eaten (1.46 Hz)
SIREN_STEP = 8                    # register units per frame of the 32-frame wobble
FRIGHT_BASE, FRIGHT_STEP = 200.0, 40   # an 8-frame rising burble
EYES_BASE, EYES_STEP = 2000.0, 100     # an 8-frame falling whistle


def sound_inc() -> str:
    """The include sound.asm reads: the note table, effects, tune, constants."""
    def words(label: str, values: list[int], note: str) -> list[str]:
        return [f"{label + ':':16}; {note}", "        dw " + ", ".join(str(v) for v in values)]

    out = ["; Made by pacman/sounds.py: do not edit.",
           f"SIREN_BASE      equ {reg(SIREN_BASE)}",
           *words("sirenWobble", [i * SIREN_STEP for i in range(16)], "the siren over its base"),
           *words("frightRamp", [reg(FRIGHT_BASE) + i * FRIGHT_STEP for i in range(8)],
                  "frightened, by frame"),
           *words("eyesRamp", [reg(EYES_BASE) - i * EYES_STEP for i in range(8)],
                  "eyes going home, by frame"),
           "noteTable:                      ; note n (1..) = MIDI n + 35"]
    values = [reg(hz_of(LOWEST_MIDI + i)) for i in range(NOTES)]
    for i in range(0, NOTES, 12):
        out.append("        dw " + ", ".join(str(v) for v in values[i:i + 12]))
    for name, segments in EFFECTS.items():
        out.append(f"fx_{name}:")
        for frames, start, end, volume, wave in segments:
            first, last = reg(start), reg(end)
            step = round((last - first) / (frames - 1)) if frames > 1 else 0
            out.append(f"        db {frames}\n        dw {first}, {step & 0xFFFF}\n"
                       f"        db {volume}, {wave}")
        out.append("        db 0")
    for name, notes in (("tuneMelody", MELODY), ("tuneBass", BASS)):
        out.append(f"{name}:")
        for note, eighths in notes:
            out.append(f"        db {midi(note) - LOWEST_MIDI + 1}, {eighths * EIGHTH}")
        out.append("        db $FF")
    return "\n".join(out) + "\n"
