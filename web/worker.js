// The Web Worker: Pyodide, the retroscope package, and the paced run loop.
// The UI thread never runs Python; it talks to this file through protocol.js.

import manifest from "../manifest.json" with { type: "json" };
import { JS_OPS, frameChanging } from "./protocol.js";
import { createPacer } from "./pacing.js";
import { precompileRuntime } from "./runtime_wasm.js";
import { growWasmMemoryTo } from "./snapshot_memory.js";
import { writePackage } from "./snapshot_package.js";
import { sparseWriter } from "./sparse_snapshot.js";

// Boot milestones, as ms since the epoch (performance.timeOrigin differs
// between the page and this worker); the page turns them into ms since its
// navigation (window.retroscope.timings().worker, read by `build.py bench`).
const marks = {};
const mark = (name) => { marks[name] = performance.timeOrigin + performance.now(); };
mark("workerStart");

// Started at the module's top level, before any message arrives (the manifest
// came with this module's imports): the runtime's wasm (compiled while it
// downloads), the memory snapshot and the wheel (hashed paths, cached for
// good), and Pyodide itself, while the page is still setting up. The init
// request waits for all that.
// The manifest's paths are from the site's root (tools/site.py): this module
// is app/<hash>/web/worker.js, the runtime is pyodide/<version>/.
const BASE = new URL(manifest.root, new URL("../manifest.json", import.meta.url));
const INDEX_URL = new URL(manifest.pyodide_dir, BASE).href;
const pyodideModuleP = import(new URL("pyodide.mjs", INDEX_URL).href);
const fetched = (url) => fetch(url).then((r) => {
  if (!r.ok) throw new Error(`${url.pathname}: HTTP ${r.status}`);
  return r;
});
const wheelP = fetched(new URL(manifest.wheel, BASE)).then((r) => r.arrayBuffer());
// The snapshot streams into a buffer of the size the manifest gives, so that
// Pyodide can set its runtime up meanwhile (bootFromSnapshot); the buffer is
// let go once restored.
let snapshot = new Uint8Array(manifest.snapshot ? manifest.snapshot_bytes : 0);
const snapshotP = manifest.snapshot
  ? fetched(new URL(manifest.snapshot, BASE)).then((r) => readInto(r, snapshot))
  : Promise.reject(new Error("this build has no memory snapshot"));
// Errors are reported by boot(); these only keep the browser from calling them unhandled.
pyodideModuleP.catch(() => {});
wheelP.then(() => mark("wheelFetched"), () => {});
snapshotP.then(() => mark("snapshotFetched"), () => {});
precompileRuntime(new URL("pyodide.asm.wasm", INDEX_URL), () => mark("wasmCompiled"));

// The snapshot comes sparse (its zero pages left out: tools/sparse.py).
async function readInto(response, target) {
  const reader = response.body.getReader();
  const writer = sparseWriter(target);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      writer.push(value);
    }
    writer.done();
  } catch (err) {
    reader.cancel().catch(() => {});
    throw err;
  }
}

const STATE_EVERY = 4;      // send machine.state() every N frames while running ...
const STATE_MIN_MS = 1000 / 30;  // ... and no more often than the page shows it (main.js)

let pyodide = null;
let api = null;             // retroscope.worker_api.API (a PyProxy)
let changesFrame = null;    // (op, args) => the page must see the machine again (worker_api.VERBS)
let running = false;
let buttons = 0;
let tapped = 0;             // buttons pressed since the last frame ran: a tap between frames still counts
const pacer = createPacer(); // frames per call and turn: x1, x4, or 0 for as fast as it goes
let timer = null;           // the next turn, when it waits on the clock
let turnAhead = false;      // the next turn, when it follows at once (nextTurn)
let framesSinceState = 0;
let stateSentAt = -Infinity;
let program = "player";     // who holds the pad: the player or a program (worker_api controller)
let soundPort = null;       // a MessagePort to the page's AudioWorklet (web/audio/worklet.js)
let soundBehind = false;    // frames ran that the synths never heard of (faster than real time)

const post = (msg, transfer = []) => self.postMessage(msg, transfer);
const progress = (stage, detail) => post({ event: "progress", stage, detail });

function callPython(op, args) {
  const reply = JSON.parse(api.call(op, JSON.stringify(args ?? {})));
  if (!reply.ok) {
    const err = new Error(reply.error);
    err.detail = reply.detail;
    throw err;
  }
  return reply.result;
}

