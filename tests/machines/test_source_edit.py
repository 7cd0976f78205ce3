"""Source edits on every machine (machines/program_edit.py, the session's
edit_source/apply_edit): the sources reassemble to the shipped program; a
patch writes exactly the bytes that changed and drops the compiled blocks
over them; an edit is history (seek, replay, snapshot/restore exact across
it) and travels in a link; bad edits are refused with their line and the
machine untouched; the ready edits apply and do what they say."""

from __future__ import annotations

import pytest

from retroscope import machines, opening, share
from retroscope.debug import Session
from retroscope.machines.ready_edits import edits_of, listed

IDS = machines.available()
# One instruction of each program the game runs every frame, and an edit of it
# that assembles to other bytes of the same length.
LINES = {
    "tetris": ("mechanics.asm", "        cmp spawnID\n        bne @store\n",
               "        cmp spawnID\n        beq @store\n"),
    "backgammon": ("rng.asm", None, None),
    "pacman": ("ghostdir.asm", "        ld a,(curDirection)     ; $29D4",
               "        ld a,(revDirection)     ; $29D4"),
    "crpg": ("mapprc.asm", "LOS    LI   R5,168             window index",
             "LOS    LI   R5,167             window index"),
    "jmc": ("prng.asm", None, None),
}


def _session(mid: str, frames: int = 90) -> Session:
    session = Session(machines.create(mid))
    session.run_frames(frames, buttons=0)
    return session


def _some_edit(session: Session) -> tuple[str, str]:
    """A file and its text with one instruction changed (an operand's last digit)."""
    program = session.machine.program
    file = LINES[session.machine.INFO.id][0]
    text = next(s["text"] for s in session.sources() if s["file"] == file)
    _, old, new = LINES[session.machine.INFO.id]
    if old is not None:
        assert text.count(old) == 1
        return file, text.replace(old, new)
    for row in program.listing:  # an immediate's value: same length, other bytes
        if row.file == file and row.code and "#$" in row.text.split(";")[0]:
            lines = text.split("\n")
            head, _, tail = row.text.partition("#$")
            digit = tail[1]
            tail = tail[0] + ("1" if digit != "1" else "2") + tail[2:]
            lines[row.line - 1] = f"{head}#${tail}"
            return file, "\n".join(lines)
    raise AssertionError(f"no instruction to edit in {file}")


@pytest.mark.parametrize("mid", IDS)
def test_sources_reassemble_to_the_shipped_program(mid: str) -> None:
    machine = machines.create(mid)
    editor = machine.program_editor()
    texts = {s["file"]: s["text"] for s in editor.sources()}
    assert editor.assemble(texts).chunks == machine.program.chunks
    assert editor.check(machine.program) == []


@pytest.mark.parametrize("mid", IDS)
def test_patch_invalidates_the_changed_blocks(mid: str) -> None:
    session = _session(mid)
    machine, cpu = session.machine, session.machine.cpu
    before = bytes(machine.bus.ram)
    file, text = _some_edit(session)
    result = session.edit_source(file, text, "patch")
    assert result["ok"], result["errors"]
    assert result["changed"], "the edit changed no byte"
    after = bytes(machine.bus.ram)
    changed = {a for a in range(0x10000) if before[a] != after[a]}
    spans = {a for lo, hi in result["changed"] for a in range(lo, hi)}
    assert changed and changed <= spans  # only the program's changed bytes written
    for start, ranges in cpu.compiled_blocks().items():
        for lo, hi in ranges:
            assert not any(lo <= a < hi for a in spans), f"block ${start:04X} kept"
    assert machine.program_edit and session.program_info()["files"][0]["file"] == file
    session.run_frames(30, buttons=0)  # it runs on; blocks compile again from the new code


@pytest.mark.parametrize("mid", IDS)
def test_edit_is_history(mid: str) -> None:
    """Seek before the edit: the old program as it ran; after it: the new one;
    snapshot/restore keep it; the replay of a link made after it is exact."""
    opened, _, _ = opening.open_link(mid, {})
    session = opened.session
    session.run_frames(40, buttons=0)
    early, early_hash = session.machine.frame, session.state_hash()
    session.run_frames(3, buttons=0)
    file, text = _some_edit(session)
    assert session.edit_source(file, text, "patch")["ok"]
    session.run_frames(20, buttons=0)
    late, late_hash = session.machine.frame, session.state_hash()
    snap = session.machine.snapshot()
    session.seek(early)
    assert session.state_hash() == early_hash and session.machine.program_edit == ""
    session.seek(late)
    assert session.state_hash() == late_hash and session.machine.program_edit
    session.machine.restore(snap)
    assert session.state_hash() == late_hash
    link = opening.share_link(opened)
    assert len(link["hash"]) < share.MAX_LINK
    machine_id, raw, _ = share.parse_link(link["hash"])
    again, answer, pending = opening.open_link(machine_id, raw)
    assert answer["program"]["files"] and answer["program"]["edit"]
    assert pending.finish()["moment"]["exact"]
    assert again.session.state_hash() == late_hash


