"""Every core keeps the Core protocol (cpu/core.py), its debugger's hooks
included: the run control (runcontrol.py) asks them of any core without
looking first whether it has them."""

from __future__ import annotations

import inspect

import pytest

from retroscope.cpu import MOS6502, TMS9900, Z80
from retroscope.cpu.core import Core

CORES = {"6502": MOS6502, "z80": Z80, "tms9900": TMS9900}


def protocol_members() -> set[str]:
    members = set(Core.__annotations__)
    members |= {name for name, _ in inspect.getmembers(Core)
                if not name.startswith("_") and name in Core.__dict__}
    return members


@pytest.fixture(params=sorted(CORES))
def core(request):
    return CORES[request.param]()


def test_the_protocol_declares_the_debuggers_hooks() -> None:
    assert {"stops", "set_stops", "set_watch", "watch_mask", "request_stop", "at_stop",
            "halt_state"} <= protocol_members()


def test_every_core_has_every_member_of_the_protocol(core) -> None:
    missing = {name for name in protocol_members() if not hasattr(core, name)}
    assert not missing, f"{type(core).__name__} lacks {sorted(missing)}"


def test_a_core_at_power_on_runs_with_no_stop_no_watch_and_no_halt(core) -> None:
    assert core.stops == frozenset()
    assert core.watch_mask("read") is None and core.watch_mask("write") is None
    assert core.halt_state == ""
    core.run(100)
    assert core.at_stop is False


@pytest.mark.parametrize("access", ["read", "write"])
def test_one_watch_call_sets_and_clears_either_watch(core, access: str) -> None:
    other = "write" if access == "read" else "read"
    mask = bytearray(0x10000)
    mask[0x1234] = 1
    core.set_watch(access, mask, lambda addr, value: None)
    assert bytes(core.watch_mask(access)) == bytes(mask)
    assert core.watch_mask(other) is None
    core.set_watch(access, None)
    assert core.watch_mask(access) is None


def test_a_watch_is_refused_clearly(core) -> None:
    mask = bytearray(0x10000)
    with pytest.raises(ValueError, match="'read' or 'write'"):
        core.set_watch("exec", mask, lambda addr, value: None)
    with pytest.raises(ValueError, match="needs a hook"):
        core.set_watch("write", mask)
    with pytest.raises(ValueError, match="65,536"):
        core.set_watch("read", bytearray(100), lambda addr, value: None)
    assert core.watch_mask("read") is None and core.watch_mask("write") is None


def test_run_ends_before_a_stop_and_says_so(core) -> None:
    """A program of one-byte no-ops from 0 (00 is NOP on the Z80; on the
    6502 and the TMS9900, memory full of their NOP's bytes)."""
    nop = {"6502": b"\xEA", "z80": b"\x00", "tms9900": b"\x10\x00"}  # TMS9900: JMP $+2
    name = next(k for k, cls in CORES.items() if isinstance(core, cls))
    core.bus.ram[:] = nop[name] * (0x10000 // len(nop[name]))
    core.pc = 0x0200
    core.set_stops({0x0210})
    assert core.stops == frozenset({0x0210})
    core.run(10_000)
    assert core.pc == 0x0210 and core.at_stop
    core.set_stops(())
    core.run(8)
    assert not core.at_stop
