"""Rewind: a ring of checkpoints with the inputs that drove every frame.

As 8bitworkshop's recorder does, seeking restores the nearest checkpoint at or
before the wanted frame and replays the recorded inputs from there, so every
frame in the ring can be reached exactly. A checkpoint is taken every
`stride` frames (default 4): a snapshot plus its delta costs some 100 us in
CPython, which is 13 % of a light Tetris frame (0.75 ms) if taken every frame
and under 5 % every 4th; a seek then replays at most 3 frames (~2 ms).
`stride=1` keeps one per frame.

Memory: a machine snapshot holds 64 KiB of RAM (plus device memories), too much
to keep 600+ times. Every `keyframe_every` checkpoints one is stored whole
(zlib); the others store, for each big part (bytes, long strings such as a
VRAM hex dump), only the 256-byte pages that differ from the keyframe's
(zlib'd), and the small rest (CPU registers, counters) pickled. Finding the
changed pages compares 4 KiB runs first, so a frame costs a few tens of
microseconds, not a pass over every byte. The ring drops whole keyframe
groups, oldest first, when either the frame capacity or the byte budget is
exceeded. Defaults: 720 frames (12 s at 60 fps) within 16 MiB; `stats()`
reports what is really used (Tetris: about 1 KB a checkpoint, 0.2 MB for 12 s).

Inputs are latched per frame: the session applies new buttons at a frame's
start, right after taking its checkpoint, and records them with it, so a
replay feeds each frame exactly what it saw and a seek lands on the very state
the machine had when that frame began.
"""

from __future__ import annotations

import hashlib
import json
import pickle
import zlib
from array import array
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

DEFAULT_CAPACITY = 720
DEFAULT_BUDGET = 16 * 1024 * 1024
DEFAULT_STRIDE = 4  # a checkpoint every 4th frame; the frames between by replay
DEFAULT_KEYFRAME_EVERY = 15  # checkpoints: a whole one every 60 frames
BLOB_MIN = 256  # strings this long are stored like bytes (hex dumps of VRAM...)
PAGE = 256  # delta granularity
CHUNK = 4096  # compared first, to skip unchanged runs quickly
OVERHEAD = 200  # per checkpoint: the objects around the data (an estimate)

Path = tuple[Any, ...]


def state_hash(snapshot: dict[str, Any]) -> str:
    """A SHA-256 over a machine snapshot, independent of dict order."""
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


def _delta(new: bytes, old: bytes) -> bytes:
    """The 256-byte pages of `new` that differ from `old` (same length), with
    their offsets. 4 KiB chunks are compared first: most are unchanged."""
    n = len(new)
    offsets = array("I")
    parts = []
    for c in range(0, n, CHUNK):
        if new[c:c + CHUNK] != old[c:c + CHUNK]:
            for p in range(c, min(c + CHUNK, n), PAGE):
                page = new[p:p + PAGE]
                if page != old[p:p + PAGE]:
                    offsets.append(p)
                    parts.append(page)
    head = len(offsets).to_bytes(4, "little") + offsets.tobytes()
    return zlib.compress(head + b"".join(parts), 1)


def _apply(delta: bytes, old: bytes) -> bytes:
    raw = zlib.decompress(delta)
    count = int.from_bytes(raw[:4], "little")
    offsets = array("I")
    offsets.frombytes(raw[4:4 + 4 * count])
    out = bytearray(old)
    at = 4 + 4 * count
    for p in offsets:
        size = min(PAGE, len(out) - p)
        out[p:p + size] = raw[at:at + size]
        at += size
    return bytes(out)


@dataclass
class Checkpoint:
    frame: int  # the machine's frame counter at this state (start of that frame)
    key: Checkpoint | None  # None for a keyframe
    blobs: dict[Path, bytes]  # zlib of the raw leaf (keyframe), or its changed pages
    rest: bytes  # pickled snapshot without its big leaves
    size: int = 0  # bytes it adds (a delta shared with the previous frame counts once)


