"""Pac-Man (`pacman`): the ghosts' direction choice of seed 004 as our own Z80
program on a model of the Namco board (`machines.namco`).

The program (`pacman.asm` and its includes) is assembled once; the maze (the
default one, or one from a link) is laid into its ROM as tile and colour
images. Everything the game does each frame runs as Z80 code from the
vertical-blank interrupt; Python only supplies the hardware.
"""

from __future__ import annotations

from typing import Any

from ..base import MachineError, check_params
from .info import INFO
from .machine import PacmanMachine
from .maze import Maze, MazeError, default_maze

__all__ = ["INFO", "create", "parse_maze", "validate"]

def parse_maze(value: Any) -> Maze:
    if value in (None, ""):
        return default_maze()
    return Maze.from_link(value)


def validate(values: dict[str, Any]) -> list[str]:
    try:
        parse_maze(values.get("maze", ""))
    except MazeError as exc:
        return [f"{exc}; using the default maze"]
    return []


def create(**params: Any) -> PacmanMachine:
    values = check_params(INFO.params, params, validate)
    try:
        maze = parse_maze(values["maze"])
    except MazeError as exc:
        raise MachineError(str(exc)) from None
    return PacmanMachine(maze)
