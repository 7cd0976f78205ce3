"""The journal: everything that drove a machine since it was created. It is
the one record of the machine's history: a share link carries it to bring
back the exact moment (from a frame a little before it, with the machine's
state there: `to_json(since=...)`), and the rewind (rewind.py) replays its
inputs between checkpoints and lists its edits (`events_since`).

A machine is deterministic: the same parameters (and saved data) and the same
inputs at the same places give the same state. The journal keeps, per
*segment* (power-on, then one more after each reset):

- `buttons[i]`: the buttons latched at the start of frame `start + i`;
- `checked[frame] = until`: that frame ran instruction by instruction up to CPU
  cycle `until` (the debugger's checking runner; the NES charges an OAM DMA
  stall differently under its faster runner, so a replay must run each frame
  the way it first ran);
- `events`: what else changed the machine, at (frame, cycle in the frame):
  pointer presses, machine commands, memory and register edits, the input
  switched to or from a program; a segment ends with the reset that began the
  next.

Seeking back does not erase the future at once (the rewind may go forward
again); the journal is cut at the frame sought when the machine next moves
or is edited from there (`cut_at`), and a share cuts its copy at the moment.
A seek lands on a frame's start *after* the edits made there (rewind keeps
the edited state), so a cut keeps the events at the very frame start sought;
a seek back before a reset drops the segments begun since.

The wire form (`to_json`/`from_json`) is compact: buttons as run lengths
[value, count, ...], checked frames as runs [first, count, until] with -1 for
"the whole frame".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .errors import DebugError

WHOLE = 1 << 62  # the session's CHECKED_WHOLE_FRAME
MAX_FRAMES = 60 * 60 * 60 * 4  # four hours of frames in one moment: more is refused
MAX_EVENTS = 20_000


class JournalError(DebugError):
    """A journal (from a link or a file) that cannot be replayed."""


class Event(NamedTuple):
    """One edit in the history, as the rewind panel lists it. Kinds and payloads:

      "write"     {"addr", "values", "space"}
      "register"  {"name", "value"}
      "reset"     {}                 (a segment's end)
      "command"   {"verb", "args"}   (a machine's panel verb)
      "pointer"   {"x", "y", "down"}
      "input"     {"source"}         (the input switched: "player" or a program's name)
      "source"    {"edit", "mode"}   (the program's source edited: srcdiff's text, the
                                     whole edit in force after it; patch | restart)

    `at_start`: made at the frame's start (before any of it ran)."""

    frame: int
    kind: str
    payload: Any
    at_start: bool


@dataclass
class Segment:
    start: int = 0  # the machine's frame number when this segment began
    buttons: list[int] = field(default_factory=list)
    checked: dict[int, int] = field(default_factory=dict)
    # (frame, cycle in frame, kind, args), in the order they happened
    events: list[tuple[int, int, str, dict[str, Any]]] = field(default_factory=list)
    end: tuple[int, int] | None = None  # (frame, cycle) of the reset that closed it

    def cut(self, frame: int, cycle: int = 0, *, keep_here: bool = False) -> None:
        """Forget everything from (frame, cycle) on; `keep_here` keeps the
        events at that very place (a share: they happened before the moment;
        a seek back: the rewind restores the state after them)."""
        del self.buttons[max(0, frame - self.start) + (1 if cycle else 0):]
        for f in [f for f in self.checked if f > frame or (f == frame and not cycle)]:
            del self.checked[f]
        here = (frame, cycle)
        self.events = [e for e in self.events
                       if (e[0], e[1]) < here or (keep_here and (e[0], e[1]) == here)]
        self.end = None

    # -- the wire form --------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        runs: list[int] = []
        for b in self.buttons:
            if runs and runs[-2] == b:
                runs[-1] += 1
            else:
                runs += [b, 1]
        checked: list[list[int]] = []
        for f in sorted(self.checked):
            until = -1 if self.checked[f] >= WHOLE else self.checked[f]
            last = checked[-1] if checked else None
            if last and last[2] == -1 == until and last[0] + last[1] == f:
                last[1] += 1
            else:
                checked.append([f, 1, until])
        out: dict[str, Any] = {"s": self.start, "b": runs}
        if checked:
            out["k"] = checked
        if self.events:
            out["e"] = [[f, c, kind, args] for f, c, kind, args in self.events]
        if self.end is not None:
            out["x"] = list(self.end)
        return out

    @classmethod
    def from_json(cls, data: Any) -> Segment:
        if not isinstance(data, dict):
            raise JournalError("a segment is not an object")
        seg = cls(start=_int(data.get("s", 0), "start"))
        runs = data.get("b", [])
        if not isinstance(runs, list) or len(runs) % 2:
            raise JournalError("the buttons are not value/count pairs")
        for i in range(0, len(runs), 2):
            value, count = _int(runs[i], "buttons", 0xFFFF), _int(runs[i + 1], "count", MAX_FRAMES)
            seg.buttons.extend([value] * count)
            if len(seg.buttons) > MAX_FRAMES:
                raise JournalError(f"more than {MAX_FRAMES} frames")
        for item in data.get("k", []):
            if not isinstance(item, list) or len(item) != 3:
                raise JournalError("a checked run is not [first, count, until]")
            first, count = _int(item[0], "frame"), _int(item[1], "count", MAX_FRAMES)
            until = item[2]
            until = WHOLE if until == -1 else _int(until, "cycle", WHOLE)
            for f in range(first, first + count):
                seg.checked[f] = until
        events = data.get("e", [])
        if not isinstance(events, list) or len(events) > MAX_EVENTS:
            raise JournalError("the events are not a list (or too many)")
        for item in events:
            if (not isinstance(item, list) or len(item) != 4 or not isinstance(item[2], str)
                    or not isinstance(item[3], dict)):
                raise JournalError("an event is not [frame, cycle, kind, args]")
            seg.events.append((_int(item[0], "frame"), _int(item[1], "cycle"), item[2], item[3]))
        if "x" in data:
            end = data["x"]
            if not isinstance(end, list) or len(end) != 2:
                raise JournalError("a segment's end is not [frame, cycle]")
            seg.end = (_int(end[0], "frame"), _int(end[1], "cycle"))
        return seg


def _int(value: Any, what: str, hi: int = 1 << 62) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= hi:
        raise JournalError(f"{what} {str(value)[:20]!r} is not a whole number 0-{hi}")
    return value


class Journal:
    def __init__(self, start_frame: int = 0) -> None:
        self.segments: list[Segment] = [Segment(start=start_frame)]
        self._cut: int | None = None  # a seek back: cut here at the next change

    @property
    def current(self) -> Segment:
        return self.segments[-1]

    def _apply_cut(self) -> None:
        if self._cut is not None:
            _cut_back(self.segments, self._cut)
            self._cut = None

    # -- recording (the session calls these) -------------------------------------------
    def frame_start(self, frame: int, buttons: int) -> None:
        """Frame `frame` starts with `buttons` latched."""
        self._apply_cut()
        seg = self.current
        i = frame - seg.start
        if i < 0:
            return
        del seg.buttons[i:]
        if i > len(seg.buttons):  # frames run with nobody recording: held at 0
            seg.buttons.extend([0] * (i - len(seg.buttons)))
        seg.buttons.append(buttons)
        if seg.checked:
            for f in [f for f in seg.checked if f >= frame]:
                del seg.checked[f]

    def frame_checked(self, frame: int, until: int) -> None:
        self.current.checked[frame] = until

    def event(self, frame: int, cycle: int, kind: str, args: dict[str, Any]) -> None:
        self._apply_cut()
        self.current.events.append((frame, cycle, kind, args))

    def reset(self, frame: int, cycle: int) -> None:
        """The machine was reset at (frame, cycle): a new segment from the start
        of that frame (the session keeps the frame counter going on a reset)."""
        self._apply_cut()
        self.current.cut(frame, cycle, keep_here=True)
        self.current.end = (frame, cycle)
        self.segments.append(Segment(start=frame))

    def cut_at(self, frame: int) -> None:
        """The machine was put back at the start of `frame` (a seek)."""
        self._cut = frame

    # -- reading (the rewind replays from these) ------------------------------------------
    def _segment_for(self, frame: int) -> Segment | None:
        """The segment that ran `frame`: the newest begun at or before it (a
        frame cut short by a reset runs again from its start in the next)."""
        for seg in reversed(self.segments):
            if seg.start <= frame:
                return seg
        return None

    def buttons_at(self, frame: int) -> int:
        seg = self._segment_for(frame)
        i = frame - seg.start if seg is not None else -1
        if seg is None or i >= len(seg.buttons):
            raise JournalError(f"no inputs recorded for frame {frame}")
        return seg.buttons[i]

    def checked_at(self, frame: int) -> int | None:
        """The CPU cycle to which `frame` ran instruction by instruction, if it did."""
        seg = self._segment_for(frame)
        return seg.checked.get(frame) if seg is not None else None

    def end_frame(self) -> int:
        """The frame after the newest one with recorded inputs."""
        seg = self.current
        return seg.start + len(seg.buttons)

    def events_since(self, frame: int) -> list[Event]:
        """The edits (and resets) made at or after `frame`, oldest first."""
        out: list[Event] = []
        for seg in self.segments:
            if seg.end is not None and seg.end[0] < frame:
                continue
            out += [Event(f, kind, args, not c) for f, c, kind, args in seg.events if f >= frame]
            if seg.end is not None:
                out.append(Event(seg.end[0], "reset", {}, True))
        return out

    # -- sharing ---------------------------------------------------------------------------
    def to_json(self, frame: int, cycle: int, since: int | None = None) -> dict[str, Any]:
        """The journal up to the moment (frame, cycle) of the last segment;
        with `since`, only from the start of that frame on (a share link
        that carries the machine's state there: `since_frame`)."""
        segments = [Segment(s.start, list(s.buttons), dict(s.checked), list(s.events), s.end)
                    for s in self.segments]
        if self._cut is not None:  # a seek back not yet moved on from
            _cut_back(segments, self._cut)
        segments[-1].cut(frame, cycle, keep_here=True)
        if since is not None:
            segments = since_frame(segments, since)
        return {"g": [s.to_json() for s in segments], "f": frame, "c": cycle}

    @staticmethod
    def segments_from_json(data: Any) -> tuple[list[Segment], int, int]:
        if not isinstance(data, dict) or not isinstance(data.get("g"), list) or not data["g"]:
            raise JournalError("no segments")
        segments = [Segment.from_json(s) for s in data["g"]]
        for seg in segments[:-1]:
            if seg.end is None:
                raise JournalError("a segment before the last has no reset")
        frame, cycle = _int(data.get("f"), "frame"), _int(data.get("c"), "cycle")
        last = segments[-1]
        if frame > last.start + len(last.buttons) or frame < last.start:
            raise JournalError(f"the moment (frame {frame}) is outside its inputs")
        return segments, frame, cycle


def since_frame(segments: list[Segment], frame: int) -> list[Segment]:
    """The history from the start of `frame` on, as it ran from a state taken
    there before anything else happened at it (a checkpoint at the frame's
    start): the segment running then, from that frame, and those after it.
    A frame cut short by a reset has run in two segments; the state at its
    start is the earlier's."""
    i = next((i for i, seg in enumerate(segments)
              if seg.start <= frame and (seg.end is None or seg.end >= (frame, 0))), None)
    if i is None:
        raise JournalError(f"frame {frame} is not in the journal")
    seg = segments[i]
    skip = frame - seg.start
    first = Segment(frame, seg.buttons[skip:],
                    {f: until for f, until in seg.checked.items() if f >= frame},
                    [e for e in seg.events if e[0] >= frame], seg.end)
    return [first, *segments[i + 1:]]


def _cut_back(segments: list[Segment], frame: int) -> None:
    """Put the record back at the start of `frame`, after the edits made there
    (as a seek leaves the machine): the segments begun after it go, with the
    reset that began them."""
    while len(segments) > 1 and segments[-1].start > frame:
        segments.pop()
    segments[-1].cut(frame, 0, keep_here=True)
