"""The CRPG's world, editor and map links: exits between maps, painting a
square (the program redraws it), settings, sharing, hostile links and files."""

from __future__ import annotations

import random

import pytest

from retroscope.machines import MachineError, create
from retroscope.machines.crpg import mapfile, model, validate
from retroscope.machines.crpg.machine import CrpgMachine
from retroscope.machines.crpg.world import T, WorldMap, default_world


@pytest.fixture()
def machine() -> CrpgMachine:
    m = create("crpg")
    assert isinstance(m, CrpgMachine)
    m.run_until_step(1)
    return m


def names_window(m: CrpgMachine) -> bytes:
    return bytes(m.vdp.vram[(5 + r) * 32 + 2 + c] for r in range(13) for c in range(13))


def test_every_world_map_loads_and_draws(machine: CrpgMachine) -> None:
    for wm in default_world().maps:
        machine.command("goto", {"map": wm.id})
        steps = machine.state()["steps"]
        machine.run_until_step(steps + 1)
        machine.run_frame()
        assert machine.state()["map"] == wm.id
        assert names_window(machine)[model.CENTRE] == model.PLAYER
        expect = model.process(machine.scene_from_memory())
        mobs_moved = machine.window() != bytes(expect.seen)
        assert not mobs_moved or machine.state()["steps"] > steps


def test_stepping_on_the_town_stairs_takes_the_player_into_the_dark_cellar(
        machine: CrpgMachine) -> None:
    # the stairs are at (12, 13); put the player beside them, facing west
    machine.poke_word(machine.symbols["X"], 13)
    machine.poke_word(machine.symbols["Y"], 13)
    machine.bus.ram[machine.symbols["REDRAW"]] = 1
    machine.run_until_step(machine.state()["steps"] + 1)
    left = 1 << machine.INFO.buttons.index("Left")
    for _ in range(3):
        machine.run_frame(left)
    for _ in range(5):
        machine.run_frame()
    state = machine.state()
    assert (state["map"], state["x"], state["y"]) == ("dungeon", 2, 2)
    assert machine.bus.ram[machine.symbols["STATE"] + 8] == 1  # no map light


def test_a_painted_square_is_drawn_by_the_program(machine: CrpgMachine) -> None:
    machine.command("brush", {"kind": "tile", "code": T["water"], "lit": True})
    where = machine.command("paint", {"row": 6, "col": 7})  # east of the player
    assert where == {"x": machine.state()["x"] + 1, "y": machine.state()["y"]}
    machine.run_until_step(machine.state()["steps"] + 1)
    machine.run_frame()
    assert names_window(machine)[model.CENTRE + 1] == 0x80 | T["water"]
    # and water is solid: the player cannot walk east now
    x = machine.state()["x"]
    right = 1 << machine.INFO.buttons.index("Right")
    for _ in range(3):
        machine.run_frame(right)
    assert machine.state()["x"] == x


def test_the_pointer_paints_with_the_brush_and_walk_mode_leaves_the_map_alone(
        machine: CrpgMachine) -> None:
    before = machine.scene_from_memory().tiles
    machine.pointer(2 * 8 + 3, 5 * 8 + 3, True)  # top-left window square, walk mode
    assert machine.scene_from_memory().tiles == before
    machine.command("brush", {"kind": "mob", "gfx": 0x61})
    machine.pointer(8 * 8 + 1, 11 * 8 + 1, True)  # window (6, 6): under the player
    mobs = machine.scene_from_memory().mobs
    assert (1, 0x61, machine.state()["x"], machine.state()["y"]) in mobs


def test_settings_resize_and_change_the_map_type(machine: CrpgMachine) -> None:
    machine.command("settings", {"width": 40, "height": 20, "kind": 0, "edge": 1})
    machine.run_until_step(machine.state()["steps"] + 1)
    sc = machine.scene_from_memory()
    assert (sc.width, sc.height, sc.kind, sc.edge) == (40, 20, 0, 1)
    with pytest.raises(MachineError, match="slanted map is at least 12"):
        machine.command("settings", {"width": 8, "kind": 2})
    with pytest.raises(MachineError, match="width must be 6-64"):
        machine.command("settings", {"width": 65})


