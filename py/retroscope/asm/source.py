"""Where `.include "name"` reads from.

`assemble(include=...)` accepts:

* a callable `name -> str | bytes` (any exception it raises becomes an
  `AsmError` on the `.include` line);
* a package name such as `"retroscope.machines.tetris"`, or any
  `importlib.resources` Traversable / `pathlib.Path` folder: the file is read
  with `joinpath(...).read_text()`, so sources shipped inside the wheel work
  the same in Pyodide as on disk;
* None: `.include` is an error.

Names are relative, `/`-separated, without `..`: an include never leaves the
folder it was given.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources
from typing import Any

from .errors import Problem

Loader = Callable[[str], str]


def make_loader(include: Any) -> Loader:
    if include is None:
        return _no_loader
    if isinstance(include, str):
        return _folder_loader(None, include)
    if hasattr(include, "joinpath"):
        return _folder_loader(include, "")
    if callable(include):
        return _callable_loader(include)
    raise Problem(f"include must be a callable, a package name or a folder, not "
                  f"{type(include).__name__}")


def check_name(name: str) -> list[str]:
    parts = name.split("/")
    if not name or name.startswith("/") or "\\" in name or any(
            p in ("", ".", "..") for p in parts) or ":" in parts[0]:
        raise Problem(f"include name {name!r} must be a relative path inside its folder")
    return parts


def _no_loader(name: str) -> str:
    raise Problem(f"cannot include {name!r}: no include source was given to assemble()")


def _callable_loader(fn: Callable[[str], Any]) -> Loader:
    def load(name: str) -> str:
        check_name(name)
        try:
            text = fn(name)
        except Exception as exc:  # the caller's code: report it on the .include line
            raise Problem(f"cannot include {name!r}: {exc}") from None
        return _as_text(text, name)
    return load


def _folder_loader(root: Any, package: str) -> Loader:
    def load(name: str) -> str:
        parts = check_name(name)
        try:
            folder = root if root is not None else resources.files(package)
            data = folder.joinpath(*parts).read_bytes()
        except (OSError, ImportError, TypeError, ValueError, AttributeError) as exc:
            raise Problem(f"cannot include {name!r}: {exc}") from None
        return _as_text(data, name)
    return load


def _as_text(data: object, name: str) -> str:
    if isinstance(data, bytes | bytearray):
        return bytes(data).decode("utf-8", errors="replace")
    if isinstance(data, str):
        return data
    raise Problem(f"cannot include {name!r}: the loader gave {type(data).__name__}, not text")
