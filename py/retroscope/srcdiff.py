"""A change to a machine's program source as a compact diff: what a share
link, the journal and a snapshot carry of a source edit.

A diff names, per file it changes, the file, a checksum of the shipped text
it applies to (`checksum`: another build's source is known as such) and its
hunks: (first line, lines deleted, lines put there), line numbers counted
from 0 in the shipped text. Its text (`encode`) is `1.` and, in URL-safe
base64, the JSON [[file, base, [[start, deleted, [line, ...]], ...]], ...]
raw-deflated, then `.` and a CRC-32 of that data: a damaged diff is known
before anything reads it. Files are sorted and hunks in order, so one change
has one text.

Coming in (`decode`) it is untrusted: bounded when inflated, checked field by
field (names, numbers, lines of printable text, hunks in order and apart);
`apply` checks the hunks against the text they change. Nothing is evaluated.
"""

from __future__ import annotations

import base64
import difflib
import hashlib
import json
import zlib
from collections.abc import Callable
from dataclasses import dataclass

VERSION = 1
MAX_TEXT = 256 * 1024  # characters of a diff's text
MAX_JSON = 2 * 1024 * 1024  # inflated
MAX_FILES = 64
MAX_HUNKS = 4096
MAX_LINES = 20_000  # lines a diff puts in, all files together
MAX_LINE = 1024  # characters of one line
MAX_NAME = 64
WBITS = -15


class DiffError(ValueError):
    """A diff that cannot be used; the message says which part and why."""


@dataclass(frozen=True)
class Hunk:
    start: int  # first line replaced (0-based, in the base text)
    deleted: int  # how many lines of the base go
    lines: tuple[str, ...]  # what stands there instead


@dataclass(frozen=True)
class FileDiff:
    file: str
    base: str  # checksum(shipped text)
    hunks: tuple[Hunk, ...]

    def changed_lines(self) -> int:
        """Lines changed, as a person counts them: the larger side of each hunk."""
        return sum(max(h.deleted, len(h.lines)) for h in self.hunks)


def checksum(text: str) -> str:
    """The base's checksum: 12 hex digits of its SHA-256."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:12]


def lines_of(text: str) -> list[str]:
    """A text's lines, so that "\\n".join gives it back exactly."""
    return text.split("\n")


