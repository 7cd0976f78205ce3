"""CPU cores: MOS 6502 / Ricoh 2A03, Zilog Z80, TI TMS9900.

Each core follows the `Core` protocol in `core.py` and runs over a `Bus`.
Cores are imported on first use so that a machine pays only for its own CPU.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from .bus import Bus
from .core import Core

_CORES = {
    "MOS6502": ".mos6502",
    "Z80": ".z80",
    "TMS9900": ".tms9900",
}

__all__ = ["Bus", "Core", *_CORES]


def __getattr__(name: str) -> Any:
    module = _CORES.get(name)
    if module is None:
        raise AttributeError(f"module 'retroscope.cpu' has no attribute {name!r}")
    return getattr(import_module(module, __name__), name)
