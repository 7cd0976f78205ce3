"""Replaying a journal (a share link's moment) on a fresh session: the same
inputs, the same edits and presses at the same places, each frame run the way
it first ran, so the machine lands on the very state the link was made at.

`replaying` does it a few frames at a time (a generator: the worker runs it in
slices between which the page shows the progress and may stop it); `replay`
runs it through.

The session records as it goes (its own journal, so the moment can be shared
again, and its rewind for the last frames before the moment), and ends paused
at the moment, with its run state as the original had it: at a frame's start,
or part-way into a frame that ran instruction by instruction to there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from .errors import DebugError
from .journal import JournalError, Segment

Progress = Callable[[int], None]
SLICE_FRAMES = 30  # `replaying` hands back every this many frames


class ReplayError(DebugError):
    """The replay could not go on; the machine is where it stopped."""


def _apply(session: Any, kind: str, args: dict[str, Any]) -> None:
    try:
        if kind == "write":
            session.write_memory(args.get("addr"), args.get("values"), args.get("space", "cpu"))
        elif kind == "register":
            session.set_register(args.get("name"), args.get("value"))
        elif kind == "pointer":
            session.pointer(int(args.get("x", 0)), int(args.get("y", 0)), bool(args.get("down")))
        elif kind == "command":
            verb, rest = args.get("verb"), args.get("args") or {}
            if not isinstance(verb, str) or not isinstance(rest, dict):
                raise ReplayError("a command event without a verb")
            try:
                session.command(verb, rest)
            except Exception:  # noqa: BLE001 - it failed the first time too
                pass
        elif kind == "source":
            result = session.apply_edit(args.get("edit", ""), args.get("mode", "patch"))
            if not result["ok"]:
                first = result["errors"][0] if result["errors"] else {"message": "refused"}
                raise ReplayError(f"its source edit does not assemble here: "
                                  f"{first['message']}")
        elif kind == "input":
            pass  # the buttons a program pressed are in the journal's inputs
        else:
            raise ReplayError(f"unknown event {kind!r}")
    except DebugError as exc:
        raise ReplayError(f"the {kind} at this point was refused: {exc}") from None


def replay(session: Any, segments: list[Segment], frame: int, cycle: int,
           progress: Progress | None = None) -> None:
    """Drive `session` (fresh, at its machine's power-on) through `segments`
    to the moment (frame, cycle) of the last one."""
    for at in replaying(session, segments, frame, cycle):
        if progress is not None:
            progress(at)


def replaying(session: Any, segments: list[Segment], frame: int,
              cycle: int) -> Iterator[int]:
    """`replay`, yielding the machine's frame every SLICE_FRAMES frames. Closed
    (or thrown into) part-way, it leaves the session paused where it got to,
    cleanly at a frame's start."""
    machine = session.machine
    tail = session.rewind.capacity  # rewind records only the frames it would keep
    keep_record = session.record
    try:
        for i, seg in enumerate(segments):
            last = i == len(segments) - 1
            if machine.frame != seg.start:
                raise ReplayError(f"segment {i + 1} starts at frame {seg.start}, the machine "
                                  f"is at {machine.frame}")
            end = (frame, cycle) if last else seg.end
            assert end is not None
            record_from = end[0] - tail if last else 1 << 62
            for f, c, kind, args in seg.events:
                if (f, c) > end:
                    break
                yield from _run_to(session, seg, f, c, record_from)
                _apply(session, kind, args)
            yield from _run_to(session, seg, end[0], end[1], record_from)
            if not last:
                session.reset()
    except JournalError as exc:
        raise ReplayError(str(exc)) from None
    finally:
        session.record = keep_record
        if session._at_frame_start and not session.rewind.ring:  # stopped early
            session.rewind.record(machine.snapshot())
            session._recorded = machine.frame
        session._install()  # the runner the session's own state asks for
        session.paused = True
        session.control.reason = None  # it waits at the moment: no reset or stop of the replay's
        session.control.plan = None
        session.memory.mark_pause(fresh=True)


def _run_to(session: Any, seg: Segment, frame: int, cycle: int,
            record_from: int) -> Iterator[int]:
    """Run on to (frame, cycle): whole frames, then part of one."""
    machine = session.machine
    while machine.frame < frame:
        f = machine.frame
        if session._at_frame_start:
            session._pending_buttons = _buttons(seg, f)
        session.record = f >= record_from
        until = seg.checked.get(f)
        machine.runner = session.control.recorded_runner(until)
        while True:
            result = session._advance()
            if result == "frame":
                break
            machine.stop_requested = False
            if result == "halt":  # a jammed CPU: frames go on with nothing run
                raise ReplayError(f"the CPU halted at frame {f}, before the moment")
        if until is not None:  # _advance saw another runner: say how it ran
            session.journal.frame_checked(f, until)
        if not f % SLICE_FRAMES:
            yield f
    if cycle and (session._at_frame_start or machine.frame_cycle + 1 < cycle):
        if session._at_frame_start:
            session._pending_buttons = _buttons(seg, frame)
        session.record = frame >= record_from
        # (At a frame's start the machine already counts from that frame.)
        machine.runner = session.control.stepping_to(machine._frame_start + cycle - 1)
        result = session._advance()
        machine.stop_requested = False
        if result == "frame":
            raise ReplayError(f"frame {frame} ended before its cycle {cycle - 1}")
        # Up to here the frame ran instruction by instruction (see Session._install).
        session._checked_until = session.cpu.cycles


def _buttons(seg: Segment, frame: int) -> int:
    i = frame - seg.start
    if not 0 <= i < len(seg.buttons):
        raise ReplayError(f"no inputs for frame {frame}")
    return seg.buttons[i]
