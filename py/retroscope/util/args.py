"""A request's arguments checked at the boundary (the worker's verbs, the bench's)."""

from __future__ import annotations

from typing import Any


class RequestError(ValueError):
    """The request itself was wrong (a bad argument): said back to the page."""


def int_arg(args: dict[str, Any], name: str, lo: int, hi: int, default: int | None = None) -> int:
    """`args[name]` (or `default`) as a whole number within lo..hi, or a
    RequestError saying why not."""
    value = args.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError(f"{name} must be a whole number, not {value!r}")
    if not lo <= value <= hi:
        raise RequestError(f"{name} must be within {lo}-{hi}, not {value}")
    return value
