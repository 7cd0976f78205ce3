"""URL state: the parameters of a share link, decoded, validated and encoded.

A link is `#/<machine>?name=value&...`. The page's router (web/router.js)
splits the hash and hands the raw strings here (in the worker); each machine declares its
parameters as `Param` specs and may add a `validate(values)` hook for rules a
spec cannot express. Anything wrong yields a readable message and the
parameter's default: a bad link never stops a machine from starting.
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, unquote

from .machines.base import Param, messages_of, parse_int, shown

__all__ = ["Decoded", "Moment", "MomentError", "ScriptLinkError", "decode_moment",
           "decode_script", "encode", "encode_moment", "encode_script", "moment_file",
           "parse_int", "parse_link", "read_moment_file", "shown", "valid_machine_id",
           "validate"]

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


# -- the moment: a link that brings back exactly what was on screen ------------------
#
# `#/<machine>?<params>&moment=<version>.<data>.<check>`; `check` is a CRC-32
# over the machine, its parameters and `data`, so a damaged or edited link is
# known before anything is used. Past MAX_LINK characters the page offers the
# same moment as a moment file (`moment_file`/`read_moment_file`).
#
# Format 2 (what the page writes): `data` is, in URL-safe base64, the length
# of the head (3 bytes), the head: compact JSON, raw-deflated, of the journal
# since the state's frame (debug/journal.py), the first 16 hex digits of the
# state hash at the moment, the fingerprint of the build's machine and the
# saved data it began with; then the machine's state at a frame's start
# before the moment (moment_state.py: written against the machine's power-on
# snapshot, checked field by field on the way in). Opening it replays a few
# frames, however long the play before it.
#
# Format 1 (still read; written on request): `data` is the journal since
# power-on, the saved data and the hash, as compact JSON, deflated (zlib):
# opening it replays every frame since power-on.

MOMENT_PARAM = "moment"
SRC_PARAM = "src"  # the program's source edit (srcdiff.py), against the shipped source
MOMENT_VERSION = 2  # the format written
FROM_POWER_ON = 1  # the format that replays from power-on
MAX_LINK = 5120  # characters of a whole link the page hands out; past it, a file
MAX_MOMENT_JSON = 8 * 1024 * 1024  # inflated: more is refused (no zip bombs)
MAX_MOMENT_TEXT = 4 * 1024 * 1024  # characters of a moment (a moment file's too)
FILE_KIND = "retroscope-moment"
# What the moment files written before this name was chosen say they are: read too.
FILE_KINDS = (FILE_KIND, "retroscope-session")
FILE_VERSION = 1  # of the file around the moment


class MomentError(ValueError):
    """A moment that cannot be used; the message says why, for the page."""


@dataclass
class Moment:
    """A decoded moment: its format, its head (journal "j", hash "h", saved
    data "s"; in format 2 the fingerprint "fp") and, in format 2, the
    machine's state as the link's bytes (moment_state.decode_state)."""

    version: int
    body: dict[str, Any]
    state: bytes | None = None


def _checksum(machine: str, values: dict[str, Any], data: str) -> str:
    text = f"{encode(machine, values)}|{data}"
    return f"{zlib.crc32(text.encode()):08x}"


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _json(body: dict[str, Any]) -> bytes:
    return json.dumps(body, separators=(",", ":"), sort_keys=True).encode()


def encode_moment(machine: str, values: dict[str, Any], body: dict[str, Any],
                  state: bytes | None = None) -> str:
    """A moment's text: format 2 with a `state`, else format 1 (the journal
    in `body` then runs from power-on)."""
    if state is None:
        data = _b64(zlib.compress(_json(body), 9))
        version = FROM_POWER_ON
    else:
        deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
        head = deflate.compress(_json(body)) + deflate.flush()
        data = _b64(len(head).to_bytes(3, "big") + head + state)
        version = MOMENT_VERSION
    return f"{version}.{data}.{_checksum(machine, values, data)}"


def decode_moment(text: str, machine: str, values: dict[str, Any]) -> Moment:
    """The moment, or MomentError saying what is wrong with it."""
    parts = text.split(".")
    if len(text) > MAX_MOMENT_TEXT or len(parts) != 3 or not parts[0].isdigit() \
            or len(parts[0]) > 4:
        raise MomentError("the moment in this link is damaged (it is not version.data.check)")
    version, data, check = int(parts[0]), parts[1], parts[2]
    if version not in (FROM_POWER_ON, MOMENT_VERSION):
        newer = "a newer" if version > MOMENT_VERSION else "an older"
        raise MomentError(f"the moment in this link was made by {newer} Retroscope (format "
                          f"{version}; this page reads formats {FROM_POWER_ON}-{MOMENT_VERSION})")
    if _checksum(machine, values, data) != check.lower():
        raise MomentError("the moment in this link is damaged or does not belong to these "
                          "settings (its checksum does not match)")
    try:
        packed = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
        if version == FROM_POWER_ON:
            head, wbits, state = packed, zlib.MAX_WBITS, None
        else:
            size = int.from_bytes(packed[:3], "big")
            head, wbits, state = packed[3:3 + size], -15, packed[3 + size:]
            if len(packed) < 3 + size:
                raise ValueError("cut short")
        inflate = zlib.decompressobj(wbits)
        raw = inflate.decompress(head, MAX_MOMENT_JSON)
        if inflate.unconsumed_tail:
            raise MomentError("the moment in this link is too big to replay")
        body = json.loads(raw)
    except (ValueError, zlib.error, RecursionError) as exc:
        if isinstance(exc, MomentError):
            raise
        raise MomentError("the moment in this link is damaged (it does not unpack)") from None
    if not isinstance(body, dict) or not isinstance(body.get("j"), dict):
        raise MomentError("the moment in this link is damaged (no journal)")
    if state is not None and not isinstance(body.get("fp"), str):
        raise MomentError("the moment in this link is damaged (no fingerprint)")
    return Moment(version, body, state)


def moment_file(machine: str, values: dict[str, Any], moment: str) -> dict[str, Any]:
    """The moment as a file's JSON, for moments too long for a link; `values`
    the link's other parameters (a program edit's `src`, a `script`: None for none)."""
    return {"kind": FILE_KIND, "version": FILE_VERSION, "machine": machine,
            "params": {k: str(v) for k, v in values.items() if v is not None},
            "moment": moment}


def read_moment_file(data: Any) -> tuple[str, dict[str, str]]:
    """(machine, raw link parameters with the moment) from a moment file's JSON."""
    if not isinstance(data, dict) or data.get("kind") not in FILE_KINDS:
        raise MomentError("this is not a Retroscope moment file")
    machine, params, moment = data.get("machine"), data.get("params"), data.get("moment")
    if not isinstance(machine, str) or not valid_machine_id(machine):
        raise MomentError("the moment file names no machine")
    if not isinstance(params, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in params.items()):
        raise MomentError("the moment file's parameters are not names and texts")
    if not isinstance(moment, str):
        raise MomentError("the moment file holds no moment")
    return machine, {**params, MOMENT_PARAM: moment}


