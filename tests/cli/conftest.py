"""The `retroscope` command as a user has it: the wheel the build makes,
installed offline into a fresh venv (nothing else in it), run as a program."""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from harness.wheel_venv import clean_env, install_wheel
from tools.wheel import build_wheel

REPO = Path(__file__).resolve().parents[2]


CLI_TIMEOUT = 240  # seconds: a command that hangs fails instead of eating the budget


@dataclass
class Cli:
    """Runs the installed `retroscope` (its venv's python for `python -c`)."""

    bin: Path
    cwd: Path

    def __call__(self, *args: str, code: int | None = 0,
                 env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
        done = subprocess.run([str(self.bin / "retroscope"), *args], cwd=self.cwd, text=True,
                              capture_output=True, env={**clean_env(), **(env or {})},
                              timeout=CLI_TIMEOUT)
        if code is not None:
            assert done.returncode == code, (done.returncode, done.stdout, done.stderr)
        return done

    def json(self, *args: str) -> Any:
        return json.loads(self(*args, "--json").stdout)

    def python(self, code: str) -> subprocess.CompletedProcess:
        return subprocess.run([str(self.bin / "python"), "-c", code], cwd=self.cwd, text=True,
                              capture_output=True, env=clean_env(), timeout=CLI_TIMEOUT)


@pytest.fixture(scope="session")
def cli(tmp_path_factory) -> Cli:
    root = tmp_path_factory.mktemp("installed")
    wheel = build_wheel(root / "wheel")
    return Cli(install_wheel(wheel, root / "venv"), root)
