"""One contract every machine keeps (DESIGN.md, "One contract, tested once").

Parametrized over every machine `machines.available()` lists, and the toy
machines of tests/harness/debug_machines.py: a new machine gets this suite by
being listed, and its own tests keep only its mechanics. With fixed seeds:

- N frames of random controller input draw a picture that is not blank; a PNG
  of the last frame goes to test-output/contract-<id>.png.
- snapshot, restore, snapshot: identical; reading every memory space through
  the debugger's peeks (and state(), registers, disassembly) changes nothing.
- replay: from a snapshot, the recorded inputs give the same state hash at
  every frame (600 frames; 10,000 under `--long`).
- rewind: after K frames, seeking to any recorded frame gives the hash seen then,
  also across edits (memory writes, register edits, a reset, made at a frame's
  start and part-way through a frame) and with an input source pressing buttons.
- the hardware in view (every viewer open and read, the event viewer on, a
  memory search narrowed): the recorded inputs give the same hash at every
  frame, and seeks stay exact; the profiler runs the machine as the trace does.
- state() is JSON within STATE_BOUND bytes; its mechanics rows are well formed
  and hex rows show the bytes at their address.
- every documented routine (INFO.routines) runs through Machine.call and returns.
- a machine that skips turns of its wait loop: the same hash at every frame as
  the plain core running every turn, and a good share of the cycles skipped.
- link parameters and save data: FUZZ_VALUES random and hostile values per
  parameter (and of save data): never an uncaught exception, always a clear
  message and the default.
- a moment link after play (at a frame's start and part-way into one) opens
  in a fresh worker at the same state hash and picture, a few frames
  replayed, within MAX_LINK characters; its machine state fuzzed
  (FUZZ_STATES hostile fields, with a valid checksum): never an uncaught
  exception, either the moment exactly or power-on with a clear message.

A machine still marked UNFINISHED can be tried before it is listed:
`RETROSCOPE_CONTRACT_UNFINISHED=1 pytest tests/machines/test_contract.py -k <id>`.
"""

from __future__ import annotations

import json
import os
import random
import re
import string
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from harness.debug_machines import (
    Debug6502Machine,
    DebugTMS9900Machine,
    DebugZ80Machine,
)
from retroscope import machines, moment_state, runcontrol, share
from retroscope.benchmarks.moment import call, params_of, play
from retroscope.debug import Session
from retroscope.debug.rewind import Rewind, state_hash
from retroscope.machines.base import FORMATS, MachineError, show_value
from retroscope.util.png import write_png
from retroscope.worker_api import WorkerAPI

REPO = Path(__file__).resolve().parents[2]
OUT = REPO / "test-output"
FRAMES = 600  # the replay in the default run
LONG_FRAMES = 10_000  # under --long
REWIND_FRAMES = 90
FUZZ_VALUES = 10_000  # per link parameter, and of save data
FUZZ_CREATES = 150  # of those, given to create() and the worker's load as well
FUZZ_STATES = 100  # hostile machine states in a moment link, per machine
MOMENT_FRAMES = 600  # of play before a moment is shared
STATE_BOUND = 64 * 1024  # bytes of state() as JSON: it goes to the page every few frames
MESSAGE_BOUND = 400  # characters of one message about a bad value

TOYS: dict[str, Callable[[], Any]] = {
    "toy6502": Debug6502Machine, "toyz80": DebugZ80Machine, "toy9900": DebugTMS9900Machine,
}
REAL = machines.available()
if os.environ.get("RETROSCOPE_CONTRACT_UNFINISHED"):  # a machine's owner, before it is listed
    REAL += list(machines.unfinished())
FACTORIES: dict[str, Callable[[], Any]] = {
    **{mid: (lambda mid=mid: machines.create(mid)) for mid in REAL}, **TOYS}
ALL = list(FACTORIES)


# -- shared helpers -----------------------------------------------------------------

def inputs(machine: Any, frames: int, seed: int) -> list[int]:
    """Random buttons held for random stretches (a player does not mash every frame)."""
    rng = random.Random(seed)
    bits = max(1, len(machine.INFO.buttons))
    out: list[int] = []
    while len(out) < frames:
        held = rng.getrandbits(bits) if rng.random() < 0.6 else 0
        out += [held] * rng.randint(1, 20)
    return out[:frames]