# -- a script: the page's Script tab, carried by a link ---------------------------------
#
# `&script=<version>.<data>.<check>`: `data` is the script's text, UTF-8,
# raw-deflated, in URL-safe base64; `check` a CRC-32 of the text. The page's
# own parameter (the machine never sees it): the page shows the script and
# runs it only when the user says so.

SCRIPT_PARAM = "script"
SCRIPT_VERSION = 1
MAX_SCRIPT_TEXT = 64 * 1024  # characters of a script a link carries
MAX_SCRIPT_PARAM = 4 * MAX_SCRIPT_TEXT  # characters of the parameter (a moment file's)
# Text a script may hold: tabs, line ends, and no other control characters.
_SCRIPT_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")


class ScriptLinkError(ValueError):
    """A link's script that cannot be used; the message says why, for the page."""


def encode_script(text: str) -> str:
    """A script as its link parameter's text."""
    check_script_text(text)
    raw = text.encode("utf-8")
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = _b64(deflate.compress(raw) + deflate.flush())
    return f"{SCRIPT_VERSION}.{data}.{zlib.crc32(raw):08x}"


def check_script_text(text: Any) -> str:
    """A script's text as a link may carry it, or ScriptLinkError."""
    if not isinstance(text, str):
        raise ScriptLinkError("a script is text")
    if len(text) > MAX_SCRIPT_TEXT:
        raise ScriptLinkError(f"the script is {len(text):,} characters long; a link carries "
                              f"at most {MAX_SCRIPT_TEXT:,}")
    bad = _SCRIPT_CONTROL.search(text)
    if bad:
        raise ScriptLinkError(f"the script holds a control character "
                              f"(U+{ord(bad.group()):04X}) a script's text never has")
    return text


