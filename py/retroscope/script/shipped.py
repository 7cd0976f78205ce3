"""The scripts that ship: at least one per machine, shown in the Script tab's
list. Each file in examples/ is a script as a user would write it (the API's
names are its globals, script/api.py), read as text, never imported: the
folder is package data, not a package (nothing walking the package's modules
imports them)."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources


@dataclass(frozen=True)
class Example:
    machine: str
    name: str  # the file's stem
    title: str

    def text(self) -> str:
        # (resources: the page imports the package from its wheel, a zip)
        folder = resources.files(__package__).joinpath("examples")
        return folder.joinpath(f"{self.name}.py").read_text(encoding="utf-8")


EXAMPLES: tuple[Example, ...] = (
    Example("tetris", "tetris_ai", "The Tetris AI (its weights to change)"),
    Example("tetris", "tetris_rng", "Log the RNG at $0017-$0018 each frame"),
    Example("backgammon", "backgammon_dice", "The next dice rolls, from the RNG's table"),
    Example("pacman", "pacman_ghosts", "Each ghost's target and the way it chooses"),
    Example("crpg", "crpg_mapprc", "MAPPRC's cycles, stage by stage"),
    Example("jmc", "jmc_inferred", "What the computer has inferred of your pieces"),
)


def for_machine(machine_id: str) -> list[dict[str, str]]:
    """The examples of a machine, first the one the tab opens with."""
    return [{"name": e.name, "title": e.title, "text": e.text()}
            for e in EXAMPLES if e.machine == machine_id]
