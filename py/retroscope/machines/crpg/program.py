"""Assemble the CRPG's TMS9900 program once; the tile tables come from tiles.py."""

from __future__ import annotations

from ..base import Built, assemble_package
from .tiles import includes


def program() -> Built:
    """crpg.asm with mapprc.asm and the generated tile tables (cached)."""
    return assemble_package("retroscope.machines.crpg", "crpg.asm", "tms9900", includes())
