"""A machine's state in a share link: written small, and checked field by
field on the way in.

A moment link (share.py, format 2) carries the machine's state at the start
of a frame shortly before the moment, and the journal from there. Both ends
make the same machine from the link's parameters, so the state is written
against that machine's power-on snapshot (`Reference`):

- the *skeleton*: the snapshot as JSON, each big leaf (bytes, or a hex dump
  of BLOB_MIN characters or more) where the power-on snapshot has one of the
  same kind and length replaced by the marker {"$": "="}; deflated with the
  power-on skeleton as its preset dictionary, so what did not change costs a
  back-reference;
- the big leaves, each XOR-ed with the power-on one (mostly zeros), deflated.

The picture (machines/base.py `PICTURE`) goes along only when asked: a moment
replayed from a frame before it is drawn by that frame.

Coming in, nothing is unpickled or evaluated. `decode_state` rebuilds the
snapshot from JSON and checks it against the power-on snapshot's shape: the
same keys in every dict, lists and blobs of the same lengths, scalars of the
same kinds (an int where there was an int), whole numbers within
±2^53, text short and printable; only below the paths a machine declares
free (`Machine.FREE_STATE`: what play or its editor reshapes) and where
power-on has None may the shape differ, as bounded plain JSON. `restore_checked`
then restores it, asks the machine's own invariants (`Machine.check_state`:
the frame's schedule against the CPU's cycle count, so that no frame can run
for billions of cycles; a device's clock; an editor's maps) and takes a
snapshot again, which must be the one given: a register past its width or a
value a device would not hold comes back different and is refused.

The `fingerprint` is a hash of what a state depends on: the machine, its
program bytes and its power-on snapshot. A link whose fingerprint is not this
page's was made by another build; its state is not used.
"""

from __future__ import annotations

import hashlib
import json
import math
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .debug.codeview import programs_of
from .debug.rewind import state_hash
from .machines.base import PICTURE, Machine

STATE_FORMAT = 1  # of the skeleton and its markers: part of the fingerprint
BLOB_MIN = 64  # hex dumps this long travel as blobs
MAX_INT = 1 << 53
MAX_INLINE = 64 * 1024  # bytes of an inline {"$": "bytes"} leaf
MAX_TEXT = 2 * MAX_INLINE  # characters of a string (a file saved, as hex)
MAX_ITEMS = 4096  # of a free list or dict
MAX_DEPTH = 16
MAX_SKELETON = 4 * 1024 * 1024  # inflated
WBITS = -15  # raw deflate: the link's CRC checks the whole
MARK = "$"

Path = tuple[Any, ...]


class StateError(ValueError):
    """A state that cannot be used; the message says which field and why."""


def _is_blob(value: Any) -> bool:
    return isinstance(value, (bytes, bytearray)) or (
        isinstance(value, str) and len(value) >= BLOB_MIN)


def _blob_bytes(value: Any) -> bytes:
    return value.encode("ascii") if isinstance(value, str) else bytes(value)


def _xor(a: bytes, b: bytes) -> bytes:
    return (int.from_bytes(a, "big") ^ int.from_bytes(b, "big")).to_bytes(len(a), "big")


def _show(path: Path) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f"/{part}"
    return out or "/"


@dataclass(frozen=True)
class Reference:
    """The power-on snapshot a state is written against, and what it says."""

    tree: dict[str, Any]  # the power-on snapshot, without the picture
    picture: bytes  # the power-on picture
    skeleton: bytes  # its skeleton's JSON: the preset dictionary
    fingerprint: str
    free: tuple[Path, ...]  # the machine's FREE_STATE

    @classmethod
    def of(cls, machine: Machine) -> Reference:
        """The reference of a machine at power-on (before any saved data)."""
        snap = machine.snapshot()
        picture = bytes(snap.pop(PICTURE))
        free = tuple(tuple(p) for p in machine.FREE_STATE)
        skeleton = _dumps(_skeleton(snap, snap, []))
        digest = hashlib.sha256(f"state {STATE_FORMAT}\0{machine.INFO.id}\0".encode())
        for program in programs_of(machine):
            for address, data in program.chunks:
                digest.update(address.to_bytes(4, "big") + len(data).to_bytes(4, "big") + data)
        digest.update(state_hash(snap).encode())
        digest.update(repr(free).encode())
        return cls(snap, picture, skeleton, digest.hexdigest()[:16], free)


