"""The Tetris AI as a script: the bot behind "AI plays", with its weights here to change.

As the article's Lua script does in FCEUX, it reads the NES's RAM after each
frame and presses the pad for the next one (through the session's input, so
the rewind and a shared link replay its presses). The bot searches every
placement its taps can reach and scores each board by the weighted features
below (machines/tetris/evaluate.py says what each measures). Change a weight,
Run again, and it plays another game: make "holes" +30.0 and watch.

It starts from wherever the game is (the legal screen: it presses Start
through the menus and picks level 18). Its plan shows over the playfield.
"""

from retroscope.machines.tetris.ai import Bot
from retroscope.machines.tetris.evaluate import FEATURES

START_LEVEL = 18
TAPS_PER_SECOND = 30  # 30 or 15

# How much each feature of the board a move leaves counts, below level 29 ...
NORMAL = {
    "holes": -30.0,
    "hole_rows": -20.0,
    "covers": -2.0,
    "bumpiness": -2.5,
    "bump_sq": -0.8,
    "avg_height": -2.0,
    "max_height": -0.5,
    "row_trans": -1.5,
    "col_trans": -1.5,
    "deep_wells": -14.0,
    "well_col": -8.0,
    "ready": 4.0,
    "burn": -5.0,
    "tetris": 45.0,
    "danger": -20.0,
    "left_high": 0.0,
    "deep_ready": -15.0,
}
# ... and from level 29 on, where a piece falls a row every frame.
FAST = {
    "holes": -30.0,
    "hole_rows": -20.0,
    "covers": -2.0,
    "bumpiness": -3.0,
    "bump_sq": -1.0,
    "avg_height": -3.0,
    "max_height": -1.0,
    "row_trans": -2.0,
    "col_trans": -2.0,
    "deep_wells": -16.0,
    "well_col": -3.0,
    "ready": 3.0,
    "burn": -2.0,
    "tetris": 30.0,
    "danger": -8.0,
    "left_high": -8.0,
    "deep_ready": -15.0,
}


def in_order(weights):
    """The weights in the order of evaluate.FEATURES."""
    missing = [name for name in FEATURES if name not in weights]
    if missing:
        raise ValueError(f"no weight for {', '.join(missing)}")
    return tuple(float(weights[name]) for name in FEATURES)


bot = Bot(tap_hz=TAPS_PER_SECOND, start_level=START_LEVEL,
          weights={"normal": in_order(NORMAL), "fast": in_order(FAST)})
PLAYFIELD_X, PLAYFIELD_Y = 96, 48  # the playfield's top-left pixel on screen


def show_plan():
    overlay.clear()
    chosen = bot.report().get("chosen")
    if chosen and machine.variables["playState"] == 1:  # a piece in play: where it goes
        for row, column in chosen["cells"]:
            overlay.box(PLAYFIELD_X + 8 * column, PLAYFIELD_Y + 8 * row, 8, 8, "#ffffffa0")


# As the Lua script's loop: decide, press, let the frame run (emu.frameadvance).
while True:
    press(bot.act(machine.read(0, 0x800)))  # the NES's 2 KiB of RAM -> the pad
    show_plan()
    await frame()
