"""The Pac-Man machine: our program and graphics on the Namco board."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base import MachineError
from ..namco.board import NamcoBoard
from ..namco.video import tile_at, tile_offset
from ..program_edit import Recipe, Space
from . import model, overlay
from .art import graphics
from .info import INFO
from .maze import CELL_KINDS, COLUMNS, ROWS, Maze, MazeError, default_maze
from .program import build, generated, rom_with_maze
from .variables import GAME_STATES, VARIABLES

GHOSTS = ("blinky", "pinky", "inky", "clyde")
GHOST_STATES = ("house", "leaving", "active", "eyes", "entering")
ACTORS, ACTOR_SIZE = 0x4D00, 16


class PacmanMachine(NamcoBoard):
    INFO = INFO
    VARIABLES = VARIABLES

    # (Not the maze's $3400-$3BFF.)
    PROGRAM_SPACES = (Space(0x0000, 0x33FF, "program ROM"), Space(0x3C00, 0x3FFF, "program ROM"))

    def program_recipe(self) -> Recipe:
        return Recipe(__package__, "pacman.asm", "z80",
                      generated())

    def program_image(self, program: Any) -> list[tuple[int, bytes]]:
        return [(0x0000, rom_with_maze(self.maze, program))]

    def __init__(self, maze: Maze | None = None) -> None:
        self.maze = maze if maze is not None else default_maze()
        _rom, symbols, program = build()
        super().__init__(rom_with_maze(self.maze), graphics(), symbols=symbols)
        self.program = program
        self.overlays = dict.fromkeys(overlay.OVERLAYS, True)
        for pen, rgb in overlay.OVERLAY_COLOURS.items():
            self.palette[pen] = rgb
        self.reset()

    # -- screen tile coordinates, as the Pac-Man Dossier numbers them --------------------
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

    # -- the picture, with the overlays ------------------------------------------------
    def _vblank(self) -> None:
        super()._vblank()
        if any(self.overlays.values()):
            overlay.draw(self.framebuffer, self.ghosts(), self.overlays, self.frame)

    # -- the game's state --------------------------------------------------------------
    def _byte(self, label: str, offset: int = 0) -> int:
        return self.bus.ram[self.symbols[label] + offset]

    def _word(self, label: str) -> int:
        at = self.symbols[label]
        return self.bus.ram[at] | self.bus.ram[at + 1] << 8

    def ghosts(self) -> list[dict[str, Any]]:
        """Each ghost as the program keeps it, with its last decision replayed
        through the model (the distances the routine compared)."""
        ram = self.bus.ram
        found = []
        sprites = self._byte("spriteMask")  # bits 0-3: the ghosts drawn
        for i, name in enumerate(GHOSTS):
            base = ACTORS + ACTOR_SIZE * (i + 1)
            x, y = ram[base], ram[base + 1]
            state = ram[base + 5]
            cx, cy = x - 16, y + 16
            tx, ty = (x >> 3) - 2, (y >> 3) + 2
            in_wall = False
            if 0 <= tx < 28 and 2 <= ty < 34 and state == 2:
                in_wall = ram[0x4000 + tile_offset(tx, ty)] & 0xC0 == 0xC0
            target = model.tile_of(ram[base + 9] | ram[base + 10] << 8)
            entry: dict[str, Any] = {
                "id": i, "name": name,
                "state": GHOST_STATES[state] if state < len(GHOST_STATES) else str(state),
                "pixel": [cx, cy], "tile": [tx, ty],
                "dir": model.DIRECTION_NAMES[ram[base + 2] & 3],
                "frightened": bool(ram[base + 6]), "target": list(target) if target else None,
                "in_wall": in_wall, "decision": self._decision(base),
                "shown": bool(sprites >> i & 1),
            }
            found.append(entry)
        return found

    def _decision(self, base: int) -> dict[str, Any] | None:
        ram = self.bus.ram
        pos = ram[base + 11] | ram[base + 12] << 8
        where = model.tile_of(pos)
        if where is None or not 2 <= where[1] < 34:
            return None
        direction = ram[base + 13] & 3
        neighbours = []
        for d in range(4):
            t = model.tile_of(model.offset(pos, d))
            neighbours.append(list(t) if t else list(where))
        if ram[base + 6]:
            return {"tile": list(where), "from": model.DIRECTION_NAMES[direction],
                    "frightened": True, "neighbours": neighbours,
                    "distances": [None] * 4, "chosen": ram[base + 3] & 3}
        target = ram[base + 9] | ram[base + 10] << 8
        choice = model.choose_direction(self.read, pos, target, direction)
        return {"tile": list(where), "from": model.DIRECTION_NAMES[direction],
                "frightened": False, "neighbours": neighbours,
                "distances": list(choice.distances), "chosen": choice.direction}

    def state(self) -> dict[str, Any]:
        ram = self.bus.ram
        rows = self.variable_rows()
        game = self._byte("gameState")
        mode = self._byte("modeIndex")

        def bcd(label: str) -> str:
            at = self.symbols[label]
            return f"{ram[at + 2]:02X}{ram[at + 1]:02X}{ram[at]:02X}"

        pac_x, pac_y = ram[ACTORS], ram[ACTORS + 1]
        return {
            "mechanics": rows,
            "game_state": GAME_STATES[game] if game < len(GAME_STATES) else str(game),
            "level": self._byte("level"), "lives": self._byte("lives"),
            "score": int(bcd("score")), "high_score": int(bcd("hiScore")),
            "credits": int(f"{self._byte('credits'):02X}"), "demo": bool(self._byte("demo")),
            "mode": "chase" if mode & 1 else "scatter",
            "pacman": {"tile": [(pac_x >> 3) - 2, (pac_y >> 3) + 2],
                       "dir": model.DIRECTION_NAMES[ram[ACTORS + 2] & 3]},
            "ghosts": self.ghosts(),
            "dots_left": self._word("dotsLeft"),
            "overlays": dict(self.overlays),
            "maze_link": self.maze.to_link(),
            "frame": self.frame,
        }

    # -- the side panel's verbs ------------------------------------------------------------
    def commands(self) -> dict[str, Callable[..., Any]]:
        return {"overlays": self.set_overlays, "maze": self.maze_info,
                "check_maze": self.check_maze,
                "default_maze": lambda: _describe(default_maze())}

    def set_overlays(self, **flags: Any) -> dict[str, bool]:
        for name, on in flags.items():
            if name not in self.overlays:
                raise ValueError(f"no overlay {name!r} (there are: {', '.join(self.overlays)})")
            if not isinstance(on, bool):
                raise ValueError(f"overlay {name} must be true or false")
            self.overlays[name] = on
        return dict(self.overlays)

    def maze_info(self) -> dict[str, Any]:
        return _describe(self.maze)

    def check_maze(self, cells: Any) -> dict[str, Any]:
        """The editor's maze (a list of ROWS x COLUMNS kinds, row by row): its link
        and its dead ends, with the house and start tiles put back as needed."""
        if not isinstance(cells, list) or len(cells) != ROWS * COLUMNS:
            raise ValueError(f"cells must be a list of {ROWS * COLUMNS} kinds")
        if not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c < len(CELL_KINDS)
                   for c in cells):
            raise ValueError(f"each cell is 0-{len(CELL_KINDS) - 1} ({', '.join(CELL_KINDS)})")
        try:
            maze = Maze(bytes(cells)).with_fixed_cells()
        except MazeError as exc:
            raise ValueError(str(exc)) from None
        return _describe(maze)


def _describe(maze: Maze) -> dict[str, Any]:
    return {"cells": list(maze.cells), "columns": COLUMNS, "rows": ROWS,
            "kinds": list(CELL_KINDS), "link": maze.to_link(),
            "dead_ends": [[c, r] for r, c in maze.dead_ends()], "pellets": maze.pellets()}
