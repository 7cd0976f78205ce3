"""The Pac-Man machine: our program and graphics on the Namco board."""

from __future__ import annotations

from typing import Any

from ..base import MachineError
from ..namco.board import NamcoBoard
from ..namco.video import tile_at, tile_offset
from . import model
from .art import graphics
from .info import INFO
from .maze import Maze, default_maze
from .program import build, rom_with_maze


class PacmanMachine(NamcoBoard):
    INFO = INFO

    def __init__(self, maze: Maze | None = None) -> None:
        self.maze = maze if maze is not None else default_maze()
        _rom, symbols, program = build()
        super().__init__(rom_with_maze(self.maze), graphics(), symbols=symbols)
        self.program = program
        self.reset()

    # -- the coordinates the issue asks for --------------------------------------------
    @staticmethod
    def tile_address(x: int, y: int) -> int:
        """Screen tile (x 0-27 left to right, y 0-35 top to bottom) -> tile RAM address."""
        try:
            return 0x4000 + tile_offset(x, y)
        except ValueError as exc:
            raise MachineError(str(exc)) from None

    @staticmethod
    def tile_of_address(addr: int) -> tuple[int, int] | None:
        """The inverse of tile_address (also for colour RAM); None when off screen."""
        if not 0x4000 <= addr < 0x4800:
            return None
        return tile_at(addr & 0x3FF)

    @staticmethod
    def position(x: int, y: int) -> int:
        """Screen tile -> the 16-bit tile position the game keeps in HL."""
        try:
            return model.position(x, y)
        except ValueError as exc:
            raise MachineError(str(exc)) from None

    @staticmethod
    def tile_of_position(pos: int) -> tuple[int, int] | None:
        return model.tile_of(pos)

    def state(self) -> dict[str, Any]:
        return {"mechanics": [], "frame": self.frame}
