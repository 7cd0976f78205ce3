"""A fresh venv with a wheel installed offline: the package as a user installs it
(tests/cli, and the e2e test that opens the page's moment with the page's wheel)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def clean_env() -> dict[str, str]:
    """The environment without what would put the repo's py/ on the path or
    point pip at an index."""
    return {k: v for k, v in os.environ.items()
            if not k.startswith(("PYTHON", "VIRTUAL_ENV", "RETROSCOPE_", "PIP_"))}


def pip_install(venv: Path, *what: str) -> Path:
    """A fresh venv at `venv` with `what` (a wheel, a folder, `-e folder`)
    installed offline: no index, no other wheels (the package needs nothing
    else); the venv's bin folder."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    subprocess.run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"),
                    "install", "--quiet", "--isolated", "--no-index",
                    "--disable-pip-version-check", *what],
                   check=True, env=clean_env(), cwd=venv.parent)
    return venv / "bin"


def install_wheel(wheel: Path, venv: Path) -> Path:
    """A fresh venv at `venv` with `wheel` installed offline; its bin folder."""
    return pip_install(venv, str(wheel))
