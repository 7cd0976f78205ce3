"""Rewind: per-frame checkpoints with recorded inputs; seeking back and
replaying lands on the same state hash; resuming truncates the future."""

from __future__ import annotations

import random

import pytest

from harness.debug_machines import Debug6502Machine
from retroscope.debug import DebugError, Session
from retroscope.debug.rewind import Rewind, state_hash


def inputs(n: int, seed: int = 5) -> list[int]:
    rnd = random.Random(seed)
    return [rnd.randrange(256) for _ in range(n)]


def run(session: Session, buttons: list[int]) -> list[str]:
    """Run one frame per input; the hash at the start of each next frame."""
    hashes = []
    for b in buttons:
        status = session.run_frame(b)
        assert not status["paused"]
        hashes.append(session.state_hash())
    return hashes


def test_the_state_depends_on_the_inputs() -> None:
    a, b = Session(Debug6502Machine()), Session(Debug6502Machine())
    assert run(a, inputs(10, 1))[-1] != run(b, inputs(10, 2))[-1]


def test_seeking_back_then_replaying_the_same_inputs_gives_the_same_hash() -> None:
    session = Session(Debug6502Machine())
    buttons = inputs(40)
    hashes = run(session, buttons)
    session.seek(10)  # the start of frame 10, i.e. after 10 frames
    assert session.state_hash() == hashes[9]
    assert session.machine.frame == 10
    replayed = run(session, buttons[10:])
    assert replayed == hashes[10:]


def test_seeking_with_a_stride_replays_recorded_inputs_exactly() -> None:
    session = Session(Debug6502Machine(), rewind=Rewind(stride=7))
    buttons = inputs(30)
    hashes = run(session, buttons)
    for frame in (29, 13, 1, 20):
        session.seek(frame)
        assert session.state_hash() == hashes[frame - 1], frame
    assert session.rewind.stats()["checkpoints"] == 5  # frames 0, 7, 14, 21, 28


def test_resuming_after_a_rewind_truncates_the_future() -> None:
    session = Session(Debug6502Machine())
    hashes = run(session, inputs(20))
    session.seek(5)
    assert session.rewind.last_frame() == 20  # the future is kept while scrubbing
    other = run(session, inputs(3, seed=99))
    assert session.rewind.last_frame() == 8
    assert other[-1] != hashes[7]
    with pytest.raises(DebugError, match="not in the rewind buffer"):
        session.seek(12)


def test_a_memory_edit_truncates_the_recorded_future() -> None:
    session = Session(Debug6502Machine())
    run(session, inputs(10))
    session.seek(4)
    session.write_memory(0x0040, [1])
    assert session.rewind.last_frame() == 4


def test_snapshot_then_restore_is_an_identity() -> None:
    machine = Debug6502Machine()
    for _ in range(3):
        machine.run_frame(3)
    snap = machine.snapshot()
    h = state_hash(snap)
    for _ in range(2):
        machine.run_frame(7)
    machine.restore(snap)
    assert state_hash(machine.snapshot()) == h


def test_ten_seconds_fit_in_the_stated_budget() -> None:
    """600 frames at 60 fps with the default ring: measured, not assumed."""
    session = Session(Debug6502Machine())
    run_frames = session.run_frames
    for b in inputs(620):
        run_frames(1, b)
    stats = session.rewind_info()
    assert stats["frames"] >= 600
    assert stats["bytes"] <= stats["budget"]
    # Page sharing at work: far below 150 whole 64 KiB RAM images (9.4 MiB).
    assert stats["bytes"] < 150 * 0x10000 // 10


def test_the_ring_drops_the_oldest_checkpoints_when_full() -> None:
    rewind = Rewind(capacity=50, stride=1)
    session = Session(Debug6502Machine(), rewind=rewind)
    hashes = run(session, inputs(95))
    stats = rewind.stats()
    assert stats["frames"] == 50 and stats["first"] == 46
    first = stats["first"]
    session.seek(first)
    assert session.state_hash() == hashes[first - 1]
    with pytest.raises(DebugError, match="older than the rewind buffer"):
        session.seek(first - 1)


def test_rewind_goes_back_across_a_breakpoint_stop_mid_frame() -> None:
    session = Session(Debug6502Machine())
    buttons = inputs(12)
    hashes = run(session, buttons[:6])
    session.add_breakpoint("exec", "rng")
    session.run_frame(buttons[6])  # stops inside frame 6
    session.seek(6)
    assert session.state_hash() == hashes[5]


def test_every_frame_is_reachable_whatever_the_stride() -> None:
    for stride in (1, 4):
        session = Session(Debug6502Machine(), rewind=Rewind(stride=stride))
        hashes = run(session, inputs(13, seed=stride))
        for frame in range(1, 14):
            session.seek(frame)
            assert session.state_hash() == hashes[frame - 1], (stride, frame)


def test_the_bytes_counted_are_the_bytes_held_after_evictions_and_truncations() -> None:
    from retroscope.debug.rewind import OVERHEAD, PAGE_COST, REF_COST
    rewind = Rewind(capacity=30, stride=2)
    session = Session(Debug6502Machine(), rewind=rewind)
    run(session, inputs(80))
    session.seek(60)
    run(session, inputs(5, seed=9))

    pages, rests, refs = {}, {}, 0
    for cp in rewind.ring:
        rests[id(cp)] = len(cp.rest)
        for tup in cp.blobs.values():
            refs += len(tup)
            for page in tup:
                pages[id(page)] = page
    held = (len(pages) * PAGE_COST + refs * REF_COST + sum(rests.values())
            + OVERHEAD * len(rewind.ring))
    assert rewind.bytes_used == held
