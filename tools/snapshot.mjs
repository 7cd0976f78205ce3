// Make the Pyodide memory snapshot the worker boots from (tools/snapshot.py runs it).
//
//   node tools/snapshot.mjs <pyodide dir> <wheel> <warm.py> <out file>
//
// Pyodide starts with `_makeSnapshot` (an experimental option of 314.0.7), the
// wheel is unpacked into site-packages from JavaScript (loadPackage would break
// the snapshot: "Unexpected hiwire entry"), <warm.py> imports and warms the
// package, and the heap is written out; Python holds no JavaScript object then.
// The snapshot is then checked: a second Pyodide boots from it the way the
// worker does and builds a machine. Prints {bytes, make_ms, restore_ms} as JSON.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const here = path.dirname(new URL(import.meta.url).pathname);
const { unpackZip } = await import(pathToFileURL(path.join(here, "../web/unzip.js")).href);
const { growWasmMemoryTo } = await import(
  pathToFileURL(path.join(here, "../web/snapshot_memory.js")).href);

const [pyodideDir, wheelPath, warmPath, out] = process.argv.slice(2);
const indexURL = path.resolve(pyodideDir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const wheel = new Uint8Array(await readFile(wheelPath));
const sitePackages = (py) => py.runPython(
  "import sys; next(p for p in sys.path if p.endswith('site-packages'))");

let started = performance.now();
// A fixed hash seed: the same sources give the same snapshot bytes.
const maker = await loadPyodide({ indexURL, _makeSnapshot: true, env: { PYTHONHASHSEED: "0" } });
await unpackZip(maker.FS, wheel, sitePackages(maker));
maker.runPython(await readFile(warmPath, "utf8"));
const snapshot = maker.makeMemorySnapshot();
const makeMs = performance.now() - started;

started = performance.now();
const undo = growWasmMemoryTo(snapshot.length);
let restored;
try {
  restored = await loadPyodide({ indexURL, _loadSnapshot: snapshot });
} finally {
  undo();
}
await unpackZip(restored.FS, wheel, sitePackages(restored));
const check = restored.runPython(`
from retroscope import machines
ids = machines.available()
machines.create(ids[0]).run_frame(0)
",".join(ids)`);
const restoreMs = performance.now() - started;
await writeFile(out, snapshot);
console.log(JSON.stringify({
  bytes: snapshot.length, make_ms: Math.round(makeMs), restore_ms: Math.round(restoreMs),
  machines: check,
}));
