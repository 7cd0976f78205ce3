"""The NES Tetris machine: our 2A03 program on the NES (`machines.nes`).

The program (`tetris.asm` and its includes) is assembled with the link's
parameters as constants (seed, start level, B-type height, game type, where
to start), loaded as PRG ROM at $8000, with our own tiles (`chr.py`) as CHR.
Everything the game does per frame runs as 6502 code from the NMI and the
main loop; Python only supplies the hardware and reads `state()`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from ..base import Built, MachineError, assemble_package
from ..nes.machine import NesMachine
from ..program_edit import Recipe, Space
from . import model, panel
from .chr import build_chr
from .demo import demo_asm
from .music import sound_asm
from .screens import NAME_TEXT, NAME_TILES, screens_asm
from .tables import PAST_SPAWN_TABLE, SPAWN_TABLE, TYPE_NAMES, TYPE_OF, tables_asm
from .variables import VARIABLES

PACKAGE = __name__.rpartition(".")[0]
SEED_DEFAULT = 0x8988
START_MODES = {"game": 4, "legal": 0, "title": 1, "menu": 2, "demo": 5}


def _generated(seed: int, level: int, height: int, kind: str, start: str,
               music: int = 1) -> dict[str, str]:
    params = "".join(f"{name} = ${value:04X}\n" for name, value
                     in link_values(seed, level, height, kind, start, music).items())
    return {"params.inc": params, "tables.inc": tables_asm(),
            "screens.inc": screens_asm(), "demo.inc": demo_asm(), "sound.inc": sound_asm()}


def build(seed: int = SEED_DEFAULT, level: int = 0, height: int = 0, kind: str = "A",
          start: str = "game", music: int = 1) -> tuple[bytes, dict[str, int], Any]:
    """The program: (32 KiB PRG image, symbols, Program)."""
    built = _built(seed, level, height, kind, start, music)
    return built.image(0x8000, 0xFFFF), built.symbols, built.program


def link_values(seed: int, level: int, height: int, kind: str, start: str,
                music: int = 1) -> dict[str, int]:
    """The constants params.inc defines, by name."""
    return {"SEED": seed, "START_LEVEL": level, "START_HEIGHT": height,
            "START_TYPE": 0 if kind == "A" else 1, "START_MODE": START_MODES[start],
            "START_MUSIC": music - 1 if music else 3}  # the menu's choice: 3 is OFF


# Where each link constant sits in the program (labels in game.asm): which
# byte of which constant.
LINK_SLOTS = {"linkSeedHi": ("SEED", 8), "linkSeedLo": ("SEED", 0),
              "linkType": ("START_TYPE", 0), "linkMenuLevel": ("START_LEVEL", 0),
              "linkLevel": ("START_LEVEL", 0), "linkHeight": ("START_HEIGHT", 0),
              "linkMode": ("START_MODE", 0), "linkMusic": ("START_MUSIC", 0)}


@lru_cache(maxsize=8)
def _built(seed: int, level: int, height: int, kind: str, start: str, music: int) -> Built:
    """The program assembled once with the default parameters (a prebuilt image
    in the wheel), the link's values set into their operands: equal to
    assembling with them (tests/machines/test_prebuilt_images.py)."""
    built = assemble_package(PACKAGE, "tetris.asm", "6502", _generated(SEED_DEFAULT, 0, 0, "A",
                                                                        "game"))
    values = link_values(seed, level, height, kind, start, music)
    if values == link_values(SEED_DEFAULT, 0, 0, "A", "game"):
        return built
    symbols = built.program.symbols
    patch = {symbols[label]: (values[name] >> shift) & 0xFF
             for label, (name, shift) in LINK_SLOTS.items()}
    params = _generated(seed, level, height, kind, start, music)["params.inc"]
    return Built(built.program.patched(patch, values, {"params.inc": params}))


@lru_cache(maxsize=1)
def chr_rom() -> bytes:
    return build_chr()


# $9907's reroll: (3 random bits + previous spawn ID) mod 7, as a table of
# types: rows 0-7, one column per previous spawn ID (the article's table).
BIAS_COLUMNS = (0x00, *SPAWN_TABLE)
BIAS_TABLE = {
    "columns": [f"${c:02X}" for c in BIAS_COLUMNS],
    "rows": [[TYPE_NAMES[(r + c) % 7] for c in BIAS_COLUMNS] for r in range(8)],
}
PROBABILITIES = model.selection_probabilities()  # constant: computed once, not per state()


def _type_name(orient: int) -> str:
    """The type letter of an orientation ID ("-" for none, as $13 hides it)."""
    return TYPE_NAMES[TYPE_OF[orient]] if orient < len(TYPE_OF) else "-"


class TetrisMachine(NesMachine):
    VARIABLES = VARIABLES
    IDLE_LOOP = (0xAA37, 0x33)  # waitForVBlank's `LDA $33 / BEQ`
    PROGRAM_SPACES = (Space(0x8000, 0xFFFF, "PRG ROM", 0xFF),)

    def __init__(self, seed: int = SEED_DEFAULT, level: int = 0, height: int = 0,
                 kind: str = "A", start: str = "game", music: int = 1) -> None:
        prg, symbols, program = build(seed, level, height, kind, start, music)
        super().__init__(prg, chr_rom(), mirroring="horizontal", symbols=symbols)
        self.program = program
        self.params = {"seed": seed, "level": level, "height": height, "type": kind,
                       "start": start, "music": music}
        self.reset()

    def program_recipe(self) -> Recipe:
        p = self.params
        return Recipe(PACKAGE, "tetris.asm", "6502", _generated(
            p["seed"], p["level"], p["height"], p["type"], p["start"], p["music"]))

    # -- the game's state, for tests and the side panel ---------------------------
    def ram(self) -> bytes:
        return bytes(self.bus.ram[:0x800])

    def state(self) -> dict[str, Any]:
        m = self.bus.ram
        rng = (m[0x17] << 8) | m[0x18]

        def bcd(*addrs: int) -> str:
            return "".join(f"{m[a]:02X}" for a in addrs)

        stats = {TYPE_NAMES[i]: m[0x3F0 + 2 * i] | (m[0x3F1 + 2 * i] << 8) for i in range(7)}

        rows = self.variable_rows()
        if m[0xE3] == 2:  # the versus mode: player 2's block at $0060
            rows += self.variable_rows("versus")
        rows += self.variable_rows("stats")
        return {
            "mechanics": rows,
            "rng": rng,
            "spawn_id": m[0x19],
            "spawn_count": m[0x1A],
            "next": m[0xBF],
            "selection": self.selection_table(),
            "probabilities": PROBABILITIES,
            "bias_table": BIAS_TABLE,
            "level": m[0x44],
            "lines": bcd(0x51, 0x50),
            "score": bcd(0x55, 0x54, 0x53),
            "stats": stats,
            "play_state": m[0x48],
            "game_mode": m[0xC0],
            "frame": self.frame,
            "high_scores": self.high_scores(),
            "entering_name": m[0xBD] == 2,
            "players": m[0xBE],  # the switch at $00BE
            "versus": m[0xE3] == 2,  # a game under way in the 2-player mode
        }

    def selection_table(self) -> dict[str, Any]:
        """The piece after the one in the NEXT box, as the program would choose
        it at this frame: in the demo from the $DF00 table ($98EB), else what
        $9907 does with the current RNG and counters (the first try's type and
        whether it rerolls). The RNG steps every frame, so $9907's pick is only
        what a choice made now would give."""
        m = self.bus.ram[:0x800]  # a copy: pick_piece steps it
        next_box = _type_name(m[0xBF])
        if m[0xC0] == 5:  # the demo
            at = (self.symbols["demoPieceTable"] + m[0xD3]) & 0xFFFF
            kind = (self.read(at) >> 4) & 7
            orient = SPAWN_TABLE[kind] if kind < 7 else PAST_SPAWN_TABLE
            return {"source": "demo", "table_at": at, "next_box": next_box,
                    "result": _type_name(orient)}
        count = (m[0x1A] + 1) & 0xFF
        index = (m[0x17] + count) & 7
        first = SPAWN_TABLE[index] if index != 7 else None
        reroll = first is None or first == m[0x19]
        result = model.pick_piece(m)
        return {"source": "random", "index": index, "first": first, "reroll": reroll,
                "next_box": next_box, "result": _type_name(result)}

    def commands(self) -> dict[str, Callable[..., Any]]:
        return panel.commands(self)

    # -- high scores kept by the page ------------------------------------------------
    def high_scores(self) -> dict[str, list[dict[str, Any]]]:
        """The table at $0700 (scores, levels) and $0720 (names) as text."""
        ram = self.bus.ram
        table: dict[str, list[dict[str, Any]]] = {}
        for t, kind in enumerate("AB"):
            rows = []
            for r in range(3):
                at = 0x700 + 16 * t + 3 * r
                name = ram[0x720 + 18 * t + 6 * r : 0x726 + 18 * t + 6 * r]
                rows.append({
                    "name": "".join(NAME_TEXT[i] if i < len(NAME_TEXT) else "?" for i in name),
                    "score": ram[at : at + 3].hex().upper(),
                    "level": ram[0x709 + 16 * t + r]})
            table[kind] = rows
        return table

    def save_data(self) -> dict[str, Any]:
        ram = self.bus.ram
        return {"high_scores": ram[0x700:0x720].hex(), "names": ram[0x720:0x744].hex()}

    def load_save_data(self, data: dict[str, Any]) -> None:
        try:
            raw = bytes.fromhex(data["high_scores"])
            names = bytes.fromhex(data.get("names", "")) or bytes(36)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise MachineError(f"bad tetris save data: {exc}") from None
        if len(raw) != 0x20:
            raise MachineError("bad tetris save data: the table must be 32 bytes")
        for i in range(2):
            for r in range(3):
                for b in raw[16 * i + 3 * r : 16 * i + 3 * r + 3]:
                    if b >> 4 > 9 or b & 15 > 9:
                        raise MachineError("bad tetris save data: scores are BCD")
        if len(names) != 36 or max(names) >= len(NAME_TILES):
            raise MachineError("bad tetris save data: names are 6 letters x 6 entries")
        self.bus.ram[0x700:0x720] = raw
        self.bus.ram[0x720:0x744] = names
