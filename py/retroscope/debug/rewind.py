"""Rewind: a ring of checkpoints over the journal of what drove every frame.

As 8bitworkshop's recorder does, seeking restores the nearest checkpoint at or
before the wanted frame and replays the recorded inputs from there, so every
frame in the ring can be reached exactly. A checkpoint is taken every
`stride` frames (default 4): a snapshot and its recording take some 65 us in
CPython, about 10 % of a light Tetris frame (0.8 ms) if taken every frame and
about 3 % every 4th; a seek then replays at most 3 frames (~2 ms).
`stride=1` keeps one per frame.

Memory: a machine snapshot holds 64 KiB of RAM (plus device memories), too much
to keep hundreds of times. Each big part of a snapshot (bytes, long strings
such as a VRAM hex dump) is kept as a tuple of 256-byte pages, and a page
equal to the previous checkpoint's is that very object, shared: a checkpoint
costs its changed pages, 8 bytes per page reference, and its small rest
(registers, counters; pickled). Nothing is compressed, so recording is a few
4 KiB comparisons and seeking a join; dropping the oldest checkpoint frees
only what no newer one shares. The ring drops checkpoints, oldest first, when
either the frame capacity or the byte budget is exceeded. Defaults: 720
frames (12 s at 60 fps) within 16 MiB; `stats()` reports what is really used.
The picture on screen is part of a snapshot (machines/base.py `PICTURE`), so a
seek shows the frame it lands on: its changed pages cost most where sprites
move every frame (Pac-Man: a checkpoint every 4th frame 4 KiB without it, 23
KiB with it; the other machines 7-12 KiB, from 4-6), and 3-30 us more a
checkpoint (CPython, ring of 720 frames after 900 of play).

The inputs are not kept here: the session's journal (journal.py) is the one
record of the history, the same that a share link carries. Inputs are
latched per frame: the session applies new buttons at a frame's start, right
after taking its checkpoint, and the journal records them, so a replay from a
checkpoint feeds each frame exactly what it saw and a seek lands on the very
state the machine had when that frame began.

Edits are history too. A memory write, a register edit, a reset or a panel
command made while paused changes the state in a way no input explains, so
the session records the state right after it as an edit checkpoint
(`record_edit`): at a frame's start (then seeking to that frame gives the
edited state) or part-way through a frame (then replaying that frame resumes
from the edited state). Either way every frame before and after the edit seeks
to exactly the state the user saw. The edit itself (its kind and payload) is
in the journal; `events()` lists the journal's edits from the oldest frame the
ring holds, as `journal.Event(frame, kind, payload, at_start)`. Running on
from a seek drops the events after that point, like the inputs.
"""

from __future__ import annotations

import hashlib
import json
import pickle
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..machines.base import PICTURE
from .journal import Event, Journal

DEFAULT_CAPACITY = 720
DEFAULT_BUDGET = 16 * 1024 * 1024
DEFAULT_STRIDE = 4  # a checkpoint every 4th frame; the frames between by replay
BLOB_MIN = 256  # strings this long are stored like bytes (hex dumps of VRAM...)
PAGE = 256  # sharing granularity
CHUNK = 4096  # compared first, to skip unchanged runs quickly
PAGE_COST = PAGE + 33  # a new page: its bytes and the bytes object around them
REF_COST = 8  # a reference to a page in a checkpoint's page tuple
OVERHEAD = 200  # per checkpoint: the objects around the data (an estimate)

Path = tuple[Any, ...]