// The picture, and where the machine is: its frame and CPU cycles stamped with
// this worker's clock (ms since the epoch), so the page measures the speed on
// the time the frames ran, not on when their messages arrived.
function sendFrame(withState) {
  const proxy = api.frame_pixels();
  const pixels = proxy.toJs();   // a fresh Uint8Array we can transfer
  proxy.destroy();
  const info = callPython("state", { machine: withState });
  const msg = {
    event: "frame", frame: info.frame, pc: info.pc, cycles: info.cycles,
    time: performance.timeOrigin + performance.now(), pixels: pixels.buffer,
    state: withState ? info.machine : undefined,
    // A script's output, status and overlay since the last frame, if any.
    script: info.script,
  };
  post(msg, [pixels.buffer]);
}

// The sound chips' writes of the frame just run, straight to the AudioWorklet
// (its message format is in web/audio/worklet.js). live: play them (running
// at real time); else the worklet applies them unheard and goes quiet.
// reset: the machine was loaded, reset, stepped or moved in time (frames ran
// that nobody drained): the synths start afresh from the chips' registers.
function sendSound(live, reset = false) {
  if (reset) soundBehind = false;
  if (soundPort === null) return;
  const text = api.sound_frame(reset);
  if (!text && !reset) return;
  const msg = text ? JSON.parse(text) : { frame: 0, cycles: 0, clock: 1, logs: [] };
  const transfer = [];
  for (const log of msg.logs) {
    log.writes = Int32Array.from(log.writes);
    transfer.push(log.writes.buffer);
  }
  msg.live = live;
  msg.reset = reset;
  soundPort.postMessage(msg, transfer);
}

// A shared moment's replay runs in slices of about this long, so the page
// hears how far it got (the progress bar) and a stop request gets in between.
const REPLAY_SLICE_MS = 100;
let replayStop = false;

async function replaySlices(of) {
  replayStop = false;
  post({ event: "replay", frame: 0, of });
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 0));  // let a stop request in
    const step = callPython("replay", { budget_ms: REPLAY_SLICE_MS, stop: replayStop });
    if (step.done) {
      post({ event: "replay", done: true });
      return step.load;
    }
    post({ event: "replay", frame: step.frame, of: step.of });
  }
}

// The buttons the next frame sees: those held now, and any pressed and released
// since the last frame (a key tap shorter than a frame is one frame's press).
function heldForFrame() {
  const held = buttons | tapped;
  tapped = 0;
  return held;
}

// `n` frames in one call. The first sees a tap made since the last frame; at
// real time each frame's sound goes out live, while faster nothing is drained
// (the chips' logs keep only their last frame) and the synths catch up from
// the chips' registers when real time comes back. Ahead of real time only the
// last frame's picture is drawn (Session.run_frames).
function runFrames(n) {
  const first = heldForFrame();
  const presses = n > 1 && first !== buttons ? [first, ...new Array(n - 1).fill(buttons)] : first;
  const realTime = pacer.realTime();
  const result = callPython("run_frames", { n, buttons: presses, pictures: realTime ? "all" : "last" });
  if (realTime) {
    sendSound(!result.stopped, soundBehind);
  } else {
    soundBehind = true;
  }
  return result;
}

// A turn: the frames the pacer asks for (web/pacing.js), then one picture.
function tick() {
  timer = null;
  turnAhead = false;
  if (!running) return;
  const turnStart = performance.now();
  let ran = 0;
  let stopped = null;       // why the debugger stopped the machine, if it did
  try {
    for (let n = pacer.batch(turnStart, turnStart, 0); n > 0 && !stopped;
      n = pacer.batch(performance.now(), turnStart, ran)) {
      const began = performance.now();
      stopped = runFrames(n).stopped;
      pacer.ran(n, performance.now() - began);
      ran += n;
    }
    if (ran) {
      framesSinceState += ran;
      const now = performance.now();
      const withState = Boolean(stopped)
        || (framesSinceState >= STATE_EVERY && now - stateSentAt >= STATE_MIN_MS);
      if (withState) {
        framesSinceState = 0;
        stateSentAt = now;
      }
      sendFrame(withState);  // the page sees where it stopped before it hears why
    }
    if (stopped) stop(stopped);
  } catch (err) {
    stop("error");
    post({ event: "error", error: err.message, detail: err.detail });
    return;
  }
  if (running) nextTurn(pacer.endTurn(performance.now()));
}

// The next turn after `delay` ms. With no delay it follows through a message
// to ourselves, which lets the page's requests in first as setTimeout does but
// without the 4 ms that browsers add to a chain of zero timeouts.
const turns = new MessageChannel();
turns.port1.onmessage = () => { if (turnAhead) tick(); };
function nextTurn(delay) {
  if (delay > 0) {
    timer = setTimeout(tick, delay);
  } else {
    turnAhead = true;
    turns.port2.postMessage(null);
  }
}

function start() {
  if (running) return;
  running = true;
  pacer.start(performance.now());
  post({ event: "status", running: true });
  timer = setTimeout(tick, 0);  // the run request is answered first
}

