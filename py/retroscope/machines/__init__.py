"""The game machines, each a sub-package named by its id.

`create(id, **params)` builds one. A machine sub-package exposes
`create(**params) -> Machine` and `INFO` (a `MachineInfo`). The list below is
the one source of which machines exist; `available()` reports those whose
package is present, so the page shows only real machines.

A package still being built sets `UNFINISHED = "what is missing"`: it is left
out of `available()` (so out of the page and the contract suite) and listed by
`unfinished()`, while its own tests run.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from .base import Machine, MachineError, MachineInfo

KNOWN = ("tetris", "backgammon", "pacman", "crpg", "jmc")

# Machines registered at run time (tests register a test-only machine here).
_EXTRA: dict[str, Any] = {}

__all__ = ["KNOWN", "Machine", "MachineError", "MachineInfo", "available", "create",
           "info", "input_sources", "problems", "register", "unfinished", "validator"]


def register(machine_id: str, module: Any) -> None:
    """Add a machine module (with `create` and `INFO`) that is not in KNOWN."""
    _EXTRA[machine_id] = module


def _module(machine_id: str) -> Any:
    if machine_id in _EXTRA:
        return _EXTRA[machine_id]
    if machine_id not in KNOWN:
        raise MachineError(f"unknown machine {machine_id!r}")
    try:
        return import_module(f".{machine_id}", __name__)
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.endswith(f"machines.{machine_id}"):
            raise MachineError(f"machine {machine_id!r} is not built yet") from exc
        raise


def available() -> list[str]:
    """Ids of the machines that can be created here, in KNOWN order."""
    broken = problems()
    return [mid for mid in (*KNOWN, *_EXTRA)
            if mid not in broken and _present(mid) and not _unfinished_reason(mid)]


def _unfinished_reason(machine_id: str) -> str:
    return str(getattr(_module(machine_id), "UNFINISHED", "") or "")


def unfinished() -> dict[str, str]:
    """Machines whose package says it is not finished yet: id -> what is missing."""
    broken = problems()
    return {mid: _unfinished_reason(mid) for mid in (*KNOWN, *_EXTRA)
            if mid not in broken and _present(mid) and _unfinished_reason(mid)}


def _present(machine_id: str) -> bool:
    try:
        _module(machine_id)
    except MachineError:
        return False
    return True


def problems() -> dict[str, str]:
    """Machines whose package is present but broken: id -> what is wrong.

    A broken machine is left out of the page (with a message) instead of
    taking the others down with it.
    """
    found: dict[str, str] = {}
    for machine_id in (*KNOWN, *_EXTRA):
        try:
            module = _module(machine_id)
        except MachineError:
            continue
        except Exception as exc:  # a machine that fails to import
            found[machine_id] = f"{type(exc).__name__}: {exc}"
            continue
        missing = [name for name in ("INFO", "create") if not hasattr(module, name)]
        if missing:
            found[machine_id] = f"its package lacks {', '.join(missing)}"
    return found


def info(machine_id: str) -> MachineInfo:
    return _module(machine_id).INFO


def validator(machine_id: str) -> Any:
    """The machine's `validate(values)` hook for link parameters, or None."""
    return getattr(_module(machine_id), "validate", None)


def input_sources(machine_id: str) -> dict[str, Any]:
    """The machine's named input sources (its `INPUT_SOURCES`, e.g. tetris's
    "ai"): name -> factory(options: dict) making a fresh `source(machine) ->
    buttons` for the debugger session; a bad option raises ValueError."""
    return dict(getattr(_module(machine_id), "INPUT_SOURCES", None) or {})


def create(machine_id: str, **params: Any) -> Machine:
    machine = _module(machine_id).create(**params)
    machine.power_on_state = machine.snapshot()  # what a restart with an edited program takes
    return machine