class Rewind:
    def __init__(self, capacity: int = DEFAULT_CAPACITY, budget: int = DEFAULT_BUDGET,
                 keyframe_every: int = DEFAULT_KEYFRAME_EVERY,
                 stride: int = DEFAULT_STRIDE) -> None:
        if capacity < 2 or keyframe_every < 1 or stride < 1:
            raise ValueError("rewind needs capacity >= 2, keyframe_every >= 1, stride >= 1")
        self.capacity = capacity
        self.budget = budget
        self.keyframe_every = keyframe_every
        self.stride = stride
        self.ring: deque[Checkpoint] = deque()
        self.inputs: dict[int, int] = {}  # frame -> buttons, for frames between checkpoints
        # frame -> CPU cycle until which that frame ran instruction by instruction
        # (the debugger's checking runner); absent: it ran on the machine's own.
        self.checked: dict[int, int] = {}
        self.bytes_used = 0
        self._since_key = 0
        self._key_raw: tuple[Checkpoint, dict[Path, bytes]] | None = None
        # The last checkpoint and its raw leaves, to share unchanged deltas.
        self._prev: tuple[Checkpoint, dict[Path, bytes]] | None = None

    # -- recording -----------------------------------------------------------------
    def record(self, snapshot: dict[str, Any]) -> None:
        """Take the snapshot of a frame's start (before its buttons are latched)."""
        frame = int(snapshot["frame"])
        self._drop_checkpoints_after(frame - 1)
        if not self.wants(frame):
            return
        blobs: dict[Path, bytes] = {}
        rest = pickle.dumps(_split(snapshot, (), blobs), protocol=pickle.HIGHEST_PROTOCOL)
        key = self._key_raw
        if (key is None or self._since_key >= self.keyframe_every
                or key[1].keys() != blobs.keys()
                or any(len(key[1][p]) != len(b) for p, b in blobs.items())):
            cp = Checkpoint(frame, None,
                            {p: zlib.compress(b, 1) for p, b in blobs.items()}, rest)
            cp.size = len(rest) + sum(len(b) for b in cp.blobs.values()) + OVERHEAD
            self._key_raw = (cp, blobs)
            self._since_key = 1
        else:
            key_raw = key[1]
            prev = self._prev
            deltas = {}
            size = len(rest) + OVERHEAD
            for p, b in blobs.items():
                if prev is not None and prev[0].key is key[0] and prev[1][p] == b:
                    deltas[p] = prev[0].blobs[p]  # unchanged since the last frame: share it
                else:
                    deltas[p] = _delta(b, key_raw[p])
                    size += len(deltas[p])
            cp = Checkpoint(frame, key[0], deltas, rest, size)
            self._since_key += 1
        self._prev = (cp, blobs)
        self.ring.append(cp)
        self.bytes_used += cp.size
        self._evict()

    def wants(self, frame: int) -> bool:
        """Does frame `frame` get a checkpoint? (Ask before taking a snapshot.)"""
        return not frame % self.stride or not self.ring

    def set_checked(self, frame: int, until: int) -> None:
        """Frame `frame` ran instruction by instruction up to CPU cycle `until`
        (a machine may not be exactly the same under its own faster runner:
        the NES charges an OAM DMA stall after a slice of its runner, so the
        replay must run each part the way it first ran)."""
        self.checked[frame] = until

    def set_input(self, frame: int, buttons: int) -> None:
        """The buttons frame `frame` runs with, latched as it starts. Running a
        frame again after a seek replaces what was recorded after it."""
        self.truncate_after(frame)
        self.inputs[frame] = buttons

    def _evict(self) -> None:
        ring = self.ring
        while len(ring) > 1 and (self.frames_held() > self.capacity
                                 or self.bytes_used > self.budget):
            first = ring.popleft()
            self.bytes_used -= first.size
            # Deltas cannot outlive their keyframe: drop the whole group.
            while ring and ring[0].key is first:
                self.bytes_used -= ring.popleft().size
            if not ring:
                self._key_raw = self._prev = None
        if ring:
            oldest = ring[0].frame
            for frame in [f for f in self.inputs if f < oldest]:
                del self.inputs[frame]
                self.checked.pop(frame, None)

    def truncate_after(self, frame: int) -> None:
        """Forget checkpoints after `frame` and inputs of frames from `frame` on
        (a frame's inputs are given again when it runs again)."""
        inputs = self.inputs
        self._drop_checkpoints_after(frame)
        if inputs and next(reversed(inputs)) >= frame:  # kept in rising order
            for f in [f for f in inputs if f >= frame]:
                del inputs[f]
                self.checked.pop(f, None)

    def _drop_checkpoints_after(self, frame: int) -> None:
        ring = self.ring
        if not (ring and ring[-1].frame > frame):
            return
        self._prev = None
        while ring and ring[-1].frame > frame:
            cp = ring.pop()
            self.bytes_used -= cp.size
            if self._key_raw is not None and self._key_raw[0] is cp:
                self._key_raw = None
        if self._key_raw is None and ring:
            # Rebuild the keyframe cache so later deltas have a base.
            last = ring[-1]
            key = last if last.key is None else last.key
            self._key_raw = (key, {p: zlib.decompress(b) for p, b in key.blobs.items()})
            self._since_key = sum(1 for cp in ring if cp is key or cp.key is key)

    def clear(self) -> None:
        self.ring.clear()
        self.inputs.clear()
        self.checked.clear()
        self.bytes_used = 0
        self._key_raw = None
        self._prev = None
        self._since_key = 0

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
        last = self.ring[-1].frame
        if self.inputs:
            last = max(last, next(reversed(self.inputs)) + 1)
        return last

    def checkpoint_for(self, frame: int) -> Checkpoint:
        """The newest checkpoint at or before `frame`."""
        best = None
        for cp in self.ring:
            if cp.frame > frame:
                break
            best = cp
        if best is None:
            raise ValueError(f"frame {frame} is older than the rewind buffer "
                             f"(oldest {self.first_frame()})")
        return best

    def snapshot_of(self, cp: Checkpoint) -> dict[str, Any]:
        if cp.key is None:
            blobs = {p: zlib.decompress(b) for p, b in cp.blobs.items()}
        else:
            key = cp.key
            if self._key_raw is not None and self._key_raw[0] is key:
                base = self._key_raw[1]
            else:
                base = {p: zlib.decompress(b) for p, b in key.blobs.items()}
            blobs = {p: _apply(b, base[p]) for p, b in cp.blobs.items()}
        return _join(pickle.loads(cp.rest), (), blobs)

    def seek(self, frame: int, restore: Callable[[dict[str, Any]], None],
             run_frame: Callable[[int, int | None], None]) -> int:
        """Put the machine at the start of `frame`: restore the nearest checkpoint,
        then replay recorded inputs with run_frame(buttons, checked_until).
        Returns the frames replayed."""
        last = self.last_frame()
        if last is None or frame > last:
            raise ValueError(f"frame {frame} is not in the rewind buffer "
                             f"(frames {self.first_frame()}-{last})")
        cp = self.checkpoint_for(frame)
        restore(self.snapshot_of(cp))
        for f in range(cp.frame, frame):
            run_frame(self.inputs[f], self.checked.get(f))
        return frame - cp.frame

    def stats(self) -> dict[str, Any]:
        keys = sum(1 for cp in self.ring if cp.key is None)
        return {"frames": self.frames_held(), "checkpoints": len(self.ring),
                "keyframes": keys, "bytes": self.bytes_used, "budget": self.budget,
                "capacity": self.capacity, "first": self.first_frame(),
                "last": self.last_frame()}
