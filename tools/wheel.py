"""Build the retroscope wheel from py/ with the stdlib alone.

A pure-Python wheel is a zip with the package files plus a .dist-info folder
(METADATA, WHEEL, entry_points.txt, RECORD). Writing it here keeps the build
free of setuptools and makes it reproducible: fixed timestamps, sorted
entries. The page loads this wheel, and `pip install .` installs it
(tools/build_backend.py): its metadata (extras, the `retroscope` command)
comes from pyproject.toml's [project] table.
"""

from __future__ import annotations

import base64
import hashlib
import re
import tomllib
import zipfile
from pathlib import Path
from typing import Any

from .paths import PACKAGE, PYPROJECT

NAME = "retroscope"
# Every file under the package ships (a machine's .asm, .inc, a .bin tile set,
# a font...) except what Python or an editor leaves behind.
CACHE_DIRS = ("__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache")
CACHE_SUFFIXES = (".pyc", ".pyo", ".swp", ".swo", "~")
CACHE_NAMES = (".DS_Store",)
FIXED_TIME = (2024, 1, 1, 0, 0, 0)


def package_version() -> str:
    text = (PACKAGE / "__init__.py").read_text()
    match = re.search(r'__version__\s*=\s*"([^"]+)"', text)
    if not match:
        raise RuntimeError("py/retroscope/__init__.py has no __version__")
    return match.group(1)


def is_cache(path: Path) -> bool:
    """A file Python, a tool or an editor made beside the sources."""
    return (any(part in CACHE_DIRS for part in path.parts) or path.name in CACHE_NAMES
            or path.name.endswith(CACHE_SUFFIXES))


def package_files() -> list[Path]:
    """Every file under py/retroscope/ but caches, sorted."""
    return sorted(p for p in PACKAGE.rglob("*") if p.is_file() and not is_cache(p))


def project() -> dict[str, Any]:
    """pyproject.toml's [project] table."""
    return tomllib.loads(PYPROJECT.read_text())["project"]


def metadata(version: str) -> str:
    """The wheel's METADATA (core metadata 2.1) from [project]."""
    meta = project()
    lines = ["Metadata-Version: 2.1", f"Name: {NAME}", f"Version: {version}",
             f"Summary: {meta['description']}",
             f"Requires-Python: {meta['requires-python']}"]
    if "text" in meta.get("license", {}):
        lines.append(f"License: {meta['license']['text']}")
    lines += [f"Requires-Dist: {req}" for req in meta.get("dependencies", [])]
    for extra, reqs in meta.get("optional-dependencies", {}).items():
        lines.append(f"Provides-Extra: {extra}")
        lines += [f'Requires-Dist: {req}; extra == "{extra}"' for req in reqs]
    return "\n".join(lines) + "\n"


def entry_points() -> str:
    scripts = project().get("scripts", {})
    return "[console_scripts]\n" + "".join(f"{k} = {v}\n" for k, v in scripts.items())


def _record_hash(data: bytes) -> str:
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def build_wheel(out_dir: Path, editable: Path | None = None) -> Path:
    """Write the wheel into out_dir and return its path. With `editable` (the
    folder holding the package), the wheel holds a .pth naming that folder
    instead of the package's files (an editable install, PEP 660)."""
    version = package_version()
    dist_info = f"{NAME}-{version}.dist-info"
    entries: list[tuple[str, bytes]] = []
    if editable is not None:
        entries.append((f"__editable__.{NAME}.pth", f"{editable.resolve()}\n".encode()))
    else:
        for path in package_files():
            arcname = path.relative_to(PACKAGE.parent).as_posix()
            entries.append((arcname, path.read_bytes()))
    entries.append((f"{dist_info}/METADATA", metadata(version).encode()))
    entries.append((f"{dist_info}/WHEEL", (
        b"Wheel-Version: 1.0\nGenerator: retroscope-build\nRoot-Is-Purelib: true\n"
        b"Tag: py3-none-any\n")))
    entries.append((f"{dist_info}/entry_points.txt", entry_points().encode()))
    entries.append((f"{dist_info}/top_level.txt", f"{NAME}\n".encode()))
    record = "".join(f"{name},{_record_hash(data)},{len(data)}\n" for name, data in entries)
    record += f"{dist_info}/RECORD,,\n"
    entries.append((f"{dist_info}/RECORD", record.encode()))

    out_dir.mkdir(parents=True, exist_ok=True)
    wheel = out_dir / f"{NAME}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    return wheel
