"""Assemblers for Retroscope's three CPUs: one shared front end, one backend per ISA.

    from retroscope.asm import assemble, AsmError
    program = assemble(source, "6502", include="retroscope.machines.jmc")
    program.load_into(bus)

`assemble(source, isa, origin=None, include=None, *, filename="<source>")`
returns a `Program`: `chunks` [(address, bytes)] sorted and merged,
`symbols` {name: value}, `listing` [ListingRow(address, data, line, text,
file, code)] with one row per source line (includes inlined, rows naming their
file), usable as the debugger's source map (`row_at(address)`,
`address_of(line, file)`), `image()`, `listing_text()`, `load_into(bus)`.
`origin` (default 0) is the address before any `.org`.  `include` says where
`.include "name"` reads from: a callable name -> text, a package name, or a
folder / `importlib.resources` Traversable (see `source.py`).

Bad source raises `AsmError`: `.line`/`.file`/`.message` give the first error,
`.errors` all of them and `str()` lists them ("file:line: message").  Lines
that fail to parse are all reported together; if none did, layout and
emission errors (undefined symbols, ranges, branches, assertions, overlaps)
are all reported together.  Nothing else escapes, whatever the input (see
tests/conformance/test_asm_fuzz.py).  Each call owns its error collector: no globals.

Modules, one job each:

* `syntax.py`   per-ISA text profile: number formats, comment and label rules,
  directive spellings (`MOS`, `ZILOG`, `TI_EA`);
* `lexer.py`    a line (or TI field) to tokens;
* `expr.py`     expressions parsed once into trees, evaluated on each pass;
* `frontend.py` lines to statements (`ir.py`, each with file, line and text),
  includes inlined, duplicate symbols caught;
* `passes.py`   addresses as a fixpoint (forward references sized long
  first, shrunk once known; at most 16 passes, else an error naming the
  symbols still moving), then a strict final pass that emits and checks;
* `program.py`  the result; `errors.py` AsmError and the per-call collector;
* `backend.py`  the backend contract and the ISA registry; `isa_6502.py` ...

Common syntax: labels `name:` (Z80 also a bare name in column 1, TI only
that); local labels (6502 `@name`, Z80 `.name`) belong to the previous global
label and are stored as `global@name` (also writable that way); `name = expr`,
`name .equ expr`; expressions with `+ - * / & | ^ << >>`, comparisons,
`! && ||`, unary `- ~ < >` (`<`/`>`: low/high byte of everything to their
right, so `#<table+1` is the low byte of table+1), parentheses or brackets,
`'c'` characters and the current address (`*` on the 6502, `$` on Z80/TI),
C precedence, division toward zero, values within 64 bits.  Directives
(6502 spelling): `.org`, `* = expr`, `.byte/.db` (numbers and "strings"),
`.word/.dw`, `.res/.ds count[, fill]` (no fill: space skipped, nothing
emitted), `.align n[, fill]`, `.include "file"`, `.assert expr[, "message"]`
(checked on the final pass), `.end`.  TI profiles also get RORG (operand
optional), DORG (dummy section: labels, no output), BES (label after the
block), EVEN, and DEF/REF/IDT ignored.  6502 operands: see `isa_6502.py`.

Adding an ISA: write `isa_<name>.py` exposing `BACKEND` and list it in
`backend.ISAS`.  BACKEND has `isa`, `syntax` (a `Syntax`, e.g. derived from
`ZILOG` or `TI_EA` with `dataclasses.replace`), `word_order`, `insn_align`,
`data_align`, and `is_mnemonic(name)`, `takes_operands(name)` (field
syntaxes only: is the next field operands or comment?), `parse(name, cursor)
-> payload` (operands parsed once, expressions via `cursor.expr()`),
`size(payload, env)` (longest form while a symbol is unresolved) and
`encode(payload, env) -> bytes` (exactly `size` bytes; raise `Problem` for
bad values).  Until its module exists, `assemble()` says the ISA is "not
available yet".  `assemble_with(backend, ...)` runs any backend object.
"""

from __future__ import annotations

from typing import Any

from .backend import ISAS, Backend, load_backend
from .errors import AsmError, Diagnostics, Problem
from .frontend import FrontEnd
from .passes import SPACE, layout
from .program import ListingRow, Program
from .source import Loader, make_loader

__all__ = ["ISAS", "AsmError", "ListingRow", "Program", "assemble", "assemble_with"]


def assemble(source: str, isa: str, origin: int | None = None, include: Any = None,
             *, filename: str = "<source>") -> Program:
    """Assemble `source` for `isa` ("6502", "z80", "tms9900")."""
    if isinstance(source, bytes | bytearray):
        source = bytes(source).decode("utf-8", errors="replace")
    if not isinstance(source, str):
        raise AsmError(0, f"source must be text, not {type(source).__name__}", filename)
    if origin is None:
        origin = 0
    if isinstance(origin, bool) or not isinstance(origin, int) or not 0 <= origin < SPACE:
        raise AsmError(0, f"origin must be an address in $0000-${SPACE - 1:04X}", filename)
    try:
        backend = load_backend(isa)
        loader = make_loader(include)
    except Problem as exc:
        raise AsmError(0, str(exc), filename) from None
    return assemble_with(backend, source, origin, loader, str(filename))


def assemble_with(backend: Backend, source: str, origin: int, loader: Loader,
                  filename: str) -> Program:
    """`assemble()` with the backend and include loader already chosen."""
    diag = Diagnostics()
    front = FrontEnd(backend, loader, diag)
    front.parse_file(source, filename)
    diag.raise_if_any()
    walk = layout(front.stmts, backend, origin, diag, front.defined)
    diag.raise_if_any()
    _check_overlap(walk.pieces, diag)
    diag.raise_if_any()
    return Program(backend.isa, _chunks(walk.pieces), walk.defined, walk.rows)


def _check_overlap(pieces: list, diag: Diagnostics) -> None:
    ordered = sorted(pieces, key=lambda piece: piece[0])
    end, owner = -1, None
    for address, data, loc in ordered:
        if address < end and data:
            diag.error(loc.file, loc.line, f"output at ${address:04X} overlaps bytes "
                       f"already placed by line {owner.line} of {owner.file}")
        if address + len(data) > end:
            end, owner = address + len(data), loc


def _chunks(pieces: list) -> list[tuple[int, bytes]]:
    chunks: list[tuple[int, bytearray]] = []
    for address, data, _loc in sorted(pieces, key=lambda piece: piece[0]):
        if not data:
            continue
        if chunks and chunks[-1][0] + len(chunks[-1][1]) == address:
            chunks[-1][1].extend(data)
        else:
            chunks.append((address, bytearray(data)))
    return [(address, bytes(data)) for address, data in chunks]
