"""Assemble dist/: the self-contained static site the browser loads.

dist/
  index.html                    the page, naming app/<hash>/ (never cached
                                without asking the server)
  sw.js                         the service worker for this build: runs
                                app/<hash>/web/sw.js, which keeps every file
                                the app manifest names for offline use
  app/<hash>/web/, static/      the page's modules, style, web app manifest
                                and home-screen icons (tools/icons.py), and
  app/<hash>/manifest.json      the versions, the wheel's and snapshot's paths
                                (the worker imports it), and the files a
                                browser keeps to run offline (`app_files`, in
                                the app folder; `files`, from the site's
                                root); <hash> is of all of it
  pyodide/<version>/            only the runtime files the page loads
  py/<hash>/retroscope-*.whl    the package, built from py/, with each machine's
                                program assembled (tools/images.py)
  snapshot/<hash>/retroscope.snapshot
                                the Pyodide memory snapshot the worker boots
                                from, sparse (tools/snapshot.py, sparse.py;
                                absent without node)
  manifest.json                 the same manifest, and where the app is (for
                                the tests and tools), and the app folder of the
                                build before (`previous_app`), which is kept

Every path but index.html's names its content (a hash or the pinned version),
so a browser keeps it for good and a reload asks the server for nothing but
the page (tools/serve.py). Files are copied only when changed and anything
else in dist/ is removed, so a rebuild with nothing changed is quick and dist/
never holds stale files, but for one: the previous build's app/<hash>/. A page
opened before a rebuild imports a machine's panel module from its own app
folder when the machine is first chosen; keeping the folder one build longer
lets such a page go on working (it already holds the runtime, wheel and
snapshot it booted from).
"""

from __future__ import annotations

import filecmp
import hashlib
import json
import re
import shutil
import tempfile
from pathlib import Path

from .icons import home_screen_icons
from .images import ensure_images
from .paths import DIST, INDEX, PYODIDE_DIR, PYODIDE_RUNTIME, PYODIDE_VERSION, STATIC, WEB
from .setup_env import ensure_pyodide
from .snapshot import make_snapshot
from .sparse import length as snapshot_length
from .wheel import build_wheel

WEB_SUFFIXES = {".js", ".mjs", ".css", ".html", ".png", ".svg", ".ico", ".woff2", ".json",
                ".webmanifest"}


def _app_files() -> dict[str, Path]:
    """The page's own files, app-relative ("web/main.js") -> source."""
    plan: dict[str, Path] = {}
    for root in (WEB, STATIC):
        if not root.exists():
            continue
        for path in sorted(root.rglob("*")):
            if path.is_file() and path.suffix in WEB_SUFFIXES:
                plan[path.relative_to(root.parent).as_posix()] = path
    return plan


def _pyodide_files() -> dict[str, Path]:
    pyodide = ensure_pyodide()
    return {f"{PYODIDE_DIR}{name}": pyodide / name for name in PYODIDE_RUNTIME}


def _app_hash(files: dict[str, Path], written: dict[str, str | bytes]) -> str:
    """Of every file under app/<hash>/: its name and bytes."""
    digest = hashlib.sha256()
    contents = {**{rel: src.read_bytes() for rel, src in files.items()},
                **{rel: _bytes(data) for rel, data in written.items()}}
    for rel in sorted(contents):
        digest.update(rel.encode() + b"\0" + hashlib.sha256(contents[rel]).digest())
    return digest.hexdigest()[:16]


# index.html names the page's files by their paths in web/ and static/.
_APP_REFERENCE = re.compile(r"""(?<=["'])(?=(?:web|static)/)""")


def _index_html(app: str) -> str:
    text, count = _APP_REFERENCE.subn(app, INDEX.read_text())
    if count == 0:
        raise RuntimeError("index.html names nothing in web/ or static/")
    return text


def _copy_if_changed(src: Path, dst: Path) -> None:
    if dst.exists() and dst.stat().st_size == src.stat().st_size and filecmp.cmp(
            src, dst, shallow=False):
        return
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def _bytes(data: str | bytes) -> bytes:
    return data.encode() if isinstance(data, str) else data