def run_recording(machine: Any, buttons: list[int]) -> list[str]:
    """Run the frames; the state hash at the start of each frame and after the last."""
    hashes = []
    for b in buttons:
        hashes.append(state_hash(machine.snapshot()))
        machine.run_frame(b)
    hashes.append(state_hash(machine.snapshot()))
    return hashes


def first_difference(a: list[str], b: list[str]) -> int | None:
    return next((i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y), None)


def editable_address(machine: Any) -> int:
    """A RAM byte the machine's own state lives in: a mechanics row's, else the first
    writable one."""
    rows = machine.state().get("mechanics") or []
    candidates = [r["addr"] for r in rows if isinstance(r.get("addr"), int)]
    candidates += list(range(0x0000, 0x10000, 0x80))
    snap = machine.snapshot()
    try:
        for addr in candidates:
            old = machine.read(addr)
            machine.write(addr, old ^ 0x5A)
            if machine.read(addr) == old ^ 0x5A:
                return addr
    finally:
        machine.restore(snap)
    raise AssertionError("the machine has no writable byte")


def a_general_register(session: Session) -> str:
    skip = {"pc", "s", "sp", "p", "wp", "st", "f", "af", "i", "r", "im", "iff1", "iff2"}
    return next(n for n in session.registers()["registers"] if n not in skip)


@pytest.fixture(scope="module")
def recordings() -> dict[str, tuple[Any, list[int], list[str], dict[str, Any]]]:
    """Per machine: the first run of FRAMES frames (shared by the tests that read it)."""
    return {}


def recording(recordings: dict, mid: str) -> tuple[Any, list[int], list[str], dict[str, Any]]:
    if mid not in recordings:
        machine = FACTORIES[mid]()
        start = machine.snapshot()
        buttons = inputs(machine, FRAMES, seed=sum(map(ord, mid)))
        hashes = run_recording(machine, buttons)
        recordings[mid] = (machine, buttons, hashes, start)
    return recordings[mid]


# -- the wait loop ------------------------------------------------------------------

IDLE_FRAMES = 240
IDLE_SHARE = 0.25  # of the cycles, at least, skipped rather than run


@pytest.mark.parametrize("mid", ALL)
def test_the_wait_loop_is_skipped_and_that_changes_nothing(mid, recordings, monkeypatch):
    """A machine whose runner skips turns of its wait loop (`run_idle`) ends
    every frame in the state the plain core reaches running every turn, and
    the skip finds the loop: a good share of the cycles is skipped."""
    machine, buttons, hashes, start = recording(recordings, mid)
    if machine.runner != machine.run_idle:
        pytest.skip(f"{mid} has no wait loop of its own")
    plain, counted = FACTORIES[mid](), FACTORIES[mid]()
    plain.runner = plain.cpu.run
    skipped = 0
    skip = runcontrol.skip_idle

    def counting(of: Any, *args: Any, **kwargs: Any) -> int:
        nonlocal skipped
        n = skip(of, *args, **kwargs)
        if of is counted:
            skipped += n
        return n
    monkeypatch.setattr(runcontrol, "skip_idle", counting)
    assert run_recording(plain, buttons[:IDLE_FRAMES]) == hashes[:IDLE_FRAMES + 1]
    begun = counted.cpu.cycles
    run_recording(counted, buttons[:IDLE_FRAMES])
    share = skipped / (counted.cpu.cycles - begun)
    assert share >= IDLE_SHARE, f"{mid} skipped {share:.1%} of its cycles"


@pytest.mark.parametrize("mid", ALL)
def test_a_turn_of_the_wait_loop_reads_only_what_the_machine_says(mid):
    """A read watch on nothing a turn reads lets the machine skip turns
    (`IdleLoop.data`): one turn, stepped from the loop's top in a steady
    state, reads its code and those addresses alone."""
    machine = FACTORIES[mid]()
    idle = machine.idle_loop
    if machine.runner != machine.run_idle or idle is None:
        pytest.skip(f"{mid} has no wait loop of its own")
    cpu = machine.cpu
    for _ in range(IDLE_FRAMES):
        machine.run_frame(0)
        for _ in range(5000):  # (a frame ends anywhere: on to the loop's top)
            if cpu.pc == idle.start and machine.idle_steady():
                break
            cpu.step()
        if cpu.pc == idle.start and machine.idle_steady():
            break
    else:
        pytest.fail(f"{mid} never waited in its loop")
    seen: set[int] = set()
    machine.bus.add_watch("read", lambda addr, value: seen.add(addr))
    cpu.step()
    while cpu.pc != idle.start:
        cpu.step()
    assert seen - set(range(idle.start, idle.end)) == set(idle.data)


