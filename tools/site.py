"""Assemble dist/: the self-contained static site the browser loads.

dist/
  index.html, web/, static/     the page, copied as they are
  pyodide/                      only the runtime files the page loads
  py/<hash>/retroscope-*.whl    the package, built from py/, with each machine's
                                program assembled (tools/images.py)
  snapshot/<hash>/retroscope.snapshot
                                the Pyodide memory snapshot the worker boots
                                from, sparse (tools/snapshot.py, sparse.py;
                                absent without node)
  manifest.json                 versions, the wheel's and snapshot's paths
                                (the worker imports it), the snapshot's size

Files are copied only when changed and anything else in dist/ is removed, so
a rebuild with nothing changed is quick and dist/ never holds stale files.
"""

from __future__ import annotations

import filecmp
import hashlib
import json
import shutil
import tempfile
from pathlib import Path

from .images import ensure_images
from .paths import DIST, INDEX, PYODIDE_RUNTIME, PYODIDE_VERSION, STATIC, WEB
from .setup_env import ensure_pyodide
from .snapshot import make_snapshot
from .sparse import length as snapshot_length
from .wheel import build_wheel

WEB_SUFFIXES = {".js", ".mjs", ".css", ".html", ".png", ".svg", ".ico", ".woff2", ".json"}


def _plan() -> dict[str, Path]:
    """dist-relative name -> source file, for everything but the wheel."""
    plan: dict[str, Path] = {"index.html": INDEX}
    for root in (WEB, STATIC):
        if not root.exists():
            continue
        for path in sorted(root.rglob("*")):
            if path.is_file() and path.suffix in WEB_SUFFIXES:
                plan[path.relative_to(root.parent).as_posix()] = path
    pyodide = ensure_pyodide()
    for name in PYODIDE_RUNTIME:
        plan[f"pyodide/{name}"] = pyodide / name
    return plan


def _copy_if_changed(src: Path, dst: Path) -> None:
    if dst.exists() and dst.stat().st_size == src.stat().st_size and filecmp.cmp(
            src, dst, shallow=False):
        return
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def _write_if_changed(path: Path, text: str) -> None:
    if not path.exists() or path.read_text() != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def build_site() -> Path:
    """Build dist/ and return its path."""
    plan = _plan()
    DIST.mkdir(exist_ok=True)
    for rel, src in plan.items():
        _copy_if_changed(src, DIST / rel)

    ensure_images()  # the machines' programs, assembled now, shipped in the wheel
    with tempfile.TemporaryDirectory() as tmp:
        wheel_tmp = build_wheel(Path(tmp))
        wheel_sha = hashlib.sha256(wheel_tmp.read_bytes()).hexdigest()
        # The hash goes in the path (loadPackage refuses a query string), so a
        # browser never runs a stale cached wheel.
        wheel_rel = f"py/{wheel_sha[:16]}/{wheel_tmp.name}"
        _copy_if_changed(wheel_tmp, DIST / wheel_rel)
        snapshot = make_snapshot(wheel_tmp)
    snapshot_rel = None
    if snapshot is not None:
        snapshot_rel = f"snapshot/{snapshot.stem[:16]}/retroscope.snapshot"
        _copy_if_changed(snapshot, DIST / snapshot_rel)

    # Which machines have a panel of their own: the page asks before importing.
    panels = sorted(p.stem.removeprefix("machine_") for p in (WEB / "panels").glob("machine_*.js"))
    _write_if_changed(DIST / "web/panels/machine-panels.json", json.dumps(panels) + "\n")

    manifest = {
        "pyodide": PYODIDE_VERSION,
        "wheel": wheel_rel,
        "wheel_sha256": wheel_sha,
    }
    if snapshot_rel:
        manifest["snapshot"] = snapshot_rel
        # The worker streams the snapshot into a buffer of this size.
        with (DIST / snapshot_rel).open("rb") as packed:
            manifest["snapshot_bytes"] = snapshot_length(packed.read(16))
    _write_if_changed(DIST / "manifest.json", json.dumps(manifest, indent=2) + "\n")

    keep = set(plan) | {wheel_rel, "manifest.json", "web/panels/machine-panels.json"}
    if snapshot_rel:
        keep.add(snapshot_rel)
    for path in sorted(DIST.rglob("*"), reverse=True):
        rel = path.relative_to(DIST).as_posix()
        if path.is_file() and rel not in keep:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    return DIST
