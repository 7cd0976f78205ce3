"""The debugger's engine: sessions, stepping, breakpoints, watches, rewind, trace.

`Session(machine)` is the one object the worker talks to; everything else here
is a part of it. Nothing here costs anything while it is not in use.
"""

from __future__ import annotations

from ..runcontrol import StopKind, StopReason
from .session import DebugError, Session

__all__ = ["DebugError", "Session", "StopKind", "StopReason"]
