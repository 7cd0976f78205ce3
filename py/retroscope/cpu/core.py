"""What every CPU core offers the machines, the debugger and the tests."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Literal, Protocol

from .bus import Bus

# The two kinds of memory access a core watches (`Core.set_watch`).
Access = Literal["read", "write"]
ACCESSES: tuple[Access, ...] = ("read", "write")
# A watch's hook: hook(addr, value), after the access.
WatchHook = Callable[[int, int], Any]
Mask = bytes | bytearray  # 65,536 entries, one per address: nonzero where watched


def check_access(access: object) -> Access:
    """`access` if it names a kind of access, else a ValueError."""
    if access not in ACCESSES:
        raise ValueError(f"a watch is on 'read' or 'write', not {access!r}")
    return access  # type: ignore[return-value]


def checked_watch(access: object, mask: Mask | None, hook: WatchHook | None
                  ) -> tuple[Mask, WatchHook] | None:
    """`Core.set_watch`'s arguments checked: (mask, hook), or None for no
    watch (mask None); a ValueError for a wrong kind, size or a missing hook."""
    check_access(access)
    if mask is None:
        return None
    if len(mask) != 0x10000:
        raise ValueError(f"a {access} watch mask covers 64 KiB (65,536 addresses), "
                         f"not {len(mask)}")
    if hook is None:
        raise ValueError(f"a {access} watch needs a hook")
    return mask, hook


class Core(Protocol):
    """A CPU core over a `Bus`.

    Registers are plain attributes (`a x y s p` on the 6502; `af bc de hl ...`
    on the Z80; `wp st` and `reg(n)` on the TMS9900), plus `pc`.
    `cycles` counts clock cycles (T-states on the Z80) since construction.

    The debugger's hooks (the second half) are all a debugger or a machine
    may ask of a core (`runcontrol.py` uses nothing else); each costs
    nothing while unused: no stop address, no watch.
    """

    bus: Bus
    pc: int
    cycles: int

    def step(self) -> int:
        """Execute one whole instruction (or interrupt entry); return its cycles."""
        ...

    def run(self, cycles: int) -> int:
        """Execute whole instructions until at least `cycles` have elapsed.

        Returns the cycles actually run (may overshoot by one instruction).
        Stops early, returning what ran, if the core halts (JAM / HALT / IDLE),
        before a stop address and after a requested stop (see `at_stop`).
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

    # -- the debugger's hooks -------------------------------------------------------
    @property
    def stops(self) -> frozenset[int]:
        """The stop addresses now set (`set_stops`)."""
        ...

    def set_stops(self, addresses: Iterable[int]) -> None:
        """Make run() end before any instruction at these addresses (empty:
        none); step() ignores them. Compiled code ends before a stop, so the
        code that never reaches one runs at full speed."""
        ...

    def set_watch(self, access: Access, mask: Mask | None, hook: WatchHook | None = None
                  ) -> None:
        """Call hook(addr, value) after every `access` ("read" or "write") the
        CPU makes where mask[addr] is set, exactly as a bus watch would see
        them (fetches, dummy accesses, pushes and vectors included), from
        inside run() and step(); compiled code stays, with the checks in it.
        A hook that calls `request_stop()` ends run() after the instruction
        in flight. None: no watch, and no cost. The core may copy the mask or
        the pages it covers: give it again when it changes."""
        ...

    def watch_mask(self, access: Access) -> Mask | None:
        """The mask of the `access` watch set now (None: none)."""
        ...

    def request_stop(self) -> None:
        """End the run() in progress after the instruction in flight (from a
        watch's hook); step() runs one instruction anyway."""
        ...

    @property
    def at_stop(self) -> bool:
        """Why the last run() ended: True before a stop address or after a
        requested stop; False when its cycles ran, or the core halted
        (`halt_state`)."""
        ...

    @property
    def halt_state(self) -> str:
        """Why the core is not executing: "" (it is), "jam" (a 6502 JAM opcode:
        only a reset ends it), "halt" (Z80 HALT) or "idle" (TMS9900 IDLE), both
        waiting for an interrupt. The one name the machines and the debugger ask."""
        ...
