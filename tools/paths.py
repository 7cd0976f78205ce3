"""Where things are: one place for every path and pinned version the tools use."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PY_SRC = REPO / "py"
PACKAGE = PY_SRC / "retroscope"
WEB = REPO / "web"
STATIC = REPO / "static"
INDEX = REPO / "index.html"
DIST = REPO / "dist"
CACHE = REPO / ".cache"
VENV = REPO / ".venv"
REQUIREMENTS = REPO / "requirements-dev.txt"
PYPROJECT = REPO / "pyproject.toml"

PYODIDE_VERSION = "314.0.7"
PYODIDE_CACHE = CACHE / f"pyodide-{PYODIDE_VERSION}"
PYODIDE_DIR = f"pyodide/{PYODIDE_VERSION}/"  # in dist/: the version names the files

# The Pyodide runtime files the page loads; nothing else of the npm package ships.
PYODIDE_RUNTIME = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

DEFAULT_PORT = 8000
