"""The call stack, read from memory when the CPU is paused (no run-time cost).

Each CPU keeps return addresses differently: the 6502 pushes (return - 1) on
page 1, the Z80 pushes the return address where SP points, the TMS9900 keeps
BL's return in R11 and BLWP's in the new workspace's R14 (old WP in R13).
A candidate return address counts only if the bytes just before it decode as a
call of exactly that length, so stale data on the stack is skipped (BRK is
left out: a zero byte before any address would pass for one).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
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


def _candidates(info: CpuInfo, peek: Callable[[int], int]) -> Iterator[tuple[int, int]]:
    """(return address, where it was found) pairs, innermost first."""
    cpu = info.cpu
    if info.family == "6502":
        i = cpu.s + 1
        while i < 0x100:
            lo, hi = peek(0x100 | i), peek(0x100 | ((i + 1) & 0xFF))
            yield ((lo | hi << 8) + 1) & 0xFFFF, 0x100 | i
            i += 1
    elif info.family == "z80":
        sp = cpu.sp
        for n in range(256):
            at = (sp + 2 * n) & 0xFFFF
            yield peek(at) | peek((at + 1) & 0xFFFF) << 8, at
    else:  # tms9900: R11, then the BLWP chain through R14 (PC) / R13 (WP)
        wp = cpu.wp
        r11 = wp + 22
        yield peek(r11 & 0xFFFF) << 8 | peek((r11 + 1) & 0xFFFF), r11
        for _ in range(MAX_FRAMES):
            r13, r14 = wp + 26, wp + 28
            yield peek(r14 & 0xFFFF) << 8 | peek((r14 + 1) & 0xFFFF), r14
            wp = peek(r13 & 0xFFFF) << 8 | peek((r13 + 1) & 0xFFFF)


def call_stack(info: CpuInfo, peek: Callable[[int], int],
               symbols: dict[str, int] | None = None) -> list[dict[str, Any]]:
    """Frames innermost first: {"return", "call", "text", "found_at", "label"}."""
    names = {v: k for k, v in (symbols or {}).items()}
    frames: list[dict[str, Any]] = []
    skip_until = -1
    for ret, found_at in _candidates(info, peek):
        if info.family == "6502" and found_at < skip_until:
            continue  # the high byte of a frame already taken
        site = _calls_before(info, peek, ret)
        if site is None:
            continue
        frames.append({"return": ret, "call": site, "text": info.text(peek, site, symbols),
                       "found_at": found_at,
                       "label": names.get(site, "")})
        if info.family == "6502":
            skip_until = found_at + 2
        if len(frames) >= MAX_FRAMES:
            break
    return frames