def test_a_shared_map_opens_in_a_new_machine_exactly(machine: CrpgMachine) -> None:
    machine.command("brush", {"kind": "tile", "code": T["torch"], "lit": False})
    machine.command("paint", {"row": 3, "col": 3})
    code = machine.command("export", {})["code"]
    other = create("crpg", map=code)
    assert isinstance(other, CrpgMachine)
    other.run_until_step(1)
    a, b = machine.scene_from_memory(), other.scene_from_memory()
    assert (a.tiles, a.x, a.y, a.mobs, a.kind, a.edge) == (b.tiles, b.x, b.y, b.mobs,
                                                            b.kind, b.edge)


def test_a_shared_map_has_the_same_checksum_after_a_bigger_map_was_visited(
        machine: CrpgMachine) -> None:
    """tiles_crc (what the page compares) covers the map's own squares, not
    what a bigger map left in MAPBUF past them."""
    machine.run_until_step(1)
    for map_id in ("forest", "town"):  # 40 x 40, then 32 x 32
        machine.command("goto", {"map": map_id})
        machine.run_until_step(machine.state()["steps"] + 1)
    other = create("crpg", map=machine.command("export", {})["code"])
    other.run_until_step(1)
    assert other.scene_from_memory().tiles == machine.scene_from_memory().tiles
    assert other.state()["tiles_crc"] == machine.state()["tiles_crc"]


def test_walking_west_off_the_wrapping_isle_comes_in_at_the_east(machine: CrpgMachine) -> None:
    machine.command("goto", {"map": "isle"})
    machine.run_until_step(machine.state()["steps"] + 1)

    def walk(name: str, steps: int) -> list[tuple[int, int]]:
        seen = []
        for _ in range(steps):
            for _ in range(3):
                machine.run_frame(1 << machine.INFO.buttons.index(name))
            for _ in range(12):
                machine.run_frame()
            seen.append((machine.state()["x"], machine.state()["y"]))
        return seen

    assert walk("Left", 5)[-1] == (3, 8)  # along the causeway, row 8: open from edge to edge
    xs = [x for x, y in walk("Left", 8) if y == 8]
    assert 0 in xs and 15 in xs[xs.index(0):], xs  # x 0, then 15: the map wraps
    assert machine.state()["map"] == "isle"


def test_a_32_by_32_link_stays_under_5120_characters_even_for_noise() -> None:
    rng = random.Random(5)
    codes = sorted(T.values())
    tiles = bytes(rng.choice(codes) | rng.choice((0, 0x80)) for _ in range(1024))
    mobs = [(1, 0x60, rng.randrange(32), rng.randrange(32)) for _ in range(64)]
    wm = WorldMap("x", "Noise", model.Scene(32, 32, tiles, 3, 4, mobs=mobs))
    code = mapfile.encode(wm)
    assert len(code) < 5120
    back = mapfile.decode(code)
    assert back.scene.tiles == tiles and back.scene.mobs == mobs and back.name == "Noise"


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty"), ("2abc", "format '2'"), ("1!!!", "base64url"),
    ("1AAAAAAAAAAAA", "unpack"), ("1AAA", "cut short"),
    ("1" + "A" * 13000, "characters"), (12, "is text"),
])
def test_bad_links_get_a_clear_message(text: object, message: str) -> None:
    with pytest.raises(mapfile.MapFileError, match=message):
        mapfile.decode(text)


def test_a_changed_character_fails_the_checksum_or_the_unpacking() -> None:
    code = mapfile.encode(default_world().maps[0])
    for i in range(5, len(code), 97):
        bad = code[:i] + ("A" if code[i] != "A" else "B") + code[i + 1:]
        with pytest.raises(mapfile.MapFileError):
            mapfile.decode(bad)


