"""How the stand-in times a step of MAPPRC and a map's copy (probe pairs
around the calls, less what the probes themselves cost), and the article's
figures for the copy to set the results against."""

from __future__ import annotations

from ..ti99.console import PROBE

# The probe pair `MOVB R0,@PROBE / BL @MAPPRC / MOVB R0,@PROBE` measures one
# probe instruction and the BL besides MAPPRC itself (entry to its return):
# the probe MOVB is 14 + 8 (symbolic) + 4 x 4 waits (fetch, address word,
# read and write of the probe) = 38; BL @ is 12 + 8 + 3 x 4 waits (fetch,
# address word, and the read of the target the chip makes) = 32 (code in the
# 8-bit expansion, workspace in the scratchpad). The tests hold the result
# equal to `Machine.call("MAPPRC")` on the same state.
STEP_PROBE_OVERHEAD = 38 + 32
# The copy is timed the same way; its RT (B *R11: 8 + 4 for the *R11 mode
# + 2 x 4 waits: fetch, and the read at the return address) is taken off
# too, leaving the loop the article times.
RT_CYCLES = 20
COPY_PROBE_OVERHEAD = 38 + 32 + RT_CYCLES
# MAPPRC runs with the VDP interrupt let in, so that the keys hook (KEYHK)
# catches a press made during a step. Its probe pair times the hook; each
# interrupt costs that plus INTERRUPT_OVERHEAD (the context switch, the
# console routine around the hook, its RTWP), all taken off the step.
INT_PROBE = PROBE + 4
INTERRUPT_OVERHEAD = 234  # held to Machine.call("MAPPRC") by the tests
# The article's figures for the 1,024-byte copy (seed 000).
ARTICLE_COPY = {"looped": 81_920, "unrolled": 50_688}
ARTICLE_BYTES = 1024
