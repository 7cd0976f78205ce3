"""What every CPU core offers the machines, the debugger and the tests."""

from __future__ import annotations

from typing import Any, Protocol

from .bus import Bus


class Core(Protocol):
    """A CPU core over a `Bus`.

    Registers are plain attributes (`a x y s p` on the 6502; `af bc de hl ...`
    on the Z80; `wp st` and `reg(n)` on the TMS9900), plus `pc`.
    `cycles` counts clock cycles (T-states on the Z80) since construction.
    """

    bus: Bus
    pc: int
    cycles: int

    @property
    def halt_state(self) -> str:
        """Why the core is not executing: "" (it is), "jam" (a 6502 JAM opcode:
        only a reset ends it), "halt" (Z80 HALT) or "idle" (TMS9900 IDLE), both
        waiting for an interrupt. The one name the machines and the debugger ask."""
        ...

    def step(self) -> int:
        """Execute one whole instruction (or interrupt entry); return its cycles."""
        ...

    def run(self, cycles: int) -> int:
        """Execute whole instructions until at least `cycles` have elapsed.

        Returns the cycles actually run (may overshoot by one instruction).
        Stops early, returning what ran, if the core halts (JAM / HALT / IDLE).
        """
        ...

    def reset(self) -> None: ...

    def invalidate_code(self, start: int, end: int) -> list[int]:
        """Drop the compiled blocks whose code overlaps [start, end) (code
        patched from outside: see `blocks.CompiledCode`); their starts."""
        ...

    def snapshot(self) -> dict[str, Any]:
        """All CPU state (not memory) as a JSON-able dict, walked from one field list."""
        ...

    def restore(self, state: dict[str, Any]) -> None: ...
