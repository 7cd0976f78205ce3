"""Shared test plumbing: where the CPU conformance data lives."""

from __future__ import annotations

import gzip
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parent.parent
# The toy machines every folder's tests build on (debug_machines.py, tiny_nes.py).
sys.path.insert(0, str(REPO / "tests" / "unit"))


def testdata_dir() -> Path | None:
    """`$RETROSCOPE_TESTDATA`, else `../shared/testdata` beside the repo."""
    env = os.environ.get("RETROSCOPE_TESTDATA")
    candidates = [Path(env)] if env else []
    candidates.append(REPO.parent / "shared" / "testdata")
    for path in candidates:
        if (path / "cpu").is_dir():
            return path
    return None


def vector_files(subdir: str) -> list[Path]:
    """The `*.json.gz` files of one conformance folder (e.g. "cpu/6502"), sorted."""
    root = testdata_dir()
    if root is None:
        return []
    return sorted((root / subdir).glob("*.json.gz"))


def load_vectors(path: Path) -> list[dict[str, Any]]:
    with gzip.open(path) as fh:
        return json.load(fh)


def vector_params(subdir: str) -> list[Any]:
    """pytest params over a vector folder, or one skipped param saying why."""
    files = vector_files(subdir)
    if not files:
        reason = ("conformance data not found: set RETROSCOPE_TESTDATA or put "
                  f"shared/testdata beside the repo (looked for {subdir})")
        return [pytest.param(None, marks=pytest.mark.skip(reason=reason), id="no-data")]
    return [pytest.param(f, id=f.name.removesuffix(".json.gz")) for f in files]


@pytest.fixture
def z80_compiles_soon(monkeypatch: pytest.MonkeyPatch) -> None:
    """Z80 cores made in the test compile a block after 8 visits of its
    address (`z80.HOT`, each core's block table's `hot`; the default,
    `_z80blocks.HOT`, waits far longer), so
    that short test programs run on blocks."""
    from retroscope.cpu import z80  # noqa: PLC0415

    monkeypatch.setattr(z80, "HOT", 8)
