"""Hostile texts for a link's `script` parameter (share.py's script=): the
unit tests decode each, the machines tests load a machine with each."""

from __future__ import annotations

HOSTILE = [
    "", " ", ".", "..", "1", "1.", "1..", "1.x", "1.x.y", "0.AA.00000000", "9999.AA.0",
    "99999.AA.0", "-1.AA.0", "1.AA.0.0", "１.AA.0", "NaN", "null", "[]", "{}", "__proto__",
    "<script>alert(1)</script>", "1.<img src=x onerror=alert(1)>.0", "javascript:alert(1)",
    "\x00", "1.\x00.0", "\u202e", "\ud800", "%00", "1.%ZZ.0", "1." + "A" * 300_000 + ".0",
    "1." + "/" * 5000 + ".0", "1.====.0", "1.AAAA", "A" * 100_000,
]
