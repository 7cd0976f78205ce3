"""Tetris's music and sound effects: the one source of the note data.

The 2A03 sound driver (`sound.asm`) plays what this module writes into
`sound.inc`: the note period table, the tunes' voice streams, the
instruments' volume envelopes and the effects' register steps.

Periods come from the NTSC CPU clock (`nes.machine.CPU_HZ`, 1,789,773 Hz):
a pulse channel's timer period for a frequency f is clock / (16 f) - 1, the
triangle's clock / (32 f) - 1 (its 32-step sequence is twice the pulse's 16;
nesdev wiki, "APU Pulse" and "APU Triangle"). So the triangle sounding note n
uses the pulse table's entry for n + 12: one table serves both.

Tunes are written in a small text notation, one string per voice:
  `E5/2`  the note E5 for 2 ticks (a sharp `C#5`, a flat `Bb4`); the length
          stays for the following notes until another `/n` changes it
  `r/2`   a rest
  `k s h` (noise voice) kick, snare and hi-hat
  `@lead` the voice's instrument from here on
  `|`     a bar line: each bar must hold the tune's ticks per bar (checked)
A tick lasts `tempo` frames (the allegro tempo when the stack is high), the
same for all four voices, so they stay together when the tempo changes.

Music-1 is our arrangement of the folk tune Korobeiniki (public domain);
Music-2 and Music-3 are our own compositions (`ComposedBy` = Retroscope).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..nes.machine import CPU_HZ

LOWEST_NOTE = 33  # A1 (55 Hz): the lowest pulse note whose period fits 11 bits
HIGHEST_NOTE = 108  # C8
REST = 0x7E  # a voice's rest byte
LOOP = 0xFF  # back to the voice's start
LENGTH = 0x80  # $80 | ticks (1-63)
INSTRUMENT = 0xC0  # $C0 | instrument number
HI_LENGTH = 0x08  # length-counter load index 1 in $4003/$4007/$400B (halted anyway)
NOTE_NAMES = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
VOICES = ("pulse1", "pulse2", "triangle", "noise")


def midi_frequency(note: int) -> float:
    """Equal temperament, A4 (MIDI 69) = 440 Hz."""
    return 440.0 * 2 ** ((note - 69) / 12)


def pulse_period(freq: float) -> int:
    return round(CPU_HZ / (16 * freq) - 1)


def period_table() -> list[int]:
    """Pulse periods for MIDI notes LOWEST_NOTE..HIGHEST_NOTE."""
    table = [pulse_period(midi_frequency(n)) for n in range(LOWEST_NOTE, HIGHEST_NOTE + 1)]
    if max(table) > 0x7FF or min(table) < 8:
        raise ValueError("a period is outside the pulse timer's 8-$7FF")
    return table


def parse_note(name: str) -> int:
    """`C#5` -> MIDI 73."""
    m = re.fullmatch(r"([A-G])([#b]?)(-?\d)", name)
    if not m:
        raise ValueError(f"not a note: {name!r}")
    letter, accidental, octave = m.groups()
    shift = {"#": 1, "b": -1, "": 0}[accidental]
    return 12 * (int(octave) + 1) + NOTE_NAMES[letter] + shift


# -- instruments: a duty (pulses) and 16 volumes, one a frame, the last held --------
@dataclass(frozen=True)
class Instrument:
    duty: int  # 0-3: 12.5, 25, 50, 75 %
    volumes: tuple[int, ...]

    def envelope(self) -> list[int]:
        vols = list(self.volumes[:16])
        return vols + [vols[-1]] * (16 - len(vols))


INSTRUMENTS: dict[str, Instrument] = {
    "lead": Instrument(1, (12, 11, 10, 9, 9, 8, 8, 8, 7, 7, 7, 7, 6)),
    "harmony": Instrument(2, (7, 6, 6, 5, 5, 5, 4, 4, 4, 4, 3)),
    "legato": Instrument(0, (15,)),  # triangle: sounding
    "staccato": Instrument(0, (15, 15, 15, 15, 15, 15, 15, 0)),  # triangle: 7 frames
    "kick": Instrument(0, (10, 8, 6, 4, 2, 1, 0)),
    "snare": Instrument(0, (9, 7, 6, 5, 4, 3, 2, 1, 0)),
    "hat": Instrument(0, (4, 2, 1, 0)),
    "swell": Instrument(2, (3, 5, 7, 8, 9, 9, 8, 8, 7, 7, 6, 6, 6, 5)),
    "arpeggio": Instrument(0, (6, 5, 4, 3, 3, 2, 2, 2, 1)),
    "fiddle": Instrument(2, (11, 10, 9, 8, 8, 7, 7, 6, 6, 5)),
}
INSTRUMENT_INDEX = {name: i for i, name in enumerate(INSTRUMENTS)}
DRUMS = {"k": ("kick", 12), "s": ("snare", 6), "h": ("hat", 1)}  # noise period index


# -- the tunes -----------------------------------------------------------------------
@dataclass(frozen=True)
class Tune:
    name: str
    composed_by: str
    bar_ticks: int
    tempo: int  # frames per tick
    allegro: int  # frames per tick when the stack is high
    voices: tuple[str, str, str, str]  # pulse 1, pulse 2, triangle, noise


def _bass(*roots: str, per_bar: int = 4) -> str:
    """An eighth-note octave bass: root, octave up, per_bar times per bar."""
    out = []
    for root in roots:
        low = parse_note(root)
        high = low + 12
        octave_up = _name(high)
        out.append(" ".join(f"{root} {octave_up}" for _ in range(per_bar)))
    text = " | ".join(out)
    first, _, rest = text.partition(" ")
    return f"{first}/1 {rest}"


def _name(note: int) -> str:
    names = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
    return f"{names[note % 12]}{note // 12 - 1}"


KOROBEINIKI = Tune(
    "Korobeiniki", "folk tune (public domain), arranged by Retroscope", 8, 12, 8, (
        # the folk tune's melody (A), then our own bridge (B) in C major
        "@lead E5/2 B4/1 C5 D5/2 C5/1 B4 | A4/2 A4/1 C5 E5/2 D5/1 C5 "
        "| B4/3 C5/1 D5/2 E5 | C5 A4 A4 r "
        "| r/1 D5/2 F5/1 A5/2 G5/1 F5 | E5/3 C5/1 E5/2 D5/1 C5 "
        "| B4/2 B4/1 C5 D5/2 E5 | C5 A4 A4 r "
        "| A5/2 E5 F5 E5/1 D5 | C5/2 E5 G5/4 | F5/2 D5 E5 C5/1 B4 | A4/2 C5 E5/4 "
        "| D5/2 F5 E5 C5 | B4 D5 C5 A4 | G#4 B4 E5 D5/1 B4 | A4/6 r/2",
        "@harmony A4/4 G#4 | E4 A4 | G#4 B4 | A4 E4 | F4 A4 | E4 G4 | G#4 B4 | A4 r "
        "| C5 A4 | G4 E4 | F4 A4 | E4 A4 | F4 A4 | G#4 E4 | E4 G#4 | E4 r",
        "@staccato " + _bass("A2", "A2", "E2", "A2", "D2", "C2", "E2", "A2",
                             "A2", "C2", "D2", "A2", "D2", "E2", "E2", "A2"),
        " | ".join(["k/1 h s h k h s h"] * 16),
    ))

STEPPE_DANCE = Tune(
    "Steppe Dance", "Retroscope", 4, 10, 7, (
        "@fiddle D5/1 E5 F5 G5 | A5/2 A5 | G5/1 F5 E5 G5 | F5/2 D5 "
        "| C5/1 D5 E5 F5 | G5/2 E5 | F5/1 E5 D5 C#5 | D5/4 "
        "| A5/1 Bb5 A5 G5 | F5/2 D5 | G5/1 A5 G5 F5 | E5/2 C5 "
        "| F5/1 G5 A5 F5 | E5 D5 C#5 E5 | D5 A4 D5 E5 | D5/2 r",
        "@harmony A4/2 Bb4 | C#5/4 | Bb4 | A4 | G4 | Bb4/2 G4 | A4 G4 | F4/4 "
        "| D5 | A4 | Bb4 | G4 | C5 | G4/2 A4 | F4/4 | F4/2 r",
        "@staccato D3/1 A2 D3 A2 | A2 E2 A2 E2 | G2 D2 G2 D2 | D3 A2 D3 A2 "
        "| C3 G2 C3 G2 | C3 G2 C3 G2 | A2 E2 A2 E2 | D3 A2 D3 A2 "
        "| D3 A2 D3 A2 | D3 A2 D3 A2 | G2 D2 G2 D2 | C3 G2 C3 G2 "
        "| F2 C3 F2 C3 | A2 E2 A2 E2 | D3 A2 D3 A2 | D3 A2 D3 r",
        " | ".join(["k/1 h s h"] * 16),
    ))

NIGHT_SKY = Tune(
    "Night Over the Cathedral", "Retroscope", 6, 14, 10, (
        "@swell B4/4 E5/2 | D5 C5 B4 | A4/4 B4/1 C5 | B4/6 "
        "| G5/4 F#5/2 | E5 D5 C5 | D5/3 C5/1 B4/2 | A4/6 "
        "| C5/4 E5/2 | A5/4 G5/2 | F#5 D#5 F#5 | E5/6",
        "@arpeggio E4/1 G4 B4 G4 B4 G4 | C4 E4 G4 E4 G4 E4 | A3 C4 E4 C4 E4 C4 "
        "| B3 D#4 F#4 A4 F#4 D#4 | E4 G4 B4 G4 B4 G4 | C4 E4 A4 E4 A4 E4 "
        "| D4 G4 B4 G4 B4 G4 | A3 C4 E4 C4 E4 C4 | A3 C4 E4 A4 E4 C4 "
        "| C4 E4 A4 E4 G4 E4 | B3 D#4 F#4 A4 F#4 D#4 | E4 G4 B4 G4 B4 r",
        "@legato E2/6 | C2 | A1 | B1 | E2 | C2 | D2 | A1 | A1 | C2 | B1 | E2",
        " | ".join(["h/2 r/4"] * 12),
    ))

TUNES: tuple[Tune, ...] = (KOROBEINIKI, STEPPE_DANCE, NIGHT_SKY)


@dataclass(frozen=True)
class Event:
    """One note or rest of a voice, as the driver plays it."""
    note: int | None  # MIDI note sounded (noise: the period index); None = rest
    ticks: int
    instrument: str


def parse_voice(text: str, voice: int, bar_ticks: int) -> list[Event]:
    events: list[Event] = []
    length = 1
    instrument = ""
    bar = 0
    for token in text.split():
        if token == "|":
            if bar != bar_ticks:
                raise ValueError(f"{VOICES[voice]}: a bar of {bar} ticks, not {bar_ticks}"
                                 f" (before event {len(events)})")
            bar = 0
            continue
        if token.startswith("@"):
            instrument = token[1:]
            if instrument not in INSTRUMENTS:
                raise ValueError(f"no instrument {instrument!r}")
            continue
        name, _, ticks = token.partition("/")
        if ticks:
            length = int(ticks)
            if not 1 <= length <= 63:
                raise ValueError(f"a length of {length} ticks")
        inst = instrument
        if name == "r":
            note = None
        elif voice == 3:
            if name not in DRUMS:
                raise ValueError(f"the noise voice plays k, s, h or r, not {name!r}")
            inst, note = DRUMS[name]
        else:
            note = parse_note(name)
            entry = note + 12 if voice == 2 else note  # see the module's note
            if not LOWEST_NOTE <= entry <= HIGHEST_NOTE:
                raise ValueError(f"{name} is outside the period table")
        if not inst and note is not None:
            raise ValueError(f"{VOICES[voice]}: a note before any instrument")
        events.append(Event(note, length, inst))
        bar += length
    if bar != bar_ticks:
        raise ValueError(f"{VOICES[voice]}: the last bar has {bar} ticks, not {bar_ticks}")
    return events


def tune_events(tune: Tune) -> list[list[Event]]:
    """Each voice's events; all voices last the same number of ticks."""
    voices = [parse_voice(text, v, tune.bar_ticks) for v, text in enumerate(tune.voices)]
    totals = {sum(e.ticks for e in events) for events in voices}
    if len(totals) != 1:
        raise ValueError(f"{tune.name}: voices of different lengths {sorted(totals)}")
    return voices


