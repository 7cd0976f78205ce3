"""NES Tetris (`tetris`): the mechanics of seed 002 as our own 2A03 program.

Here: INFO, `create` and `validate`. The machine is `machine.py`, its program
`tetris.asm` (with `mechanics.asm`, `game.asm`, `ram.inc` and generated
tables), its reference model `model.py`.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

from ..base import Param, Routine, check_params
from ..nes.controller import BUTTONS
from ..nes.machine import NES_INFO_DEFAULTS, nes_info
from . import model
from .machine import SEED_DEFAULT, START_MODES, TetrisMachine, build

__all__ = ["INFO", "INPUT_SOURCES", "SEED_DEFAULT", "TetrisMachine", "build", "create",
           "validate"]

# Pad 2 (bits 8-15) for the unfinished versus mode ($00BE = 2): player 2's keys.
PAD2_BUTTONS = tuple(f"P2 {name}" for name in BUTTONS)
PAD2_KEYS = {"KeyD": "P2 Right", "KeyA": "P2 Left", "KeyS": "P2 Down", "KeyW": "P2 Up",
             "KeyQ": "P2 B", "KeyE": "P2 A"}
# What the buttons do (game.asm): in play, and in the menus (Up and Down choose,
# Select raises the B-type height in the level menu).
PLAY_ACTIONS = (("Left", "move left"), ("Right", "move right"), ("Down", "soft drop"),
                ("A", "rotate clockwise"), ("B", "rotate anticlockwise"),
                ("Start", "start, pause"), ("Select", "B-type height"),
                ("Up", "up in the menus"))
PAD2_ACTIONS = tuple((f"P2 {name}", f"player 2: {dict(PLAY_ACTIONS)[name]}")
                     for name in ("Up", "Left", "Down", "Right", "B", "A"))  # W A S D Q E

INFO = nes_info(
    id="tetris",
    buttons=BUTTONS + PAD2_BUTTONS,
    keys={**NES_INFO_DEFAULTS["keys"], **PAD2_KEYS},
    actions=PLAY_ACTIONS + PAD2_ACTIONS,
    # One pad on a touch screen: player 2 plays from a keyboard.
    touch=replace(NES_INFO_DEFAULTS["touch"], omit=PAD2_BUTTONS,
                  captions={"A": "rotate ↻", "B": "rotate ↺", "Select": "height"}),
    title="NES Tetris",
    params=(
        Param("seed", "str", "8988",
              "PRNG seed in hex, as the article writes it ($0017-$0018); a value of the "
              "32,767-value LFSR cycle", max_len=6, alphabet="0123456789abcdefABCDEF$xX"),
        Param("level", "int", 0, "start level 0-19", 0, 19),
        Param("height", "int", 0, "B-type start height 0-5", 0, 5),
        Param("type", "str", "A", "game type: A or B", max_len=1, alphabet="ABab"),
        Param("start", "str", "game",
              "where to begin: game (straight in), legal, title, menu or demo", max_len=5,
              alphabet="abcdefghijklmnopqrstuvwxyz"),
        Param("music", "int", 1, "music 1-3 (1: Korobeiniki), 0 for none; the game-type "
              "menu's MUSIC TYPE", 0, 3),
    ),
    article="002",
    routines=(
        Routine("generateNextPseudorandomNumber", "$AB47: step the 16-bit LFSR at X, Y bytes",
                (("x", 0x17), ("y", 2))),
        Routine("pickRandomTetrimino", "$9907: the next piece from the RNG and spawnCount"),
        Routine("isPositionValid", "$948B: does the piece fit where it is"),
        Routine("rotateTetrimino", "$88AB: A/B turns, undone if they collide"),
        Routine("shiftTetrimino", "$89AE: left/right with DAS"),
        Routine("dropTetrimino", "$8914: gravity and soft drop"),
        Routine("lockTetrimino", "$99A2: the piece into the playfield"),
        Routine("checkCompletedRows", "$9A6B: find the full rows"),
        Routine("addOneLine", "$9BA8: lines and level, in BCD"),
        Routine("addLineClearPoints", "$9C31: the score for the rows cleared, in BCD"),
        Routine("addHoldDownPoints", "points for the rows soft-dropped"),
        Routine("setLevelColours", "$9808: the palette of the level"),
        Routine("updateAudio", "$E000: one frame of our sound driver (music, effects)"),
    ),
    summary="Nintendo Tetris's PRNG, piece selection, DAS, gravity, line clears, BCD "
            "score and statistics as 2A03 code at the article's addresses, with our own "
            "sound driver. Player 2 plays the unfinished 2-player mode ($00BE = 2).",
)


def _ai(options: dict[str, Any]) -> Any:
    from .ai import Bot  # on demand: the page loads the bot when asked for it

    tap_hz = options.get("tap_hz", 30)
    level = options.get("start_level", 18)
    if tap_hz not in (15, 30) or isinstance(level, bool) or level not in range(20):
        raise ValueError("the AI takes tap_hz 15 or 30 and start_level 0-19")
    return Bot(tap_hz=tap_hz, start_level=level)


# Programs that can hold the pad (name -> factory(options) -> callable(machine) -> buttons).
INPUT_SOURCES = {"ai": _ai}


@lru_cache(maxsize=1)
def _lfsr_cycle_bits() -> bytes:
    """The PRNG's cycle as a bitmap of the 65,536 seeds: 8 KB kept, not a 2 MB set."""
    bits = bytearray(0x10000 // 8)
    for value in model.lfsr_cycle(SEED_DEFAULT):
        bits[value >> 3] |= 1 << (value & 7)
    return bytes(bits)


def in_lfsr_cycle(seed: int) -> bool:
    return bool(_lfsr_cycle_bits()[seed >> 3] >> (seed & 7) & 1)


def parse_seed(value: Any) -> int | None:
    """A seed as a number, or hex text (`8988`, `$8988`, `0x8988`); None if neither."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value if 0 <= value <= 0xFFFF else None
    text = str(value).strip()
    for prefix in ("$", "0x", "0X"):
        text = text.removeprefix(prefix)
    try:
        seed = int(text, 16)
    except ValueError:
        return None
    return seed if 0 <= seed <= 0xFFFF else None


def validate(values: dict[str, Any]) -> list[str]:
    """Rules the Param specs cannot express (the seed must be in the LFSR cycle)."""
    problems = []
    raw = values.get("seed", SEED_DEFAULT)
    seed = parse_seed(raw)
    if seed is None:
        problems.append(f"seed {str(raw)[:8]!r} is not a 16-bit hex number; using 8988")
    elif not in_lfsr_cycle(seed):
        problems.append(f"seed ${seed:04X} is not in the PRNG's 32,767-value cycle "
                        f"(0 and some others lead nowhere); using 8988")
    kind = str(values.get("type", "A")).upper()
    if kind not in ("A", "B"):
        problems.append(f"type must be A or B, not {kind!r}")
    start = values.get("start", "game")
    if not isinstance(start, str) or start not in START_MODES:
        problems.append(f"start must be one of {', '.join(START_MODES)}, "
                        f"not {str(start)[:12]!r}")
    return problems


def create(**params: Any) -> TetrisMachine:
    if isinstance(params.get("seed"), int) and not isinstance(params["seed"], bool):
        params["seed"] = f"{params['seed']:04X}"  # a number from Python: the link's hex
    values = check_params(INFO.params, params, validate)
    seed = parse_seed(values["seed"])
    assert seed is not None  # validate() said so
    return TetrisMachine(seed, values["level"], values["height"], values["type"].upper(),
                         values["start"], values["music"])

TetrisMachine.INFO = INFO
