"""Compiling the cores' generated handler code, in one place.

Each core writes its handlers as Python source and compiles it once per
process (a factory per variant). The compile is the one big transient cost
of building a core: its syntax trees take ~30 MB at the peak. In the page's
boot snapshot (tools/snapshot.mjs) that peak, interleaved with the code
objects it leaves, would be a heap of ~75 MB; so the snapshot's maker
compiles in a first interpreter with `recording()` on, and hands the code
objects to the interpreter it snapshots through `precompiled()` (marshal:
the same Pyodide on both sides), whose heap then holds the code without the
trees' holes (~45 MB).
"""

from __future__ import annotations

import linecache
import marshal
from collections.abc import Callable
from types import CellType, CodeType, FunctionType

# (filename, source) -> the code object compile() gives; filled by precompiled().
_PRECOMPILED: dict[tuple[str, str], CodeType] = {}
_RECORDED: dict[tuple[str, str], CodeType] | None = None


def compile_generated(source: str, filename: str) -> CodeType:
    """compile(source, filename, "exec"), or the same code handed in beforehand."""
    code = _PRECOMPILED.pop((filename, source), None)
    if code is None:
        code = compile(source, filename, "exec")
        if _RECORDED is not None:
            _RECORDED[filename, source] = code
    return code


def generated_code(name: str, make_source: Callable[[], str]) -> CodeType:
    """Compile what `make_source()` writes, under the file name "<name> (generated)".

    Tracebacks into the code show its lines: linecache makes them again from
    `make_source` when one is shown. It is not given the lines now, which
    would keep a few MB of source text alive in every process (and in the
    boot snapshot) for tracebacks that rarely come. (linecache loads lazily
    only for names not in angle brackets.)"""
    filename = f"{name} (generated)"
    linecache.cache[filename] = (make_source,)
    return compile_generated(make_source(), filename)


def recording() -> None:
    """Keep every code object compile_generated compiles from now on."""
    global _RECORDED
    _RECORDED = {}


def recorded() -> bytes:
    """What was compiled since recording(), marshalled (for precompiled())."""
    return marshal.dumps(_RECORDED or {})


def precompiled(blob: bytes) -> None:
    """Hand in code that recorded() gave, by another interpreter of the same
    Python: compile_generated takes each instead of compiling it (once)."""
    _PRECOMPILED.update(marshal.loads(blob))


def closure_function(name: str, params: str, nonlocals: str, body: list[str],
                     cells: dict[str, CellType], filename: str) -> FunctionType:
    """A function `name(params)` of the statements `body` whose free names
    are a core's own closure cells (`cells`, by name): a compiled block works
    on the live registers as the core's handlers do. `nonlocals` are the
    names it assigns."""
    names = sorted(cells)
    source = "\n".join([
        "def outer():",
        f"    {' = '.join(names)} = None",
        f"    def {name}({params}):",
        f"        nonlocal {nonlocals}",
        *("        " + line for line in body),
        f"    return {name}",
    ]) + "\n"
    space: dict = {}
    exec(compile(source, filename, "exec"), space)  # noqa: S102 - our own generated code
    code = space["outer"]().__code__
    return FunctionType(code, space, name, None, tuple(cells[n] for n in code.co_freevars))
