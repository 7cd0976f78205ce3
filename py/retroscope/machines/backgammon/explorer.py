"""The 32 sequences side by side: rolls from the machine's own RNG, statistics.

Each sequence starts as a link starts it (reset, one title frame, Start). The
machine's code builds its RNG state (InitTable and GetRandomVal run as 2A03
code inside a snapshot that is restored afterwards); the rolls are then drawn
from that state in Python by the model, which the tests hold equal to
GetDiceRoll roll for roll (running GetDiceRoll itself 9600 times would cost
seconds in the browser).
"""

from __future__ import annotations

from typing import Any

from . import model
from .layout import SEED

ROLLS = 300
# Ways to throw each total 2..12 with two dice, out of 36.
TOTAL_WAYS = (1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)

_cache: dict[int, dict[str, Any]] = {}


def _start_sequence(machine: Any, sequence: int) -> None:
    """The RNG as a link starts `sequence`: the table built, one title frame's step."""
    machine.write(SEED, sequence)
    machine.call("InitTable")
    machine.call("GetRandomVal")  # the title frame before Start is seen


def machine_rolls(machine: Any, sequence: int, count: int) -> list[tuple[int, int]]:
    """`count` rolls of `sequence` from the machine code (machine left as it was)."""
    snap = machine.snapshot()
    try:
        _start_sequence(machine, sequence)
        return [machine.roll_now() for _ in range(count)]
    finally:
        machine.restore(snap)


def machine_rng(machine: Any, sequence: int) -> model.DiceRng:
    """The RNG state the machine's own code builds for `sequence` at Start."""
    snap = machine.snapshot()
    try:
        _start_sequence(machine, sequence)
        return machine.rng_state()
    finally:
        machine.restore(snap)


def sequence_stats(rolls: list[tuple[int, int]]) -> dict[str, Any]:
    n = len(rolls)
    totals = [0] * 11
    doubles = 0
    for a, b in rolls:
        totals[a + b - 2] += 1
        doubles += a == b
    expected = [n * w / 36 for w in TOTAL_WAYS]
    chi2 = sum((o - e) ** 2 / e for o, e in zip(totals, expected, strict=True))
    return {
        "rolls": n,
        "doubles": doubles,
        "doubles_rate": doubles / n if n else 0.0,
        "mean_total": sum(a + b for a, b in rolls) / n if n else 0.0,
        "totals": totals,  # counts of totals 2..12
        "expected": [round(e, 2) for e in expected],
        "chi2": round(chi2, 2),  # 10 degrees of freedom: ~18.3 is the 5% line
        "first": [list(r) for r in rolls[:24]],
    }


def explorer_stats(machine: Any, rolls: int = ROLLS) -> dict[str, Any]:
    """Statistics for all 32 sequences (cached: the code and the data are fixed)."""
    if rolls not in _cache:
        seqs = [sequence_stats(machine_rng(machine, s).tape(rolls))
                for s in range(model.SEQUENCES)]
        _cache[rolls] = {"rolls": rolls, "expected_doubles_rate": 1 / 6,
                         "sequences": seqs}
    return _cache[rolls]
