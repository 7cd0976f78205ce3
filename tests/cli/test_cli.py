"""The `retroscope` command, installed from the wheel into a fresh venv and run
as a user runs it: each command, its exit codes, its one-line errors, its
progress bar; and the package it installs is stdlib only."""

from __future__ import annotations

import json
import struct

import pytest

from retroscope import machines
from retroscope.debug.rewind import state_hash
from retroscope.util.png import png_bytes
from retroscope.worker_api import WorkerAPI

COMMANDS = ("machines", "run", "open", "asm", "disasm", "ai", "bench")


def one_error_line(stderr: str, command: str) -> str:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"retroscope {command}: error: "), stderr
    return lines[0]


def test_the_installed_package_is_the_wheels_own_and_needs_only_the_stdlib(cli, tmp_path):
    done = cli.python(
        "import importlib, pkgutil, sys, retroscope\n"
        "for m in pkgutil.walk_packages(retroscope.__path__, 'retroscope.',"
        " onerror=lambda name: None):\n"
        "    if m.name.endswith('__main__') or m.name.startswith('retroscope.gym'):\n"
        "        continue\n"
        "    importlib.import_module(m.name)\n"
        "print(retroscope.__file__)\n"
        "print(sorted({n.split('.')[0] for n in sys.modules} & {'numpy', 'gymnasium', 'cma',"
        " 'dask', 'distributed', 'ray'}))\n")
    assert done.returncode == 0, done.stderr
    where, optional = done.stdout.splitlines()
    assert "site-packages" in where and str(cli.bin.parent) in where
    assert optional == "[]"
    gym = cli.python("import retroscope.gym")
    assert gym.returncode == 1 and "pip install 'retroscope[gym]'" in gym.stderr
    shipped = cli.python("import retroscope, pathlib; print(len(list(pathlib.Path("
                         "retroscope.__file__).parent.glob('_images/*.json.gz'))))")
    assert int(shipped.stdout) >= len(machines.available())  # the programs come assembled


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(cli, command):
    assert f"usage: retroscope {command}" in cli(command, "--help").stdout


def test_version_and_top_level_help_with_the_exit_codes(cli):
    assert cli("--version").stdout.startswith("retroscope ")
    text = cli("--help").stdout
    assert all(c in text for c in COMMANDS) and "Exit status: 0 done; 1 " in text
    one_error_line(cli(code=2).stderr.replace("retroscope: error", "retroscope x: error"), "x")


def test_machines_lists_each_with_its_parameters_and_ranges(cli):
    listed = cli.json("machines")
    assert [m["id"] for m in listed] == machines.available()
    tetris = listed[0]
    level = next(p for p in tetris["params"] if p["name"] == "level")
    assert level["range"] == "0-19" and level["default"] == 0
    detail = cli.json("machines", "tetris")
    score = next(v for v in detail["variables"] if v["name"] == "score")
    assert (score["address"], score["type"]) == (0x53, "bcd24")
    assert "Start" in detail["buttons"] and detail["routines"]
    assert "variables:" in cli("machines", "pacman").stdout


def test_run_writes_the_last_frame_as_the_machine_draws_it(cli):
    cli("run", "pacman", "--frames", "600", "--png", "p.png")
    m = machines.create("pacman")
    for _ in range(600):
        m.run_frame(0)
    assert (cli.cwd / "p.png").read_bytes() == png_bytes(m.width, m.height, m.framebuffer,
                                                          m.palette)


