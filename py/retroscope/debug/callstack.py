"""The call stack, read from memory when the CPU is paused (no run-time cost).

Each CPU keeps return addresses differently: the 6502 pushes (return - 1) on
page 1, the Z80 pushes the return address where SP points, the TMS9900 keeps
BL's return in R11 and BLWP's in the new workspace's R14 (old WP in R13).
A candidate return address counts only if the bytes just before it decode as a
call of exactly that length, so stale data on the stack is skipped (BRK is
left out: a zero byte before any address would pass for one); where the
program's listing is known, the call must also begin one of its lines (else
a zero word above the Z80's stack passes for the return from an RST $38 at
$FFFF, where unmapped memory reads $FF).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from .cpuinfo import CALL, CpuInfo, _word_be, _word_le

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
            yield _word_le(peek, at), at
    else:  # tms9900: R11, then the BLWP chain through R14 (PC) / R13 (WP)
        wp = cpu.wp
        r11 = wp + 22
        yield _word_be(peek, r11), r11
        for _ in range(MAX_FRAMES):
            r13, r14 = wp + 26, wp + 28
            yield _word_be(peek, r14), r14
            wp = _word_be(peek, r13)


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
    for ret, found_at in _candidates(info, peek):
        if info.family == "6502" and found_at < skip_until:
            continue  # a byte of a frame already taken
        site = _calls_before(info, peek, ret)
        if site is not None and (starts is None or starts(site)):
            frames.append({"return": ret, "call": site, "text": info.text(peek, site, symbols),
                           "routine": routine(site), "found_at": found_at})
            skip_until = found_at + 2
        elif info.family == "6502" and starts is not None and found_at < 0x1FE:
            # An interrupt frame: P at found_at, then the PC it will return to.
            p = peek(found_at)
            pc = peek(found_at + 1) | peek(found_at + 2) << 8
            if p & 0x30 == 0x20 and starts(pc):
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
