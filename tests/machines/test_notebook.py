"""docs/notebook.ipynb runs: each code cell in order, as Jupyter would (the
display of each cell's last value through its _repr_png_/_repr_html_)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).resolve().parents[2] / "docs" / "notebook.ipynb"


def test_the_example_notebook_runs_and_shows_pictures():
    pytest.importorskip("gymnasium")
    cells = [c for c in json.loads(NOTEBOOK.read_text())["cells"] if c["cell_type"] == "code"]
    space: dict = {}
    shown = []
    for cell in cells:
        tree = ast.parse("".join(cell["source"]))
        *body, last = tree.body
        exec(compile(ast.Module(body, []), "<cell>", "exec"), space)
        if isinstance(last, ast.Expr):
            value = eval(compile(ast.Expression(last.value), "<cell>", "eval"), space)
            for method in ("_repr_png_", "_repr_html_"):
                if hasattr(value, method):
                    shown.append(getattr(value, method)())
        else:
            exec(compile(ast.Module([last], []), "<cell>", "exec"), space)
    assert any(isinstance(s, bytes) and s.startswith(b"\x89PNG") for s in shown)
    assert any(isinstance(s, str) and "image/gif" in s for s in shown)