def test_a_hostile_map_link_is_refused_by_validate_and_create() -> None:
    assert validate({"map": "1zzzz"})[0][0] == "map"
    assert validate({"map": "1zzzz"})[0][1].endswith("; using the built-in world")
    with pytest.raises(MachineError, match="map"):
        create("crpg", map="1zzzz")
    assert validate({"map": ""}) == []


def test_the_unroll_toggle_times_both_copies_on_the_core(machine: CrpgMachine) -> None:
    both = machine.command("copy_cycles", {})
    assert (both["looped"], both["unrolled"], both["bytes"]) == (71_678, 47_614, 1024)
    assert both["article"] == {"looped": 81_920, "unrolled": 50_688}
    machine.run_until_step(1)
    assert (machine.state()["copy_cycles"], machine.state()["copy_unrolled"]) == (71_678, False)
    machine.command("unroll", {"on": True})
    # Until the program copies again, the last copy was the looped one: it says so.
    assert machine.state()["unroll"] and not machine.state()["copy_unrolled"]
    machine.run_until_step(machine.state()["steps"] + 1)
    state = machine.state()
    assert (state["copy_cycles"], state["copy_unrolled"], state["unroll"]) == (47_614, True, True)


@pytest.mark.parametrize("map_id", [m.id for m in default_world().maps])
def test_every_world_map_can_be_walked(machine: CrpgMachine, map_id: str) -> None:
    """From where a map is entered, the arrow keys move the player (through the
    program: adjacency slots, solid tiles, slant and edges)."""
    machine.command("goto", {"map": map_id})
    machine.run_until_step(machine.state()["steps"] + 1)
    moved = set()
    for name in ("Right", "Down", "Left", "Up"):
        before = (machine.state()["x"], machine.state()["y"])
        for _ in range(3):
            machine.run_frame(1 << machine.INFO.buttons.index(name))
        for _ in range(12):
            machine.run_frame()
        after = (machine.state()["x"], machine.state()["y"])
        if after != before and machine.state()["map"] == map_id:
            moved.add(name)
    assert len(moved) >= 2, f"{map_id}: moved only {moved}"


def _payload_code(payload: bytes) -> str:
    import base64
    import zlib

    packed = zlib.compress(payload) + zlib.crc32(payload).to_bytes(4, "big")
    return "1" + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def _payload(w=8, h=8, x=1, y=1, edge=0, kind=1, mobs=(), name=b"Ok", tiles=None) -> bytes:
    out = bytearray([1, w, h, x, y, edge, kind, 0, 0, len(mobs)])
    for m in mobs:
        out += bytes(m)
    out += bytes([len(name)]) + name
    out += bytes([0x80] * (w * h)) if tiles is None else tiles
    return bytes(out)


@pytest.mark.parametrize(("payload", "message"), [
    (_payload(), None),
    (_payload(mobs=[(1, 0x60, 9, 1)]), "off the map"),
    (_payload(mobs=[(7, 0x60, 1, 1)]), "unknown type"),
    (_payload(name=b"<b>"), "name"),
    (_payload(tiles=bytes([0x7E] * 64)), "unknown tile code"),
    (_payload(x=8), "outside the map"),
    (_payload(w=5, h=8, tiles=bytes([0x80] * 40)), "6 to 64"),
    (_payload(kind=0), "at least 12"),
    (_payload(kind=3), "map type 3"),
    (_payload(edge=2), "edge style"),
    (_payload()[:-1], "squares"),
    (_payload()[:9], "cut short"),
])
def test_a_well_checksummed_map_is_still_checked_field_by_field(payload: bytes,
                                                                message: str | None) -> None:
    code = _payload_code(payload)
    if message is None:
        assert mapfile.decode(code).scene.width == 8
        return
    with pytest.raises(mapfile.MapFileError, match=message):
        mapfile.decode(code)
