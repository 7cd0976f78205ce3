"""The memory search: what a search covers, what each step keeps, and bad
requests answered with a message (the e2e finds the games' variables with it
in the page)."""

from __future__ import annotations

import pytest

from harness.debug_machines import Debug6502Machine
from retroscope import machines
from retroscope.debug import DebugError, Session


def test_a_search_of_the_cpu_covers_its_ram_and_other_spaces_whole():
    session = Session(machines.create("tetris"))
    left = session.search("cpu", "start")
    addresses = set(left["addresses"])
    # The NES's 2 KiB and the cartridge's 8 KiB, not the RAM's mirrors, the
    # PPU's and APU's registers or the ROM.
    assert set(range(0x0800)) | set(range(0x6000, 0x8000)) <= addresses
    assert not addresses & (set(range(0x0800, 0x4100)) | set(range(0x8000, 0x10000)))
    assert session.search("oam", "start")["count"] == 256


def test_each_step_keeps_the_bytes_that_pass_against_the_step_before_or_a_value():
    machine = Debug6502Machine()
    session = Session(machine)
    ram = machine.bus.ram
    session.search("cpu", "start")
    ram[0x0040], ram[0x0041], ram[0x0042] = 5, 5, 9
    assert 0x0040 in session.search(op="eq", value=5)["addresses"]
    kept = session.search(op="eq", value=5)["addresses"]
    assert 0x0040 in kept and 0x0041 in kept and 0x0042 not in kept
    ram[0x0040], ram[0x0041] = 6, 5
    result = session.search(op="gt")
    assert 0x0040 in result["addresses"] and 0x0041 not in result["addresses"]
    i = result["addresses"].index(0x0040)
    assert (result["values"][i], result["previous"][i]) == (6, 5)
    ram[0x0040] = 4
    assert session.search(op="lt")["addresses"][:1] == [0x0040]
    ram[0x0040] = 4
    assert 0x0040 in session.search(op="unchanged")["addresses"]
    ram[0x0040] = 7
    assert 0x0040 in session.search(op="changed")["addresses"]
    assert 0x0040 in session.search(op="ne", value=8)["addresses"]
    assert [s["op"] for s in session.search_result()["steps"]] == [
        "start", "eq", "eq", "gt", "lt", "unchanged", "changed", "ne"]
    assert session.search_result(limit=0)["addresses"] == []


def test_the_frames_between_steps_narrow_it_to_what_moves_with_the_game():
    session = Session(Debug6502Machine())
    session.search("cpu", "start")
    for _ in range(4):
        session.run_frame(0)
        left = session.search(op="gt")["addresses"]
    # The NMI counts frames at $20: the one byte that rose every frame, with
    # the main loop's counters.
    assert 0x0020 in left and len(left) < 10


@pytest.mark.parametrize(("args", "message"), [
    ({"op": "eq", "value": 1}, "start a search first"),
    ({"space": "disk", "op": "start"}, "no memory space"),
    ({"op": "bigger"}, "search op must be one of"),
    ({"op": "start", "value": 3}, "start takes no value"),
    ({"op": "start", "value": 300}, "value must be within"),
])
def test_bad_steps_are_refused_with_a_message(args, message):
    session = Session(Debug6502Machine())
    with pytest.raises(DebugError, match=message):
        session.search(**args)


def test_narrowing_asks_for_the_space_under_way():
    session = Session(machines.create("tetris"))
    session.search("oam", "start")
    with pytest.raises(DebugError, match="is of oam"):
        session.search("cpu", "eq", 1)
    with pytest.raises(DebugError, match="takes no value"):
        session.search(op="changed", value=1)