def decode_script(text: Any) -> str:
    """The script a link's parameter carries, or ScriptLinkError saying what
    is wrong with it."""
    if not isinstance(text, str):
        raise ScriptLinkError("the script in this link is not text")
    parts = text.split(".")
    if len(text) > MAX_SCRIPT_PARAM or len(parts) != 3 or not parts[0].isdigit() \
            or len(parts[0]) > 4:
        raise ScriptLinkError("the script in this link is damaged (it is not version.data.check)")
    version, data, check = int(parts[0]), parts[1], parts[2].lower()
    if version != SCRIPT_VERSION:
        newer = "a newer" if version > SCRIPT_VERSION else "an older"
        raise ScriptLinkError(f"the script in this link was made by {newer} Retroscope "
                              f"(format {version}; this page reads format {SCRIPT_VERSION})")
    try:
        packed = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
        inflate = zlib.decompressobj(-15)
        # (UTF-8 takes at most 4 bytes a character: more than that is too long)
        raw = inflate.decompress(packed, 4 * MAX_SCRIPT_TEXT + 1)
        if inflate.unconsumed_tail or len(raw) > 4 * MAX_SCRIPT_TEXT:
            raise ScriptLinkError(f"the script in this link is longer than the "
                                  f"{MAX_SCRIPT_TEXT:,} characters a link carries")
        script = raw.decode("utf-8")
    except (ValueError, zlib.error) as exc:
        if isinstance(exc, ScriptLinkError):
            raise
        raise ScriptLinkError("the script in this link is damaged (it does not unpack)") from None
    if f"{zlib.crc32(raw):08x}" != check:
        raise ScriptLinkError("the script in this link is damaged (its checksum does not match)")
    try:
        return check_script_text(script)
    except ScriptLinkError as exc:
        raise ScriptLinkError(f"the script in this link is refused: {exc}") from None


# -- a link as text (the command line's `retroscope open`) ---------------------------

MAX_HASH = 8192  # characters of a hash the router reads (web/router.js)
PAGE_PARAMS = ("paused",)  # the page's own (web/main.js): the machine never sees them
_BAD_ESCAPE = re.compile(r"%(?![0-9A-Fa-f]{2})")


def parse_link(text: str) -> tuple[str, dict[str, str], list[str]]:
    """A share link, a whole URL or its hash (`#/<machine>?name=value&...`),
    split as the page's router splits it (web/router.js `parseHash`):
    (machine id or "", raw parameters, problems found on the way)."""
    problems: list[str] = []
    hash_text = text.split("#", 1)[1] if "#" in text else text.strip()
    if len(hash_text) > MAX_HASH:
        problems.append(f"the link is {len(hash_text)} characters long; only the first "
                        f"{MAX_HASH} are read")
        hash_text = hash_text[:MAX_HASH]
    path, _, query = hash_text.partition("?")
    machine = path.strip("/")
    if machine and not valid_machine_id(machine):
        problems.append(f"{shown(machine)} is not a machine name")
        machine = ""
    params: dict[str, str] = {}
    for pair in filter(None, query.split("&")):
        raw_key, eq, raw_value = pair.partition("=")
        key = _decode(raw_key, problems)
        if key is None:
            continue
        if not eq:
            problems.append(f"parameter {shown(key)} has no value; ignored")
            continue
        value = _decode(raw_value, problems)
        if value is None:
            continue
        if key in params:
            problems.append(f"parameter {shown(key)} given twice; the first is used")
            continue
        params[key] = value
    return machine, params, problems


def _decode(text: str, problems: list[str]) -> str | None:
    """decodeURIComponent, with "+" as a space: None (and a problem) where it would throw."""
    if _BAD_ESCAPE.search(text):
        problems.append(f"{shown(text)} is not valid URL encoding; ignored")
        return None
    try:
        return unquote(text.replace("+", " "), errors="strict")
    except UnicodeDecodeError:
        problems.append(f"{shown(text)} is not valid URL encoding; ignored")
        return None
