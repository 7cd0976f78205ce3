"""The build backend `pip install .` uses (PEP 517, named in pyproject.toml).

It needs nothing but the stdlib, so a clone installs offline, in pip's
isolated build as it is: the wheel is tools/wheel.py's, the very one the
page loads, with each machine's program assembled first (tools/images.py;
a few seconds, skipped when the sources have not changed). `pip install -e .`
gets a wheel whose .pth puts py/ on the path (PEP 660); the sdist holds what
a wheel is built from.
"""

from __future__ import annotations

import io
import tarfile
from datetime import datetime
from pathlib import Path
from typing import Any

from .images import ensure_images
from .paths import PACKAGE, PY_SRC, REPO
from .wheel import FIXED_TIME, NAME, is_cache, metadata, package_version
from .wheel import build_wheel as _build_wheel

# What an sdist carries beside the package: enough to build the wheel again.
SDIST_FILES = ("pyproject.toml", "README.md", "CHANGELOG.md", "tools/__init__.py",
               "tools/build_backend.py", "tools/wheel.py", "tools/images.py", "tools/paths.py")


def build_wheel(wheel_directory: str, config_settings: Any = None,
                metadata_directory: str | None = None) -> str:
    ensure_images()
    return _build_wheel(Path(wheel_directory)).name


def build_editable(wheel_directory: str, config_settings: Any = None,
                   metadata_directory: str | None = None) -> str:
    ensure_images()
    return _build_wheel(Path(wheel_directory), editable=PY_SRC).name


def build_sdist(sdist_directory: str, config_settings: Any = None) -> str:
    version = package_version()
    base = f"{NAME}-{version}"
    files = [REPO / name for name in SDIST_FILES] + sorted(
        p for p in PACKAGE.rglob("*") if p.is_file() and not is_cache(p)
        and PACKAGE / "_images" not in p.parents)
    out = Path(sdist_directory) / f"{base}.tar.gz"
    with tarfile.open(out, "w:gz") as tar:
        def add(name: str, data: bytes) -> None:
            info = tarfile.TarInfo(f"{base}/{name}")
            info.size, info.mode = len(data), 0o644
            info.mtime = int(datetime(*FIXED_TIME).timestamp())
            tar.addfile(info, io.BytesIO(data))
        for path in files:
            add(path.relative_to(REPO).as_posix(), path.read_bytes())
        add("PKG-INFO", metadata(version).encode())
    return out.name
