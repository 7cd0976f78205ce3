"""Gymnasium environments on the machines (`pip install 'retroscope[gym]'`).

Importing this module registers them:

    retroscope/Tetris-v0   NES Tetris: reward the score gained, over at the top-out
    retroscope/PacMan-v0   Pac-Man: reward the score gained, over at GAME OVER

Both take `obs_type="ram"` (the default) or `"rgb"`, `actions="simple"` (a
Discrete set of the game's button combinations) or `"buttons"` (MultiBinary,
one per button), `frameskip`, `render_mode="rgb_array"`; `info` holds the
game's documented variables by name (machines/variables.py) and the frame.

    import gymnasium as gym
    import retroscope.gym
    env = gym.make("retroscope/Tetris-v0", level=18)
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample())

Nothing else in retroscope imports this module: the package stays stdlib only
(and runs in the page) without gymnasium and numpy.
"""

from __future__ import annotations

try:
    import gymnasium
    import numpy  # noqa: F401
except ImportError as exc:  # pragma: no cover - the message is the point
    raise ImportError(f"retroscope.gym needs gymnasium and numpy: pip install "
                      f"'retroscope[gym]' ({exc})") from exc

from .env import MachineEnv
from .pacman import PacmanEnv
from .tetris import TetrisEnv

__all__ = ["ENVIRONMENTS", "MachineEnv", "PacmanEnv", "TetrisEnv"]

# id -> (entry point, the longest episode in steps: a TimeLimit truncates it)
ENVIRONMENTS = {
    "retroscope/Tetris-v0": ("retroscope.gym.tetris:TetrisEnv", 200_000),
    "retroscope/PacMan-v0": ("retroscope.gym.pacman:PacmanEnv", 50_000),
}

for _id, (_entry, _steps) in ENVIRONMENTS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(id=_id, entry_point=_entry, max_episode_steps=_steps)
