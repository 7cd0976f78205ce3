"""A script's time budget: checks the compiler adds to the script's own code.

A script runs in the worker beside the machine, on the same thread: while it
runs, the machine and the page's requests wait. A script that loops for ever
(or a callback that takes too long) must be stopped from inside, since
nothing else runs meanwhile. The ways Pyodide offers were weighed:

- an interrupt buffer (`pyodide.setInterruptBuffer`) needs a SharedArrayBuffer,
  so cross-origin isolation (COOP/COEP headers, which a plain static host
  cannot always send), and its check runs in all Python code, the emulator's
  too, for as long as it is set;
- `sys.settrace` or `sys.setprofile` calls a Python function on every line or
  call of everything the script calls (the Tetris AI's search slows several
  times), and switching it on and off around each callback re-instruments
  every code object the machine runs next (CPython 3.12+ builds both on
  sys.monitoring);
- a second worker for the script would make every `machine.read` a message
  to the machine's worker and back (synchronous only with SharedArrayBuffer
  again), and `on_exec` hooks inside a frame would cost a round trip each.

So the script's own code carries the checks: its syntax tree gets a call to
`tick()` at the top of every loop's body and every function's body, and a
test in every comprehension (`instrument`). The emulator and the libraries a
script calls run untouched, so a script with an empty `on_frame` costs a
function call a frame. `tick()` counts down and looks at the clock every
`CHECK_EVERY` turns; past the deadline it raises `ScriptTimeout`, a
BaseException (a script's `except Exception:` does not catch it) and raises
it again at every later check, so a bare `except:` inside a loop cannot keep
the loop going: the next turn's check is outside it. Code a script compiles
itself (`exec`, `eval`, `compile` on text) goes through the same
instrumentation (`ScriptBuiltins`). What runs outside the script's code (a C
call such as `sum(range(10**12))`, a loop inside an installed package) is
not interrupted; when it returns, the host sees the time it took and stops
the script then.
"""

from __future__ import annotations

import ast
import math
import time
from typing import Any

TICK = "__tick__"  # the name the instrumented code calls, in the script's globals
CHECK_EVERY = 256  # ticks between looks at the clock
SCRIPT_FILE = "<script>"  # the file name tracebacks show


class ScriptTimeout(BaseException):  # (not an Exception: a script's `except Exception` lets it by)
    """The script ran past its deadline; raised from its own code."""


class Budget:
    """The deadline the instrumented code checks (`tick`)."""

    def __init__(self) -> None:
        self.deadline = math.inf
        self._left = CHECK_EVERY
        self.tripped = False

    def arm(self, seconds: float) -> None:
        """From now on, `seconds` of running before `tick` raises."""
        self.deadline = time.perf_counter() + max(0.0, seconds)
        self._left = CHECK_EVERY
        self.tripped = False

    def disarm(self) -> None:
        self.deadline = math.inf
        self.tripped = False
        self._left = CHECK_EVERY

    def tick(self) -> bool:
        """Called by the script's code at every loop turn and function call;
        True (so that a comprehension's condition keeps the item)."""
        left = self._left - 1
        self._left = left
        if left <= 0:
            self._check()
        return True

    def _check(self) -> None:
        if self.tripped or time.perf_counter() > self.deadline:
            self.tripped = True
            self._left = 0  # every tick from here raises
            raise ScriptTimeout
        self._left = CHECK_EVERY


class _Instrument(ast.NodeTransformer):
    """Adds `__tick__()` to loop bodies, function bodies and comprehensions."""

    def _tick(self, near: ast.AST) -> ast.stmt:
        call = ast.Expr(ast.Call(ast.Name(TICK, ast.Load()), [], []))
        return ast.copy_location(call, near)

    def _loop(self, node: Any) -> Any:
        self.generic_visit(node)
        node.body.insert(0, self._tick(node))  # (a traceback names the loop's line)
        return node

    visit_For = visit_AsyncFor = visit_While = _loop

    def _function(self, node: Any) -> Any:
        self.generic_visit(node)
        body = node.body
        first = body[0]
        docstring = (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                     and isinstance(first.value.value, str))
        body.insert(1 if docstring else 0, self._tick(node))
        return node

    visit_FunctionDef = visit_AsyncFunctionDef = _function

    def visit_comprehension(self, node: ast.comprehension) -> ast.comprehension:
        self.generic_visit(node)
        call = ast.copy_location(ast.Call(ast.Name(TICK, ast.Load()), [], []), node.iter)
        node.ifs.insert(0, call)  # tick() is True: the item is kept
        return node


def instrument(tree: ast.Module) -> ast.Module:
    """The same module with the budget's checks added (in place)."""
    _Instrument().visit(tree)
    return ast.fix_missing_locations(tree)


# Top-level `await` (for `await frame()` and `await micropip.install(...)`):
# the module compiles to a code object whose run returns a coroutine.
TOP_LEVEL_AWAIT = ast.PyCF_ALLOW_TOP_LEVEL_AWAIT


def compile_script(source: str, filename: str = SCRIPT_FILE, mode: str = "exec",
                   flags: int = TOP_LEVEL_AWAIT) -> Any:
    """Parse, instrument and compile a script's text (SyntaxError as Python's)."""
    tree = ast.parse(source, filename, mode)
    if mode == "eval":
        # An expression has no loops of its own statement form; its
        # comprehensions and lambdas' bodies are still instrumented.
        _Instrument().visit(tree)
        ast.fix_missing_locations(tree)
    else:
        instrument(tree)  # type: ignore[arg-type]
    return compile(tree, filename, mode, flags=flags, dont_inherit=True)
