"""A small pure-Python wheel for the e2e tests' server to serve (under
`TEST_WHEELS`): micropip in the page installs it from there (`write_wheel`)."""

from __future__ import annotations

import base64
import hashlib
import zipfile
from pathlib import Path

TEST_WHEELS = "/__test__/wheels/"  # where the e2e tests' server serves it
NAME, VERSION = "retroscope_testpkg", "1.0"
FILENAME = f"{NAME}-{VERSION}-py3-none-any.whl"
SOURCE = '"""Installed by micropip from the test server."""\n\nANSWER = 42\n'


def _hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(
        b"=").decode()


def write_wheel(folder: Path) -> Path:
    """The wheel in `folder` (its one module answers 42)."""
    info = f"{NAME}-{VERSION}.dist-info"
    files = {
        f"{NAME}/__init__.py": SOURCE.encode(),
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {VERSION}\n".encode(),
        f"{info}/WHEEL": b"Wheel-Version: 1.0\nGenerator: retroscope-tests\n"
                         b"Root-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = "".join(f"{name},{_hash(data)},{len(data)}\n" for name, data in files.items())
    files[f"{info}/RECORD"] = (record + f"{info}/RECORD,,\n").encode()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / FILENAME
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in files.items():
            zf.writestr(zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0)), data)
    return path
