"""The parsed program: one statement node per source line, each knowing its
place (file, line, text).  Expressions inside are parsed once (`expr.Expr`)
and evaluated again on every pass."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .expr import Expr


@dataclass(frozen=True, slots=True)
class Loc:
    file: str
    line: int  # 1-based
    text: str  # the source line, for the listing


@dataclass(slots=True, kw_only=True)
class Stmt:
    """A line with no effect beyond its optional label (blank, comment, label only)."""

    loc: Loc
    label: str | None = None  # symbol defined as this statement's address


@dataclass(slots=True, kw_only=True)
class Org(Stmt):
    address: Expr | None  # None: carry on at the current address
    dummy: bool = False  # labels only, no output, until the next Org


@dataclass(slots=True, kw_only=True)
class Data(Stmt):
    width: int  # 1 or 2 bytes per expression item
    items: list[Expr | bytes]  # bytes: a string, one byte per character


@dataclass(slots=True, kw_only=True)
class Reserve(Stmt):
    count: Expr
    fill: Expr | None  # None: skip the space without emitting bytes


@dataclass(slots=True, kw_only=True)
class ReserveEnd(Reserve):
    """A reserve whose label names the address after the block (TI BES)."""


@dataclass(slots=True, kw_only=True)
class Align(Stmt):
    boundary: Expr
    fill: Expr | None


@dataclass(slots=True, kw_only=True)
class Assign(Stmt):
    name: str
    value: Expr


@dataclass(slots=True, kw_only=True)
class Assert(Stmt):
    cond: Expr
    message: str


@dataclass(slots=True, kw_only=True)
class Include(Stmt):
    name: str


@dataclass(slots=True, kw_only=True)
class End(Stmt):
    """Nothing after this line of this file is assembled."""


@dataclass(slots=True, kw_only=True)
class Insn(Stmt):
    payload: Any  # the backend's parsed operand, opaque to the front end
