"""The call stack, read from memory when the CPU is paused (no run-time cost).

Each CPU keeps return addresses differently (`CpuInfo.return_slots`): the
6502 pushes (return - 1) on page 1, the Z80 pushes the return address where
SP points, the TMS9900 keeps BL's return in R11 and BLWP's in the new
workspace's R14 (old WP in R13).
A candidate return address counts only if the bytes just before it decode as a
call of exactly that length, so stale data on the stack is skipped (BRK is
left out: a zero byte before any address would pass for one); where the
program's listing is known, the call must also begin one of its lines (else
a zero word above the Z80's stack passes for the return from an RST $38 at
$FFFF, where unmapped memory reads $FF).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .cpuinfo import CALL, CpuInfo

MAX_FRAMES = 32


def _calls_before(info: CpuInfo, peek: Callable[[int], int], ret: int) -> int | None:
    """The call site, if a call instruction ends exactly at `ret`."""
    for length in (4, 3, 2, 1):
        site = (ret - length) & 0xFFFF
        insn = info.decode(peek, site)
        if insn.kind == CALL and insn.length == length and insn.valid:
            return site
    return None


def call_stack(info: CpuInfo, peek: Callable[[int], int],
               symbols: dict[str, int] | None = None,
               starts: Callable[[int], bool] | None = None) -> list[dict[str, Any]]:
    """Frames innermost first: {"return", "call", "text", "routine", "found_at"}.

    `routine` names the routine the call was made from (the nearest label at
    or before the call site). With `starts` (is this address where a source
    line's code begins? from the listing), 6502 interrupt frames (P, PCL, PCH
    pushed with B clear) are found too, shown with call None and text
    "interrupt"; and a call site counts only where a line begins."""
    routine = _routine_finder(symbols or {})
    frames: list[dict[str, Any]] = []
    skip_until = -1
    for ret, found_at in info.return_slots(peek):
        if info.stack_calls and found_at < skip_until:
            continue  # a byte of a frame already taken on the stack
        site = _calls_before(info, peek, ret)
        if site is not None and (starts is None or starts(site)):
            frames.append({"return": ret, "call": site, "text": info.text(peek, site, symbols),
                           "routine": routine(site), "found_at": found_at})
            skip_until = found_at + 2
        elif starts is not None:
            pc = info.interrupt_frame(peek, found_at)
            if pc is not None and starts(pc):
                frames.append({"return": pc, "call": None, "text": "interrupt",
                               "routine": routine(pc), "found_at": found_at})
                skip_until = found_at + 3
        if len(frames) >= MAX_FRAMES:
            break
    return frames


def _routine_finder(symbols: dict[str, int]) -> Callable[[int], str]:
    """addr -> the nearest global label at or before it ("" if none)."""
    import bisect
    by_value: dict[int, str] = {}
    for name in sorted(symbols, key=lambda n: (n.isupper(), n)):
        if "@" not in name:
            by_value.setdefault(symbols[name] & 0xFFFF, name)
    values = sorted(by_value)

    def find(addr: int) -> str:
        i = bisect.bisect_right(values, addr) - 1
        return by_value[values[i]] if i >= 0 else ""
    return find