# -- pictures, snapshots, peeks ------------------------------------------------------

@pytest.mark.parametrize("mid", ALL)
def test_frames_of_play_draw_a_picture_and_it_is_saved_as_png(mid, recordings):
    machine, *_ = recording(recordings, mid)
    fb = bytes(machine.framebuffer)
    assert len(fb) == machine.width * machine.height
    assert len(set(fb)) > 1, "the last frame is blank"
    assert len(machine.palette) >= max(fb) + 1
    OUT.mkdir(exist_ok=True)
    write_png(OUT / f"contract-{mid}.png", machine.width, machine.height, fb, machine.palette)


@pytest.mark.parametrize("mid", ALL)
def test_a_restored_snapshot_shows_the_picture_drawn_when_it_was_taken(mid, recordings):
    """Part-way through a frame: restore() here or in a fresh machine brings
    back the picture on screen then."""
    machine, buttons, *_ = recording(recordings, mid)
    session = Session(machine)
    session.step("into", 200)
    session.close()
    snap, picture = machine.snapshot(), bytes(machine.framebuffer)
    for b in buttons:  # on until the picture changes
        machine.run_frame(b)
        if bytes(machine.framebuffer) != picture:
            break
    if mid in REAL:
        assert bytes(machine.framebuffer) != picture, "the picture did not change"
    machine.restore(snap)
    assert bytes(machine.framebuffer) == picture
    other = FACTORIES[mid]()
    other.restore(snap)
    assert bytes(other.framebuffer) == picture
    assert state_hash(other.snapshot()) == state_hash(snap)


@pytest.mark.parametrize("mid", ALL)
def test_snapshot_restore_snapshot_is_identical_here_and_in_a_fresh_machine(mid, recordings):
    machine, *_ = recording(recordings, mid)
    first = machine.snapshot()
    machine.restore(first)
    assert state_hash(machine.snapshot()) == state_hash(first)
    json.dumps(first, default=lambda o: bytes(o).hex())  # JSON-able (bytes as hex)
    other = FACTORIES[mid]()
    other.restore(first)
    assert state_hash(other.snapshot()) == state_hash(first)
    machine.run_frame(1)
    other.run_frame(1)
    assert state_hash(other.snapshot()) == state_hash(machine.snapshot())


@pytest.mark.parametrize("mid", ALL)
def test_reading_every_memory_space_through_the_debugger_changes_nothing(mid, recordings):
    machine, *_ = recording(recordings, mid)
    session = Session(machine)
    session.step("into", 37)  # part-way through a frame, devices mid-flight
    before = session.state_hash()
    for space, size in session.spaces().items():
        for addr in range(0, size, 0x1000):
            reply = session.read_memory(addr, min(0x1000, size - addr), space)
            assert len(bytes.fromhex(reply["data"])) == min(0x1000, size - addr)
    for addr in range(0x10000):
        machine.read(addr)
    machine.state()
    session.registers()
    session.disassemble()
    session.call_stack()
    assert session.state_hash() == before


# -- replay and rewind --------------------------------------------------------------

@pytest.mark.parametrize("mid", ALL)
def test_a_replay_of_the_recorded_inputs_gives_the_same_hash_at_every_frame(mid, recordings):
    _, buttons, hashes, start = recording(recordings, mid)
    again = FACTORIES[mid]()
    again.restore(start)
    replayed = run_recording(again, buttons)
    assert first_difference(replayed, hashes) is None, (
        f"frame {first_difference(replayed, hashes)} differs on replay")


@pytest.mark.long
@pytest.mark.timeout(1200)  # 55-190 s each on a loaded 2-core box: pyproject's 300 s is tight
@pytest.mark.parametrize("mid", ALL)
def test_a_replay_of_ten_thousand_frames_gives_the_same_hash_at_every_frame(mid):
    machine = FACTORIES[mid]()
    start = machine.snapshot()
    buttons = inputs(machine, LONG_FRAMES, seed=7)
    hashes = run_recording(machine, buttons)
    machine.restore(start)
    replayed = run_recording(machine, buttons)
    assert first_difference(replayed, hashes) is None, (
        f"frame {first_difference(replayed, hashes)} differs on replay")


Moment = tuple[str, bytes]  # the state hash and the picture on screen


def moment(session: Session) -> Moment:
    """What a seek must bring back: the state and the picture drawn then."""
    return session.state_hash(), bytes(session.machine.framebuffer)