def test_run_presses_an_input_file_and_writes_a_gif(cli):
    Image = pytest.importorskip("PIL.Image")
    (cli.cwd / "moves.txt").write_text("# a few moves\n20 -\n8 Left\n1 A\n30 Right+B\n4 0x04\n")
    done = cli("run", "tetris", "-p", "level=9", "--input", "moves.txt", "--gif", "t.gif",
               "--gif-every", "3", "--json")
    result = json.loads(done.stdout)
    presses = [0] * 20 + [0x02] * 8 + [0x80] + [0x01 | 0x40] * 30 + [0x04] * 4
    m = machines.create("tetris", level=9)
    for b in presses:
        m.run_frame(b)
    assert result["frame"] == len(presses) == m.frame
    assert result["state_hash"] == state_hash(m.snapshot())
    assert result["variables"]["level"] == 9 == m.variable("level")
    gif = Image.open(cli.cwd / "t.gif")
    assert gif.n_frames >= 2
    gif.seek(gif.n_frames - 1)
    pal = m.palette
    want = b"".join(bytes(((pal[p] >> 16) & 255, (pal[p] >> 8) & 255, pal[p] & 255))
                    for p in m.framebuffer)
    assert gif.convert("RGB").tobytes() == want


def test_bad_input_is_refused_with_one_line_and_its_exit_code(cli):
    (cli.cwd / "bad.txt").write_text("10 -\n3 Jump\n")
    cases = [
        (("run", "nope"), 1, "no machine 'nope'"),
        (("run", "tetris", "-p", "level=40"), 1, "level='40' is outside 0-19"),
        (("run", "tetris", "-p", "colour=red"), 1, "no parameter 'colour'"),
        (("run", "tetris", "--input", "bad.txt"), 1, "bad.txt:2: no button 'Jump'"),
        (("run", "tetris", "--input", "missing.txt"), 1, "cannot read the input file"),
        (("run", "tetris", "--frames", "0"), 2, "give at least 1"),
        (("open", "#/nope?x=1"), 1, "no machine 'nope'"),
        (("asm", "missing.s", "--isa", "6502"), 1, "cannot read missing.s"),
        (("disasm", "x.bin", "--isa", "6502"), 2, "--org"),
        (("ai", "--taps", "20"), 2, "invalid choice"),
    ]
    for args, code, text in cases:
        line = one_error_line(cli(*args, code=code).stderr, args[0])
        assert text in line, (args, line)


def test_asm_and_disasm_round_trip_on_each_isa(cli):
    sources = {
        "6502": ("        .org $8000\nstart:  lda #$01\n        sta $0200\nloop:   inx\n"
                 "        bne loop\n        jmp start\n",
                 ["lda #$01", "sta $0200", "inx", "bne $8005", "jmp $8000"]),
        "z80": ("        org $100\n        ld a,5\n        ld (hl),a\n        jp $100\n",
                ["ld a,$05", "ld (hl),a", "jp $0100"]),
        "tms9900": ("       AORG >A000\nSTART  LI R1,>1234\n       MOV R1,@>8300\n"
                    "       JMP START\n", ["LI   R1,>1234", "MOV  R1,@>8300", "JMP  >A000"]),
    }
    for isa, (source, texts) in sources.items():
        (cli.cwd / f"p{isa}.s").write_text(source)
        listed = cli("asm", f"p{isa}.s", "--isa", isa, "-o", f"p{isa}.bin", "--symbols").stdout
        org = {"6502": "$8000", "z80": "$100", "tms9900": "0xA000"}[isa]
        assert "written to" in listed
        lines = cli("disasm", f"p{isa}.bin", "--isa", isa, "--org", org).stdout.splitlines()
        assert [line.split("  ", 2)[2].strip() for line in lines] == texts
    (cli.cwd / "bad.s").write_text(" lda #1\n foo $12\n bar\n")
    line = one_error_line(cli("asm", "bad.s", "--isa", "6502", code=1).stderr, "asm")
    assert "bad.s:2: unknown mnemonic 'foo' (and 1 more error)" in line


def worker_moment(machine: str, params: dict[str, str], presses: list[int]):
    """What the page's worker does (web/worker.js calls WorkerAPI.call with
    JSON): load, play the presses 16 frames a request, share; the moment's
    link, the state hash the page's debug('state_hash') gives, the frame."""
    api = WorkerAPI()

    def call(op: str, args: dict) -> dict:
        reply = json.loads(api.call(op, json.dumps(args)))
        assert reply["ok"], reply
        return reply["result"]

    call("load", {"id": machine, "params": params})
    for i in range(0, len(presses), 16):
        call("run_frames", {"buttons": presses[i:i + 16]})
    shared = call("share", {})
    return shared["hash"], call("debug", {"verb": "state_hash"}), shared["frame"]


