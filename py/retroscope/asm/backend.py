"""The contract between the shared front end and one ISA, and the ISA registry.

A backend module `isa_<name>.py` exposes `BACKEND`, an object with:

* `isa` (str), `syntax` (a `Syntax` profile), `word_order` ("little" | "big"),
  `insn_align` / `data_align` (1, or 2 for word-aligned CPUs such as the TMS9900);
* `is_mnemonic(name) -> bool` for a lower-cased name as written (it may
  carry a suffix the backend understands, e.g. 6502 `lda.w`);
* `takes_operands(name) -> bool` (only consulted for field-based syntaxes,
  where it decides whether the next field is operands or comment);
* `parse(name, cursor) -> payload`: parse the operand tokens once, building
  expressions with `cursor.expr()`; raise `Problem` on bad syntax;
* `size(payload, env) -> int`: bytes the instruction takes given what is known
  now; symbols may be unresolved (`Unresolved`) on early passes, so pick the
  longest form then; the front end iterates until addresses settle;
* `encode(payload, env) -> bytes`: the final bytes, exactly `size()` long
  for the same `env`; raise `Problem` for out-of-range values.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Protocol

from .errors import Problem
from .expr import Cursor, Env
from .syntax import Syntax

# ISA name -> backend module; the one list of what `assemble()` accepts.
ISAS = {"6502": ".isa_6502", "z80": ".isa_z80", "tms9900": ".isa_tms9900"}


class Backend(Protocol):
    isa: str
    syntax: Syntax
    word_order: str
    insn_align: int
    data_align: int

    def is_mnemonic(self, name: str) -> bool: ...

    def takes_operands(self, name: str) -> bool: ...

    def parse(self, name: str, cursor: Cursor) -> Any: ...

    def size(self, payload: Any, env: Env) -> int: ...

    def encode(self, payload: Any, env: Env) -> bytes: ...


def load_backend(isa: object) -> Backend:
    """The backend for `isa`, or Problem saying why there is none."""
    module_name = ISAS.get(isa) if isinstance(isa, str) else None
    if module_name is None:
        raise Problem(f"unknown isa {isa!r}; choose one of {', '.join(ISAS)}")
    package = __name__.rpartition(".")[0]
    try:
        module = import_module(module_name, package)
    except ModuleNotFoundError as exc:
        if exc.name == package + module_name:
            raise Problem(f"the {isa} assembler is not available yet") from None
        raise
    return module.BACKEND