def check_every_frame(session: Session, seen: dict[int, Moment], seed: int) -> None:
    """Seek to every frame in `seen`, in a random order: each gives its hash
    and its picture."""
    order = list(seen)
    random.Random(seed).shuffle(order)
    for frame in order:
        session.seek(frame)
        state, picture = moment(session)
        assert state == seen[frame][0], f"frame {frame} differs after a seek"
        assert picture == seen[frame][1], f"frame {frame} shows another picture after a seek"


@pytest.mark.parametrize("mid", ALL)
def test_rewind_seeks_to_any_recorded_frame_exactly(mid):
    machine = FACTORIES[mid]()
    session = Session(machine, rewind=Rewind(stride=4))
    seen: dict[int, Moment] = {}
    for b in inputs(machine, REWIND_FRAMES, seed=11):
        seen[machine.frame] = moment(session)
        session.run_frame(b)
    seen[machine.frame] = moment(session)
    if mid in REAL:  # (else the pictures would prove nothing)
        assert len({picture for _, picture in seen.values()}) > 5, "the picture hardly moves"
    check_every_frame(session, seen, seed=1)
    # Running on from a seek replaces the future; the past stays exact.
    session.seek(40)
    seen = {f: h for f, h in seen.items() if f <= 40}
    for b in inputs(machine, 20, seed=12):
        session.run_frame(b)
        seen[machine.frame] = moment(session)
    check_every_frame(session, seen, seed=2)


VIEWED_FRAMES = 60
PROFILED_FRAMES = 10


@pytest.mark.parametrize("mid", ALL)
def test_viewers_events_and_search_open_change_nothing(mid, recordings):
    _, buttons, hashes, start = recording(recordings, mid)
    machine = FACTORIES[mid]()
    machine.restore(start)
    session = Session(machine, rewind=Rewind(stride=4))
    viewers = [v["id"] for v in session.viewers()]
    session.open_viewers(viewers)
    session.set_events(True)
    session.search("cpu", "start")
    seen: dict[int, Moment] = {}
    for i, b in enumerate(buttons[:VIEWED_FRAMES]):
        assert session.state_hash() == hashes[i], f"frame {i} differs with the viewers open"
        seen[machine.frame] = moment(session)
        session.run_frame(b)
        if i % 10 == 0:
            for vid in viewers:
                session.viewer(vid)
            session.event_log()
            session.search(op="unchanged")
    assert session.state_hash() == hashes[VIEWED_FRAMES]
    check_every_frame(session, {f: seen[f] for f in list(seen)[::6]}, seed=3)


@pytest.mark.parametrize("mid", ALL)
def test_the_profiler_runs_the_machine_as_the_trace_does_and_seeks_stay_exact(mid, recordings):
    """The profiler runs instruction by instruction, as the trace and step
    into do: the same state at every frame as with the trace on (which is
    the machine's own run exactly on every machine but Pac-Man, where the
    Z80 core's step() spends a HALT in 4 T-state refresh cycles that move R,
    and its run() lets the time pass)."""
    _, buttons, _, start = recording(recordings, mid)
    runs = []
    for feature in ("trace", "profiler"):
        machine = FACTORIES[mid]()
        machine.restore(start)
        session = Session(machine, rewind=Rewind(stride=4))
        if feature == "trace":
            session.set_trace(True)
        else:
            session.profile_start(frames=5)
        seen: dict[int, Moment] = {}
        for b in buttons[:PROFILED_FRAMES]:
            seen[machine.frame] = moment(session)
            session.run_frame(b)
        seen[machine.frame] = moment(session)
        runs.append(seen)
    assert runs[0] == runs[1]
    assert session.profile()["frames"] == 5
    check_every_frame(session, {f: seen[f] for f in list(seen)[::5]}, seed=4)


