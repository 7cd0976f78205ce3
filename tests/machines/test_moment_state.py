"""The machine state a moment link carries (moment_state.py, share.py format 2):
it comes back exactly, it is small, it is checked field by field on the way in
(never unpickled), a link made by another build says so, and a long moment
opens after a few frames' replay."""

from __future__ import annotations

import json
import random
import zlib

import pytest

from retroscope import machines, moment_state, share
from retroscope.benchmarks.moment import call, params_of, play
from retroscope.debug.rewind import state_hash
from retroscope.machines.base import PICTURE
from retroscope.moment_state import Reference, StateError, decode_state, encode_state
from retroscope.worker_api import WorkerAPI

MACHINES = machines.available()


def played(mid: str, frames: int = 300) -> tuple[WorkerAPI, dict]:
    """A worker that played `frames` frames; the state of its newest checkpoint."""
    api = WorkerAPI()
    call(api, "load", id=mid, params={})
    play(api, mid, frames, seed=3)
    rewind = api.session.rewind
    return api, rewind.snapshot_of(rewind.base_for(api.session.machine.frame))


def without_picture(snap: dict) -> dict:
    return moment_state.canonical({k: v for k, v in snap.items() if k != PICTURE})


@pytest.mark.parametrize("mid", MACHINES)
def test_a_state_comes_back_exactly_and_small_on_every_machine(mid):
    api, snap = played(mid)
    data = encode_state(api.opened.reference, snap)
    assert len(data) < 3000, f"{mid}: {len(data)} bytes"
    other = machines.create(mid)
    got = decode_state(Reference.of(other), data)  # another worker's reference: the same
    assert moment_state.canonical(got) == without_picture(snap)
    moment_state.restore_checked(other, got)
    assert state_hash(other.snapshot()) == state_hash(snap)
    # With the picture, when asked.
    got = decode_state(api.opened.reference, encode_state(api.opened.reference, snap, picture=True))
    assert bytes(got[PICTURE]) == bytes(snap[PICTURE])


def test_the_fingerprint_is_the_build_s_machine_and_its_settings():
    fresh = Reference.of(machines.create("tetris")).fingerprint
    assert fresh == Reference.of(machines.create("tetris")).fingerprint
    assert fresh != Reference.of(machines.create("tetris", seed=1234)).fingerprint
    other = machines.create("tetris")  # another program: one byte of it changed
    program = other.program
    address, data = program.chunks[0]
    program.chunks[0] = (address, bytes([data[0] ^ 1]) + data[1:])
    try:
        assert Reference.of(other).fingerprint != fresh
    finally:
        program.chunks[0] = (address, data)


# -- hostile states: the skeleton and blobs written by hand ------------------------------

@pytest.fixture(scope="module")
def tetris():
    """(reference, a played state's skeleton, its blobs) of Tetris."""
    api, snap = played("tetris", 200)
    ref = api.opened.reference
    tree, blobs = moment_state.unpack(ref, encode_state(ref, snap))
    return ref, tree, blobs


def refused(ref: Reference, tree, blobs: bytes, words: str) -> None:
    with pytest.raises(StateError) as caught:
        decode_state(ref, moment_state.pack(ref, tree, blobs))
    assert words in str(caught.value), str(caught.value)


def edited(tree, path, value):
    tree = json.loads(json.dumps(tree))
    node = tree["s"]
    for part in path[:-1]:
        node = node[part]
    if value is KeyError:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return tree


@pytest.mark.parametrize(("path", "value", "words"), [
    (("cpu", "a"), "255", "/cpu/a: not a whole number"),
    (("cpu", "a"), True, "/cpu/a: not a whole number"),
    (("cpu", "cycles"), 2 ** 60, "/cpu/cycles: not a whole number within"),
    (("cpu", "pc"), 1.5, "/cpu/pc: not a whole number"),
    (("cpu", "variant"), "x" * 300_000, "/cpu/variant: not short printable text"),
    (("cpu", "variant"), "2A03\x00", "/cpu/variant: not short printable text"),
    (("cpu", "extra"), 1, "/cpu: not the fields"),
    (("cpu", "a"), KeyError, "/cpu: not the fields"),
    (("devices", "apu", "regs"), [0] * 23, "/devices/apu/regs: not a list of 24"),
    (("devices", "apu", "regs"), {"0": 1}, "/devices/apu/regs: not a list of 24"),
    (("ram",), {"$": "bytes", "hex": "00" * 10}, "/ram: not the data"),
    (("ram",), {"$": "pickle", "hex": ""}, "/ram: not the data"),
    (("ram",), "00" * 100, "/ram: this machine's state holds no such value"),
    (("frame",), None, "/frame: not a whole number"),
    (("cpu", "a"), {"$": "="}, "/cpu/a: not the data"),
    (("devices", "flags"), [[1] * 5] * 5000, "more than 4096 items"),
])
def test_a_state_not_shaped_as_this_machine_s_is_refused_by_field(tetris, path, value, words):
    ref, tree, blobs = tetris
    refused(ref, edited(tree, path, value), blobs, words)