@pytest.mark.parametrize("mid", IDS)
def test_restart_powers_on_with_the_new_program(mid: str) -> None:
    session = _session(mid, 30)
    file, text = _some_edit(session)
    result = session.edit_source(file, text, "restart")
    assert result["ok"], result["errors"]
    fresh = machines.create(mid)
    editor = fresh.program_editor()
    editor.restart(editor.program_for(fresh.program_editor().edit_with(file, text)),
                   session.machine.program_edit)
    fresh.frame = session.machine.frame
    assert session.machine.snapshot()["ram"] == fresh.snapshot()["ram"]
    session.revert_source("restart")
    assert session.machine.program_edit == ""


@pytest.mark.parametrize("mid", IDS)
def test_bad_edits_refused_with_their_line(mid: str) -> None:
    session = _session(mid, 10)
    hash_before = session.state_hash()
    file = LINES[mid][0]
    text = next(s["text"] for s in session.sources() if s["file"] == file)
    lines = text.split("\n")
    code = next(r.line for r in session.machine.program.listing if r.file == file and r.code)
    lines[code - 1] = "        frobnicate the bits"
    result = session.edit_source(file, "\n".join(lines))
    assert not result["ok"] and result["errors"][0]["file"] == file
    assert result["errors"][0]["line"] == code
    # Past the program's space: an .org where the machine holds no program.
    far = {"tetris": "$6000", "backgammon": "$E800", "pacman": "$3500", "crpg": "$8000",
           "jmc": "$FC80"}[mid]
    org = ("        AORG " if mid == "crpg" else "        org " if mid == "pacman"
           else ".org ") + (far.replace("$", ">") if mid == "crpg" else far)
    byte = "        BYTE 1" if mid == "crpg" else "        db 1" if mid == "pacman" \
        else "        .byte 1"
    main = session.machine.program_recipe().main  # (at its end: after everything)
    text = next(s["text"] for s in session.sources() if s["file"] == main)
    end = "\n       END" if "\n       END" in text else None  # (TI's END ends the source)
    grown = text.replace(end, f"\n{org}\n{byte}{end}") if end else text + f"\n{org}\n{byte}\n"
    result = session.edit_source(main, grown)
    assert not result["ok"] and any(far[1:] in e["message"] for e in result["errors"]), result
    assert session.edit_source("nothing.asm", "")["ok"] is False
    assert session.state_hash() == hash_before and session.machine.program_edit == ""
    session.run_frames(2, buttons=0)



@pytest.mark.parametrize("mid", ["tetris", "crpg"])
def test_check_source_assembles_without_applying(mid: str) -> None:
    """The Source tab's Assemble: errors at their line, or ok; either way the
    machine and the edit in force are as they were."""
    session = _session(mid, 10)
    hash_before = session.state_hash()
    file, good = _some_edit(session)
    answer = session.check_source(file, good)
    assert answer["ok"] and answer["errors"] == [] and f"+++ {file} (edited)" in answer["diff"]
    lines = good.split("\n")
    code = next(r.line for r in session.machine.program.listing if r.file == file and r.code)
    lines[code - 1] = "        frobnicate the bits"
    result = session.check_source(file, "\n".join(lines))
    first = result["errors"][0]
    assert not result["ok"] and (first["file"], first["line"]) == (file, code)
    assert session.check_source("nothing.asm", "")["ok"] is False
    assert session.state_hash() == hash_before and session.machine.program_edit == ""
    assert session.edit_source(file, good)["ok"]  # (the program checked is the one applied)

def test_documented_variable_refused() -> None:
    """Program bytes over a variable the article documents name its address."""
    session = _session("tetris", 1)
    text = next(s["text"] for s in session.sources() if s["file"] == "tetris.asm")
    result = session.edit_source("tetris.asm", text)
    assert result["ok"]
    machine = session.machine
    editor = machine.program_editor()
    program = editor.assemble({**{s["file"]: s["text"] for s in session.sources()},
                               "tetris.asm": text + "\n.org $0017\n.byte 1, 2\n"})
    problems = editor.check(program)
    assert any("$0017" in p["message"] for p in problems)