@pytest.mark.parametrize("mid", ALL)
def test_rewind_is_exact_after_edits_at_a_frame_start_and_part_way_through(mid):
    """Writes, a register edit and a reset are history: every frame, before
    and after each edit, seeks to the state seen at that frame."""
    machine = FACTORIES[mid]()
    session = Session(machine, rewind=Rewind(stride=4))
    addr = editable_address(machine)
    register = a_general_register(session)
    presses = iter(inputs(machine, 200, seed=13))
    seen: dict[int, Moment] = {}

    def frames(n: int) -> None:
        for _ in range(n):
            seen[machine.frame] = moment(session)
            session.run_frame(next(presses))
        seen[machine.frame] = moment(session)

    frames(5)
    drawn = bytes(machine.framebuffer)
    session.write_memory(addr, [0x12, 0x34] if addr < 0xFFFF else [0x12])  # at a frame start
    assert bytes(machine.framebuffer) == drawn, "an edit is drawn by the next frame, not by itself"
    seen[machine.frame] = moment(session)  # the frame now starts edited
    frames(1)
    session.step("into", 25)  # part-way through a frame
    session.write_memory(addr, [0x56])
    session.set_register(register, 0x21)
    session.run_frame(next(presses))  # the rest of that frame
    frames(2)
    session.reset()  # paused, at a frame start
    assert bytes(machine.framebuffer) == bytes(FACTORIES[mid]().framebuffer), (
        "a reset machine shows what one at power-on shows")
    seen[machine.frame] = moment(session)
    frames(30)
    events = [e["kind"] for e in session.rewind_info()["events"]]
    assert events == ["write", "write", "register", "reset"]
    check_every_frame(session, seen, seed=3)


@pytest.mark.parametrize("mid", ALL)
def test_an_input_source_presses_buttons_that_rewind_and_replay_repeat(mid):
    machine = FACTORIES[mid]()
    session = Session(machine, rewind=Rewind(stride=4))
    bits = max(1, len(machine.INFO.buttons))
    watched = editable_address(machine)
    asked: list[int] = []
    pressed: dict[int, int] = {}

    def source(m: Any) -> int:  # a program: buttons from what it sees
        asked.append(m.frame)
        pressed[m.frame] = (m.frame * 7 + m.read(watched)) % (1 << bits)
        return pressed[m.frame]

    session.set_input_source(source, "test")
    seen: dict[int, Moment] = {}
    for _ in range(40):
        seen[machine.frame] = moment(session)
        session.run_frame(0xFF)  # the player's buttons are not what counts now
    seen[machine.frame] = moment(session)
    assert asked == list(range(40)), "the source is asked once a frame, as it starts"
    assert {f: session.journal.buttons_at(f) for f in range(40)} == pressed, "recorded as pressed"
    count = len(asked)
    check_every_frame(session, seen, seed=4)
    assert len(asked) == count, "a replay uses the recorded presses, not the source"
    session.set_input_source(None)
    assert session.rewind_info()["events"][-1]["payload"] == {"source": "player"}


# -- state() and routines --------------------------------------------------------------

ROW_VALUE = {
    "hex": re.compile(r"^\$[0-9A-F]{2}( \$[0-9A-F]{2})*$"),
    "hex16": re.compile(r"^\$[0-9A-F]{4}$"),
    "dec": re.compile(r"^[0-9]+$"),
    "sdec": re.compile(r"^-?[0-9]+$"),
    "bcd": re.compile(r"^[0-9A-F]+$"),
    "text": re.compile(r"^.*$", re.S),
}


@pytest.mark.parametrize("mid", ALL)
def test_state_is_bounded_json_and_its_mechanics_rows_are_well_formed(mid, recordings):
    machine, *_ = recording(recordings, mid)
    state = machine.state()
    text = json.dumps(state)
    assert len(text) <= STATE_BOUND, f"state() is {len(text)} bytes"
    assert json.loads(text) == json.loads(json.dumps(machine.state()))  # the same when asked again
    rows = state.get("mechanics", [])
    if mid in REAL:
        assert rows, "a machine shows its mechanics"
    names = [row["name"] for row in rows]
    assert len(set(names)) == len(names), "row names are unique (the page keys on them)"
    for row in rows:
        assert set(row) == {"name", "addr", "size", "format", "value"}, row
        assert isinstance(row["name"], str) and row["name"]
        assert row["addr"] is None or (isinstance(row["addr"], int) and 0 <= row["addr"] <= 0xFFFF)
        assert isinstance(row["size"], int) and row["size"] >= 1
        assert row["format"] in FORMATS
        assert isinstance(row["value"], str) and ROW_VALUE[row["format"]].match(row["value"]), row
        if row["format"] == "hex" and row["addr"] is not None:
            shown = show_value("hex", [machine.read(row["addr"] + i) for i in range(row["size"])])
            assert row["value"] == shown, f"{row['name']} shows what is at its address"