def encode_voice(events: list[Event], voice: int) -> bytes:
    out = bytearray()
    length = inst = None
    for e in events:
        if e.instrument and e.instrument != inst:
            inst = e.instrument
            out.append(INSTRUMENT | INSTRUMENT_INDEX[inst])
        if e.ticks != length:
            length = e.ticks
            out.append(LENGTH | length)
        if e.note is None:
            out.append(REST)
        elif voice == 3:
            out.append(e.note)
        elif voice == 2:
            out.append(e.note + 12 - LOWEST_NOTE)  # the pulse entry an octave up
        else:
            out.append(e.note - LOWEST_NOTE)
    out.append(LOOP)
    return bytes(out)


# -- effects -------------------------------------------------------------------------
# Requests at $06F1 (the article's table: 1 menu option, 2 menu screen, 3 shift,
# 4 Tetris, 5 rotate, 6 level up, 7 lock, 8 chirp, 9 the Tetris flash, $0A a row
# cleared) and at $06F0 (2 curtain, 3 rocket), here effects 11 and 12. Each
# takes pulse 2 or the noise channel from the music for its length.
PULSE2, NOISE = 0, 1


@dataclass(frozen=True)
class Effect:
    name: str
    channel: int  # PULSE2 or NOISE
    priority: int  # a request below the playing effect's priority is dropped
    steps: tuple[tuple[int, int, int, int], ...]  # (frames, ctrl, lo, hi) register writes


