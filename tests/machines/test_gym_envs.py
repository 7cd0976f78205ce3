"""The Gymnasium environments: they pass Gymnasium's own checker, reward and end
by the documented variables, and the Tetris AI plays through one as a policy."""

from __future__ import annotations

import warnings

import pytest

gym = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import retroscope.gym as rgym  # noqa: E402
from retroscope.machines.tetris.ai import Bot  # noqa: E402

IDS = list(rgym.ENVIRONMENTS)
KINDS = [{}, {"obs_type": "rgb", "actions": "buttons"}]


@pytest.mark.parametrize("kwargs", KINDS, ids=["ram-simple", "rgb-buttons"])
@pytest.mark.parametrize("env_id", IDS)
def test_each_environment_passes_gymnasiums_checker(env_id, kwargs):
    env = gym.make(env_id, render_mode="rgb_array", **kwargs).unwrapped
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings count as failures
        check_env(env, skip_render_check=False)
    obs, info = env.reset(seed=5)
    assert env.observation_space.contains(obs)
    frame = env.render()
    assert frame.shape == (env.height, env.width, 3) and frame.dtype == np.uint8
    assert {v.name for v in env.machine.VARIABLES} <= set(info) and "frame" in info


def test_spaces_are_the_machines_ram_picture_and_buttons():
    tetris = gym.make("retroscope/Tetris-v0").unwrapped
    assert tetris.observation_space.shape == (0x800,)
    assert tetris.action_names()[:4] == ["NOOP", "Left", "Right", "Down"]
    pac = gym.make("retroscope/PacMan-v0", obs_type="rgb", actions="buttons").unwrapped
    assert pac.observation_space.shape == (288, 224, 3)
    assert pac.action_space.n == 6 and pac.action_names()[4] == "Coin"
    with pytest.raises(ValueError, match="obs_type"):
        gym.make("retroscope/Tetris-v0", obs_type="pixels")
    with pytest.raises(ValueError, match="level"):
        gym.make("retroscope/Tetris-v0", level=20)


def test_tetris_seeds_its_game_and_its_ram_is_the_machines():
    env = gym.make("retroscope/Tetris-v0", level=7).unwrapped
    _, first = env.reset(seed=11)
    _, again = env.reset(seed=11)
    _, other = env.reset(seed=12)
    assert first["RNG"] == again["RNG"] != other["RNG"]
    assert first["level"] == 7 and first["playState"] == 1 and first["score"] == 0
    obs, *_ = env.step(0)
    assert bytes(obs) == bytes(env.machine.bus.ram[:0x800])
    _, picked = env.reset(options={"seed": "8988"})
    assert env.machine.params["seed"] == 0x8988 and picked["gameMode"] == 4


def test_the_tetris_ai_is_a_policy_and_plays_as_it_does_at_the_pad():
    env = gym.make("retroscope/Tetris-v0", level=18, actions="buttons").unwrapped
    bot = Bot(tap_hz=30, start_level=18)
    obs, _ = env.reset(seed=3)
    total = 0.0
    for _ in range(900):
        obs, reward, terminated, truncated, info = env.step(env.action_of(bot.act(obs)))
        total += reward
        assert not (terminated or truncated)
    assert info["lines"] > 0 and total == info["score"] > 0
    # The same bot at the pad of the same game, frame by frame: the same game.
    twin = gym.make("retroscope/Tetris-v0", level=18).unwrapped
    twin.reset(seed=3)
    m, pad_bot = twin.machine, Bot(tap_hz=30, start_level=18)
    for _ in range(900):
        m.run_frame(pad_bot.buttons(m))
    assert bytes(m.bus.ram[:0x800]) == bytes(obs)


def test_pacman_rewards_the_score_and_ends_at_game_over():
    env = gym.make("retroscope/PacMan-v0").unwrapped
    obs, info = env.reset(seed=0)
    assert info["gameState"] == 2 and info["lives"] == 3 and info["score"] == 0
    rng = np.random.default_rng(0)
    total, steps = 0.0, 0
    terminated = False
    while not terminated and steps < 5000:
        obs, reward, terminated, truncated, info = env.step(int(rng.integers(5)))
        total += reward
        steps += 1
    assert terminated and info["lives"] == 0 and info["gameState"] == 5
    assert total == info["score"] > 0
    _, info2 = env.reset(seed=99)  # the arcade's game: always the same start
    assert info2["score"] == 0 and info2["lives"] == 3


def test_a_multibinary_action_holds_those_buttons():
    env = gym.make("retroscope/Tetris-v0", actions="buttons").unwrapped
    assert env.buttons_of(env.action_of(0x82)) == 0x82
    simple = gym.make("retroscope/Tetris-v0").unwrapped
    assert simple.action_names()[simple.action_of(0x82)] == "Left+A"
    assert simple.action_of(0x10) == 0  # Start is not among the simple actions
