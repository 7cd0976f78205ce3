"""The CPU conformance vectors (`shared/testdata/cpu/...`): where they are,
loaded, and as pytest params."""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]


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
