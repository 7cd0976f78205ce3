"""`crpg`: seed 000's five-stage map processing on a TI-99/4A stand-in.

`create(map="")`: no map starts the built-in world (town, forest, dark
cellar, slanting shore, endless isle); `map` is a shared map (mapfile.py)
that is walked on its own. MAPPRC and its stages are our TMS9900 code
(`mapprc.asm`) at the article's data layout, checked against `model.py`.
"""

from __future__ import annotations

import sys
from typing import Any

from ..base import check_params
from .machine import INFO, CrpgMachine
from .mapfile import MapFileError, decode
from .world import World, default_world

__all__ = ["INFO", "CrpgMachine", "create", "validate"]


def validate(values: dict[str, Any]) -> list[tuple[str, str]]:
    text = values.get("map") or ""
    if not text:
        return []
    try:
        decode(text)
    except MapFileError as exc:
        return [("map", f"map: {exc}; using the built-in world")]
    return []


def create(**params: Any) -> CrpgMachine:
    values = check_params(INFO.params, params, validate)
    world = default_world()
    if values["map"]:
        world = World([decode(values["map"])])
    machine = CrpgMachine(world)
    if sys.platform == "emscripten":  # the page, where compiling is slowest
        machine.warm_up()
    return machine