@pytest.mark.parametrize("mid", IDS)
def test_hostile_src_in_a_link(mid: str) -> None:
    """A damaged or foreign `src` opens the unchanged machine with a message."""
    machine = machines.create(mid)
    editor = machine.program_editor()
    session = Session(machine)
    file, text = _some_edit(session)
    good = editor.edit_with(file, text)
    for bad in (good[:-4] + "0000", good[: len(good) // 2], "1.AAAA.0", "x" * 20,
                good.replace(good.split(".")[1][:6], "AAAAAA")):
        _, answer, _ = opening.open_link(mid, {"src": bad})
        assert answer["program"]["edit"] == "" and answer["messages"]
    _, answer, _ = opening.open_link(mid, {"src": good})
    assert answer["program"]["edit"] == good


def test_pacman_dead_end_edits() -> None:
    """Seed 004's five answers: chooseDirection at a tile walled on every side."""
    from retroscope.machines.pacman.edits import EDITS
    from retroscope.machines.ready_edits import edit_named

    def choose(edit: str) -> object:
        machine = machines.create("pacman")
        session = Session(machine)
        session.run_frames(5, buttons=0)
        if edit:
            assert session.apply_edit(edit_named(machine, edit))["ok"]
        pos = machine.symbols  # walls all round the tile at (row $30, column $30)
        del pos
        from retroscope.machines.pacman.program import MAZE_TILES  # noqa: F401
        for dr, dc in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            row, col = 0x30 + dr, 0x30 + dc
            addr = 0x4040 + (col - 0x20) * 32 + (row - 0x20)
            machine.bus.ram[addr] = 0xD0
        try:
            return machine.call("chooseDirection", sp=0x4FC0, hl=0x3030, de=0x2222, a=0,
                                max_cycles=200_000)["a"]
        except Exception as exc:  # noqa: BLE001 - the freeze and the crash do not return
            return type(exc).__name__
    shipped = choose("")
    assert shipped == 0  # through the wall: the direction it came in by
    results = {e.name: choose(e.name) for e in EDITS}
    assert results["dead-end-through"] == 0
    assert results["dead-end-turn"] == 2
    assert results["dead-end-stop"] == 0x80
    assert results["dead-end-freeze"] == "MachineError"
    assert results["dead-end-crash"] != 0


def test_tetris_no_reroll_keeps_a_repeat() -> None:
    from retroscope.machines.ready_edits import edit_named

    def pick(edit: str) -> int:
        machine = machines.create("tetris")
        session = Session(machine)
        if edit:
            assert session.apply_edit(edit_named(machine, edit))["ok"]
        ram = machine.bus.ram
        # rng $17 + (spawnCount + 1) = 2 -> spawnTable[2], the same as spawnID: a repeat
        ram[0x17], ram[0x1A] = 1, 0
        table = machine.symbols["spawnTable"]
        ram[0x19] = machine.read(table + 2)
        machine.call("pickRandomTetrimino", s=0xFD)
        return ram[0x19], machine.read(table + 2)
    got, repeat = pick("no-reroll")
    assert got == repeat
    got, repeat = pick("")
    assert got != repeat  # the shipped code rolls again: never the same twice here


def test_tetris_no_spawn_count_ignores_the_count() -> None:
    """Without spawnCount the first try is the PRNG's alone: the same piece
    whatever the count (the shipped code gives two pieces for two counts)."""
    from retroscope.machines.ready_edits import edit_named

    def pick(edit: str, count: int) -> int:
        machine = machines.create("tetris")
        session = Session(machine)
        if edit:
            assert session.apply_edit(edit_named(machine, edit))["ok"]
        ram = machine.bus.ram
        # rng $17 = 1; spawnID a piece no first try gives here ($FF): no reroll
        ram[0x17], ram[0x1A], ram[0x19] = 1, count, 0xFF
        machine.call("pickRandomTetrimino", s=0xFD)
        return ram[0x19]
    assert pick("no-spawn-count", 0) == pick("no-spawn-count", 3)
    assert pick("", 0) != pick("", 3)


def test_crpg_copy_unrolled_cuts_the_copy() -> None:
    """The loader's copy with the unrolled loop: the panel's count of the
    last map copy is the unrolled one, some 38 % fewer cycles (seed 000)."""
    from retroscope.machines.ready_edits import edit_named

    def copy(edit: str) -> tuple[int, bool]:
        machine = machines.create("crpg")
        session = Session(machine)
        if edit:
            assert session.apply_edit(edit_named(machine, edit), "restart")["ok"]
        session.run_frames(30, buttons=0)
        state = machine.state()
        return state["copy_cycles"], state["copy_unrolled"]
    looped, was_unrolled = copy("")
    unrolled, is_unrolled = copy("copy-unrolled")
    assert looped and unrolled and not was_unrolled and is_unrolled
    assert 0.55 < unrolled / looped < 0.7


def test_backgammon_power_on_sequence() -> None:
    """Power-on seeds sequence 0 with the edit: another seed at $0500,
    another 55-value table."""
    from retroscope.machines.ready_edits import edit_named

    def table(edit: str) -> bytes:
        machine = machines.create("backgammon")
        session = Session(machine)
        if edit:
            assert session.apply_edit(edit_named(machine, edit), "restart")["ok"]
        session.run_frames(20, buttons=0)
        ram = machine.bus.ram
        return bytes(ram[0x500:0x501]) + bytes(ram[0x601:0x638])  # the seed, the table
    shipped, edited = table(""), table("power-on-sequence-0")
    assert shipped[0] == 0x5F and edited[0] == 0x20
    assert shipped[1:] != edited[1:]


def test_jmc_no_seed_leaves_the_register() -> None:
    """prng_seed no longer stirs the clock into the register."""
    from retroscope.machines.ready_edits import edit_named

    def seeded(edit: str) -> tuple[bytes, bytes]:
        machine = machines.create("jmc")
        session = Session(machine)
        session.run_frames(5, buttons=0)
        if edit:
            assert session.apply_edit(edit_named(machine, edit))["ok"]
        ram = machine.bus.ram
        ram[0x5C:0x60] = b"\x01\x02\x03\x04"
        before = bytes(ram[0x5C:0x60])
        machine.call("prng_seed", max_cycles=2_000_000)
        return before, bytes(ram[0x5C:0x60])
    before, after = seeded("no-seed")
    assert before == after
    before, after = seeded("")
    assert before != after


def test_every_machine_has_ready_edits() -> None:
    for mid in IDS:
        assert edits_of(machines.create(mid)), mid


@pytest.mark.parametrize("mid", IDS)
def test_ready_edits_apply_and_fit_a_link(mid: str) -> None:
    machine = machines.create(mid)
    session = Session(machine)
    for ready in listed(machine):
        assert session.apply_edit(ready["edit"])["ok"]
        session.run_frames(3, buttons=0)
        assert len(share.encode(mid, {}) + "&src=" + ready["edit"]) < 1000
    assert edits_of(machine)


# Per machine, a line of code that runs every frame (compiled into a block by
# then, on each of the three cores), an edit of it of the same length, the
# variable it changes and what a frame does to it: (shipped, edited).
HOT = {
    "tetris": ("game.asm", "        inc frameCounter\n", "        dec frameCounter\n",
               "frameCounter", "step", (1, 0xFF)),
    "backgammon": ("rng.asm", "        INC RngIndex\n", "        DEC RngIndex\n",
                   "RngIndex", "step", (1, 0xFF)),
    "jmc": ("main.asm", "@loop:  lda #1 ", "@loop:  lda #2 ", "Z_waiting", "value", (1, 2)),
    "pacman": ("game.asm", "        ld hl,frameCount\n        inc (hl)\n",
               "        ld hl,frameCount\n        dec (hl)\n", "frameCount", "step", (1, 0xFF)),
    "crpg": ("crpg.asm", "KEYHK3 MOV  R0,@HELD", "KEYHK3 CLR  @HELD   ", "HELD", "value",
             (0xFF, 0)),
}


@pytest.mark.parametrize("mid", IDS)
def test_patched_hot_code_runs_compiled(mid: str) -> None:
    """A patch over code that runs every frame and is compiled into a block:
    the block is dropped, the new code runs (what a frame does to its
    variable changes), and is compiled again from the new bytes."""
    file, old, new, symbol, kind, (shipped, edited) = HOT[mid]
    session = _session(mid, frames=100)
    machine, cpu = session.machine, session.machine.cpu
    at = machine.symbols[symbol]

    def frame_effect() -> int:
        if kind == "step":  # mid-range: no wrap (RngIndex goes back to 0 at 55)
            machine.bus.ram[at] = 0x20
        before = machine.bus.ram[at]
        session.run_frames(1, buttons=0)
        after = machine.bus.ram[at]
        return (after - before) & 0xFF if kind == "step" else after

    def compiled_over(spans: list[list[int]]) -> bool:
        return any(lo <= a < hi for ranges in cpu.compiled_blocks().values()
                   for lo, hi in ranges for s, e in spans for a in range(s, e))

    assert frame_effect() == shipped
    text = next(s["text"] for s in session.sources() if s["file"] == file)
    assert text.count(old) == 1
    lines = [line.rstrip() for line in old.rstrip().split("\n")]
    line_addr = [row.address for row in machine.program.listing
                 if row.file == file and row.code and row.text.startswith(tuple(lines))]
    assert line_addr
    assert compiled_over([[a, a + 1] for a in line_addr]), "the line's code is not compiled yet"
    result = session.edit_source(file, text.replace(old, new), "patch")
    assert result["ok"], result["errors"]
    assert not compiled_over(result["changed"])
    assert frame_effect() == edited
    hot = 64 if machine.INFO.cpu == "z80" else 8  # visits before a block is compiled
    session.run_frames(hot + 4, buttons=0)
    assert compiled_over(result["changed"]), "the new code was not compiled again"
    assert frame_effect() == edited