def _dumps(tree: Any) -> bytes:
    return json.dumps(tree, separators=(",", ":"), sort_keys=True, allow_nan=False).encode()


# -- writing ------------------------------------------------------------------------------

def _skeleton(value: Any, ref: Any, blobs: list[bytes]) -> Any:
    """`value` as JSON, its big leaves that match `ref`'s as markers (their
    XOR with `ref`'s appended to `blobs`, in the order json.dumps writes them)."""
    if _is_blob(ref) and _is_blob(value) and type(value) is type(ref) and len(value) == len(ref):
        blobs.append(_xor(_blob_bytes(value), _blob_bytes(ref)))
        return {MARK: "="}
    if isinstance(value, dict):
        inner = ref if isinstance(ref, dict) else {}
        return {k: _skeleton(value[k], inner.get(k), blobs) for k in sorted(value)}
    if isinstance(value, (list, tuple)):
        inner = ref if isinstance(ref, (list, tuple)) else ()
        return [_skeleton(v, inner[i] if i < len(inner) else None, blobs)
                for i, v in enumerate(value)]
    if isinstance(value, (bytes, bytearray)):
        return {MARK: type(value).__name__, "hex": bytes(value).hex()}
    if isinstance(value, float) and not math.isfinite(value):
        raise StateError(f"a snapshot holds {value}")
    return value


def encode_state(ref: Reference, snapshot: dict[str, Any], picture: bool = False) -> bytes:
    """The state as the link's bytes (the picture too, if asked)."""
    state = {k: v for k, v in snapshot.items() if k != PICTURE}
    blobs: list[bytes] = []
    tree = {"s": _skeleton(state, ref.tree, blobs), "p": int(picture)}
    if picture:
        blobs.append(_xor(bytes(snapshot[PICTURE]), ref.picture))
    return pack(ref, tree, b"".join(blobs))


def pack(ref: Reference, tree: Any, blobs: bytes) -> bytes:
    """The link's bytes of a skeleton (JSON-able) and its XOR-ed blobs: the
    skeleton's length (3 bytes), the skeleton deflated against the power-on
    one, the blobs deflated."""
    head = zlib.compressobj(9, zlib.DEFLATED, WBITS, zdict=ref.skeleton)
    text = head.compress(_dumps(tree)) + head.flush()
    body = zlib.compressobj(9, zlib.DEFLATED, WBITS)
    return len(text).to_bytes(3, "big") + text + body.compress(blobs) + body.flush()


def unpack(ref: Reference, data: bytes) -> tuple[Any, bytes]:
    """`pack` undone: (the skeleton as parsed JSON, the blobs), bounded."""
    if len(data) < 3:
        raise StateError("its machine state is cut short")
    size = int.from_bytes(data[:3], "big")
    text = _inflate(data[3:3 + size], MAX_SKELETON, ref.skeleton)
    try:
        tree = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise StateError("its machine state is not JSON") from None
    limit = sum(len(_blob_bytes(b)) for b in _blob_leaves(ref.tree)) + len(ref.picture)
    return tree, _inflate(data[3 + size:], limit)


# -- reading ------------------------------------------------------------------------------

def _inflate(data: bytes, limit: int, zdict: bytes | None = None) -> bytes:
    try:
        inflate = (zlib.decompressobj(WBITS, zdict=zdict) if zdict is not None
                   else zlib.decompressobj(WBITS))
        out = inflate.decompress(data, limit)
    except zlib.error:
        raise StateError("its machine state does not unpack") from None
    if inflate.unconsumed_tail or not inflate.eof or inflate.unused_data:
        raise StateError("its machine state is too big or cut short")
    return out


