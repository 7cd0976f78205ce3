"""From statements to bytes: addresses as a fixpoint, then one emitting pass.

Each `Walk` goes over the whole program once, assigning addresses and giving
symbols values.  Early walks see forward references as unresolved, so
backends size those for the longest form; the next walk knows more and may
shrink them (e.g. 6502 zero page).  Walks repeat until no symbol changes, up
to MAX_PASSES; then a final walk evaluates everything strictly, emits the
bytes and reports every error.
"""

from __future__ import annotations

from collections.abc import Callable

from .backend import Backend
from .errors import Diagnostics, Problem
from .expr import Env, Expr
from .ir import Align, Assert, Assign, Data, End, Include, Insn, Loc, Org, Reserve, ReserveEnd, Stmt
from .program import ListingRow

MAX_PASSES = 16
SPACE = 0x10000  # every supported CPU has a 16-bit address space


class Walk:
    """One pass over the program; `final` makes it strict and emitting."""

    def __init__(self, backend: Backend, known: dict[str, int], origin: int,
                 final: bool, diag: Diagnostics) -> None:
        self.backend = backend
        self.env = Env(dict(known))
        self.defined: dict[str, int] = {}
        self.pc = origin
        self.final = final
        self.dummy = False  # inside a dummy section: addresses advance, nothing is emitted
        self.diag = diag
        self.pieces: list[tuple[int, bytes, Loc]] = []
        self.rows: list[ListingRow] = []
        self._data = b""  # what the current statement emitted, for its listing row

    def run(self, stmts: list[Stmt]) -> None:
        env = self.env
        for stmt in stmts:
            self._data = b""
            align, effect, label_after = _HANDLERS[type(stmt)]
            try:
                boundary = align(self, stmt)
                if boundary > 1 and self.pc % boundary:
                    self.pc += boundary - self.pc % boundary
                env.here = start = self.pc
                if stmt.label is not None and not label_after:
                    self.define(stmt.label, start)
                effect(self, stmt)
                if label_after:
                    start = self.pc
                    if stmt.label is not None:
                        self.define(stmt.label, start)
            except Problem as exc:
                if self.final:
                    self.diag.error(stmt.loc.file, stmt.loc.line, str(exc))
                start = self.pc
            if self.final:
                loc = stmt.loc
                self.rows.append(ListingRow(start, self._data, loc.line, loc.text, loc.file,
                                            isinstance(stmt, Insn)))

    def define(self, name: str, value: int) -> None:
        self.env.symbols[name] = value
        self.defined[name] = value

    def value(self, expr: Expr) -> int:
        return expr.eval(self.env)

    def emit(self, data: bytes, stmt: Stmt) -> None:
        if self.final and not self.dummy:
            if not 0 <= self.pc <= SPACE - len(data):
                raise Problem(f"output at ${self.pc:04X} runs past the end of the "
                              f"address space (${SPACE - 1:04X})")
            self.pieces.append((self.pc, data, stmt.loc))
            self._data += data
        self.pc += len(data)

    def skip(self, count: int) -> None:
        if self.final and not 0 <= self.pc + count <= SPACE:
            raise Problem(f"reserving {count} bytes at ${self.pc:04X} runs past the end "
                          f"of the address space")
        self.pc += count

    # -- one handler per statement type -----------------------------------------
    def org(self, stmt: Org) -> None:
        self.dummy = stmt.dummy
        if stmt.address is None:
            return
        address = self.value(stmt.address)
        if not 0 <= address < SPACE:
            raise Problem(f"address {address} is outside $0000-${SPACE - 1:04X}")
        self.pc = address
        self.env.here = address

    def assign(self, stmt: Assign) -> None:
        self.define(stmt.name, self.value(stmt.value))

    def data(self, stmt: Data) -> None:
        width = stmt.width
        if not self.final:  # only its size counts until the final walk
            self.pc += sum(len(item) if isinstance(item, bytes) else width
                           for item in stmt.items)
            return
        out = bytearray()
        for item in stmt.items:
            if isinstance(item, bytes):
                out += item
                continue
            try:
                value = self.value(item)
            except Problem:
                if self.final:
                    raise
                value = 0
            out += _pack(value, width, self.backend.word_order)
        self.emit(bytes(out), stmt)

    def reserve(self, stmt: Reserve) -> None:
        count = self.value(stmt.count)
        if count < 0:
            raise Problem(f"cannot reserve a negative count ({count})")
        if stmt.fill is None:
            self.skip(count)
        elif count > SPACE:
            raise Problem(f"cannot fill {count} bytes: more than the address space")
        else:
            self.emit(_pack(self.value(stmt.fill), 1, "little") * count, stmt)

    def align(self, stmt: Align) -> None:
        boundary = self.value(stmt.boundary)
        if not 1 <= boundary <= SPACE:
            raise Problem(f"alignment {boundary} is not in 1..{SPACE}")
        count = -self.pc % boundary
        if stmt.fill is None:
            self.skip(count)
        else:
            self.emit(_pack(self.value(stmt.fill), 1, "little") * count, stmt)

    def assert_(self, stmt: Assert) -> None:
        if self.final and not self.value(stmt.cond):
            raise Problem("assertion failed" + (f": {stmt.message}" if stmt.message else ""))

    def insn(self, stmt: Insn) -> None:
        backend = self.backend
        if self.final:
            data = backend.encode(stmt.payload, self.env)
            self.emit(data, stmt)
        else:
            self.pc += backend.size(stmt.payload, self.env)

    def nothing(self, stmt: Stmt) -> None:
        pass


