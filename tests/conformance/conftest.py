"""Fixtures of the twin-core comparisons."""

from __future__ import annotations

import pytest

from retroscope.cpu import _6502blocks


@pytest.fixture
def compiled(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """6502 blocks compiled after 2 visits (more of them in short runs); their starts."""
    starts: list[int] = []
    build = _6502blocks.build

    def counting(cells, mem, pc, pages, decimal=True, **kw):
        block = build(cells, mem, pc, pages, decimal, **kw)
        if block is not None:
            starts.append(pc)
        return block

    monkeypatch.setattr(_6502blocks, "HOT", 2)
    monkeypatch.setattr(_6502blocks, "build", counting)
    return starts
