"""The JMC machine: the BBC Micro with JMC's program loaded, and its link parameters."""

from __future__ import annotations

from typing import Any

from ..base import MachineError, Param, mechanics_row
from ..bbc.machine import BbcMachine, bbc_info
from . import model
from .program import GAME_KEYS, program

V_BOARD_PIECES, V_PIECE_TYPES, V_PIECE_QUANTITIES = 0x0400, 0x0430, 0x0460
V_MAP_BRIDGE_UP, V_MAP_BRIDGE_DOWN, V_BOARD_MARKS = 0x0470, 0x04A0, 0x04D0
Z_BRIDGES, Z_TURN, SEED = 0x51, 0x50, 0x5C

INFO = bbc_info(
    id="jmc",
    title="Japanese Military Chess (BBC Micro)",
    buttons=GAME_KEYS,
    keys={"ArrowLeft": "Left", "ArrowRight": "Right", "ArrowUp": "Up", "ArrowDown": "Down",
          "Space": "Space", "KeyP": "P", "Enter": "Return", "KeyS": "S", "KeyE": "E",
          "F1": "F1", "KeyR": "R", "KeyB": "B", "KeyD": "D", "KeyH": "H", "KeyC": "C",
          "Escape": "Escape"},
    params=(
        Param("seed", "str", "", "random setup: the PRNG's 32-bit register as 8 hex digits "
              "(empty: set up by hand)", max_len=10, alphabet="0123456789abcdefABCDEF$xX"),
        Param("bridges", "int", 2, "bridges over the river: 2 or 4", 2, 4),
    ),
    article="001",
    summary="JMC's board arrays, swap_sides, move marking with the bridge tables, "
            "combat with every exception, both win checks, Brad Smith's galois32 PRNG "
            "and random_setup's plan as NMOS 6502 code on a BBC Micro.",
)


def parse_seed(value: Any) -> int | None:
    """A 32-bit seed from hex text (`1A2B3C4D`, `$...`, `0x...`); None if not one."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 0 < value <= 0xFFFFFFFF else None
    text = str(value).strip()
    for prefix in ("$", "0x", "0X"):
        text = text.removeprefix(prefix)
    if not text or len(text) > 8:
        return None
    try:
        seed = int(text, 16)
    except ValueError:
        return None
    return seed if seed else None


def validate(values: dict[str, Any]) -> list[str]:
    problems = []
    raw = values.get("seed", "")
    if raw not in ("", None) and parse_seed(raw) is None:
        problems.append(f"seed {str(raw)[:10]!r} is not 1-8 hex digits (not all zero); "
                        "setting up by hand")
    bridges = values.get("bridges", 2)
    if bridges not in (2, 4) or isinstance(bridges, bool):
        problems.append(f"bridges must be 2 or 4, not {str(bridges)[:6]!r}; using 2")
    return problems


class JmcMachine(BbcMachine):
    INFO = INFO
    KEYS = GAME_KEYS

    def __init__(self, seed: int | None = None, bridges: int = 2) -> None:
        super().__init__(program())
        self.params = {"seed": f"{seed:08X}" if seed else "", "bridges": bridges}
        self.bridges = bridges
        self.power_on()

    def power_on(self) -> None:
        """Clear RAM, load the program, set the link's bridges, reset."""
        self.bus.ram[0:0x8000] = bytes(0x8000)
        for addr, data in self.program.chunks:
            if addr < 0x8000:
                self.bus.load(addr, data)
        self.bus.ram[Z_BRIDGES] = self.bridges
        self.reset()

    # -- the board as the 6502 keeps it ------------------------------------------------
    def board(self) -> model.Board:
        """The machine's board arrays as a model Board."""
        ram = self.bus.ram
        b = model.Board(ram[Z_BRIDGES] if ram[Z_BRIDGES] in (2, 4) else 2)
        b.pieces = list(ram[V_BOARD_PIECES:V_BOARD_PIECES + 48])
        b.types = list(ram[V_PIECE_TYPES:V_PIECE_TYPES + 48])
        return b

    def load_board(self, board: model.Board) -> None:
        ram = self.bus.ram
        ram[Z_BRIDGES] = board.bridges
        ram[V_BOARD_PIECES:V_BOARD_PIECES + 48] = bytes(board.pieces)
        ram[V_PIECE_TYPES:V_PIECE_TYPES + 48] = bytes(board.types)
        up, down = model.bridge_tables(board.bridges)
        ram[V_MAP_BRIDGE_UP:V_MAP_BRIDGE_UP + 48] = bytes(up)
        ram[V_MAP_BRIDGE_DOWN:V_MAP_BRIDGE_DOWN + 48] = bytes(down)

    def marks(self) -> list[int]:
        return list(self.bus.ram[V_BOARD_MARKS:V_BOARD_MARKS + 48])

    @property
    def seed(self) -> int:
        return int.from_bytes(self.bus.ram[SEED:SEED + 4], "little")

    @seed.setter
    def seed(self, value: int) -> None:
        self.bus.ram[SEED:SEED + 4] = (value & 0xFFFFFFFF).to_bytes(4, "little")

    def state(self) -> dict[str, Any]:
        ram = self.bus.ram

        return {
            "mechanics": [
                mechanics_row("seed (galois32)", SEED, 4, "text", f"${self.seed:08X}"),
                mechanics_row("Z_turn (bottom colour)", Z_TURN, 1, "dec", ram[Z_TURN]),
                mechanics_row("Z_bridges", Z_BRIDGES, 1, "dec", ram[Z_BRIDGES]),
            ],
            "frame": self.frame,
        }


def create(**params: Any) -> JmcMachine:
    problems = validate(params)
    if problems:
        raise MachineError("; ".join(problems))
    raw = params.get("seed", "")
    seed = parse_seed(raw) if raw not in ("", None) else None
    return JmcMachine(seed, params.get("bridges", 2))