@pytest.mark.parametrize("mid", ALL)
def test_every_documented_routine_is_callable_and_returns(mid, recordings):
    machine, *_ = recording(recordings, mid)
    routines = machine.INFO.routines
    if mid in REAL:
        assert routines, "a machine lists the routines its article documents"
    for routine in routines:
        assert routine.label in machine.symbols, routine.label
        snap = machine.snapshot()
        try:
            result = machine.call(routine.label, max_cycles=50_000_000, **dict(routine.regs))
        finally:
            machine.restore(snap)
        assert result["cycles"] > 0


# -- link parameters and save data, fuzzed ----------------------------------------------

HOSTILE_TEXT = [
    "", " ", "0", "-0", "-1", "+1", "1e9", "0x", "$", "$$FF", "0x1_0", "1_000", "１２", "٣",
    "NaN", "Infinity", "-Infinity", "true", "false", "null", "undefined", "None", "[]", "{}",
    "__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "__class__",
    "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "\" onmouseover=\"alert(1)",
    "javascript:alert(1)", "\x00", "a\x00b", "\u202egnp.exe", "\ufeff1", "e\u0301", "🂡" * 40,
    "%00", "%ZZ", "../../etc/passwd", "\n\r\t", "$FFFFFFFFFFFFFFFFFFFF",
    "99999999999999999999999999999999", "9" * 5000, "A" * 100_000, "<" * 100_000,
    "0" * 4096 + "1", "$" + "F" * 4096, "\ud800", "' OR 1=1 --", "${7*7}", "{{7*7}}",
]
HOSTILE_VALUES: list[Any] = [
    None, True, False, 0, -1, 1, 2**64, 10**100, -10**100, 3.5, float("nan"), float("inf"),
    [], [1], ["game"], {}, {"a": 1}, {"__proto__": {}}, b"x", (1,), object(), "A" * 100_000,
]


def fuzz_text(param: Any, count: int, seed: int) -> Iterator[str]:
    """The hostile texts, then random ones: from the parameter's own alphabet (and
    digits) near its limits, printable ASCII, and any unicode."""
    rng = random.Random(seed)
    yield from HOSTILE_TEXT
    pools = [param.alphabet or string.digits, string.digits + "$xX-abcdefABCDEF",
             string.printable]
    for _ in range(count - len(HOSTILE_TEXT)):
        pick = rng.random()
        length = rng.choice((1, 2, 3, 4, 5, 8, 16, 64, param.max_len, param.max_len + 1))
        length = min(length, 5000)
        if pick < 0.7:
            pool = rng.choice(pools)
            yield "".join(rng.choice(pool) for _ in range(length))
        elif pick < 0.85:
            yield str(rng.randint(-2 * abs(param.hi) - 10, 2 * abs(param.hi) + 10))
        else:
            yield "".join(chr(rng.randrange(1, 0x30000)) for _ in range(min(length, 64)))


def check_message(message: Any) -> None:
    assert isinstance(message, str) and 0 < len(message) <= MESSAGE_BOUND, message
    assert "<script" not in message.lower() or "'" in message  # quoted, never bare


PARAMS = [pytest.param(mid, p.name, id=f"{mid}-{p.name}")
          for mid in REAL for p in machines.info(mid).params]


@pytest.mark.parametrize(("mid", "name"), PARAMS)
def test_link_parameters_fuzzed_give_a_clear_message_and_the_default(mid, name):
    info = machines.info(mid)
    param = next(p for p in info.params if p.name == name)
    hook = machines.validator(mid)
    for text in fuzz_text(param, FUZZ_VALUES, seed=len(name)):
        decoded = share.validate(info.params, {name: text}, hook)
        for message in decoded.messages:
            check_message(message)
        value = decoded.values[name]
        if decoded.messages:
            assert value == param.default, (text[:40], decoded.messages)
        else:
            assert param.check(text) == (value, None)
        share.encode(mid, decoded.values)


