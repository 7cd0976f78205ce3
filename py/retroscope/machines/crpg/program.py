"""Assemble the CRPG's TMS9900 program once; the tile tables come from tiles.py."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Any

from .tiles import includes

PACKAGE = "retroscope.machines.crpg"


def _include(name: str) -> str:
    generated = includes()
    if name in generated:
        return generated[name]
    return resources.files(PACKAGE).joinpath(name).read_text()


@lru_cache(maxsize=1)
def program() -> Any:  # retroscope.asm.Program
    from ...asm import assemble

    return assemble(_include("crpg.asm"), "tms9900", include=_include, filename="crpg.asm")
