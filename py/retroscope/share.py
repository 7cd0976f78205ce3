"""URL state: the parameters of a share link, decoded, validated and encoded.

A link is `#/<machine>?name=value&...`. The page's router (web/router.js)
splits the hash and hands the raw strings here (in the worker); each machine declares its
parameters as `Param` specs and may add a `validate(values)` hook for rules a
spec cannot express. Anything wrong yields a readable message and the
parameter's default: a bad link never stops a machine from starting.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from .machines.base import Param, messages_of, parse_int, shown

__all__ = ["Decoded", "encode", "parse_int", "shown", "valid_machine_id", "validate"]

_MACHINE_ID = re.compile(r"^[a-z][a-z0-9_]{0,31}$")


@dataclass
class Decoded:
    """What a link asked for, after validation."""

    values: dict[str, Any] = field(default_factory=dict)
    messages: list[str] = field(default_factory=list)


def validate(params: tuple[Param, ...], raw: dict[str, str], hook: Any = None) -> Decoded:
    """Check raw link parameters against specs; bad ones fall back to defaults.

    `hook(values)` may return more messages, each a string or a
    (param name, message) pair; the named parameters (or, for a plain string,
    those whose names it mentions) fall back to their defaults, and a message
    that does not say what it uses instead is told so. One message per
    problem: a parameter already reported is not reported again by the hook.
    """
    specs = {p.name: p for p in params}
    out = Decoded(values={p.name: p.default for p in params})
    reported: set[str] = set()
    for name, text in raw.items():
        spec = specs.get(name)
        if spec is None:
            out.messages.append(f"unknown parameter {shown(name)} ignored")
            continue
        value, message = spec.check(text)
        out.values[name] = value
        if message:
            out.messages.append(message)
            reported.add(name)
    if hook is not None:
        for name, message in messages_of(hook(dict(out.values))):
            names = [name] if name in specs else [
                n for n in specs if re.search(rf"\b{re.escape(n)}\b", message)]
            names = names or list(specs)
            for n in names:
                out.values[n] = specs[n].default
            if "using" not in message:
                message += "; " + ", ".join(specs[n].using() for n in names)
            if not set(names) <= reported:
                out.messages.append(message)
            reported.update(names)
    return out


def valid_machine_id(machine: str) -> bool:
    return bool(_MACHINE_ID.match(machine))


def encode(machine: str, values: dict[str, Any]) -> str:
    """The hash of a share link for this machine and these values."""
    query = "&".join(f"{quote(str(k))}={quote(str(v), safe='$')}"
                     for k, v in values.items() if v is not None)  # None: not set
    return f"#/{machine}" + (f"?{query}" if query else "")
