"""Install what the build and the tests need, once: venv, Pyodide, chromium.

Each step records what it installed in a stamp file, so a second run with
nothing changed returns at once.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable
from pathlib import Path

from .paths import PYODIDE_CACHE, PYODIDE_RUNTIME, PYODIDE_VERSION, REQUIREMENTS, VENV


class SetupError(RuntimeError):
    """A set-up step failed; the message says what to do."""


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def venv_python() -> Path:
    return VENV / "bin" / "python"


def ensure_venv() -> Path:
    """A venv in .venv with requirements-dev.txt installed; returns its python."""
    stamp = VENV / ".requirements.sha256"
    wanted = hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()
    python = venv_python()
    if python.exists() and stamp.exists() and stamp.read_text() == wanted:
        return python
    if not python.exists():
        log(f"creating venv in {VENV}")
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    log("installing pinned dev dependencies (requirements-dev.txt)")
    result = subprocess.run(
        [str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q",
         "-r", str(REQUIREMENTS)],
    )
    if result.returncode != 0:
        raise SetupError("pip could not install requirements-dev.txt (see above)")
    stamp.write_text(wanted)
    return python


def npm_pack(spec: str, into: Path, check: Callable[[bytes], str | None] | None = None) -> None:
    """Fetch an npm package (`name@version`) with `npm pack` and unpack it
    as `into` (replacing what was there). `check(tarball)` may refuse the
    tarball with a message."""
    npm = shutil.which("npm")
    if npm is None:
        raise SetupError(f"npm is needed once to fetch {spec}: install nodejs/npm")
    into.parent.mkdir(parents=True, exist_ok=True)
    log(f"fetching {spec} from the npm registry")
    with tempfile.TemporaryDirectory(dir=into.parent) as tmp:
        result = subprocess.run([npm, "pack", spec, "--silent"], cwd=tmp, capture_output=True,
                                text=True)
        if result.returncode != 0:
            raise SetupError(f"npm pack {spec} failed:\n{result.stderr}")
        tarball = Path(tmp) / result.stdout.strip().splitlines()[-1]
        problem = check(tarball.read_bytes()) if check is not None else None
        if problem:
            raise SetupError(f"{spec} from npm: {problem}")
        staging = Path(tmp) / "unpacked"
        with tarfile.open(tarball) as tar:
            tar.extractall(staging, filter="data")
        if into.exists():
            shutil.rmtree(into)
        shutil.move(str(staging / "package"), into)


def ensure_pyodide() -> Path:
    """The `pyodide` npm package at the pinned version, unpacked in .cache."""
    if all((PYODIDE_CACHE / name).exists() for name in PYODIDE_RUNTIME):
        return PYODIDE_CACHE
    npm_pack(f"pyodide@{PYODIDE_VERSION}", PYODIDE_CACHE)
    missing = [n for n in PYODIDE_RUNTIME if not (PYODIDE_CACHE / n).exists()]
    if missing:
        raise SetupError(f"pyodide@{PYODIDE_VERSION} lacks {missing}")
    return PYODIDE_CACHE


def find_chromium() -> str | None:
    """$CHROMIUM, Debian's /usr/bin/chromium, or a chromium on PATH."""
    candidates = [os.environ.get("CHROMIUM"), "/usr/bin/chromium",
                  shutil.which("chromium"), shutil.which("chromium-browser")]
    for path in candidates:
        if path and Path(path).exists():
            return path
    return None


def ensure_chromium() -> str:
    """Debian's chromium, installed with apt when missing and we are root."""
    found = find_chromium()
    if found:
        return found
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        raise SetupError(
            "the browser tests need chromium: install Debian's package "
            "(sudo apt-get install -y chromium) or set $CHROMIUM to a chromium binary")
    log("installing Debian's chromium (apt-get install -y chromium)")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-qq"], check=False, env=env)
    result = subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], env=env)
    found = find_chromium()
    if result.returncode != 0 or not found:
        raise SetupError("apt-get could not install chromium (see above)")
    return found
