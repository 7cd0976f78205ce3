"""NES Tetris as a Gymnasium environment: `retroscope/Tetris-v0`.

Each episode is an A-type game from `level` (0-19), its pieces from the
game's own PRNG seeded from the episode's seed (a value of the 32,767-value
LFSR cycle, as a link's `seed=`; `options={"seed": "8988"}` picks one). The
agent acts from the first frame the piece can move. The reward is the score
gained (`reward="lines"`: the lines cleared); the episode ends when the stack
tops out (playState $0A, the curtain). The RAM observation is the NES's 2 KiB
($0000-$07FF: the playfield at $0400, the variables of seed 002), exactly
what the Tetris AI (`machines.tetris.ai.Bot.act`) reads, so the bot works as
a policy.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .. import machines
from ..machines.base import Machine
from ..machines.nes.controller import BUTTONS
from ..machines.tetris import model
from .env import MachineEnv, combos

GAME_OVER = 0x0A  # playState: the curtain
PLAY, MOVING = 4, 1  # gameMode, playState
MAX_START_FRAMES = 60


@lru_cache(maxsize=1)
def lfsr_cycle() -> tuple[int, ...]:
    return tuple(sorted(model.lfsr_cycle()))


class TetrisEnv(MachineEnv):
    machine_id = "tetris"
    width, height = 256, 240
    buttons = BUTTONS  # pad 1: Right, Left, Down, Up, Start, Select, B, A
    ram = ((0x0000, 0x800),)
    actions = combos(BUTTONS, ("NOOP", "Left", "Right", "Down", "A", "B", "Left+A",
                               "Right+A", "Left+B", "Right+B"))

    def __init__(self, level: int = 0, reward: str = "score", **kwargs: Any) -> None:
        if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= 19:
            raise ValueError(f"level must be 0-19, not {level!r}")
        if reward not in ("score", "lines"):
            raise ValueError(f"reward must be 'score' or 'lines', not {reward!r}")
        self.level, self.reward_by = level, reward
        super().__init__(**kwargs)

    def start(self, options: dict[str, Any]) -> Machine:
        seed = options.get("seed")
        if seed is None:
            cycle = lfsr_cycle()
            seed = f"{cycle[int(self.np_random.integers(len(cycle)))]:04X}"
        m = machines.create("tetris", seed=seed, level=self.level, start="game", music=0)
        for _ in range(MAX_START_FRAMES):
            if m.read(model.GAME_MODE) == PLAY and m.read(model.PLAY_STATE) == MOVING:
                return m
            m.run_frame(0)
        raise RuntimeError("the game did not start")  # (it starts within 3 frames)

    def reward(self, before: dict[str, Any], after: dict[str, Any]) -> float:
        return float(after[self.reward_by] - before[self.reward_by])

    def over(self, values: dict[str, Any]) -> bool:
        return values["playState"] == GAME_OVER or values["gameMode"] != PLAY