def _pack(value: int, width: int, order: str) -> bytes:
    low = -(1 << (8 * width - 1))
    if not low <= value < 1 << (8 * width):
        what = "a byte" if width == 1 else f"{width} bytes"
        raise Problem(f"value {value} does not fit in {what}")
    return (value & ((1 << (8 * width)) - 1)).to_bytes(width, order)  # type: ignore[arg-type]


def _no_align(walk: Walk, stmt: Stmt) -> int:
    return 1


def _insn_align(walk: Walk, stmt: Stmt) -> int:
    return walk.backend.insn_align


def _data_align(walk: Walk, stmt: Data) -> int:
    return walk.backend.data_align if stmt.width > 1 else 1


# type -> (alignment before the statement, its effect, label defined after the effect)
_HANDLERS: dict[type, tuple[Callable, Callable, bool]] = {
    Stmt: (_no_align, Walk.nothing, False),
    Include: (_no_align, Walk.nothing, False),
    End: (_no_align, Walk.nothing, False),
    Org: (_no_align, Walk.org, True),
    Assign: (_no_align, Walk.assign, False),
    Data: (_data_align, Walk.data, False),
    Reserve: (_no_align, Walk.reserve, False),
    ReserveEnd: (_no_align, Walk.reserve, True),
    Align: (_no_align, Walk.align, True),
    Assert: (_no_align, Walk.assert_, False),
    Insn: (_insn_align, Walk.insn, False),
}


def layout(stmts: list[Stmt], backend: Backend, origin: int, diag: Diagnostics,
           defined_at: dict[str, Loc]) -> Walk:
    """Settle the addresses, then run the final walk; return it."""
    known: dict[str, int] = {}
    previous: dict[str, int] = {}
    for _ in range(MAX_PASSES):
        walk = Walk(backend, known, origin, False, diag)
        walk.run(stmts)
        if walk.defined == known:
            break
        previous, known = known, walk.defined
    else:
        moving = sorted(name for name in known if known[name] != previous.get(name))
        where = defined_at.get(moving[0]) if moving else None
        diag.error(where.file if where else "", where.line if where else 0,
                   f"addresses did not settle after {MAX_PASSES} passes (each depends on "
                   f"the others); still moving: {', '.join(moving[:8])}")
        return walk
    final = Walk(backend, known, origin, True, diag)
    final.run(stmts)
    return final