def diff_file(file: str, base: str, new: str) -> FileDiff | None:
    """The hunks that turn `base` into `new` (None when they are the same)."""
    if base == new:
        return None
    old_lines, new_lines = lines_of(base), lines_of(new)
    matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
    hunks = tuple(Hunk(i1, i2 - i1, tuple(new_lines[j1:j2]))
                  for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal")
    return FileDiff(file, checksum(base), hunks)


def apply(base: str, diff: FileDiff) -> str:
    """`base` with the diff's hunks applied; DiffError if they do not fit it."""
    if checksum(base) != diff.base:
        raise DiffError(f"{diff.file} was changed from another build's source (its "
                        f"checksum is not this build's)")
    lines = lines_of(base)
    out: list[str] = []
    at = 0
    for hunk in diff.hunks:
        if hunk.start < at or hunk.start + hunk.deleted > len(lines):
            raise DiffError(f"{diff.file}: a change at line {hunk.start + 1} lies outside "
                            f"its {len(lines)} lines")
        out += lines[at:hunk.start]
        out += hunk.lines
        at = hunk.start + hunk.deleted
    out += lines[at:]
    return "\n".join(out)


def line_map(diff: FileDiff | None) -> Callable[[int], int | None]:
    """Where a line of the old text (1-based) stands in the new one (None:
    it was changed or deleted)."""
    hunks = diff.hunks if diff is not None else ()

    def new_line(line: int) -> int | None:
        shift = 0
        for hunk in hunks:
            if line - 1 < hunk.start:
                break
            if line - 1 < hunk.start + hunk.deleted:
                return None
            shift += len(hunk.lines) - hunk.deleted
        return line + shift
    return new_line


# -- the wire form -------------------------------------------------------------------

def encode(diffs: list[FileDiff]) -> str:
    """The diff's text ("" for no change)."""
    if not diffs:
        return ""
    tree = [[d.file, d.base, [[h.start, h.deleted, list(h.lines)] for h in d.hunks]]
            for d in sorted(diffs, key=lambda d: d.file)]
    raw = json.dumps(tree, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    deflate = zlib.compressobj(9, zlib.DEFLATED, WBITS)
    data = base64.urlsafe_b64encode(deflate.compress(raw) + deflate.flush()).rstrip(b"=")
    text = data.decode()
    return f"{VERSION}.{text}.{zlib.crc32(text.encode()):08x}"


def decode(text: object) -> list[FileDiff]:
    """The diffs a text holds, checked field by field, or DiffError."""
    if not isinstance(text, str):
        raise DiffError("the source change is not text")
    if text == "":
        return []
    if len(text) > MAX_TEXT:
        raise DiffError(f"the source change is {len(text)} characters, more than {MAX_TEXT}")
    parts = text.split(".")
    if len(parts) != 3 or not parts[0].isdigit() or len(parts[0]) > 3:
        raise DiffError("the source change is damaged (it is not version.data.check)")
    version, data, check = int(parts[0]), parts[1], parts[2]
    if version != VERSION:
        raise DiffError(f"the source change is in format {version}; this page reads "
                        f"format {VERSION}")
    if f"{zlib.crc32(data.encode()):08x}" != check.lower():
        raise DiffError("the source change is damaged (its checksum does not match)")
    try:
        packed = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
        inflate = zlib.decompressobj(WBITS)
        raw = inflate.decompress(packed, MAX_JSON)
        if inflate.unconsumed_tail or not inflate.eof or inflate.unused_data:
            raise DiffError("the source change is too big or cut short")
        tree = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except DiffError:
        raise
    except (ValueError, zlib.error, RecursionError, UnicodeDecodeError):
        raise DiffError("the source change is damaged (it does not unpack)") from None
    return _check(tree)


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number")


def _whole(value: object, what: str, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= hi:
        raise DiffError(f"the source change's {what} is not a whole number 0-{hi}")
    return value


def _line(value: object, where: str) -> str:
    if not isinstance(value, str) or len(value) > MAX_LINE:
        raise DiffError(f"{where}: a line is not text of at most {MAX_LINE} characters")
    if any(not ch.isprintable() and ch not in "\t\r" for ch in value):
        raise DiffError(f"{where}: a line holds control characters")
    return value


def _check(tree: object) -> list[FileDiff]:
    if not isinstance(tree, list) or not 0 < len(tree) <= MAX_FILES:
        raise DiffError(f"the source change is not a list of 1-{MAX_FILES} files")
    out: list[FileDiff] = []
    total = 0
    for item in tree:
        if not isinstance(item, list) or len(item) != 3:
            raise DiffError("a file of the source change is not [file, base, hunks]")
        name, base, hunks = item
        if (not isinstance(name, str) or not 0 < len(name) <= MAX_NAME
                or not all(ch.isalnum() or ch in "._-" for ch in name)):
            raise DiffError("a file of the source change has no usable name")
        if not isinstance(base, str) or len(base) != 12 or not all(
                ch in "0123456789abcdef" for ch in base):
            raise DiffError(f"{name}: its base checksum is not 12 hex digits")
        if not isinstance(hunks, list) or not 0 < len(hunks) <= MAX_HUNKS:
            raise DiffError(f"{name}: not a list of 1-{MAX_HUNKS} changes")
        checked: list[Hunk] = []
        at = 0
        for hunk in hunks:
            if not isinstance(hunk, list) or len(hunk) != 3 or not isinstance(hunk[2], list):
                raise DiffError(f"{name}: a change is not [start, deleted, lines]")
            start = _whole(hunk[0], "line", MAX_LINES * 16)
            deleted = _whole(hunk[1], "count", MAX_LINES * 16)
            if start < at or (checked and start == at and not deleted and not checked[-1].deleted):
                raise DiffError(f"{name}: its changes are not in order and apart")
            if not deleted and not hunk[2]:
                raise DiffError(f"{name}: a change at line {start + 1} changes nothing")
            total += len(hunk[2])
            if total > MAX_LINES:
                raise DiffError(f"the source change puts in more than {MAX_LINES} lines")
            lines = tuple(_line(v, f"{name} line {start + 1}") for v in hunk[2])
            checked.append(Hunk(start, deleted, lines))
            at = start + deleted
        out.append(FileDiff(name, base, tuple(checked)))
    names = [d.file for d in out]
    if names != sorted(set(names)):
        raise DiffError("the source change names a file twice or out of order")
    return out


def summary(diffs: list[FileDiff]) -> list[dict[str, object]]:
    """Per file: its name and the lines changed (the page's banner)."""
    return [{"file": d.file, "lines": d.changed_lines()} for d in diffs]
