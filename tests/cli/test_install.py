"""`pip install .` from a clone, offline: the project's own build backend
(tools/build_backend.py) needs nothing from an index, even in pip's isolated
build environment; `pip install -e .` too."""

from __future__ import annotations

import subprocess
from pathlib import Path

from harness.wheel_venv import clean_env, pip_install

REPO = Path(__file__).resolve().parents[2]



def test_pip_install_dot_offline_installs_the_command(tmp_path):
    retroscope = str(pip_install(tmp_path / "v", str(REPO)) / "retroscope")
    done = subprocess.run([retroscope, "machines", "--json"], capture_output=True, text=True,
                          env=clean_env(), cwd=tmp_path, check=True)
    assert '"id": "tetris"' in done.stdout


def test_pip_install_editable_runs_the_clones_sources(tmp_path):
    bin_dir = pip_install(tmp_path / "v", "-e", str(REPO))
    where = subprocess.run([str(bin_dir / "python"), "-c",
                            "import retroscope; print(retroscope.__file__)"],
                           capture_output=True, text=True, env=clean_env(), cwd=tmp_path,
                           check=True).stdout.strip()
    assert where == str(REPO / "py" / "retroscope" / "__init__.py")
    assert subprocess.run([str(bin_dir / "retroscope"), "--version"], env=clean_env(),
                          cwd=tmp_path, capture_output=True).returncode == 0
