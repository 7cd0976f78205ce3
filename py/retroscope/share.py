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

from .machines.base import Param

MAX_SHOWN = 40  # how much of a bad value a message quotes
_INT = re.compile(r"^(?:\$([0-9a-fA-F]+)|0[xX]([0-9a-fA-F]+)|(-?[0-9]+))$")
_MACHINE_ID = re.compile(r"^[a-z][a-z0-9_]{0,31}$")


@dataclass
class Decoded:
    """What a link asked for, after validation."""

    values: dict[str, Any] = field(default_factory=dict)
    messages: list[str] = field(default_factory=list)


def shown(text: str) -> str:
    """A bad value as a message may quote it: short and printable."""
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return repr(text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN] + "…")


def parse_int(text: str) -> int | None:
    """Decimal, `$hex` or `0xhex`; None if it is none of them."""
    match = _INT.match(text.strip())
    if not match:
        return None
    hex1, hex2, dec = match.groups()
    if dec is not None:
        return int(dec)
    return int(hex1 or hex2, 16)


def using(param: Param) -> str:
    """How a message says which value is used instead: the default, in words a
    person reads (never Python's None)."""
    value = param.default
    if value is None or value == "":
        return f"using no {param.name} (the default)"
    return f"using {param.name}={value} (the default)"


def _check(param: Param, raw: str) -> tuple[Any, str | None]:
    """(value, None) or (default, message)."""
    if param.kind == "int":
        value = parse_int(raw)
        if value is None:
            return param.default, (f"{param.name}={shown(raw)} is not a number;"
                                   f" {using(param)}")
        if not param.lo <= value <= param.hi:
            return param.default, (f"{param.name}={shown(raw)} is outside {param.lo}-{param.hi};"
                                   f" {using(param)}")
        return value, None
    if param.kind == "str":
        if len(raw) > param.max_len:
            return param.default, (f"{param.name} is {len(raw)} characters long, more than"
                                   f" {param.max_len}; {using(param)}")
        if param.alphabet:
            bad = sorted({ch for ch in raw if ch not in param.alphabet})
            if bad:
                return param.default, (f"{param.name} has characters it cannot hold"
                                       f" ({shown(''.join(bad[:8]))}); {using(param)}")
        return raw, None
    raise ValueError(f"Param {param.name} has unknown kind {param.kind!r}")


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
        value, message = _check(spec, text)
        out.values[name] = value
        if message:
            out.messages.append(message)
            reported.add(name)
    if hook is not None:
        for item in hook(dict(out.values)) or ():
            name, message = item if isinstance(item, tuple) else (None, str(item))
            names = [name] if name in specs else [
                n for n in specs if re.search(rf"\b{re.escape(n)}\b", message)]
            names = names or list(specs)
            for n in names:
                out.values[n] = specs[n].default
            if "using" not in message:
                message += "; " + ", ".join(using(specs[n]) for n in names)
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