function stop(reason = "paused") {
  const was = running;
  running = false;
  if (timer !== null) clearTimeout(timer);
  timer = null;
  turnAhead = false;
  // The debugger marks where the pause happened (memory diffs, status).
  if (was && reason === "paused" && api) callPython("debug", { verb: "pause" });
  silence();
  post({ event: "status", running: false, reason });
}

// The worklet drops what it has queued and goes quiet (paused, or faster than real time).
function silence() {
  if (soundPort !== null) soundPort.postMessage({ frame: -1, cycles: 0, clock: 1, logs: [], live: false });
}

// The speed: the user's choice (the speed op) while a program holds the pad;
// a key that takes the pad back, the program let go, and another machine or
// link loaded all return to x1. The page hears every change.
function setSpeed(factor) {
  if (factor === pacer.speed) return;
  pacer.setSpeed(factor, performance.now());
  if (factor !== 1) silence();
  post({ event: "speed", factor });
}

// -- the user's script (py/retroscope/script/) -------------------------------------------
// micropip, from this site (tools/vendor.py), installed the first time a
// script names it; its index is the site's own (the wheels the site serves).
let micropipP = null;
function ensureMicropip() {
  micropipP ??= (async () => {
    const problems = [];
    await pyodide.loadPackage(new URL(manifest.micropip, BASE).href, {
      messageCallback: () => {}, errorCallback: (m) => problems.push(m),
    });
    // (The URL parser escapes the placeholder's braces: put them back.)
    const index = new URL(manifest.wheel_index.replace("{package_name}", "PACKAGE_NAME"), BASE).href
      .replace("PACKAGE_NAME", "{package_name}");
    pyodide.globals.set("_micropip_index", index);
    try {
      pyodide.runPython("import micropip\nmicropip.set_index_urls([_micropip_index])\ndel _micropip_index");
    } catch (err) {
      throw new Error(`micropip could not be installed: ${problems.join("; ") || err.message}`);
    }
  })();
  micropipP.catch(() => { micropipP = null; });  // another script may try again
  return micropipP;
}
const NAMES_MICROPIP = /\bmicropip\b/;

// A script's news that came outside a request (a future it awaited was
// done): told to the page when this turn of the event loop is over.
let scriptNewsAhead = false;
function scriptNewsCame() {
  if (scriptNewsAhead) return;
  scriptNewsAhead = true;
  setTimeout(() => {
    scriptNewsAhead = false;
    try { post({ event: "script", news: callPython("script_news", {}).news }); }
    catch { /* no machine: nothing to tell */ }
  }, 0);
}

// Boot from the build's memory snapshot: CPython's start-up, the package's
// imports and each machine's assembled program are in it. The package's one
// file is written again (a snapshot holds the heap, not the file system).
// Pyodide gets the snapshot's buffer at once and sets its runtime up (the
// wasm instance, the file system) while the bytes arrive; its fsInit hook,
// the last step before the restore, waits for them.
async function bootFromSnapshot() {
  if (!manifest.snapshot) await snapshotP;  // throws: no snapshot in this build
  const { loadPyodide } = await pyodideModuleP;
  const undo = growWasmMemoryTo(snapshot.length);
  let py;
  try {
    py = await loadPyodide({ indexURL: INDEX_URL, _loadSnapshot: snapshot, fsInit: () => {
      mark("fsInit");  // the runtime is set up: from here it waits for the snapshot
      return snapshotP.then(() => mark("restoring"), () => {});
    } });
  } catch (err) {
    await snapshotP;  // a snapshot that did not arrive is the reason to give
    throw err;
  } finally {
    undo();
    snapshot = null;
  }
  mark("restored");
  progress("packages", "writing retroscope");
  writePackage(py.FS, new Uint8Array(await wheelP));
  mark("unpacked");
  // The snapshot froze the random generator: re-seed it. The hash seed stays
  // as built. (The import system's view of the files needs no new look: they
  // are the same bytes. importlib.invalidate_caches() would cost a second:
  // it imports importlib.metadata.)
  py.runPython("import random; random.seed()");
  mark("reseeded");
  return py;
}

// The plain boot: CPython starts, then the wheel is installed and imported.
async function bootPlain() {
  const { loadPyodide } = await pyodideModuleP;
  const py = await loadPyodide({ indexURL: INDEX_URL });
  progress("packages", "installing retroscope");
  const messages = [];
  // loadPackage logs rather than throws: collect what it says, then check.
  await py.loadPackage(new URL(manifest.wheel, BASE).href, {
    messageCallback: () => {},
    errorCallback: (m) => messages.push(m),
  });
  progress("imports", "importing retroscope");
  try {
    py.runPython("import retroscope.worker_api");
  } catch (err) {
    throw new Error(`the retroscope package did not install: ${messages.join("; ") || err.message}`);
  }
  return py;
}

