"""Build the retroscope wheel from py/ with the stdlib alone.

A pure-Python wheel is a zip with the package files plus a .dist-info folder
(METADATA, WHEEL, RECORD). Writing it here keeps the build free of setuptools
and makes it reproducible: fixed timestamps, sorted entries.
"""

from __future__ import annotations

import base64
import hashlib
import re
import zipfile
from pathlib import Path

from .paths import PACKAGE

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


def _record_hash(data: bytes) -> str:
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def build_wheel(out_dir: Path) -> Path:
    """Write the wheel into out_dir and return its path."""
    version = package_version()
    dist_info = f"{NAME}-{version}.dist-info"
    entries: list[tuple[str, bytes]] = []
    for path in package_files():
        arcname = path.relative_to(PACKAGE.parent).as_posix()
        entries.append((arcname, path.read_bytes()))
    entries.append((f"{dist_info}/METADATA", (
        f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {version}\n"
        "Summary: Classic game mechanics as real machine code on emulated CPUs\n"
        "Requires-Python: >=3.11\n").encode()))
    entries.append((f"{dist_info}/WHEEL", (
        b"Wheel-Version: 1.0\nGenerator: retroscope-build\nRoot-Is-Purelib: true\n"
        b"Tag: py3-none-any\n")))
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
