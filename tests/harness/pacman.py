"""Playing Pac-Man on the machine: its buttons and the start of a game."""

from __future__ import annotations

UP, LEFT, RIGHT, DOWN, COIN, START = (1 << i for i in range(6))
# The attract mode, a coin and the start, then play (down, left, up).
PLAY_BUTTONS = [0] * 3 + [COIN] * 3 + [0] * 3 + [START] + [DOWN, LEFT, UP] * 30


def start_game(m, frames_after: int = 0):
    """Coin and start from power-on, until the game is `ready`; then
    `frames_after` more frames."""
    for _ in range(3):
        m.run_frame()
    for buttons in (COIN, 0, START, 0):
        m.run_frame(buttons)
    for _ in range(10):  # clearing the screen and counting the dots take frames
        if m.state()["game_state"] == "ready":
            break
        m.run_frame()
    assert m.state()["game_state"] == "ready"
    for _ in range(frames_after):
        m.run_frame()
