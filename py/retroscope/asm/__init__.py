"""Assemblers for Retroscope's three CPUs: one shared front end, one backend per ISA.

    from retroscope.asm import assemble, AsmError
    program = assemble(source, "6502", origin=0x8000, include="retroscope.machines.jmc")
    program.load_into(bus)

`assemble(source, isa, origin=None, include=None, *, filename="<source>")`
returns a `Program`: `chunks` [(address, bytes)], `symbols` {name: value},
`listing` [ListingRow(address, data, line, text, file)] (also the debugger's
source map: `row_at(address)`, `address_of(line, file)`), `load_into(bus)`.
Bad source raises `AsmError` whose `.line`/`.file`/`.message` give the first
error and whose text lists all of them; nothing else escapes, whatever the input.
`include` says where `.include "name"` reads from (see `source.py`).

How it works (one module per step):

* `syntax.py`  per-ISA text profile: number formats, comments, labels, directive
  spellings (`MOS`, `ZILOG`, `TI_EA`);
* `lexer.py`   a line (or TI field) to tokens;
* `expr.py`    expressions parsed once into trees, evaluated on each pass;
* `frontend.py` lines to statements (`ir.py`, each with file and line),
  includes inlined, duplicate symbols caught;
* `passes.py`  addresses as a fixpoint (forward references sized long first,
  shrunk when known; at most 16 passes or an error), then a strict final
  pass that emits bytes and reports every error;
* `program.py` the result; `errors.py` `AsmError` and the per-call collector.

Common syntax, all ISAs: labels (`name:`; column-1 rules per profile), local
labels (6502: `@name`, Z80: `.name`) belonging to the previous global label
and stored as `global@name`; `name = expr` / `name .equ expr`; expressions
with `+ - * / & | ^ << >>`, comparisons, `! && ||`, unary `- ~ < >` (low/high
byte of everything to the right), parentheses, `'c'` characters and the
current address (`*` on the 6502, `$` on Z80/TI); directives `.org`,
`.byte/.db` (numbers and "strings"), `.word/.dw`, `.res/.ds count[, fill]`
(no fill: space skipped, nothing emitted), `.align n[, fill]`, `.include
"file"`, `.assert expr[, "message"]` (checked on the final pass), `.end`;
`* = expr` is `.org`.  For TI sources the profile also maps RORG (operand
optional), DORG (a dummy section: labels, no output) and BES (label after
the block).  6502 operand syntax: see `isa_6502.py`.

Errors: every line that fails to parse is reported; if none did, layout and
emission errors (undefined symbols, ranges, assertions, overlaps) are
collected in turn.  Either way all of one stage's errors come in one AsmError.

Adding an ISA: write `isa_<name>.py` exposing `BACKEND` (the interface is in
`backend.py`), list it in `backend.ISAS`, and give it a `Syntax` (start from
`syntax.ZILOG` or `syntax.TI_EA`).  Until its module exists, `assemble()` says
the ISA is "not available yet".
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