def _write_if_changed(path: Path, data: str | bytes) -> None:
    if not path.exists() or path.read_bytes() != _bytes(data):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(_bytes(data))


def _service_worker(app: str) -> str:
    """dist/sw.js: at the site's root (its scope is the whole site), and
    different for each build, so that a browser installs the new one."""
    return (f"// Retroscope's service worker for the build in {app} (tools/site.py).\n"
            f"self.RETROSCOPE_APP = {json.dumps(app)};\n"
            f"importScripts({json.dumps(app + 'web/sw.js')});\n")


def served_apps(dist: Path) -> tuple[str | None, str | None]:
    """The app folder `dist` serves now (before a build) and the one it
    keeps from the build before that, each None where there is none."""
    try:
        manifest = json.loads((dist / "manifest.json").read_text())
    except (OSError, ValueError):
        return None, None
    if not isinstance(manifest, dict):
        return None, None
    return tuple(  # type: ignore[return-value]
        app if isinstance(app, str) and re.fullmatch(r"app/[0-9a-f]{16}/", app)
        and (dist / app).is_dir() else None
        for app in (manifest.get("app"), manifest.get("previous_app")))


def build_site() -> Path:
    """Build dist/ and return its path."""
    DIST.mkdir(exist_ok=True)
    served, kept = served_apps(DIST)
    pyodide = _pyodide_files()
    for rel, src in pyodide.items():
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

    # Paths are from the site's root; `root` is the root from the manifest.
    manifest = {
        "pyodide": PYODIDE_VERSION,
        "pyodide_dir": PYODIDE_DIR,
        "root": "../../",
        "wheel": wheel_rel,
        "wheel_sha256": wheel_sha,
    }
    if snapshot_rel:
        manifest["snapshot"] = snapshot_rel
        # The worker streams the snapshot into a buffer of this size.
        with (DIST / snapshot_rel).open("rb") as packed:
            manifest["snapshot_bytes"] = snapshot_length(packed.read(16))
    # Which machines have a panel of their own: the page asks before importing.
    panels = sorted(p.stem.removeprefix("machine_") for p in (WEB / "panels").glob("machine_*.js"))
    app_files = _app_files()
    written: dict[str, str | bytes] = {
        "web/panels/machine-panels.json": json.dumps(panels) + "\n", **home_screen_icons()}
    # What a browser keeps to run offline (web/sw.js): the whole build but
    # index.html (which it takes as well) and these two manifests' root copy.
    manifest["app_files"] = sorted([*app_files, *written, "manifest.json"])
    manifest["files"] = sorted([*pyodide, wheel_rel, *([snapshot_rel] if snapshot_rel else [])])
    written["manifest.json"] = json.dumps(manifest, indent=2) + "\n"
    app = f"app/{_app_hash(app_files, written)}/"
    for rel, src in app_files.items():
        _copy_if_changed(src, DIST / app / rel)
    for rel, text in written.items():
        _write_if_changed(DIST / app / rel, text)
    _write_if_changed(DIST / "index.html", _index_html(app))
    _write_if_changed(DIST / "sw.js", _service_worker(app))
    root = {"app": app, **manifest}
    previous = served if served != app else kept  # (a rebuild of the same app keeps it)
    if previous is not None and previous != app:
        root["previous_app"] = previous
    _write_if_changed(DIST / "manifest.json", json.dumps(root, indent=2) + "\n")

    keep = ({"index.html", "sw.js", "manifest.json", wheel_rel} | set(pyodide)
            | {app + rel for rel in (*app_files, *written)})
    if "previous_app" in root:
        keep |= {p.relative_to(DIST).as_posix() for p in (DIST / previous).rglob("*")}
    if snapshot_rel:
        keep.add(snapshot_rel)
    for path in sorted(DIST.rglob("*"), reverse=True):
        rel = path.relative_to(DIST).as_posix()
        if path.is_file() and rel not in keep:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    return DIST
