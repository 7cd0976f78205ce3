"""The Pyodide memory snapshot the worker boots from, made at build time with node.

`make_snapshot(wheel)` runs `tools/snapshot.mjs` (Pyodide under node: unpack
the wheel, import and warm the package with `tools/snapshot_warm.py`, snapshot
the heap, then check that a second Pyodide boots from it and builds a
machine). The result is kept in `.cache/snapshots/` under a hash of everything
that goes into it, so a rebuild with the same sources reuses it; it is kept in
the sparse form the page downloads (tools/sparse.py: the zero pages left out,
~75 MB of heap in ~32 MB). Without node,
or when making it fails, there is no snapshot and the worker boots the plain
way (it says so in the console); the build goes on.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path

from . import sparse
from .paths import CACHE, REPO, WEB
from .setup_env import ensure_pyodide

TOOLS = Path(__file__).resolve().parent
SCRIPT = TOOLS / "snapshot.mjs"
WARM = TOOLS / "snapshot_warm.py"
# Everything a snapshot is made from besides the wheel and the runtime.
INPUTS = (SCRIPT, WARM, WEB / "snapshot_package.js", WEB / "snapshot_memory.js",
          TOOLS / "sparse.py")
SNAPSHOTS = CACHE / "snapshots"
TIMEOUT = 600  # seconds; the machine is shared and node is slow under load


def snapshot_key(wheel: Path, runtime: Path) -> str:
    digest = hashlib.sha256()
    for path in (wheel, runtime / "pyodide.asm.wasm", runtime / "python_stdlib.zip", *INPUTS):
        digest.update(path.read_bytes())
    return digest.hexdigest()


def make_snapshot(wheel: Path) -> Path | None:
    """The snapshot for this wheel, sparse (made now or reused), or None with a note why."""
    if os.environ.get("RETROSCOPE_NO_SNAPSHOT"):
        print("[build] no memory snapshot (RETROSCOPE_NO_SNAPSHOT is set)", flush=True)
        return None
    node = shutil.which("node")
    if node is None:
        print("[build] no memory snapshot: node is not installed", flush=True)
        return None
    runtime = ensure_pyodide()
    key = snapshot_key(wheel, runtime)
    out = SNAPSHOTS / f"{key[:32]}.snapshot"
    if out.exists():
        return out
    SNAPSHOTS.mkdir(parents=True, exist_ok=True)
    for old in SNAPSHOTS.glob("*.snapshot"):
        old.unlink()  # one kept: they are ~32 MB each
    tmp = out.with_suffix(".tmp")
    print("[build] making the Pyodide memory snapshot (node)...", flush=True)
    try:
        done = subprocess.run([node, str(SCRIPT), str(runtime), str(wheel), str(WARM), str(tmp)],
                              cwd=REPO, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        print(f"[build] no memory snapshot: node took over {TIMEOUT} s", flush=True)
        return None
    if done.returncode != 0 or not tmp.exists():
        tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
        print(f"[build] no memory snapshot: {' / '.join(line[:300] for line in tail)}",
              flush=True)
        tmp.unlink(missing_ok=True)
        return None
    out.write_bytes(sparse.pack(tmp.read_bytes()))
    tmp.unlink()
    report = json.loads(done.stdout.strip().splitlines()[-1])
    print(f"[build] snapshot: {report['bytes'] / 2**20:.1f} MiB "
          f"({out.stat().st_size / 2**20:.1f} MiB sent), made in "
          f"{report['make_ms'] / 1000:.1f} s, a boot from it checked in "
          f"{report['restore_ms'] / 1000:.1f} s", flush=True)
    return out