@pytest.mark.parametrize(("machine", "params", "presses"), [
    ("tetris", {"seed": "1234", "level": "3"},
     [0] * 5 + [0x02] * 6 + [0x80, 0] * 5 + [0x04] * 40 + [0x01] * 9 + [0x04] * 60),
    ("pacman", {}, [0] * 10 + [0x10] * 2 + [0] * 28 + [0x20] * 2 + [0] * 150
     + [0x02] * 40 + [0x01] * 30),
])
def test_open_a_shared_moment_gives_the_pages_state_hash(cli, machine, params, presses):
    link, want, frame = worker_moment(machine, params, presses)
    result = cli.json("open", f"http://127.0.0.1:8000/index.html{link}", "--expect", want[:12])
    assert result["state_hash"] == want and result["frame"] == frame == len(presses)
    assert result["moment"] == {"frame": frame, "exact": True} and result["messages"] == []
    # the exit code says when --expect does not hold
    line = one_error_line(cli("open", link, "--expect", "0" * 12, code=3).stderr, "open")
    assert want in line


def test_open_runs_on_to_a_frame_and_says_when_a_link_is_not_as_made(cli):
    link, _, frame = worker_moment("tetris", {}, [0] * 30 + [0x04] * 30)
    later = cli.json("open", link, "--to-frame", str(frame + 40), "--png", "at.png")
    m = machines.create("tetris")
    for b in [0] * 30 + [0x04] * 30 + [0] * 40:
        m.run_frame(b)
    assert later["frame"] == frame + 40 and later["state_hash"] == state_hash(m.snapshot())
    assert (cli.cwd / "at.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    damaged = link[:-3] + ("000" if not link.endswith("000") else "111")
    done = cli("open", damaged, code=3)
    assert "from power-on" in done.stdout and "checksum does not match" in done.stderr
    plain = cli("open", "#/pacman?paused=1", code=0)  # the page's own parameter is the page's
    assert "pacman: frame 0, state" in plain.stdout
    cli("open", "#/tetris?level=99", code=3)


def test_a_moment_file_opens_like_its_link(cli):
    api = WorkerAPI()
    api.load({"id": "tetris", "params": {}})
    api.run_frames({"n": 16, "buttons": 4})
    shared = api.share({})
    (cli.cwd / "moment.json").write_text(json.dumps(shared["file"]))
    result = cli.json("open", "moment.json")
    assert result["state_hash"] == api.session.state_hash() and result["frame"] == 16


def test_progress_bars_on_request(cli):
    done = cli("--progress", "run", "tetris", "--frames", "30")
    assert "tetris [" in done.stderr and "100% 30/30 frames" in done.stderr
    assert done.stderr.endswith("\n")
    assert cli("run", "tetris", "--frames", "30").stderr == ""  # not a terminal: quiet


def test_ai_plays_on_the_machine_and_says_what_it_needs(cli):
    result = cli.json("ai", "--games", "1", "--pieces", "2", "--workers", "1")
    s = result["summary"]
    assert s["games"] == 1 and s["still_alive_at_cap"] == 1 and set(s["score_percentiles"]) \
        == {"10", "25", "50", "75", "90"}
    assert result["settings"]["engine"] == "machine"
    line = one_error_line(cli("ai", "--scheduler", "local", code=1).stderr, "ai")
    assert "pip install 'retroscope[tune]'" in line
    line = one_error_line(cli("ai", "tune", code=1).stderr, "ai")
    assert "pip install 'retroscope[tune]'" in line


def test_bench_measures_a_machine(cli):
    result = cli.json("bench", "--quick", "--no-cores", "pacman")
    assert result["cores"] == {} and result["machines"]["pacman"]["ms_per_frame"] > 0


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_run_png_is_the_machines_size(cli):
    cli("run", "jmc", "--frames", "5", "--png", "j.png")
    assert png_size((cli.cwd / "j.png").read_bytes()) == (320, 256)