def test_nesting_the_data_cut_short_or_left_over_and_bombs_are_refused(tetris):
    ref, tree, blobs = tetris
    deep: object = 1
    for _ in range(40):
        deep = [deep]
    refused(ref, edited(tree, ("devices", "flags"), deep), blobs, "nested too deep")
    refused(ref, tree, blobs[:-1], "cut short")
    refused(ref, tree, blobs + b"\0", "left over")
    refused(ref, {"s": tree["s"], "p": 2}, blobs, "not {s, p}")
    for text in (b"[", b'{"s": NaN, "p": 0}', b"[" * 100_000):
        with pytest.raises(StateError, match="not JSON"):
            decode_state(ref, packed_text(ref, text, blobs))
    with pytest.raises(StateError, match="too big"):  # 50 MB of zeros, in 50 KB
        decode_state(ref, packed_text(ref, json.dumps(tree).encode(), bytes(50 << 20)))


def packed_text(ref: Reference, text: bytes, blobs: bytes) -> bytes:
    """`moment_state.pack` of a skeleton's text as given."""
    head = zlib.compressobj(9, zlib.DEFLATED, -15, zdict=ref.skeleton)
    packed = head.compress(text) + head.flush()
    body = zlib.compressobj(9, zlib.DEFLATED, -15)
    return len(packed).to_bytes(3, "big") + packed + body.compress(blobs) + body.flush()


# -- states shaped right that a machine would never be in ---------------------------------

def restored(mid: str, change) -> str:
    """Restore a played state changed by `change(state, machine)`: StateError's text."""
    api, snap = played(mid, 120)
    state = decode_state(api.opened.reference, encode_state(api.opened.reference, snap))
    fresh = machines.create(mid)
    change(state, fresh)
    with pytest.raises(StateError) as caught:
        moment_state.restore_checked(fresh, state)
    return str(caught.value)


def test_a_frame_that_would_run_for_ages_is_refused_before_it_runs():
    def far(state, _):
        state["cpu"]["cycles"] += 10 ** 12
    assert "cycles into a frame" in restored("pacman", far)

    def schedule(state, _):
        state["schedule"][1] = 99
    assert "its frame is at event 99" in restored("jmc", schedule)

    def sequencer(state, _):  # the APU would step through billions of cycles to catch up
        state["devices"]["apu"]["seq_start"] -= 10 ** 12
    assert "frame sequencer" in restored("tetris", sequencer)

    def timing(state, _):
        state["devices"]["timing"][0] = 10 ** 9  # the PPU's dot phase
    assert "frame timing" in restored("backgammon", timing)


def test_values_a_machine_does_not_hold_are_refused():
    def register(state, _):
        state["cpu"]["a"] = 0x1FF  # past the register's 8 bits
    assert "/cpu/a: a value this machine does not hold" in restored("tetris", register)

    def world(state, _):
        state["devices"]["world"][0][2] = 200  # a map 200 squares wide
    assert "a map is 6 to 64 squares a side" in restored("crpg", world)

    def files(state, _):
        state["devices"]["hostfs"]["files"]["BIG"] = "00" * 70_000
    assert "saved files" in restored("jmc", files)

    def board(state, _):
        state["devices"]["backgammon"]["game"] = {"players": ["human", "computer"],
                                                  "sides": [[1] * 26, [1] * 26], "turn": 0,
                                                  "turns": [], "rolls": [], "started": True,
                                                  "message": "", "current": None}
    assert "not one of backgammon" in restored("backgammon", board)


# -- through the worker: the page's messages ---------------------------------------------------

def relinked(hash_: str, change_body=None, change_state=None) -> dict[str, str]:
    """A link's parameters with its moment re-made (a valid checksum) after
    changing its head and its state bytes."""
    machine_id, params = params_of(hash_)
    values = {k: v for k, v in params.items() if k != "moment"}
    moment = share.decode_moment(params["moment"], machine_id, values)
    body, state = dict(moment.body), moment.state
    if change_body:
        change_body(body)
    if change_state:
        state = change_state(state)
    return {**values, "moment": share.encode_moment(machine_id, values, body, state)}


def opened(params: dict[str, str], mid: str = "tetris") -> dict:
    reply = json.loads(WorkerAPI().call("load", json.dumps({"id": mid, "params": params})))
    assert reply["ok"] and "detail" not in reply, reply
    return reply["result"]


def test_a_link_from_another_build_says_so_and_shows_power_on():
    api, _ = played("tetris", 100)
    link = call(api, "share")["hash"]

    def other_build(body):
        body["fp"] = "0123456789abcdef"
    result = opened(relinked(link, other_build))
    (message,) = result["messages"]
    assert "made by another build of Retroscope" in message and "power-on" in message
    assert result["moment"] is None


