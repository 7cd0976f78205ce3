"""The TI-99/4A's memory as its CPU sees it: where an access waits.

Only the console's own 16-bit memory answers the TMS9900 at once: the
console ROM (>0000->1FFF) and the scratch pad RAM (>8000->83FF, 256 bytes
mirrored four times). Everything else goes through the 8-bit multiplexer,
which reads or writes a word as two bytes and adds 4 clock cycles to each
access (TI-99/4A Technical Data; MAME's ti99_4x.cpp and datamux.cpp).

The scratch pad is often given as >8300->83FF alone; the conformance corpus
(generated from the console's real decoding) charges no wait states in its
mirrors >8000->82FF either, and we follow it.
"""

from __future__ import annotations

WAIT_CYCLES = 4  # per access through the 8-bit multiplexer


def slow(addr: int) -> bool:
    """Whether an access at `addr` goes through the 8-bit multiplexer."""
    return not (addr < 0x2000 or 0x8000 <= addr < 0x8400)


# The core's wait-state table: extra cycles per access, per 256-byte page.
WAIT_STATES: tuple[int, ...] = tuple(WAIT_CYCLES if slow(page << 8) else 0
                                     for page in range(256))
