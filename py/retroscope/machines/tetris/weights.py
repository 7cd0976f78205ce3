"""The evaluation's weights (one per `evaluate.FEATURES`), and how they were made.

Two sets: "normal" below level 29, "fast" from level 29 on, where a piece
falls one row per frame and 30 Hz taps reach only a few columns before it
lands. Written by `tools/tetris_tune.py`; the hand-set start is kept as
`START` so a run can be repeated.
"""

START: dict[str, tuple[float, ...]] = {
    "normal": (-30.0, -20.0, -2.0, -2.5, -0.8, -2.0, -0.5, -1.5, -1.5, -14.0, -8.0, 4.0,
               -5.0, 45.0, -6.0, 0.0),
    "fast": (-30.0, -20.0, -2.0, -3.0, -1.0, -3.0, -1.0, -2.0, -2.0, -16.0, -3.0, 3.0,
             -2.0, 30.0, -8.0, -8.0),
}

WEIGHTS: dict[str, tuple[float, ...]] = dict(START)

RECORD: dict[str, object] = {
    "source": "set by hand: three variants compared over 4-5 quick games (sim.py, level 18, "
              "30 Hz, 600 pieces); this one reached level 28-29 in all",
}