class _Blobs:
    """The XOR-ed big leaves, handed out in order."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def take(self, ref: Any, path: Path) -> Any:
        raw = _blob_bytes(ref)
        end = self.at + len(raw)
        if end > len(self.data):
            raise StateError(f"{_show(path)}: the state's data is cut short")
        value = _xor(self.data[self.at:end], raw)
        self.at = end
        if isinstance(ref, str):
            if not all(0x20 <= b < 0x7F for b in value):
                raise StateError(f"{_show(path)}: not printable text")
            return value.decode("ascii")
        return bytearray(value) if isinstance(ref, bytearray) else value


def decode_state(ref: Reference, data: bytes) -> dict[str, Any]:
    """The snapshot a link's state bytes hold, checked against the power-on
    snapshot's shape; StateError says which field is wrong."""
    tree, data = unpack(ref, data)
    if not isinstance(tree, dict) or set(tree) != {"s", "p"} or tree["p"] not in (0, 1):
        raise StateError("its machine state is not {s, p}")
    blobs = _Blobs(data)
    state = _check(tree["s"], ref.tree, (), ref.free, blobs, 0)
    if tree["p"]:
        state[PICTURE] = blobs.take(ref.picture, (PICTURE,))
    if blobs.at != len(blobs.data):
        raise StateError("its machine state has data left over")
    return state


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def _blob_leaves(tree: Any) -> Iterator[Any]:
    if _is_blob(tree):
        yield tree
    elif isinstance(tree, dict):
        for k in sorted(tree):
            yield from _blob_leaves(tree[k])
    elif isinstance(tree, (list, tuple)):
        for v in tree:
            yield from _blob_leaves(v)


def _is_free(path: Path, free: tuple[Path, ...]) -> bool:
    return any(path[:len(p)] == p for p in free)


def _check(node: Any, ref: Any, path: Path, free: tuple[Path, ...], blobs: _Blobs,
           depth: int) -> Any:
    """`node` (from JSON) rebuilt and held to `ref`'s shape (see the module's doc)."""
    if depth > MAX_DEPTH:
        raise StateError(f"{_show(path)}: nested too deep")
    loose = ref is None or _is_free(path, free)
    if isinstance(node, dict) and MARK in node:
        return _marked(node, ref, path, blobs, loose)
    if loose:
        return _free(node, path, blobs, ref, free, depth)
    if isinstance(ref, dict):
        if not isinstance(node, dict) or set(node) != set(ref):
            raise StateError(f"{_show(path)}: not the fields of this machine's state")
        # (In the order the blobs were written: json.dumps's, keys sorted.)
        return {k: _check(node[k], ref[k], (*path, k), free, blobs, depth + 1)
                for k in sorted(ref)}
    if isinstance(ref, (list, tuple)):
        if not isinstance(node, list) or len(node) != len(ref):
            raise StateError(f"{_show(path)}: not a list of {len(ref)}")
        return [_check(v, ref[i], (*path, i), free, blobs, depth + 1) for i, v in enumerate(node)]
    return _scalar(node, ref, path)


def _marked(node: dict[str, Any], ref: Any, path: Path, blobs: _Blobs, loose: bool) -> Any:
    """A marked leaf: a blob in its place ("="), or bytes written out, where
    the shape may change or power-on has short bytes of that kind and length."""
    kind = node[MARK]
    if kind == "=" and set(node) == {MARK} and _is_blob(ref):
        return blobs.take(ref, path)
    if kind in ("bytes", "bytearray") and set(node) == {MARK, "hex"}:
        text = node["hex"]
        if not isinstance(text, str) or len(text) > 2 * MAX_INLINE:
            raise StateError(f"{_show(path)}: bytes too long")
        try:
            value = bytes.fromhex(text)
        except ValueError:
            raise StateError(f"{_show(path)}: not bytes") from None
        if loose or (type(ref).__name__ == kind and len(ref) == len(value) < BLOB_MIN):
            return bytearray(value) if kind == "bytearray" else value
    raise StateError(f"{_show(path)}: not the data this machine's state holds there")


