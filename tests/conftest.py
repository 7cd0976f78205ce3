"""Fixtures every folder's tests may ask for (the plain helpers are in `harness`)."""

from __future__ import annotations

import pytest

# The harness's checks fail with the values compared, as a test's own asserts do.
pytest.register_assert_rewrite("harness")


@pytest.fixture
def z80_compiles_soon(monkeypatch: pytest.MonkeyPatch) -> None:
    """Z80 cores made in the test compile a block after 8 visits of its
    address (`z80.HOT`, each core's block table's `hot`; the default,
    `_z80blocks.HOT`, waits far longer), so
    that short test programs run on blocks."""
    from retroscope.cpu import z80  # noqa: PLC0415

    monkeypatch.setattr(z80, "HOT", 8)
