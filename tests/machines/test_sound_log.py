"""The sound contract's SoundLog (machines/sound.py) and how a machine clears it."""

from __future__ import annotations

import pytest

from retroscope.asm import assemble
from retroscope.machines.nes.machine import NesMachine, nes_info
from retroscope.machines.sound import SoundLog

PROGRAM = """
.org $8000
reset:  jmp reset
.org $FFFA
        .word reset, reset, reset
"""


class Logged(NesMachine):
    """An NES whose only sound is a log the test writes into by hand."""

    INFO = nes_info(id="logged", title="logged")

    def __init__(self) -> None:
        program = assemble(PROGRAM, "6502")
        prg = bytearray(b"\xFF" * 0x8000)
        for address, data in program.chunks:
            prg[address - 0x8000:address - 0x8000 + len(data)] = data
        super().__init__(bytes(prg), bytes(0x2000))
        self.sound = SoundLog("test", 1_789_773.0)

    def sound_logs(self) -> tuple[SoundLog, ...]:
        return (self.sound,)

    def state(self):
        return {}


def test_log_appends_flat_triples_and_drain_empties():
    log = SoundLog("apu", 1_789_773.0)
    log.log(10, 0x00, 0xBF)
    log.log(12, 0x03, 0x08)
    assert log.writes == [10, 0, 0xBF, 12, 3, 8]
    assert log.triples() == [(10, 0, 0xBF), (12, 3, 8)]
    held = log.writes
    assert log.drain() == [10, 0, 0xBF, 12, 3, 8]
    assert log.writes == [] and log.writes is held  # cleared in place
    assert log.drain() == []


def test_a_frame_keeps_its_writes_until_the_next_frame_ends():
    m = Logged()
    m.reset()
    assert m.sound_logs() == (m.sound,)
    m.sound.log(5, 1, 2)
    m.run_frame()
    assert m.sound.writes == [5, 1, 2]  # the frame just run: the worker drains it now
    assert m.last_frame_cycles in (29780, 29781)
    m.sound.log(7, 1, 3)  # between frames (a memory edit): the next frame's
    m.run_frame()  # nobody drained: the frame before is dropped
    assert m.sound.writes == [7, 1, 3]
    m.run_frame()
    assert m.sound.writes == []
    m.sound.log(9, 1, 4)
    assert m.sound.drain() == [9, 1, 4]
    m.sound.log(11, 1, 5)
    m.run_frame()
    assert m.sound.writes == [11, 1, 5]  # drained before: nothing more dropped


def test_restore_forgets_writes_of_another_timeline():
    m = Logged()
    m.reset()
    snap = m.snapshot()
    m.run_frame()
    m.sound.log(3, 4, 5)
    m.restore(snap)
    assert m.sound.writes == []


def test_silent_machines_have_no_logs():
    from retroscope.machines.base import Machine
    assert Machine.sound_logs(object.__new__(NesMachine)) == ()


def test_the_worker_gets_each_frames_writes_as_json_once():
    import json

    from retroscope.worker_api import WorkerAPI

    api = WorkerAPI()
    assert api.sound_frame() == ""  # no machine yet
    assert json.loads(api.call("load", json.dumps({"id": "tetris"})))["ok"]
    assert json.loads(api.call("write", json.dumps({"addr": 0x4015, "bytes": [1]})))["ok"]
    api.sound_frame()
    api.call("write", json.dumps({"addr": 0x4000, "bytes": [0xBF]}))
    api.call("run_frames", json.dumps({"n": 1}))
    msg = json.loads(api.sound_frame())
    assert msg["cycles"] in (29780, 29781) and msg["clock"] == pytest.approx(1_789_772.7, abs=1)
    (log,) = msg["logs"]
    assert log["chip"] == "apu" and log["writes"][1:3] == [0x00, 0xBF]
    assert json.loads(api.sound_frame())["logs"][0]["writes"] == []  # drained


def test_after_frames_nobody_drained_the_worker_sends_the_chips_state():
    import json

    from retroscope.worker_api import WorkerAPI

    api = WorkerAPI()
    loaded = api.call("load", json.dumps({"id": "backgammon", "params": {"seed": "5"}}))
    assert json.loads(loaded)["ok"]
    msg = json.loads(api.sound_frame(True))
    apu, fds = msg["logs"]
    # The FDS's wave RAM, loaded by the program's reset frames ago, comes whole.
    wave = {reg: value for _, reg, value in zip(*[iter(fds["writes"])] * 3, strict=True)
            if reg < 0x40}
    from retroscope.machines.backgammon import sounds
    assert [wave[i] for i in range(64)] == list(sounds.WAVE)
    # The APU's state never starts a note: no length-counter loads.
    assert not {3, 7, 11, 15} & set(apu["writes"][1::3])
