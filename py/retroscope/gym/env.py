"""A machine as a Gymnasium environment: what every game's environment shares.

The observation is the machine's RAM (the ranges the game keeps its state in)
or its picture (height x width x RGB); an action is one of the game's named
button combinations (`actions="simple"`) or every button on its own
(`actions="buttons"`, MultiBinary: bit i is the machine's button i); a step
holds the action's buttons for `frameskip` frames. Reward and termination
come from the game's documented variables (machines/variables.py), and
`info` holds all of them by name, with the frame number.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..machines.base import Machine

OBS_TYPES = ("ram", "rgb")
ACTION_TYPES = ("simple", "buttons")


class MachineEnv(gym.Env):
    """Base of the games' environments; a game sets the class attributes and
    `start`, `reward` and `over`."""

    metadata = {"render_modes": ["rgb_array"], "render_fps": 60}
    machine_id: str = ""
    width = height = 0
    buttons: tuple[str, ...] = ()  # the machine's, bit i = buttons[i]
    ram: tuple[tuple[int, int], ...] = ()  # (address, length) the RAM observation joins
    # The simple action set: (name, buttons held); names join buttons with "+".
    actions: tuple[tuple[str, int], ...] = ()
    default_frameskip = 1

    def __init__(self, obs_type: str = "ram", actions: str = "simple",
                 frameskip: int | None = None, render_mode: str | None = None) -> None:
        if obs_type not in OBS_TYPES:
            raise ValueError(f"obs_type must be one of {OBS_TYPES}, not {obs_type!r}")
        if actions not in ACTION_TYPES:
            raise ValueError(f"actions must be one of {ACTION_TYPES}, not {actions!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'rgb_array', not {render_mode!r}")
        frameskip = self.default_frameskip if frameskip is None else frameskip
        if isinstance(frameskip, bool) or not isinstance(frameskip, int) or frameskip < 1:
            raise ValueError(f"frameskip must be a whole number of frames >= 1, not {frameskip!r}")
        self.obs_type, self.action_type, self.frameskip = obs_type, actions, frameskip
        self.render_mode = render_mode
        if obs_type == "ram":
            size = sum(length for _, length in self.ram)
            self.observation_space = spaces.Box(0, 255, (size,), np.uint8)
        else:
            self.observation_space = spaces.Box(0, 255, (self.height, self.width, 3), np.uint8)
        if actions == "simple":
            self.action_space = spaces.Discrete(len(self.actions))
        else:
            self.action_space = spaces.MultiBinary(len(self.buttons))
        self.machine: Machine | None = None
        self._values: dict[str, Any] = {}

    # -- what a game says ------------------------------------------------------------------
    def start(self, options: dict[str, Any]) -> Machine:
        """A machine at the first frame the agent acts on (np_random is seeded)."""
        raise NotImplementedError

    def reward(self, before: dict[str, Any], after: dict[str, Any]) -> float:
        raise NotImplementedError

    def over(self, values: dict[str, Any]) -> bool:
        raise NotImplementedError

    # -- the Gymnasium API -----------------------------------------------------------------
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self.machine = self.start(dict(options or {}))
        self._values = self.machine.variables()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self.machine is None:
            raise RuntimeError("call reset() before step()")
        buttons = self.buttons_of(action)
        total = 0.0
        terminated = False
        for _ in range(self.frameskip):
            self.machine.run_frame(buttons)
            values = self.machine.variables()
            total += self.reward(self._values, values)
            self._values = values
            if self.over(values):
                terminated = True
                break
        return self._observation(), total, terminated, False, self._info()

    def render(self) -> np.ndarray | None:
        if self.render_mode != "rgb_array" or self.machine is None:
            return None
        return self._picture()

    # -- actions and observations ----------------------------------------------------------
    def buttons_of(self, action: Any) -> int:
        """An action as the machine's button bits."""
        if self.action_type == "simple":
            index = int(action)
            if not 0 <= index < len(self.actions):
                raise ValueError(f"action {action!r} is not in 0-{len(self.actions) - 1}")
            return self.actions[index][1]
        bits = np.asarray(action).reshape(-1)
        if bits.shape != (len(self.buttons),):
            raise ValueError(f"a buttons action holds {len(self.buttons)} values, not {action!r}")
        return sum(1 << i for i, on in enumerate(bits) if on)

    def action_of(self, buttons: int) -> Any:
        """Button bits as an action of this environment's kind: the nearest
        simple action (the most of its buttons held, none extra), or the bits
        themselves for `actions="buttons"`."""
        if self.action_type == "buttons":
            return np.array([(buttons >> i) & 1 for i in range(len(self.buttons))], np.int8)
        fits = [(bin(held).count("1"), i) for i, (_, held) in enumerate(self.actions)
                if held & ~buttons == 0]
        return max(fits)[1] if fits else 0

    def action_names(self) -> list[str]:
        return [name for name, _ in self.actions] if self.action_type == "simple" \
            else list(self.buttons)

    def _observation(self) -> np.ndarray:
        assert self.machine is not None
        if self.obs_type == "rgb":
            return self._picture()
        ram = self.machine.bus.ram
        return np.concatenate([np.frombuffer(bytes(ram[a:a + n]), np.uint8)
                               for a, n in self.ram])

    def _picture(self) -> np.ndarray:
        assert self.machine is not None
        m = self.machine
        lut = np.array([((c >> 16) & 255, (c >> 8) & 255, c & 255) for c in m.palette],
                       np.uint8)
        pixels = np.frombuffer(bytes(m.framebuffer), np.uint8).reshape(m.height, m.width)
        return lut[pixels]

    def _info(self) -> dict[str, Any]:
        assert self.machine is not None
        return {**self._values, "frame": self.machine.frame}


def combos(buttons: Sequence[str], names: Sequence[str]) -> tuple[tuple[str, int], ...]:
    """Named combinations ("NOOP", "Left", "Right+A") as (name, button bits)."""
    bit = {name: 1 << i for i, name in enumerate(buttons)}
    return tuple((name, 0 if name == "NOOP" else sum(bit[b] for b in name.split("+")))
                 for name in names)
