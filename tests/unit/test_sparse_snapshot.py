"""The sparse snapshot (tools/sparse.py, web/sparse_snapshot.js): zero pages
left out, the rest put back in place, by Python and by the worker's writer fed
in chunks of any size."""

from __future__ import annotations

import base64
import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from tools import sparse

REPO = Path(__file__).resolve().parents[2]



def sample(pages: float, seed: int = 1) -> bytes:
    """Some pages of noise, some of zeros, some nearly zero; a partial last page."""
    rng = random.Random(seed)
    out = bytearray()
    for k in range(int(pages)):
        kind = k % 3
        page = bytearray(sparse.PAGE)
        if kind == 0:
            page[:] = rng.randbytes(sparse.PAGE)
        elif kind == 2:
            page[rng.randrange(sparse.PAGE)] = 1
        out += page
    out += rng.randbytes(int((pages % 1) * sparse.PAGE))
    return bytes(out)


def test_pack_leaves_the_zero_pages_out_and_unpack_puts_them_back():
    raw = sample(30.5)
    packed = sparse.pack(raw)
    assert sparse.unpack(packed) == raw
    assert sparse.length(packed[:16]) == len(raw)
    sent = 21  # 10 noise pages, 10 with one byte, the partial last page
    assert len(packed) == sparse.HEADER.size + 4 + sent * sparse.PAGE


def test_a_damaged_sparse_snapshot_is_refused():
    packed = sparse.pack(sample(5))
    with pytest.raises(ValueError):
        sparse.unpack(b"XXXX" + packed[4:])
    with pytest.raises(ValueError):
        sparse.unpack(packed + b"\0")


WRITER = """
import { readFileSync } from "node:fs";
import { sparseWriter } from "%s";
const packed = readFileSync(process.argv[2]);
const results = [];
for (const size of JSON.parse(process.argv[3])) {
  const target = new Uint8Array(Number(process.argv[4]));
  const writer = sparseWriter(target);
  for (let at = 0; at < packed.length; at += size) writer.push(packed.subarray(at, at + size));
  writer.done();
  results.push(Buffer.from(target).toString("base64"));
}
let refused = false;
try {
  const w = sparseWriter(new Uint8Array(5));
  w.push(packed);
  w.done();
} catch { refused = true; }
console.log(JSON.stringify({ results, refused }));
"""


def test_the_workers_writer_puts_every_page_in_place_whatever_the_chunks(tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.skip("needs node")
    raw = sample(12.25, seed=7)
    (tmp_path / "s.bin").write_bytes(sparse.pack(raw))
    script = tmp_path / "writer.mjs"
    script.write_text(WRITER % (REPO / "web/sparse_snapshot.js").as_uri())
    sizes = [1, 7, 16, 17, 4095, 4096, 65536, 1 << 20]
    done = subprocess.run([node, str(script), str(tmp_path / "s.bin"), json.dumps(sizes),
                           str(len(raw))], capture_output=True, text=True, check=True, timeout=60)
    out = json.loads(done.stdout)
    assert [base64.b64decode(r) == raw for r in out["results"]] == [True] * len(sizes)
    assert out["refused"]  # the wrong length for the manifest's target
