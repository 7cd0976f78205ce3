"""`--input FILE`: the buttons pressed on each frame of a headless run.

Either JSON, a list with one value per frame (bit i = the machine's button
i, as `retroscope machines ID` lists them), or text, one line per span of
frames:

    # comment
    60 -              sixty frames pressing nothing
    1 Start           one frame on Start
    12 Right+A        names joined by +, as the machine names its buttons
    4 0x81            or the bits as a number

After the last frame of the file nothing is pressed.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..machines.base import parse_int
from .common import CliError

MAX_FRAMES = 10_000_000


def read_inputs(path: str, buttons: tuple[str, ...]) -> list[int]:
    """The buttons of each frame from the file at `path`; CliError on anything wrong."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(f"cannot read the input file {path}: {exc}") from None
    if text.lstrip().startswith("["):
        return _from_json(text, path, buttons)
    return _from_spans(text, path, buttons)


def _from_json(text: str, path: str, buttons: tuple[str, ...]) -> list[int]:
    try:
        values = json.loads(text)
    except ValueError as exc:
        raise CliError(f"{path}: not JSON: {exc}") from None
    top = (1 << len(buttons)) - 1
    if not isinstance(values, list) or len(values) > MAX_FRAMES or not all(
            isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= top for v in values):
        raise CliError(f"{path}: a JSON input is a list of whole numbers 0-{top}, one a frame")
    return values


def _from_spans(text: str, path: str, buttons: tuple[str, ...]) -> list[int]:
    frames: list[int] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = f"{path}:{number}"
        parts = line.split(None, 1)
        span = parse_int(parts[0])
        if span is None or span < 1:
            raise CliError(f"{where}: a line starts with how many frames, not {parts[0]!r}")
        if len(frames) + span > MAX_FRAMES:
            raise CliError(f"{where}: more than {MAX_FRAMES:,} frames")
        frames += [_bits(parts[1] if len(parts) > 1 else "-", buttons, where)] * span
    return frames


def _bits(text: str, buttons: tuple[str, ...], where: str) -> int:
    names = {name.lower(): 1 << i for i, name in enumerate(buttons)}
    top = (1 << len(buttons)) - 1
    text = text.strip()
    if text in ("-", ""):
        return 0
    value = parse_int(text)
    if value is not None:
        if not 0 <= value <= top:
            raise CliError(f"{where}: {text} is outside 0-{top}")
        return value
    bits = 0
    for name in text.split("+"):
        bit = names.get(name.strip().lower())
        if bit is None:
            raise CliError(f"{where}: no button {name.strip()!r} (the buttons: "
                           f"{', '.join(buttons)})")
        bits |= bit
    return bits
