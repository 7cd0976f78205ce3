"""Frames nobody sees skip their picture (Session.run_frames(pictures=...)):
the run loop ahead of real time draws the last frame of a call, and the frame
before each rewind checkpoint, whose snapshot keeps the picture; a run that
could stop inside a frame draws them all. The machine is the same either way."""

from __future__ import annotations

import pytest

from retroscope.debug import Session
from retroscope.machines import create
from retroscope.worker_api import WorkerAPI

FRAMES = 48  # three calls of 16, as the run loop makes them at "max"


def tetris_session() -> tuple[Session, list[int], list[tuple[int, bytes]]]:
    """A session on NES Tetris (pad held right now and then), the frames whose
    picture was drawn, and (frame, picture) at each checkpoint taken."""
    machine = create("tetris", level=9, seed="1234")
    session = Session(machine)
    drawn: list[int] = []
    checkpoints: list[tuple[int, bytes]] = []
    render = machine.ppu.render
    record = session.rewind.record

    def counted(fb: bytearray) -> None:
        drawn.append(machine.frame)
        render(fb)

    def kept(snapshot: dict) -> None:
        checkpoints.append((machine.frame, bytes(machine.framebuffer)))
        record(snapshot)

    machine.ppu.render = counted
    session.rewind.record = kept
    return session, drawn, checkpoints


def play(session: Session, pictures: str) -> None:
    for k in range(FRAMES // 16):
        session.run_frames(16, 0x01 if k % 2 else 0, pictures)


def test_only_the_last_frame_and_those_before_a_checkpoint_draw() -> None:
    session, drawn, _ = tetris_session()
    start = session.machine.frame
    play(session, "last")
    wants = session.rewind.wants
    last_of_calls = {start + 16 * k + 15 for k in range(FRAMES // 16)}
    expected = [f for f in range(start, start + FRAMES) if f in last_of_calls or wants(f + 1)]
    assert drawn == expected
    assert len(drawn) < FRAMES // 2  # with checkpoints every 4th frame: about a quarter


def test_checkpoints_and_the_last_picture_are_those_of_a_run_drawing_every_frame() -> None:
    skipped, _, kept_skipped = tetris_session()
    every, drawn_every, kept_every = tetris_session()
    play(skipped, "last")
    play(every, "all")
    assert len(drawn_every) == FRAMES
    assert kept_skipped == kept_every and len(kept_every) >= FRAMES // 4
    assert skipped.machine.framebuffer == every.machine.framebuffer
    assert skipped.state_hash() == every.state_hash()
    # After the run every frame draws again (a step, a replay).
    assert skipped.machine.picture_wanted


@pytest.mark.parametrize("pictures", ["last", "none"])
def test_a_run_that_can_stop_inside_a_frame_draws_every_picture(pictures: str) -> None:
    session, drawn, _ = tetris_session()
    session.run_frames(4)  # past init, at $B000 ...
    session.add_breakpoint("exec", "$B000")  # ... which is never reached again
    drawn.clear()
    status = session.run_frames(16, 0, pictures)
    assert not status["paused"] and len(drawn) == 16


def test_the_worker_asks_for_the_last_picture_only_and_refuses_other_words() -> None:
    api = WorkerAPI()
    api.load({"id": "tetris", "params": {}})
    session = api.session
    assert session is not None
    drawn: list[int] = []
    render = session.machine.ppu.render
    session.machine.ppu.render = lambda fb: (drawn.append(1), render(fb))
    api.run_frames({"n": 16, "pictures": "last"})
    assert 0 < len(drawn) < 16
    drawn.clear()
    api.run_frames({"buttons": [0] * 16, "pictures": "last"})
    assert 0 < len(drawn) < 16
    drawn.clear()
    api.run_frames({"n": 16})
    assert len(drawn) == 16
    reply = api.call("run_frames", '{"n": 2, "pictures": "some"}')
    assert '"ok": false' in reply and "pictures" in reply
