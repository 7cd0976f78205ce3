"""The CRPG machine on the TI-99/4A stand-in: boot, the drawn window, the
step's cycles measured on the core, the copy loops, walking and exits."""

from __future__ import annotations

from typing import Any

import pytest

from retroscope.machines import create
from retroscope.machines.crpg import model
from retroscope.machines.crpg.machine import BUTTONS, CrpgMachine


@pytest.fixture()
def machine() -> CrpgMachine:
    m = create("crpg")
    assert isinstance(m, CrpgMachine)
    return m


def test_warming_up_compiles_the_start_up_and_leaves_the_machine_as_it_was(
        machine: CrpgMachine, monkeypatch: pytest.MonkeyPatch) -> None:
    """In the page the first MAPPRC cost some 2 s of compiling the core's
    blocks, with the window empty after the page said ready: a new machine
    there runs its start-up once and puts everything back before it is
    handed over. Nothing of the machine may change; the blocks stay."""
    from retroscope.cpu import _tms9900blocks

    compiled: list[str] = []
    compile_block = _tms9900blocks.closure_function

    def counted(name: str, *args: Any) -> Any:
        compiled.append(name)
        return compile_block(name, *args)

    monkeypatch.setattr(_tms9900blocks, "closure_function", counted)
    fresh = create("crpg")
    fresh.run_until_step(1)
    cold = len(compiled)
    before = machine.snapshot()
    machine.warm_up()
    assert machine.frame == 0 and machine.snapshot() == before
    compiled.clear()
    machine.run_until_step(1)
    assert len(compiled) < cold / 3, (len(compiled), cold)
    assert bytes(machine.bus.ram) == bytes(fresh.bus.ram)
    assert bytes(machine.framebuffer) == bytes(fresh.framebuffer)


def test_the_program_draws_the_processed_window_into_the_name_table(machine: CrpgMachine) -> None:
    machine.run_until_step(1)
    machine.run_frame()
    vdp = machine.vdp
    names = [vdp.vram[(5 + r) * 32 + 2 + c] for r in range(13) for c in range(13)]
    assert bytes(names) == machine.window()
    assert names[model.CENTRE] == model.PLAYER
    assert len(set(machine.framebuffer)) > 3  # grass, paths, houses, the player


def test_the_step_cycles_are_mapprcs_own_as_machine_call_counts_them(machine: CrpgMachine) -> None:
    machine.run_until_step(1)
    probed = machine.step_cycles
    snap = machine.snapshot()
    called = machine.call("MAPPRC")["cycles"]  # MAPPRC's inputs are unchanged by it
    machine.restore(snap)
    assert probed == called
    assert machine.state()["step_ms"] == round(1000 * called / 3_000_000, 2)


@pytest.mark.parametrize(("unroll", "expected"), [(0, 71_678), (1, 47_614)])
def test_the_map_copy_takes_the_data_manual_cycles(machine: CrpgMachine, unroll: int,
                                                   expected: int) -> None:
    """The town is 32 x 32: the article's 1,024-byte copy. Code in the 8-bit
    expansion, workspace in the scratchpad: the data manual's sums (see
    tests/unit/test_tms9900_programs.py), not the article's 81,920 / 50,688."""
    machine.bus.ram[machine.symbols["UNROLL"]] = unroll
    machine.run_until_step(1)
    assert machine.copy_cycles == expected
    assert machine.bus.ram[0x2000:0x2400] == bytes(machine.world.maps[0].scene.tiles)


def test_arrow_keys_walk_through_the_keyboard_matrix(machine: CrpgMachine) -> None:
    machine.run_until_step(1)
    x0, y0 = machine.state()["x"], machine.state()["y"]
    right = 1 << BUTTONS.index("Right")
    machine.run_frame(right)
    machine.run_frame(0)
    machine.run_until_step(machine.state()["steps"] + 1)
    assert (machine.state()["x"], machine.state()["y"]) == (x0 + 1, y0)
    up = 1 << BUTTONS.index("E")  # E on the keyboard: north
    machine.run_frame(up)
    machine.run_frame(0)
    machine.run_until_step(machine.state()["steps"] + 1)
    assert (machine.state()["x"], machine.state()["y"]) == (x0 + 1, y0 - 1)


def test_snapshot_and_restore_bring_back_the_world_as_edited(machine: CrpgMachine) -> None:
    machine.run_until_step(1)
    snap = machine.snapshot()
    before = machine.state()
    machine.command("settings", {"width": 20, "height": 20, "name": "Small"})
    machine.command("goto", {"map": "isle"})
    for _ in range(30):
        machine.run_frame(1)
    machine.restore(snap)
    assert machine.state() == before
    assert machine.world.maps[0].name == "Brightwater town"
    assert machine.world.maps[0].scene.width == 32
    again = machine.snapshot()
    assert again["devices"]["timing"] == snap["devices"]["timing"]
    assert again["ram"] == snap["ram"] and again["cpu"] == snap["cpu"]


def test_skipping_the_wait_loop_changes_nothing_but_the_host_time() -> None:
    """The runner that adds whole turns of WAITF1 instead of running them ends
    every frame in the very state the plain core reaches."""
    fast, plain = create("crpg"), create("crpg")
    assert isinstance(fast, CrpgMachine) and isinstance(plain, CrpgMachine)
    plain.runner = plain.cpu.run
    presses = {5: "Right", 40: "Down", 41: "Down", 90: "Left", 130: "E"}
    for frame in range(160):
        buttons = 1 << BUTTONS.index(presses[frame]) if frame in presses else 0
        fast.run_frame(buttons)
        plain.run_frame(buttons)
        if frame % 40 == 39:
            assert fast.snapshot() == plain.snapshot(), f"frame {frame}"
    assert fast.framebuffer == plain.framebuffer