def _scalar(node: Any, ref: Any, path: Path) -> Any:
    if isinstance(ref, bool):
        if not isinstance(node, bool):
            raise StateError(f"{_show(path)}: not true or false")
        return node
    if isinstance(ref, int):
        if isinstance(node, bool) or not isinstance(node, int) or not -MAX_INT <= node <= MAX_INT:
            raise StateError(f"{_show(path)}: not a whole number within ±2^53")
        return node
    if isinstance(ref, float):
        if isinstance(node, bool) or not isinstance(node, (int, float)) \
                or not math.isfinite(node) or abs(node) > MAX_INT:
            raise StateError(f"{_show(path)}: not a number")
        return float(node)
    if isinstance(ref, str) and len(ref) < BLOB_MIN:
        return _text(node, path)
    raise StateError(f"{_show(path)}: this machine's state holds no such value")


def _text(node: Any, path: Path) -> str:
    if not isinstance(node, str) or len(node) > MAX_TEXT or not node.isprintable():
        raise StateError(f"{_show(path)}: not short printable text")
    return node


def _free(node: Any, path: Path, blobs: _Blobs, ref: Any, free: tuple[Path, ...],
          depth: int) -> Any:
    """A value whose shape may change (below a free path, or None at power-on):
    plain JSON, bounded; its own machine checks what it means."""
    if depth > MAX_DEPTH:
        raise StateError(f"{_show(path)}: nested too deep")
    if node is None or isinstance(node, bool):
        return node
    if isinstance(node, int):
        return _scalar(node, 0, path)
    if isinstance(node, float):
        return _scalar(node, 0.0, path)
    if isinstance(node, str):
        return _text(node, path)
    if isinstance(node, list):
        if len(node) > MAX_ITEMS:
            raise StateError(f"{_show(path)}: more than {MAX_ITEMS} items")
        inner = ref if isinstance(ref, (list, tuple)) else ()
        return [_check(v, inner[i] if i < len(inner) else None, (*path, i), free, blobs, depth + 1)
                for i, v in enumerate(node)]
    if isinstance(node, dict):
        if len(node) > MAX_ITEMS or not all(isinstance(k, str) and len(k) <= 256 for k in node):
            raise StateError(f"{_show(path)}: not a dict of short names")
        inner = ref if isinstance(ref, dict) else {}
        return {k: _check(node[k], inner.get(k), (*path, k), free, blobs, depth + 1)
                for k in sorted(node)}
    raise StateError(f"{_show(path)}: not a plain value")


# -- into the machine ------------------------------------------------------------------------

def canonical(tree: Any) -> Any:
    """A snapshot as JSON would hold it (tuples as lists, bytearrays as bytes),
    to compare two."""
    if isinstance(tree, dict):
        return {k: canonical(v) for k, v in tree.items()}
    if isinstance(tree, (list, tuple)):
        return [canonical(v) for v in tree]
    if isinstance(tree, bytearray):
        return bytes(tree)
    return tree


def first_difference(a: Any, b: Any, path: Path = ()) -> Path | None:
    """Where two canonical snapshots first differ (None: nowhere)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if k not in a or k not in b:
                return (*path, k)
            found = first_difference(a[k], b[k], (*path, k))
            if found is not None:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = first_difference(x, y, (*path, i))
            if found is not None:
                return found
        return None
    return None if a == b and type(a) is type(b) else path


def restore_checked(machine: Machine, state: dict[str, Any]) -> None:
    """Restore a state from a link into `machine`, or raise StateError (the
    machine is then in no state to use: make it again)."""
    try:
        machine.restore(state)
        problems = machine.check_state()
    except StateError:
        raise
    except Exception as exc:  # noqa: BLE001 - whatever a device made of it, it is refused
        raise StateError(f"the machine cannot take it ({type(exc).__name__}: "
                         f"{str(exc)[:80]})") from None
    if problems:
        raise StateError("; ".join(problems))
    again = canonical({k: v for k, v in machine.snapshot().items()
                       if k in state or k != PICTURE})
    given = canonical(state)
    where = first_difference(again, given)
    if where is not None:
        raise StateError(f"{_show(where)}: a value this machine does not hold")
