"""Pac-Man as a Gymnasium environment: `retroscope/PacMan-v0`.

Each episode is a game on the default maze (or `maze=`, an editor link's
text): a coin, Start, and the agent acts from the first frame of play. The
reward is the score gained; the episode ends at GAME OVER (the last life
lost). The stick holds its direction, so a step holds the action for
`frameskip` frames (4 by default). The game is as deterministic as the
arcade's (its patterns): the same actions give the same game, whatever the
seed. The RAM observation is the tile RAM ($4000-$43FF: the maze, its dots)
and the work RAM ($4C00-$4FFF: the actors, timers and variables).
"""

from __future__ import annotations

from typing import Any

from .. import machines
from ..machines.base import Machine
from ..machines.namco.board import BUTTONS
from ..machines.pacman.variables import GAME_STATES
from .env import MachineEnv, combos

ATTRACT, PLAY, GAME_OVER = (GAME_STATES.index(s) for s in ("attract", "play", "game over"))
COIN, START = 1 << BUTTONS.index("Coin"), 1 << BUTTONS.index("Start")
MAX_START_FRAMES = 600


class PacmanEnv(MachineEnv):
    machine_id = "pacman"
    width, height = 224, 288
    buttons = BUTTONS  # Up, Left, Right, Down, Coin, Start
    ram = ((0x4000, 0x400), (0x4C00, 0x400))
    actions = combos(BUTTONS, ("NOOP", "Up", "Left", "Right", "Down"))
    default_frameskip = 4

    def __init__(self, maze: str = "", **kwargs: Any) -> None:
        self.maze = maze
        self._made: Machine | None = None
        self._at_play: dict[str, Any] | None = None  # its snapshot at the first frame of play
        super().__init__(**kwargs)

    def start(self, options: dict[str, Any]) -> Machine:
        if self._made is not None and self._at_play is not None:
            self._made.restore(self._at_play)  # every game starts the same
            return self._made
        m = self._made = machines.create("pacman", maze=self.maze)
        m.overlays = dict.fromkeys(m.overlays, False)  # the arcade's picture: no debug marks
        presses = {10: COIN, 11: COIN, 40: START, 41: START}
        for frame in range(MAX_START_FRAMES):
            if m.variable("gameState") == PLAY:
                self._at_play = m.snapshot()
                return m
            m.run_frame(presses.get(frame, 0))
        raise RuntimeError("the game did not start")  # (it plays from frame 161)

    def reward(self, before: dict[str, Any], after: dict[str, Any]) -> float:
        return float(after["score"] - before["score"])

    def over(self, values: dict[str, Any]) -> bool:
        return values["gameState"] in (GAME_OVER, ATTRACT)