def test_a_memory_edit_of_the_map_size_does_not_let_the_copy_overrun(machine: CrpgMachine) -> None:
    """MAPBUF holds 4K: a size edited to 200 x 200 copies 4K, and the program
    (at >A000) goes on drawing steps."""
    machine.run_until_step(1)
    code = slice(0xA000, machine.symbols["VWIDTH"])  # the code, before its variables
    tables = slice(machine.symbols["TILEPT"], machine.symbols["TILECL"] + 32)
    program = bytes(machine.bus.ram[code]) + bytes(machine.bus.ram[tables])
    for name in ("HWIDTH", "VWIDTH"):
        machine.write(machine.symbols[name] + 1, 200)
    machine.write(machine.symbols["NEWMAP"], 1)
    machine.run_until_step(machine.state()["steps"] + 2)
    assert bytes(machine.bus.ram[code]) + bytes(machine.bus.ram[tables]) == program


def test_the_documented_routines_return_with_their_registers(machine: CrpgMachine) -> None:
    from retroscope.machines.crpg.machine import ROUTINE_SPECS

    for label, _, regs in ROUTINE_SPECS:
        snap = machine.snapshot()
        result = machine.call(label, **dict(regs))
        machine.restore(snap)
        assert result["cycles"] > 0, label
    # POSCLC from the bottom-left corner steps diagonally: row 11, column 1
    result = machine.call("POSCLC", r3=12, r4=0, r9=0x3352)
    assert (result["r3"], result["r4"], result["r7"]) == (11, 1, 11 * 13 + 1)
    assert machine.bus.ram[0x3352:0x3354] == (11 * 13 + 1).to_bytes(2, "big")


def test_wandering_mobs_keep_to_open_ground_and_off_each_other(machine: CrpgMachine) -> None:
    from retroscope.machines.crpg.tiles import by_code

    flags = {code: t.flags for code, t in by_code().items()}
    for _ in range(800):
        machine.run_frame()
    sc = machine.scene_from_memory()
    spots = [(x, y) for kind, _, x, y in sc.mobs if kind == 1]
    assert len(set(spots)) == len(spots)
    start = {(x, y) for _, _, x, y in machine.world.maps[0].scene.mobs}
    assert set(spots) != start  # they moved
    for x, y in spots:
        assert not flags[sc.tiles[y * sc.width + x] & 0x7F] & 0x60  # not solid, not an exit


def test_the_layout_constants_match_the_assembled_program(machine: CrpgMachine) -> None:
    from retroscope.machines.crpg.machine import PATH_STACK, TICK, WINCOL, WINROW

    sym = machine.symbols
    assert PATH_STACK == sym["WORK"] + 338
    assert TICK == sym["VDPTIC"]
    assert (WINROW, WINCOL) == (sym["WINROW"], sym["WINCOL"])
    assert (sym["MAPBUF"], sym["WORK"], sym["MOBBUF"]) == (0x2000, 0x3200, 0x3000)


def test_the_article_s_labels_are_symbols_and_its_tables_are_the_model_s(
        machine: CrpgMachine) -> None:
    sym = machine.symbols
    labels = ("MAPBUF WORK STATE MOBBUF LIGHT XDIFF TILES VWIDTH HWIDTH Y X DIRX DIRY "
              "POSCLC POSCL2 MAPPRC").split()
    assert [name for name in labels if name not in sym] == []
    ram = machine.bus.ram
    assert bytes(ram[sym["LIGHT"]:sym["LIGHT"] + len(model.LIGHT_BYTES)]) == model.LIGHT_BYTES
    assert [b - 256 if b > 127 else b for b in ram[sym["XDIFF"]:sym["XDIFF"] + 26]] \
        == list(model.XDIFF)
    assert [int.from_bytes(ram[sym["DIRY"] + 2 * i:sym["DIRY"] + 2 * i + 2], "big", signed=True)
            for i in range(4)] == list(model.DIRY)


@pytest.mark.parametrize("tap", [1, 6])  # a key tap of 1 frame, and of 100 ms (6 frames)
def test_each_tap_moves_one_square_even_while_a_step_is_being_drawn(
        machine: CrpgMachine, tap: int) -> None:
    """MAPPRC takes some ten frames, and the mobs' moves redraw every 40: a
    tap then used to come and go unseen. Taps 12 to 51 frames apart (a brisk
    player) fall at every phase of the steps; each must move one square."""
    machine.run_until_step(1)
    xs = [machine.state()["x"]]
    taps = 0
    for gap in range(12, 52, 3):
        key = 1 << BUTTONS.index("Left" if taps % 2 == 0 else "Right")
        for _ in range(tap):
            machine.run_frame(key)
            xs.append(machine.state()["x"])
        for _ in range(gap):
            machine.run_frame(0)
            xs.append(machine.state()["x"])
        taps += 1
    for _ in range(40):
        machine.run_frame(0)
        xs.append(machine.state()["x"])
    moves = [b - a for a, b in zip(xs, xs[1:], strict=False) if b != a]
    assert moves == [-1, 1] * (taps // 2) + [-1] * (taps % 2)


@pytest.mark.parametrize(("frames", "squares"), [(6, (1, 1)), (20, (1, 1)), (90, (6, 9))])
def test_a_held_key_repeats_after_a_delay_at_a_steady_rate(
        machine: CrpgMachine, frames: int, squares: tuple[int, int]) -> None:
    machine.run_until_step(1)
    x0 = machine.state()["x"]
    left = 1 << BUTTONS.index("Left")
    for _ in range(frames):
        machine.run_frame(left)
    for _ in range(30):
        machine.run_frame(0)
    low, high = squares
    assert low <= x0 - machine.state()["x"] <= high
