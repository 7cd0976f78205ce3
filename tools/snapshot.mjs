// Make the Pyodide memory snapshot the worker boots from (tools/snapshot.py runs it).
//
//   node tools/snapshot.mjs <pyodide dir> <wheel> <warm.py> <out file>
//
// Pyodide starts with `_makeSnapshot` (an experimental option of 314.0.7), the
// wheel is written as one file on sys.path (web/snapshot_package.js; loadPackage
// would break the snapshot: "Unexpected hiwire entry"), <warm.py> imports and
// warms the package (on the cores' code compiled by a first Pyodide:
// precompiledCores), and the heap is written out; Python holds no JavaScript
// object then.
// The snapshot is then checked: a second Pyodide boots from it the way the
// worker does and builds a machine. Prints {bytes, make_ms, restore_ms} as JSON.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const here = path.dirname(new URL(import.meta.url).pathname);
const { PACKAGE_PATH_PY, writePackage } = await import(
  pathToFileURL(path.join(here, "../web/snapshot_package.js")).href);
const { growWasmMemoryTo } = await import(
  pathToFileURL(path.join(here, "../web/snapshot_memory.js")).href);

const [pyodideDir, wheelPath, warmPath, out] = process.argv.slice(2);
const indexURL = path.resolve(pyodideDir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const wheel = new Uint8Array(await readFile(wheelPath));

// The same sources give the same snapshot bytes: the maker runs with a fixed
// hash seed, on clocks that start at a fixed time and tick once per reading,
// and on a seeded random source. Otherwise the heap keeps the time (file
// times in the stat buffers and the import system's caches) and random bytes
// (CPython's and libc's start-up entropy). The page re-seeds `random` after
// the restore (web/worker.js), so no two pages share a random sequence.
function deterministic() {
  const saved = [Date.now, performance.now, Math.random, crypto.getRandomValues];
  let ms = Date.UTC(2024, 0, 1);
  let tick = 0;
  let seed = 0x9E3779B9;
  const next = () => {  // xorshift32
    seed ^= seed << 13; seed >>>= 0;
    seed ^= seed >>> 17;
    seed ^= seed << 5; seed >>>= 0;
    return seed;
  };
  Date.now = () => (ms += 1);
  performance.now = () => (tick += 0.25);
  Math.random = () => next() / 2 ** 32;
  crypto.getRandomValues = (view) => {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    for (let i = 0; i < bytes.length; i++) bytes[i] = next() & 0xFF;
    return view;
  };
  return () => { [Date.now, performance.now, Math.random, crypto.getRandomValues] = saved; };
}

// The heap's free memory still holds whatever the warm-up left there (the
// syntax trees of the generated CPU cores it compiled: ~30 MB at the peak).
// Zeroed, it is not sent (tools/sparse.py leaves zero pages out). Every free
// block is taken (largest first; the footprint limit keeps malloc from
// growing the heap for them), zeroed and given back.
function zeroFreeMemory(module) {
  module._malloc_set_footprint_limit(module._malloc_footprint());
  const blocks = [];
  for (let size = 1 << 26; size >= 16; size >>>= 1) {
    for (let at = module._malloc(size); at !== 0; at = module._malloc(size)) {
      module.HEAP8.fill(0, at, at + size);
      blocks.push(at);
    }
  }
  for (const at of blocks) module._free(at);
  module._malloc_set_footprint_limit(0xFFFFFFFF);  // (size_t)-1: no limit
}

// The cores' generated code, compiled by a first interpreter that runs the
// same warm-up (retroscope.cpu.codegen): the interpreter snapshotted takes
// the code objects instead of compiling, so its heap never holds the ~30 MB
// of syntax trees among the code they leave (a 45 MB heap instead of 75).
async function precompiledCores(warm) {
  const first = await loadPyodide({ indexURL, env: { PYTHONHASHSEED: "0" },
                                    _sysExecutable: "./this.program" });
  writePackage(first.FS, wheel);
  first.runPython(PACKAGE_PATH_PY);
  first.runPython("from retroscope.cpu import codegen; codegen.recording()");
  first.runPython(warm);
  const blob = first.runPython("codegen.recorded()");
  try {
    return blob.toJs();
  } finally {
    blob.destroy();
  }
}

const PRECOMPILED = "/tmp/retroscope-cores.marshal";
const clock = performance.now.bind(performance);
let started = clock();
const restoreClocks = deterministic();
let snapshot;
try {
  const warm = await readFile(warmPath, "utf8");
  const cores = await precompiledCores(warm);
  // sys.executable as in a browser (Emscripten's default there), not this
  // script's path: the snapshot must not depend on where the checkout is.
  const maker = await loadPyodide({ indexURL, _makeSnapshot: true, env: { PYTHONHASHSEED: "0" },
                                    _sysExecutable: "./this.program" });
  writePackage(maker.FS, wheel);
  maker.runPython(PACKAGE_PATH_PY);
  maker.FS.writeFile(PRECOMPILED, cores);
  maker.runPython(`
import os
from retroscope.cpu import codegen
with open(${JSON.stringify(PRECOMPILED)}, "rb") as f:
    codegen.precompiled(f.read())
os.remove(${JSON.stringify(PRECOMPILED)})
del f, os, codegen`);
  maker.runPython(warm);
  const unused = maker.runPython("from retroscope.cpu import codegen; len(codegen._PRECOMPILED)");
  if (unused) throw new Error(`${unused} precompiled cores were not asked for (not the same warm-up?)`);
  zeroFreeMemory(maker._module);
  snapshot = maker.makeMemorySnapshot();
} finally {
  restoreClocks();
}
const makeMs = clock() - started;

started = clock();
const undo = growWasmMemoryTo(snapshot.length);
let restored;
try {
  restored = await loadPyodide({ indexURL, _loadSnapshot: snapshot });
} finally {
  undo();
}
writePackage(restored.FS, wheel);
const check = restored.runPython(`
from retroscope import machines
ids = machines.available()
machines.create(ids[0]).run_frame(0)
",".join(ids)`);
const restoreMs = clock() - started;
await writeFile(out, snapshot);
console.log(JSON.stringify({
  bytes: snapshot.length, make_ms: Math.round(makeMs), restore_ms: Math.round(restoreMs),
  machines: check,
}));