@pytest.mark.parametrize(("mid", "name"), PARAMS)
def test_create_and_the_worker_take_hostile_parameters_with_a_clear_message(mid, name):
    info = machines.info(mid)
    param = next(p for p in info.params if p.name == name)
    api = WorkerAPI()
    texts = list(fuzz_text(param, FUZZ_CREATES, seed=99))
    for value in [*HOSTILE_VALUES, *texts[:FUZZ_CREATES // 3]]:
        try:
            machines.create(mid, **{name: value})
        except MachineError as exc:
            check_message(str(exc)[:MESSAGE_BOUND])
    if mid not in machines.available():
        return  # the worker loads only listed machines (RETROSCOPE_CONTRACT_UNFINISHED)
    for value in [*HOSTILE_VALUES[:12], *texts[FUZZ_CREATES // 3:FUZZ_CREATES // 3 + 30]]:
        reply = json.loads(api.call("load", json.dumps(
            {"id": mid, "params": {name: value}}, default=repr)))
        assert "detail" not in reply, reply  # a bug would come with a traceback
        if reply["ok"]:
            assert all(isinstance(m, str) for m in reply["result"]["messages"])
        else:
            check_message(reply["error"][:MESSAGE_BOUND])
    assert json.loads(api.call("run_frames", json.dumps({"n": 2})))["ok"]


def save_data_fuzz(machine: Any, others: list[Any], count: int, seed: int) -> Iterator[Any]:
    """Hostile save data: wrong types, its own data truncated, retyped, with
    keys missing or added, and another machine's data."""
    rng = random.Random(seed)
    own = machine.save_data()
    yield from HOSTILE_VALUES
    yield from others
    for _ in range(count - len(HOSTILE_VALUES) - len(others)):
        if not isinstance(own, dict) or rng.random() < 0.2:
            yield rng.choice(HOSTILE_VALUES + [{"x": rng.random()}])
            continue
        data = dict(own)
        key = rng.choice(list(data)) if data else "x"
        pick = rng.random()
        value = data.get(key)
        if pick < 0.3 and isinstance(value, str):
            data[key] = value[:rng.randrange(len(value) + 1)]
        elif pick < 0.5 and isinstance(value, str):
            data[key] = "".join(rng.choice("0123456789abcdefABCDEFxz ") for _ in value)
        elif pick < 0.65:
            data[key] = rng.choice(HOSTILE_VALUES)
        elif pick < 0.8:
            data.pop(key, None)
        else:
            data[rng.choice(HOSTILE_TEXT[:30])] = rng.choice(HOSTILE_VALUES)
        yield data


@pytest.mark.parametrize("mid", ALL)
def test_save_data_fuzzed_is_taken_or_refused_with_a_clear_message(mid):
    machine = FACTORIES[mid]()
    own = machine.save_data()
    others = [FACTORIES[o]().save_data() for o in ALL if o != mid]
    for data in save_data_fuzz(machine, [o for o in others if o is not None], FUZZ_VALUES,
                               seed=5):
        ram = bytes(machine.bus.ram)
        try:
            machine.load_save_data(data)
        except MachineError as exc:
            check_message(str(exc)[:MESSAGE_BOUND])
            assert bytes(machine.bus.ram) == ram, "refused data changes nothing"
    machine.run_frame(0)
    json.dumps(machine.state())
    fresh = FACTORIES[mid]()
    if own is not None:
        fresh.load_save_data(own)
        assert fresh.save_data() == own  # what it gives, it takes back


def test_the_suite_covers_every_available_machine_and_the_toys():
    assert set(REAL) <= set(ALL) and {"toy6502", "toyz80", "toy9900"} <= set(ALL)
    assert {"tetris", "backgammon"} <= set(REAL)


# -- moment links: the machine's state in the link -----------------------------------------

@pytest.fixture(scope="module")
def shared() -> dict[str, tuple[WorkerAPI, str]]:
    """Per machine: a worker after MOMENT_FRAMES frames of play, and its moment link."""
    return {}


def shared_moment(shared: dict, mid: str) -> tuple[WorkerAPI, str]:
    if mid not in shared:
        api = WorkerAPI()
        call(api, "load", id=mid, params={})
        play(api, mid, MOMENT_FRAMES, seed=sum(map(ord, mid)))
        shared[mid] = api, call(api, "share")["hash"]
    return shared[mid]


def check_opens(api: WorkerAPI, hash_: str) -> WorkerAPI:
    """Open `hash_` in a fresh worker: the same frame, state hash, picture and
    place in the frame as `api`'s, a few frames replayed."""
    assert len(f"http://127.0.0.1:8000/index.html{hash_}") <= share.MAX_LINK, len(hash_)
    mid, params = params_of(hash_)
    other = WorkerAPI()
    result = call(other, "load", id=mid, params=params)
    moment = result["moment"]
    assert moment["exact"] and moment["frame"] == api.session.machine.frame, result["messages"]
    assert moment["replayed"] <= 4 and result["messages"] == []
    assert other.session.state_hash() == api.session.state_hash()
    assert bytes(other.session.machine.framebuffer) == bytes(api.session.machine.framebuffer)
    assert other.session.position() == api.session.position()
    return other


@pytest.mark.parametrize("mid", REAL)
def test_a_moment_link_after_play_opens_exactly_after_a_few_frames(mid, shared):
    api, hash_ = shared_moment(shared, mid)
    other = check_opens(api, hash_)
    call(api, "controller", source="player")  # (a program may have pressed the buttons)
    for worker in (api, other):  # and both go on alike
        call(worker, "run_frames", n=8, buttons=1)
    assert other.session.state_hash() == api.session.state_hash()
    # Part-way into a frame, after an edit there: the link holds the frame's
    # start before it, and the replay runs to the very cycle.
    call(api, "step", kind="instruction", n=300)
    register = a_general_register(api.session)
    call(api, "debug", verb="set_register", args={"name": register, "value": 1})
    check_opens(api, call(api, "share")["hash"])


def hostile_states(ref: moment_state.Reference, data: bytes, count: int,
                   seed: int) -> Iterator[bytes]:
    """A link's state bytes with one field made hostile each time: a value
    retyped, out of range or huge, a list or dict reshaped, a key added or
    dropped, a blob's bytes flipped."""
    tree, blobs = moment_state.unpack(ref, data)
    rng = random.Random(seed)
    leaves: list[tuple[Any, Any]] = []  # (container, key)

    def walk(node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in list(items):
            leaves.append((node, key))
            if isinstance(value, (dict, list)) and not (isinstance(value, dict) and "$" in value):
                walk(value)
    for _ in range(count):
        copy = json.loads(json.dumps(tree))
        leaves.clear()
        walk(copy["s"])
        container, key = rng.choice(leaves)
        value = container[key]
        pick = rng.random()
        if pick < 0.1 and blobs:
            at = rng.randrange(len(blobs))
            yield pack_text(ref, copy, blobs[:at] + bytes([blobs[at] ^ 0xFF]) + blobs[at + 1:])
            continue
        if pick < 0.25 and isinstance(value, int) and not isinstance(value, bool):
            container[key] = rng.choice([value + rng.choice([-1, 1]) * 10 ** rng.randint(1, 15),
                                         -value - 1, 1 << 53, value ^ 0xFF00])
        elif pick < 0.35 and isinstance(container, dict):
            del container[key]
        elif pick < 0.45 and isinstance(container, dict):
            container[rng.choice(["x", "__class__", "$", "0"])] = value
        elif pick < 0.55 and isinstance(value, list):
            container[key] = value[:-1] if value and rng.random() < 0.5 else [*value, 0]
        else:
            container[key] = rng.choice(HOSTILE_VALUES[:12] + [
                {"$": "="}, {"$": "bytes", "hex": "zz"}, {"$": "bytes", "hex": "00" * 9},
                "\x00", "9" * 300, [[0] * 3] * 3, {"a": {"b": [1]}}])
        yield pack_text(ref, copy, blobs)


def pack_text(ref: moment_state.Reference, tree: Any, blobs: bytes) -> bytes:
    """`moment_state.pack`, NaN and Infinity written as JSON's extensions do."""
    head = zlib.compressobj(9, zlib.DEFLATED, -15, zdict=ref.skeleton)
    text = head.compress(json.dumps(tree).encode()) + head.flush()
    body = zlib.compressobj(9, zlib.DEFLATED, -15)
    return len(text).to_bytes(3, "big") + text + body.compress(blobs) + body.flush()


@pytest.mark.parametrize("mid", REAL)
def test_a_moment_link_with_its_state_fuzzed_opens_exactly_or_at_power_on(mid, shared):
    api, hash_ = shared_moment(shared, mid)
    _, params = params_of(hash_)
    values = {k: v for k, v in params.items() if k != "moment"}
    moment = share.decode_moment(params["moment"], mid, values)
    for data in hostile_states(api.opened.reference, moment.state, FUZZ_STATES, seed=len(mid)):
        text = share.encode_moment(mid, values, moment.body, data)
        reply = json.loads(WorkerAPI().call("load", json.dumps(
            {"id": mid, "params": {**values, "moment": text}})))
        assert reply["ok"] and "detail" not in reply, reply  # a bug would come with a traceback
        result = reply["result"]
        for message in result["messages"]:
            check_message(message)
        if result["moment"] is None:  # refused: power-on, and it says why
            (message,) = result["messages"]
            assert "power-on" in message and "cannot use" in message, message