// Python, booted from the snapshot if it can be, else the plain way; started
// at the top level (below), awaited by the init request.
async function bootPython() {
  progress("runtime", "loading the Python runtime");
  try {
    return { py: await bootFromSnapshot(), snapshot: true };
  } catch (err) {
    // A Pyodide upgrade, a browser that refuses the snapshot, a build without
    // one: the plain boot is slower but the same.
    console.warn(`retroscope: booting without the memory snapshot (${err.message})`);
    return { py: await bootPlain(), snapshot: false };
  }
}
const pythonP = bootPython();
pythonP.catch(() => {});  // reported by the init request

async function boot(args) {
  const { py, snapshot } = await pythonP;
  pyodide = py;
  for (const { id, url } of args.testMachines || []) {
    // Test-only machines (tests/e2e): same-origin Python source, registered by id.
    const source = await (await fetch(new URL(url, BASE))).text();
    pyodide.globals.set("_test_source", source);
    pyodide.runPython(`
import types, retroscope.machines as _m
_mod = types.ModuleType(${JSON.stringify("retroscope_test_" + id)})
exec(_test_source, _mod.__dict__)
_m.register(${JSON.stringify(id)}, _mod)
del _mod, _test_source`);
  }
  api = pyodide.pyimport("retroscope.worker_api").API;
  changesFrame = frameChanging(JSON.parse(api.verb_table()));
  api.set_script_listener(scriptNewsCame);
  const python = pyodide.runPython("import sys; sys.version.split()[0]");
  mark("ready");
  return { python, pyodide: pyodide.version, snapshot };
}

async function handle({ id, op, args }) {
  try {
    let result;
    if (op === "init") {
      result = await boot(args || {});
      post({ event: "ready", ...result });
    } else if (!api) {
      throw new Error("Python is not ready yet");
    } else if (JS_OPS.has(op)) {
      if (op === "run") start();
      else if (op === "marks") {
        // The boot's milestones and the worker's fetches, for the bench's timeline.
        const resources = performance.getEntriesByType("resource").map((e) => ({
          name: new URL(e.name).pathname, start: performance.timeOrigin + e.startTime,
          end: performance.timeOrigin + e.responseEnd, bytes: e.transferSize,
        }));
        result = { marks: { created: performance.timeOrigin, ...marks }, resources };
        post({ id, ok: true, result });
        return;
      }
      else if (op === "pause") stop("paused");
      else if (op === "audio") {
        // The page's AudioWorklet port (transferred): frames go straight there.
        soundPort = args.port instanceof MessagePort ? args.port : null;
        sendSound(false, true);
      }
      else if (op === "input") {
        buttons = (args.buttons >>> 0) & 0xffff;
        if (running) tapped |= buttons;
        if (buttons && program !== "player") {
          // A key on the pad takes the controller back, at this frame, and
          // the game goes on at real time.
          callPython("controller", { source: "player" });
          program = "player";
          setSpeed(1);
          post({ event: "controller", source: "player" });
        }
      } else if (op === "speed") {
        setSpeed(args.factor);
      }
      result = { running, speed: pacer.speed, program };
    } else {
      // A stepped frame sees the buttons held now (setButtons, keys down while paused).
      if (op === "step" && args?.buttons === undefined) args = { ...args, buttons };
      if (op === "load") {
        if (!marks.loaded) mark("loadStart");
        result = callPython(op, { ...args, sliced: true });
        if (result.moment?.replaying) result = await replaySlices(result.moment.of);
      } else {
        if (op === "run_script" && NAMES_MICROPIP.test(args?.text ?? "")) {
          await ensureMicropip();
        }
        result = callPython(op, args);
      }
      if (op === "controller") {
        if (result.source === "player" && program !== "player") setSpeed(1);
        program = result.source;
      }
      if (op === "load") {
        pacer.setFps(result.info.fps);
        program = "player";
        setSpeed(1);
        stop("loaded");
        sendSound(false, true);
        if (!marks.loaded) mark("loaded");
        sendFrame(true);
        if (!marks.firstFrame) mark("firstFrame");
      } else if (changesFrame(op, args)) {
        // Stepping is silent; after anything but a memory edit the synths start
        // afresh from the chips' registers (frames may have run undrained).
        sendSound(false, op !== "write");
        sendFrame(true);
      }
    }
    post({ id, ok: true, result });
  } catch (err) {
    if (op === "init") post({ event: "fatal", error: err.message, detail: err.stack });
    post({ id, ok: false, error: err.message, detail: err.detail });
  }
}

// Requests are handled one at a time, in order.
let queue = Promise.resolve();
self.addEventListener("message", (msg) => {
  // Stopping a replay cannot wait in the queue: the replay is what it waits for.
  if (msg.data?.op === "replay_stop") { replayStop = true; return; }
  queue = queue.then(() => handle(msg.data));
});