def state_hash(snapshot: dict[str, Any]) -> str:
    """A SHA-256 over a machine snapshot, independent of dict order. The
    picture (`PICTURE`) is left out: it is what the video drew from the
    state's past, and moments shared before snapshots held it keep their
    hashes."""
    if PICTURE in snapshot:
        snapshot = {k: v for k, v in snapshot.items() if k != PICTURE}
    def default(obj: Any) -> Any:
        if isinstance(obj, (bytes, bytearray, memoryview)):
            return {"$bytes": bytes(obj).hex()}
        if isinstance(obj, tuple):
            return list(obj)
        raise TypeError(f"cannot hash a {type(obj).__name__} in a snapshot")
    text = json.dumps(snapshot, sort_keys=True, default=default, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


_SCALARS = (int, bool, float, type(None))


def _split(tree: Any, path: Path, blobs: dict[Path, bytes]) -> Any:
    """Take the big leaves (bytes, long strings) out of a snapshot tree, by path.
    (Runs every frame: scalars are passed over by exact type, cheaply.)"""
    kind = type(tree)
    if kind is dict:
        out = {}
        for k, v in tree.items():
            out[k] = v if type(v) in _SCALARS else _split(v, (*path, k), blobs)
        return out
    if kind in (bytes, bytearray, memoryview):
        blobs[path] = bytes(tree)
        return _Blob("bytearray" if kind is bytearray else "bytes")
    if kind is str:
        if len(tree) < BLOB_MIN:
            return tree
        blobs[path] = tree.encode()
        return _Blob("str")
    if kind is list:
        return [v if type(v) in _SCALARS else _split(v, (*path, i), blobs)
                for i, v in enumerate(tree)]
    return tree


def _join(tree: Any, path: Path, blobs: dict[Path, bytes]) -> Any:
    if isinstance(tree, _Blob):
        data = blobs[path]
        if tree.kind == "str":
            return data.decode()
        return bytearray(data) if tree.kind == "bytearray" else data
    if isinstance(tree, dict):
        return {k: _join(v, (*path, k), blobs) for k, v in tree.items()}
    if isinstance(tree, list):
        return [_join(v, (*path, i), blobs) for i, v in enumerate(tree)]
    return tree


@dataclass(frozen=True)
class _Blob:
    """Placeholder for a big leaf in the pickled rest of a snapshot."""

    kind: str  # "bytes" | "bytearray" | "str"


Pages = tuple[bytes, ...]


def _paginate(data: bytes, prev: bytes | None, prev_pages: Pages | None) -> tuple[Pages, int]:
    """`data` as 256-byte pages, reusing the page objects of the previous
    checkpoint's (`prev`, `prev_pages`) where they are equal. Returns the
    pages and how many are new. 4 KiB runs are compared first."""
    n = len(data)
    if prev is None or prev_pages is None or len(prev) != n:
        pages = tuple(data[p:p + PAGE] for p in range(0, n, PAGE))
        return pages, len(pages)
    if data == prev:
        return prev_pages, 0
    out = list(prev_pages)
    new = 0
    for c in range(0, n, CHUNK):
        if data[c:c + CHUNK] != prev[c:c + CHUNK]:
            for p in range(c, min(c + CHUNK, n), PAGE):
                page = data[p:p + PAGE]
                if page != prev_pages[p // PAGE]:
                    out[p // PAGE] = page
                    new += 1
    return tuple(out), new


@dataclass
class Checkpoint:
    frame: int  # the machine's frame counter at this state
    blobs: dict[Path, Pages]  # each big leaf as pages, shared with neighbouring checkpoints
    rest: bytes  # pickled snapshot without its big leaves
    size: int = 0  # bytes it adds: its new pages, its page references, its rest
    at_start: bool = True  # the state at the start of `frame` (else part-way through it)
    edit: bool = False  # the state right after an edit (the journal says which)


__all__ = ["Checkpoint", "Event", "Rewind", "state_hash"]


class Rewind:
    def __init__(self, capacity: int = DEFAULT_CAPACITY, budget: int = DEFAULT_BUDGET,
                 stride: int = DEFAULT_STRIDE, journal: Journal | None = None) -> None:
        if capacity < 2 or stride < 1:
            raise ValueError("rewind needs capacity >= 2 and stride >= 1")
        self.capacity = capacity
        self.budget = budget
        self.stride = stride
        self.ring: deque[Checkpoint] = deque()
        # The inputs, edits and resets (and how each frame ran): the session
        # gives its own, the one record a share link carries too.
        self.journal = journal if journal is not None else Journal()
        self.bytes_used = 0
        # The newest checkpoint's leaves as bytes, to find the pages that changed.
        self._prev_raw: dict[Path, bytes] = {}

    # -- recording -----------------------------------------------------------------
    def record(self, snapshot: dict[str, Any]) -> None:
        """Take the snapshot of a frame's start (before its buttons are latched)."""
        frame = int(snapshot["frame"])
        self._drop_checkpoints_after(frame - 1)
        if not self.wants(frame):
            return
        self._append(snapshot, frame, True, False)

    def record_edit(self, snapshot: dict[str, Any], at_start: bool) -> None:
        """Keep the state right after an edit (the journal has it) made at the
        start of its frame (`at_start`) or part-way through it. What was
        recorded after that point is dropped: the edited history goes on from
        here."""
        frame = int(snapshot["frame"])
        self._drop_checkpoints_after(frame)
        self._append(snapshot, frame, at_start, True)

    def events(self) -> list[Event]:
        """The journal's edits from the oldest frame held, oldest first."""
        first = self.first_frame()
        return [] if first is None else self.journal.events_since(first)

    def _append(self, snapshot: dict[str, Any], frame: int, at_start: bool,
                edit: bool) -> None:
        blobs: dict[Path, bytes] = {}
        rest = pickle.dumps(_split(snapshot, (), blobs), protocol=pickle.HIGHEST_PROTOCOL)
        last = self.ring[-1] if self.ring else None
        prev_raw = self._prev_raw
        pages: dict[Path, Pages] = {}
        size = OVERHEAD
        for path, data in blobs.items():
            prev_pages = last.blobs.get(path) if last is not None else None
            pages[path], new = _paginate(data, prev_raw.get(path), prev_pages)
            size += new * PAGE_COST + len(pages[path]) * REF_COST
        size += len(rest)  # never shared: it holds the cycle counter
        cp = Checkpoint(frame, pages, rest, size, at_start, edit)
        self._prev_raw = blobs
        self.ring.append(cp)
        self.bytes_used += cp.size
        self._evict()

    def wants(self, frame: int) -> bool:
        """Does frame `frame` get a checkpoint? (Ask before taking a snapshot.)"""
        return not frame % self.stride or not self.ring

    def _evict(self) -> None:
        ring = self.ring
        while len(ring) > 1 and (self.frames_held() > self.capacity
                                 or self.bytes_used > self.budget):
            # Its pages shared with the next checkpoint live on there: count
            # them to that one now.
            first = ring.popleft()
            self.bytes_used -= first.size
            following = ring[0]
            moved = sum(1 for path, pages in following.blobs.items()
                        for mine, theirs in zip(first.blobs.get(path, ()), pages, strict=False)
                        if mine is theirs) * PAGE_COST
            following.size += moved
            self.bytes_used += moved

    def truncate_after(self, frame: int) -> None:
        """Forget the checkpoints after `frame` (it runs again: the journal
        records its new inputs)."""
        self._drop_checkpoints_after(frame)

    def _drop_checkpoints_after(self, frame: int) -> None:
        ring = self.ring
        if not (ring and ring[-1].frame > frame):
            return
        while ring and ring[-1].frame > frame:
            self.bytes_used -= ring.pop().size
        self._prev_raw = {path: b"".join(pages) for path, pages in ring[-1].blobs.items()} \
            if ring else {}

    def clear(self) -> None:
        self.ring.clear()
        self.bytes_used = 0
        self._prev_raw = {}

    # -- seeking ---------------------------------------------------------------------
    def frames_held(self) -> int:
        if not self.ring:
            return 0
        return self.ring[-1].frame - self.ring[0].frame + 1

    def first_frame(self) -> int | None:
        return self.ring[0].frame if self.ring else None

    def last_frame(self) -> int | None:
        """The newest frame one can seek to: the newest checkpoint, or the frame
        after the newest recorded inputs (reached by replaying them)."""
        if not self.ring:
            return None
        return max(self.ring[-1].frame, self.journal.end_frame())

    def checkpoint_for(self, frame: int) -> Checkpoint:
        """The newest checkpoint at or before the start of `frame` (a state part-way
        through an earlier frame counts: replay finishes that frame)."""
        best = None
        for cp in self.ring:  # in the order they were taken: frames never go down
            if cp.frame > frame:
                break
            if cp.frame < frame or cp.at_start:
                best = cp
        if best is None:
            raise ValueError(f"frame {frame} is older than the rewind buffer "
                             f"(oldest {self.first_frame()})")
        return best

    def base_for(self, frame: int) -> Checkpoint | None:
        """The checkpoint a share link of a moment in `frame` starts from: the
        state at a frame's start before anything else happened there (not an
        edit's), the newest before `frame` (so that replaying to the moment
        draws its picture), else at its start; None if the ring has none."""
        best = None
        for cp in self.ring:  # in the order they were taken: frames never go down
            if cp.frame > frame:
                break
            if cp.at_start and not cp.edit and (cp.frame < frame or best is None):
                best = cp
        return best

    def snapshot_of(self, cp: Checkpoint) -> dict[str, Any]:
        blobs = {path: b"".join(pages) for path, pages in cp.blobs.items()}
        return _join(pickle.loads(cp.rest), (), blobs)

    def seek(self, frame: int, restore: Callable[[dict[str, Any]], None],
             run_frame: Callable[[int, int | None], None], replay_last: bool = False) -> int:
        """Put the machine at the start of `frame`: restore the nearest checkpoint,
        then replay the journal's inputs with run_frame(buttons, checked_until),
        which runs to the end of the frame in progress (from a checkpoint
        part-way through a frame, that is the rest of it); checked_until: the
        frame first ran instruction by instruction to that CPU cycle (a machine
        may not be exactly the same under its own faster runner: the NES
        charges an OAM DMA stall after a slice of its runner). With
        `replay_last`, the frame before `frame` is replayed too where it is
        held (for whoever watches it run: the event viewer). Returns the
        frames replayed."""
        last = self.last_frame()
        if last is None or frame > last:
            raise ValueError(f"frame {frame} is not in the rewind buffer "
                             f"(frames {self.first_frame()}-{last})")
        first = self.first_frame()
        earlier = replay_last and first is not None and frame > first
        cp = self.checkpoint_for(frame - 1 if earlier else frame)
        journal = self.journal
        inputs = [(journal.buttons_at(f), journal.checked_at(f)) for f in range(cp.frame, frame)]
        restore(self.snapshot_of(cp))
        for buttons, until in inputs:
            run_frame(buttons, until)
        return frame - cp.frame

    def stats(self) -> dict[str, Any]:
        return {"frames": self.frames_held(), "checkpoints": len(self.ring),
                "events": [e._asdict() for e in self.events()],
                "stride": self.stride, "bytes": self.bytes_used, "budget": self.budget,
                "capacity": self.capacity, "first": self.first_frame(),
                "last": self.last_frame()}
