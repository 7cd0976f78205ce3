"""Each machine's description names its keys (the first screen's hint and the
`?` overlay list the bindings from INFO.keys for every machine)."""

from __future__ import annotations

import pytest

from retroscope import machines

NAMED = ("tetris", "backgammon", "pacman", "crpg", "jmc")


@pytest.mark.parametrize("machine_id", [m for m in NAMED if m in machines.available()])
def test_the_description_names_the_keys(machine_id: str) -> None:
    info = machines.info(machine_id)
    assert "arrow" in info.summary.lower()
    assert info.keys, "the page's hint and help read INFO.keys"
    for key in info.keys.values():
        assert key in info.buttons
