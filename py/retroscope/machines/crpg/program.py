"""Assemble the CRPG's TMS9900 program once; the tile tables come from tiles.py."""

from __future__ import annotations

from ..base import Built, assemble_package
from ..program_edit import Recipe
from .tiles import includes

PACKAGE = "retroscope.machines.crpg"


def recipe() -> Recipe:
    return Recipe(PACKAGE, "crpg.asm", "tms9900", dict(includes()))


def program() -> Built:
    """crpg.asm with mapprc.asm and the generated tile tables (cached)."""
    return assemble_package(PACKAGE, "crpg.asm", "tms9900", includes())