def test_a_link_whose_state_does_not_check_out_says_why_and_shows_power_on():
    api, _ = played("tetris", 100)
    link = call(api, "share")["hash"]
    ref = api.opened.reference

    def hostile(data):
        tree, blobs = moment_state.unpack(ref, data)
        tree["s"]["cpu"]["cycles"] += 10 ** 12
        return moment_state.pack(ref, tree, blobs)
    for params in (relinked(link, change_state=hostile),
                   relinked(link, change_state=lambda data: data[:40]),
                   relinked(link, lambda body: body.update(fp=3))):
        result = opened(params)
        (message,) = result["messages"]
        assert ("cannot use" in message or "damaged" in message) and "power-on" in message, message
        assert result["moment"] is None
    # A damaged link (its checksum) and one from a newer Retroscope, as before.
    machine_id, params = params_of(link)
    data = params["moment"]
    broken = data[:30] + ("A" if data[30] != "A" else "B") + data[31:]
    assert "damaged" in opened({**params, "moment": broken})["messages"][0]
    assert "newer Retroscope" in opened({**params, "moment": "3" + data[1:]})["messages"][0]


def test_a_link_from_power_on_still_opens_by_replaying_every_frame():
    api, _ = played("backgammon", 200)
    link = call(api, "share", **{"from": "power-on"})["hash"]
    assert "moment=1." in link
    machine_id, params = params_of(link)
    result = opened(params, machine_id)
    assert result["moment"] == {"frame": 200, "exact": True, "from": 0, "replayed": 200}


def test_a_session_begun_from_a_link_shares_again_but_not_from_power_on():
    api, _ = played("pacman", 150)
    machine_id, params = params_of(call(api, "share")["hash"])
    other = WorkerAPI()
    call(other, "load", id=machine_id, params=params)
    call(other, "run_frames", n=10, buttons=4)
    again = call(other, "share")["hash"]
    third = WorkerAPI()
    result = call(third, "load", id=machine_id, params=params_of(again)[1])
    assert result["moment"]["exact"] and result["moment"]["frame"] == 160
    assert call(third, "debug", verb="state_hash") == call(other, "debug", verb="state_hash")
    reply = json.loads(other.call("share", json.dumps({"from": "power-on"})))
    assert not reply["ok"] and "began from a shared moment" in reply["error"]


def test_a_moment_at_the_first_frame_a_session_holds_carries_its_picture():
    api, _ = played("tetris", 900)  # the rewind holds the last 720 frames
    debug = {"verb": "seek", "args": {"frame": api.session.rewind.first_frame()}}
    call(api, "debug", **debug)
    link = call(api, "share")["hash"]
    other = WorkerAPI()
    result = call(other, "load", id="tetris", params=params_of(link)[1])
    assert result["moment"]["exact"] and result["moment"]["replayed"] == 0
    assert bytes(other.session.machine.framebuffer) == bytes(api.session.machine.framebuffer)


def test_a_long_moment_opens_exactly_after_a_few_frames_replayed():
    """20,000 frames of Pac-Man, buttons held in stretches (a game, then the
    attract mode): the link is short and opens exactly, a few frames replayed
    (a link from power-on would replay all 20,000)."""
    api = WorkerAPI()
    call(api, "load", id="pacman", params={})
    rng = random.Random(4)
    call(api, "run_frames", buttons=[16, 16] + [0] * 14)  # a coin
    call(api, "run_frames", buttons=[32, 32] + [0] * 14)  # Start
    while api.session.machine.frame < 20_000:
        held = rng.choice([1, 2, 4, 8, 0])
        call(api, "run_frames", n=16, buttons=held)
    link = call(api, "share")
    assert len(link["hash"]) + 60 <= share.MAX_LINK
    other = WorkerAPI()
    result = call(other, "load", id="pacman", params=params_of(link["hash"])[1])
    moment = result["moment"]
    assert moment["frame"] == link["frame"] >= 20_000 and moment["exact"], result["messages"]
    assert moment["replayed"] <= 4
    assert call(other, "debug", verb="state_hash") == call(api, "debug", verb="state_hash")
    assert bytes(other.session.machine.framebuffer) == bytes(api.session.machine.framebuffer)


@pytest.mark.parametrize("part_way", [False, True])
def test_a_moment_just_after_a_reset_replays_the_reset_from_the_state_before_it(part_way):
    api, _ = played("tetris", 100)
    if part_way:
        call(api, "step", kind="instruction", n=500)
    call(api, "reset")
    call(api, "run_frames", n=2, buttons=8)
    shared = call(api, "share")
    other = WorkerAPI()
    result = call(other, "load", id="tetris", params=params_of(shared["hash"])[1])
    assert result["moment"]["exact"] and result["moment"]["from"] <= 100, result
    assert [e["kind"] for e in call(other, "debug", verb="rewind_info")["events"]] == ["reset"]
    assert bytes(other.session.machine.framebuffer) == bytes(api.session.machine.framebuffer)


def test_a_moment_too_long_for_a_link_goes_to_a_moment_file_in_the_same_form():
    api, _ = played("tetris", 50)
    shared = call(api, "share")
    moment = params_of(shared["hash"])[1]["moment"]
    assert moment.startswith(f"{share.MOMENT_VERSION}.") and shared["file"]["moment"] == moment
    machine_id, params = share.read_moment_file(json.loads(json.dumps(shared["file"])))
    assert opened(params, machine_id)["moment"]["exact"]
