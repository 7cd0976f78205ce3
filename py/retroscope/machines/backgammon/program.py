"""Assemble the machine's 6502 sources once; the dice table comes from the model."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from .model import DICE_TABLE

PACKAGE = "retroscope.machines.backgammon"


def _include(name: str) -> str:
    if name == "dice_table.inc":  # one source of truth: model.DICE_TABLE
        rows = [DICE_TABLE[i:i + 6] for i in range(0, len(DICE_TABLE), 6)]
        return "\n".join("        .byte " + ", ".join(f"${v:02X}" for v in row)
                         for row in rows) + "\n"
    return resources.files(PACKAGE).joinpath(name).read_text()


@lru_cache(maxsize=1)
def program():  # -> retroscope.asm.Program
    from ...asm import assemble

    return assemble(_include("backgammon.asm"), "6502", include=_include,
                    filename="backgammon.asm")
