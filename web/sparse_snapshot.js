// A sparse memory snapshot (tools/sparse.py has the layout: a header, a
// bitmap of 1 KiB pages, the pages that are not all zero) written into a
// zeroed buffer as its bytes arrive: `sparseWriter(target)` returns
// {push(chunk), done()}; done() throws if what came was not a whole snapshot
// of target's length. Consecutive pages sent make one run, copied with one
// `set` per run and chunk (~1,600 runs for ~31,000 pages).
const MAGIC = 0x53505352;  // "RSPS" read little-endian
const HEADER = 16;

export function sparseWriter(target) {
  let head = null;          // header and bitmap, gathered first
  let headLength = HEADER;  // known once the header is in
  let gathered = 0;
  let pageSize = 0;
  const runs = [];          // [where in target, bytes] of each run of pages sent
  let run = 0;              // the run being received
  let within = 0;           // bytes of it received so far

  function readHead() {
    const view = new DataView(head.buffer, head.byteOffset, HEADER);
    if (view.getUint32(0, true) !== MAGIC || view.getUint32(4, true) !== 1) {
      throw new Error("the snapshot is not a sparse snapshot (version 1)");
    }
    pageSize = view.getUint32(8, true);
    if (view.getUint32(12, true) !== target.length) {
      throw new Error(`the snapshot is not the ${target.length} bytes the manifest says`);
    }
    const pages = Math.ceil(target.length / pageSize);
    headLength = HEADER + Math.ceil(pages / 8);
    const grown = new Uint8Array(headLength);
    grown.set(head.subarray(0, gathered));
    head = grown;
  }

  function readBitmap() {
    const pages = Math.ceil(target.length / pageSize);
    const sent = (k) => head[HEADER + (k >> 3)] >> (k & 7) & 1;
    for (let k = 0; k < pages; k += 1) {
      if (!sent(k)) continue;
      let end = k + 1;
      while (end < pages && sent(end)) end += 1;
      runs.push([k * pageSize, (end - k) * pageSize]);
      k = end;  // page `end` was not sent
    }
  }

  function pushPages(bytes) {
    let at = 0;
    while (at < bytes.length) {
      if (run >= runs.length) throw new Error("the snapshot has bytes past its last page");
      const [start, length] = runs[run];
      const take = Math.min(bytes.length - at, length - within);
      const to = start + within;
      const fits = Math.max(0, Math.min(take, target.length - to));  // the last page's padding
      if (fits > 0) target.set(bytes.subarray(at, at + fits), to);
      at += take;
      within += take;
      if (within === length) { run += 1; within = 0; }
    }
  }

  return {
    push(chunk) {
      let at = 0;
      while (head === null || gathered < headLength) {
        if (head === null) head = new Uint8Array(HEADER);
        const take = Math.min(chunk.length - at, headLength - gathered);
        head.set(chunk.subarray(at, at + take), gathered);
        gathered += take;
        at += take;
        if (gathered < headLength) return;
        if (headLength === HEADER) readHead();
        else readBitmap();
      }
      pushPages(chunk.subarray(at));
    },
    done() {
      if (head === null || gathered < headLength || run !== runs.length) {
        throw new Error(`the snapshot is not the ${target.length} bytes the manifest says`);
      }
    },
  };
}
