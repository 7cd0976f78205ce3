"""A script's output console: what it prints and logs, and its errors with
their tracebacks, held for the page to collect (`news`)."""

from __future__ import annotations

import linecache
import traceback
from types import TracebackType

from .budget import SCRIPT_FILE

MAX_PENDING = 1000  # entries held for the page between two collections
MAX_TEXT = 4000  # characters of one entry (a longer print is cut)


class Console:
    """Output entries, (kind, text): "out" (print), "log" (log), "error",
    "info" (the host's own notes: started, stopped)."""

    def __init__(self) -> None:
        self._pending: list[tuple[str, str]] = []
        self._dropped = 0

    def write(self, kind: str, text: str) -> None:
        if not text:
            return
        if len(text) > MAX_TEXT:
            text = text[:MAX_TEXT] + f"… ({len(text) - MAX_TEXT} more characters)\n"
        pending = self._pending
        if pending and pending[-1][0] == kind and kind in ("out", "log"):
            # prints in a row are one entry (a line written in pieces stays one)
            if len(pending[-1][1]) + len(text) <= MAX_TEXT:
                pending[-1] = (kind, pending[-1][1] + text)
                return
        if len(pending) >= MAX_PENDING:
            self._dropped += 1
            return
        pending.append((kind, text))

    def has_news(self) -> bool:
        return bool(self._pending or self._dropped)

    def news(self) -> list[list[str]]:
        """The entries since the last call, oldest first ([kind, text] each)."""
        out = [[kind, text] for kind, text in self._pending]
        if self._dropped:
            out.append(["info", f"({self._dropped} outputs dropped: the script wrote faster "
                                f"than the page reads)\n"])
        self._pending = []
        self._dropped = 0
        return out


def remember_source(text: str, filename: str = SCRIPT_FILE) -> None:
    """Let tracebacks show the script's lines (linecache serves them)."""
    lines = text.splitlines(keepends=True)
    linecache.cache[filename] = (len(text), None, lines, filename)


def script_line(exc: BaseException, filename: str = SCRIPT_FILE) -> int | None:
    """The line of the script where `exc` was raised (the innermost of its
    frames in the script), or None (raised before the script ran)."""
    if isinstance(exc, SyntaxError) and exc.filename == filename:
        return exc.lineno
    line = None
    tb: TracebackType | None = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def describe(exc: BaseException, hidden: tuple[str, ...], filename: str = SCRIPT_FILE,
             last: str | None = None) -> str:
    """A traceback for people: the frames of the script and of what it called,
    without the host's own (files under `hidden`); `last` in place of the
    exception's own line."""
    if isinstance(exc, SyntaxError) and exc.filename == filename:
        return "".join(traceback.format_exception_only(type(exc), exc))
    te = traceback.TracebackException.from_exception(exc, capture_locals=False)
    seen: set[int] = set()
    part: traceback.TracebackException | None = te
    while part is not None and id(part) not in seen:  # the chain: causes and contexts
        seen.add(id(part))
        frames = [f for f in part.stack if not f.filename.startswith(hidden)]
        part.stack = traceback.StackSummary.from_list(frames)
        part = part.__cause__ or part.__context__
    if last is not None:
        frames = "".join(te.stack.format())
        return ("Traceback (most recent call last):\n" + frames if frames else "") + last + "\n"
    return "".join(te.format())
