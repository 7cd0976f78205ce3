"""Programs assembled at build time (tools/images.py) and read by
`base.assemble_package`: equal to assembling, never stale, and with them no
machine assembles anything at boot from any link."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from retroscope import machines
from retroscope.asm import Program
from retroscope.machines import base
from retroscope.machines.tetris import machine as tetris_machine

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def images(tmp_path, monkeypatch):
    """Images written into a scratch folder the way the build writes them;
    `assemble_package` reads from there, with empty caches."""
    # In a fresh Python, as the build does: here the machines' own caches may
    # already hold their programs, and nothing would ask for them.
    done = subprocess.run(
        [sys.executable, "-c", "import sys; from pathlib import Path; "
         "from tools.images import write_images; print(' '.join(write_images(Path(sys.argv[1]))))",
         str(tmp_path)], cwd=REPO, capture_output=True, text=True, check=True)
    names = done.stdout.split()
    monkeypatch.setattr(base, "image_path", lambda key: tmp_path / f"{key}.json.gz")
    base._assemble.cache_clear()
    tetris_machine._built.cache_clear()
    yield tmp_path, names
    base._assemble.cache_clear()
    tetris_machine._built.cache_clear()


def random_link(machine_id: str, rng: random.Random) -> dict:
    """Link parameters within each Param's range (strings from its alphabet)."""
    params = {}
    for spec in machines.info(machine_id).params:
        if spec.kind == "int" and spec.lo is not None and spec.hi is not None:
            params[spec.name] = rng.randint(spec.lo, spec.hi)
    if machine_id == "pacman":
        from retroscope.machines.pacman.maze import default_maze
        params["maze"] = default_maze().to_link()
    if machine_id == "crpg":
        from retroscope.machines.crpg import mapfile, world
        params["map"] = mapfile.encode(rng.choice((world.isle, world.coast, world.forest))())
    if machine_id == "jmc":
        params.update(seed=f"{rng.randrange(1, 1 << 32):08X}", bridges=rng.choice((2, 4)))
    if machine_id == "tetris":
        from retroscope.machines.tetris.model import lfsr_cycle
        params.update(seed=f"{rng.choice(sorted(lfsr_cycle())):04X}", type=rng.choice("AB"),
                      start=rng.choice(list(tetris_machine.START_MODES)))
    return params


def test_no_machine_assembles_at_boot_from_any_link(images):
    _, names = images
    assert len(names) >= len(machines.available())
    rng = random.Random(12)
    before = len(base.ASSEMBLED)
    for machine_id in machines.available():
        for _ in range(3):
            machine = machines.create(machine_id, **random_link(machine_id, rng))
            machine.run_frame(0)
    assert base.ASSEMBLED[before:] == []


def test_an_image_holds_the_program_the_assembler_makes(images):
    folder, _ = images
    calls = []
    stop = base.recording()
    try:
        for machine_id in machines.available():
            machines.create(machine_id)
    finally:
        calls = stop()
    assert calls
    for call in dict.fromkeys(calls):
        fresh = base.assemble_sources(*call)
        loaded = base._assemble(*call).program
        assert loaded == fresh
        # Each file's name is one string for all its rows (memory, snapshot).
        names = {}
        assert all(names.setdefault(row.file, row.file) is row.file for row in loaded.listing)
        assert base.image_bytes(fresh) == (folder / f"{base.image_key(*call)}.json.gz").read_bytes()


def test_a_changed_source_input_or_assembler_never_takes_the_old_image(tmp_path, monkeypatch):
    package = tmp_path / "scratchprog"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "main.asm").write_text(' .org $8000\n .include "part.inc"\n lda #VALUE\n')
    (package / "part.inc").write_text("VALUE = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    call = ("scratchprog", "main.asm", "6502", (("gen.inc", "X = 1\n"),))
    key = base.image_key(*call)
    (package / "part.inc").write_text("VALUE = 2\n")  # a source file beside it
    assert base.image_key(*call) != key
    assert base.image_key(*call[:3], (("gen.inc", "X = 2\n"),)) != key  # a generated input
    assert base.image_key(call[0], call[1], "z80", call[3]) != key
    monkeypatch.setattr(base, "_assembler_digest", lambda: "another assembler")
    assert base.image_key(*call) != key
    # With an image at the old key only, the program is assembled afresh.
    monkeypatch.setattr(base, "image_path", lambda k: tmp_path / f"{k}.json.gz")
    (tmp_path / f"{key}.json.gz").write_bytes(base.image_bytes(
        base.assemble_sources("retroscope.machines.fds", "bios.asm", "6502", ())))
    base._assemble.cache_clear()
    before = len(base.ASSEMBLED)
    built = base.assemble_package(*call[:3], dict(call[3]))
    assert base.ASSEMBLED[before:] == ["scratchprog/main.asm"]
    assert built.program.chunks == [(0x8000, bytes([0xA9, 2]))]
    base._assemble.cache_clear()


@pytest.mark.parametrize("seed", [0x0001, 0x8988, 0xFFFF, 0x1234, 0xBEEF])
def test_tetris_link_values_set_into_the_image_equal_assembling_with_them(seed):
    rng = random.Random(seed)
    for _ in range(2):
        args = (seed, rng.randint(0, 19), rng.randint(0, 5), rng.choice("AB"),
                rng.choice(list(tetris_machine.START_MODES)), rng.randint(0, 3))
        patched = tetris_machine._built(*args).program
        generated = tuple(sorted(tetris_machine._generated(*args).items()))
        fresh = base.assemble_sources(tetris_machine.PACKAGE, "tetris.asm", "6502", generated)
        assert patched.chunks == fresh.chunks
        assert patched.symbols == fresh.symbols
        assert patched.listing == fresh.listing


def test_patching_refuses_an_address_outside_the_program():
    program = Program.from_json(base.assemble_sources(
        "retroscope.machines.fds", "bios.asm", "6502", ()).to_json())
    with pytest.raises(ValueError):
        program.patched({0x0000: 1})
