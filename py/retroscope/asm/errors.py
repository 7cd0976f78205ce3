"""Errors of one assembly: where (file, line) and what.

Each call to `assemble()` owns one `Diagnostics`; nothing is global, so a
long-lived worker can assemble again and again without leftovers (the Ophis
`Errors.py` module counter is the pattern avoided here).
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Enough to fix a file in one go without an unbounded message.
MAX_REPORTED = 40


class Problem(Exception):
    """Something wrong with one statement; the front end adds file and line."""


class Unresolved(Problem):
    """An expression names a symbol that has no value (yet)."""

    def __init__(self, name: str) -> None:
        super().__init__(f"undefined symbol '{name}'")
        self.name = name


@dataclass(frozen=True, slots=True)
class Diagnostic:
    file: str
    line: int  # 1-based; 0 when no line is to blame
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}" if self.line else self.message


class AsmError(Exception):
    """Bad assembly source. `.line`/`.file`/`.message` describe the first error;
    `.errors` lists all of them (the message shows up to MAX_REPORTED)."""

    def __init__(self, line: int, message: str, file: str = "",
                 errors: tuple[Diagnostic, ...] = ()) -> None:
        self.line = line
        self.message = message
        self.file = file
        self.errors = errors or (Diagnostic(file, line, message),)
        shown = [str(d) for d in self.errors[:MAX_REPORTED]]
        if len(self.errors) > MAX_REPORTED:
            shown.append(f"... and {len(self.errors) - MAX_REPORTED} more errors")
        super().__init__("\n".join(shown))


@dataclass(slots=True)
class Diagnostics:
    """The errors collected so far by one assembly."""

    errors: list[Diagnostic] = field(default_factory=list)

    def error(self, file: str, line: int, message: str) -> None:
        self.errors.append(Diagnostic(file, line, message))

    def raise_if_any(self) -> None:
        if self.errors:
            first = self.errors[0]
            raise AsmError(first.line, first.message, first.file, tuple(self.errors))
