"""The side panel's verbs for the Tetris machine (`Machine.command`).

`ending`: the debug jump. It sets what the game's own code decides an ending
from, and the play state, so the next frames show it as a won game would:
A-type, the score (the curtain's end checks it at $9A4D, $A96E chooses);
B-type, the start level and height and the countdown at 0 (the goal check
at $A3F2). `players`: the number of players at $00BE, as the article's
memory write does: 2 is the unfinished versus mode (a game under way begins
again in the mode asked for). Bad input raises MachineError with a message
the page shows.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from ..base import MachineError

# The lowest score (packed BCD) of each A-type ending, by $A96E's thresholds.
ENDING_SCORES = (0x030000, 0x050000, 0x070000, 0x100000, 0x120000)
B_ENDINGS = 10


def commands(m: Any) -> dict[str, Callable[..., Any]]:
    return {"ending": partial(ending, m), "players": partial(players, m)}


def players(m: Any, count: Any = 1) -> dict[str, Any]:
    number = _small_int(count, 1, 2, "the number of players")
    m.bus.ram[0xBE] = number
    return {"players": number}


def _small_int(value: Any, lo: int, hi: int, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise MachineError(f"{what} is {lo}-{hi}")
    return value


def ending(m: Any, type: Any = "A", ending: Any = 0, height: Any = 0) -> dict[str, Any]:  # noqa: A002
    kind = str(type).upper()[:4]
    if kind not in ("A", "B"):
        raise MachineError(f"ending type must be A or B, not {kind!r}")
    count = len(ENDING_SCORES) if kind == "A" else B_ENDINGS
    number = _small_int(ending, 0, count - 1, f"a {kind}-type ending")
    rows = _small_int(height, 0, 5, "height")
    ram = m.bus.ram
    if ram[0xC0] != 4 or not ram[0xCB] or not 1 <= ram[0x48] <= 8:
        raise MachineError("start a game first: the jump works from play")
    ram[0xCA] = 0  # not paused
    if kind == "A":
        score = ENDING_SCORES[number]
        for base in (0x53, 0x73):  # the score and its player-1 copy
            ram[base : base + 3] = bytes([score & 0xFF, (score >> 8) & 0xFF, score >> 16])
        ram[0xC1] = 0
        ram[0x58] = 20  # the curtain is down: the next frame checks the score
        ram[0x48] = 0x0A
    else:
        ram[0xC1], ram[0xC2], ram[0xC5] = 1, number, rows
        ram[0x50] = ram[0x51] = 0  # the countdown is done: the goal check ends it
        ram[0x48] = 6
    ram[0xC9] |= 0x03  # show the score and lines
    return {"type": kind, "ending": number, "height": rows}