def tone(frames: int, note: str, volume: int, duty: int = 2) -> tuple[int, int, int, int]:
    """A pulse step at constant volume."""
    period = pulse_period(midi_frequency(parse_note(note)))
    return frames, duty << 6 | 0x30 | volume, period & 0xFF, period >> 8 | HI_LENGTH


def hiss(frames: int, period_index: int, volume: int, decay: bool = False
         ) -> tuple[int, int, int, int]:
    """A noise step: constant volume, or the hardware envelope decaying from 15
    with `volume` as its divider period."""
    ctrl = volume if decay else 0x30 | volume
    return frames, ctrl, period_index, HI_LENGTH


EFFECTS: tuple[Effect, ...] = (
    Effect("menu option", PULSE2, 2, (tone(3, "C6", 8), tone(3, "G6", 6))),
    Effect("menu screen", PULSE2, 2, (tone(3, "C6", 8), tone(3, "E6", 8), tone(6, "G6", 8))),
    Effect("shift", PULSE2, 1, (tone(2, "C7", 5, 1),)),
    Effect("tetris", PULSE2, 4, (tone(4, "C6", 10), tone(4, "E6", 10), tone(4, "G6", 10),
                                 tone(4, "C7", 10), tone(4, "G6", 9), tone(14, "C7", 10))),
    Effect("rotate", PULSE2, 1, (tone(2, "E6", 6, 1), tone(2, "A6", 5, 1))),
    Effect("level up", PULSE2, 4, (tone(4, "G5", 9), tone(4, "C6", 9), tone(4, "E6", 9),
                                   tone(4, "G6", 9), tone(10, "C7", 9))),
    Effect("lock", NOISE, 2, (hiss(8, 12, 1, decay=True),)),
    Effect("chirp", PULSE2, 1, (tone(2, "A6", 6, 0), tone(2, "C7", 6, 0), tone(2, "E7", 5, 0))),
    Effect("tetris flash", NOISE, 3, (hiss(4, 3, 2, decay=True),)),
    Effect("row cleared", NOISE, 3, (hiss(18, 5, 3, decay=True),)),
    Effect("curtain", NOISE, 5, tuple(hiss(12, 8 + i, 9 - i) for i in range(8))),
    Effect("rocket", NOISE, 5, tuple(hiss(10, 15 - i, 6 + i // 2) for i in range(10))),
)
EFFECT_IDS = {e.name: i + 1 for i, e in enumerate(EFFECTS)}  # request values, 1-12
CURTAIN_BASE = EFFECT_IDS["curtain"] - 2  # $06F0 request 2 -> effect 11


def effect_bytes(effect: Effect) -> bytes:
    out = bytearray()
    for frames, ctrl, lo, hi in effect.steps:
        if not 1 <= frames <= 255:
            raise ValueError(f"{effect.name}: a step of {frames} frames")
        out += bytes((frames, ctrl, lo, hi))
    return bytes(out) + b"\x00"


# -- the include file ----------------------------------------------------------------
def _bytes(label: str, data: bytes) -> list[str]:
    out = [f"{label}:"]
    for i in range(0, len(data), 16):
        out.append("    .byte " + ", ".join(f"${b:02X}" for b in data[i : i + 16]))
    return out


def sound_asm() -> str:
    """`sound.inc`: constants and tables for `sound.asm`."""
    periods = period_table()
    out = ["; generated by retroscope.machines.tetris.music: do not edit",
           f"REST = ${REST:02X}", f"LOOP = ${LOOP:02X}",
           f"FX_COUNT = {len(EFFECTS)}", f"FX_CURTAIN_BASE = {CURTAIN_BASE}",
           f"TUNES = {len(TUNES)}"]
    out += _bytes("notePeriodLo", bytes(p & 0xFF for p in periods))
    out += _bytes("notePeriodHi", bytes(p >> 8 | HI_LENGTH for p in periods))
    out += _bytes("tuneTempo", bytes(t.tempo for t in TUNES))
    out += _bytes("tuneAllegro", bytes(t.allegro for t in TUNES))
    volumes = bytearray()
    duties = bytearray()
    for inst in INSTRUMENTS.values():
        volumes += bytes(inst.envelope())
        duties.append(inst.duty << 6 | 0x30)
    out += _bytes("instVolumes", bytes(volumes))
    out += _bytes("instDuty", bytes(duties))
    streams = []
    for t, tune in enumerate(TUNES):
        for v, events in enumerate(tune_events(tune)):
            label = f"tune{t}Voice{v}"
            streams.append(label)
            out += _bytes(label, encode_voice(events, v))
    out.append("tuneStreamsLo:")
    out += [f"    .byte <{s}" for s in streams]
    out.append("tuneStreamsHi:")
    out += [f"    .byte >{s}" for s in streams]
    for i, effect in enumerate(EFFECTS):
        out += _bytes(f"fxData{i + 1}", effect_bytes(effect))
    ids = range(1, len(EFFECTS) + 1)
    out.append("fxLo:\n    .byte 0")  # id 0: none
    out += [f"    .byte <fxData{i}" for i in ids]
    out.append("fxHi:\n    .byte 0")
    out += [f"    .byte >fxData{i}" for i in ids]
    out += _bytes("fxChannel", bytes([0] + [e.channel for e in EFFECTS]))
    out += _bytes("fxPriority", bytes([0] + [e.priority for e in EFFECTS]))
    return "\n".join(out) + "\n"
