"""The machines' programs assembled at build time, shipped in the wheel.

`python -m tools.images` creates every machine with its default parameters
and runs its first frames while `machines.base` notes each `assemble_package`
call, then writes each program as `py/retroscope/_images/<key>.json.gz` (the
key hashes the package's sources, the generated includes and the assembler;
see `base.image_key`), removing images nothing asked for. A link's parameters
never change what is assembled (a machine sets them into the image, e.g.
tetris's LINK_SLOTS), so these images serve every link: the page assembles
nothing at boot (`build.py bench` shows it). The folder is not in git; the
wheel ships it. A stamp of the package's files skips the work when nothing
changed.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

from .paths import PACKAGE, PY_SRC, REPO

IMAGES = PACKAGE / "_images"
STAMP = PY_SRC / ".images-stamp"  # not in the package: the wheel ships every file there
FRAMES = 3  # frames run after creating a machine: whatever its boot assembles


def sources_digest() -> str:
    """A hash of every package file the images could depend on."""
    digest = hashlib.sha256()
    for path in sorted(PACKAGE.rglob("*")):
        if path.is_file() and path.suffix in (".py", ".asm", ".inc", ".bin", ".json") \
                and IMAGES not in path.parents and "__pycache__" not in path.parts:
            digest.update(path.relative_to(PACKAGE).as_posix().encode() + b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()


def ensure_images() -> None:
    """Bring py/retroscope/_images up to date (in a fresh Python: clean caches)."""
    stamp = sources_digest()
    if STAMP.is_file() and STAMP.read_text().strip() == stamp and any(IMAGES.glob("*.json.gz")):
        return
    subprocess.run([sys.executable, "-m", "tools.images"], cwd=REPO, check=True)
    STAMP.write_text(stamp + "\n")


def write_images(out: Path) -> list[str]:
    """Write every machine's images into `out`; the names written."""
    sys.path.insert(0, str(PY_SRC))
    from retroscope import machines
    from retroscope.machines import base

    stop = base.recording()
    for machine_id in (*machines.available(), *machines.unfinished()):
        machine = machines.create(machine_id)
        for _ in range(FRAMES):
            machine.run_frame(0)
    calls = stop()
    out.mkdir(parents=True, exist_ok=True)
    names = []
    for call in dict.fromkeys(calls):
        name = f"{base.image_key(*call)}.json.gz"
        data = base.image_bytes(base.assemble_sources(*call))
        path = out / name
        if not path.is_file() or path.read_bytes() != data:
            path.write_bytes(data)
        names.append(name)
    for old in out.glob("*.json.gz"):
        if old.name not in names:
            old.unlink()
    return names


if __name__ == "__main__":
    written = write_images(IMAGES)
    print(f"[build] {len(written)} program images in {IMAGES.relative_to(REPO)}", flush=True)
