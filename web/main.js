// The page: boots the worker, routes the hash, draws frames, wires controls,
// and offers window.retroscope for people (and tests) who script the page.

import { connect } from "./protocol.js";
import { parseHash, short, makeHash } from "./router.js";
import { createScreen } from "./screen.js";
import { createInput } from "./input.js";
import { createTouchControls, touchToggle } from "./touch.js";
import { registerOffline } from "./offline.js";
import { el, hex } from "./panels/dom.js";
import * as mechanicsPanel from "./panels/mechanics.js";
import * as memoryPanel from "./panels/memory.js";
import * as keysPanel from "./panels/keys.js";
import * as debugCounters from "./panels/debug_counters.js";
import * as debugRegisters from "./panels/debug_registers.js";
import * as debugDisasm from "./panels/debug_disasm.js";
import * as debugCallstack from "./panels/debug_callstack.js";
import * as debugSource from "./panels/debug_source.js";
import * as debugBreakpoints from "./panels/debug_breakpoints.js";
import * as debugWatches from "./panels/debug_watches.js";
import * as debugTrace from "./panels/debug_trace.js";
import * as debugRewind from "./panels/debug_rewind.js";
import * as debugHelp from "./panels/debug_help.js";
import * as welcomePanel from "./panels/welcome.js";
import * as hardwarePanel from "./panels/hardware.js";
import * as programBanner from "./panels/program_banner.js";
import * as scriptPanel from "./panels/script.js";
import { createOverlay } from "./overlay.js";
import { keyItems, keyLine } from "./panels/keynames.js";
import { createSpeaker } from "./audio/speaker.js";

const hex4 = (n) => hex(n >>> 0, 4);
const $ = (id) => document.querySelector(`[data-testid="${id}"]`);
const html = document.documentElement;
const BOOT_TIMEOUT_MS = 120000;
const REPLAY_TIMEOUT_MS = 15 * 60000;
const PANEL_INTERVAL_MS = 1000 / 30;   // panels refresh at most 30 times a second
const DEBUG_INTERVAL_MS = 200;         // debugger panels ask the worker at most 5 times a second
const INFO_MESSAGE_MS = 8000;          // notes ("link copied") go by themselves; problems stay
// The debugger's keyboard shortcuts: one table, read by the key handler and the help overlay.
const SHORTCUTS = [
  ["F5", "run / pause", (e) => !e.shiftKey && e.key === "F5", () => controls.toggle()],
  ["F10", "step over (JSR, CALL, BL, BLWP)", (e) => e.key === "F10", () => controls.step("over")],
  ["F11", "step into: one instruction", (e) => !e.shiftKey && e.key === "F11", () => controls.step("instruction")],
  ["Shift+F11", "step out of the routine", (e) => e.shiftKey && e.key === "F11", () => controls.step("out")],
  ["F6", "step one frame", (e) => e.key === "F6", () => controls.step("frame")],
  ["F4", "run to the disassembly's cursor", (e) => e.key === "F4", () => controls.toCursor()],
  ["?", "this help", (e) => e.key === "?", () => help.toggle()],
  ["Esc", "close the help", (e) => e.key === "Escape", () => help.hide()],
];

const ui = {
  stage: $("stage"), canvas: $("screen"), nav: $("machine-nav"), messages: $("messages"),
  progress: $("boot-progress"), progressText: $("boot-stage"), errorPanel: $("error-panel"),
  errorText: $("error-message"), errorDetail: $("error-detail"), title: $("machine-title"),
  frameCounter: $("frame-counter"), runButton: $("btn-run"), machinePanel: $("machine-panel"),
  summary: $("machine-summary"), hint: $("first-hint"), sideColumn: document.querySelector(".side-column"),
  replayBox: $("replay-progress"), replayBar: $("replay-bar"), replayText: $("replay-text"),
  replayStop: $("replay-stop"), play: $("play"), screenColumn: document.querySelector(".screen-column"),
  topbar: document.querySelector(".topbar"), touchButton: $("btn-touch"),
};

const screen = createScreen(ui.canvas, ui.stage);
const pageModulesLoaded = performance.now();
const worker = self.retroscopeEarlyWorker?.worker
  ?? new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
const send = connect(worker, onEvent);
const earlyEvents = takeOverEarlyWorker();

// index.html started the worker before this module loaded: what it said
// meanwhile (boot progress, a failure) is heard, in order, through connect's
// listener when boot() starts (this module's state is all set up then).
function takeOverEarlyWorker() {
  const early = self.retroscopeEarlyWorker;
  if (!early) return [];
  delete self.retroscopeEarlyWorker;
  worker.removeEventListener("message", early.keep);
  worker.removeEventListener("error", early.keep);
  return early.early;
}
// Pauses asked for (by the user, a script or a load): a load that starts its
// machine running does not when a pause came while it loaded.
let pauseRequests = 0;
const request = (op, ...rest) => {
  if (op === "pause") pauseRequests += 1;
  return send(op, ...rest);
};
let engaged = false;       // the player has played this load's game (a key, a click on the picture)
const input = createInput((buttons) => {
  if (buttons) engaged = true;
  request("input", { buttons }).catch(() => {});
});
const touch = createTouchControls({
  padRoot: $("touch-pad"), buttonsRoot: $("touch-buttons"), onChange: (bits) => input.setTouch(bits),
});

// -- the touch controls and the layout that fits a phone ----------------------------------
// style.css lays the page out for the controls (html[data-touch]); it needs
// the height of what sits above the picture's column.
function placePlay() {
  html.style.setProperty("--above-play", `${ui.screenColumn.offsetTop}px`);
}
touchToggle(ui.touchButton, (on) => {
  html.dataset.touch = on ? "on" : "off";
  if (!on) touch.release();
  placePlay();
});
new ResizeObserver(placePlay).observe(ui.topbar);
new ResizeObserver(placePlay).observe(ui.messages);

let machines = [];
let offline = null;           // the service worker's state (web/offline.js), once the page is ready
let current = null;           // {info, values, hash}
let running = false;
let latest = null;            // newest frame event not yet drawn
let lastPanelUpdate = 0;
let frameNumber = 0;
let lastState = null;
let machinePanelModule = null;
let machinePanels = [];       // ids with a web/panels/machine_<id>.js (listed by the build)
// Who waits for a frame, and for one received after which (the count of frame
// events so far when it asked): a frame already on its way when a request is
// sent (a memory write's redraw) is not that request's frame.
const frameWaiters = [];
let framesReceived = 0;
// Machine states are counted as they arrive (in the worker's order). A frame's
// state is shown at the next animation frame, so a state request answered
// meanwhile can be newer: the older one is then never shown over it.
let statesReceived = 0;
let stateShown = 0;
// The run loop's speed as the worker last said (1, 4, or 0: as fast as it
// goes), and who shows it.
let speedFactor = 1;
const speedListeners = new Set();

const debug = (verb, args = {}) => request("debug", { verb, args });
// What the page offers its panels (each panel's create(root, page)).
const page = {
  request,
  debug,
  message: showMessage,
  gotoMemory: (addr, space = "cpu") => memory.go(addr, space),
  machineId: () => current?.info.id ?? null,
  isRunning: () => running,
  pause: () => act("pause"),
  run: () => act("run"),
  step: (kind, n, target) => controls.step(kind, n, target),
  changed: () => refreshDebug(),         // a panel changed the machine: show it everywhere
  toggleBreakpoint: (addr) => breakpoints.toggle(addr).catch((err) => showMessage(err.message, "error")),
  showCode: (addr) => { showTab("cpu"); disasm.showAt(addr); },
  // A source line (the event viewer's instruction): the Source tab shows it.
  showSource: (file, line) => { showTab("source"); return source.showLine(file, line); },
  // From the memory search: kept per machine like those added in their panels.
  addWatch: (addr) => debug("add_watch", { where: addr }).then(() => watches.update(),
    (err) => showMessage(err.message, "error")),
  addWriteBreakpoint: (addr) => debug("add_breakpoint", { kind: "write", where: addr }).then(
    () => breakpoints.update(), (err) => showMessage(err.message, "error")),
  shortcuts: SHORTCUTS.map(([keys, what]) => [keys, what]),
  input,
  info: () => current?.info ?? null,
  keysChanged: () => { if (current) showHint(current.info); },
  speed: () => speedFactor,
  // Calls fn(factor) on each change of speed until the returned function is called.
  onSpeed: (fn) => { speedListeners.add(fn); return () => speedListeners.delete(fn); },
  share: (options) => shareMoment(options),
  scriptOverlay: (shapes) => overlay.set(shapes),
  // The program's source (py/retroscope/machines/program_edit.py): each
  // answers {ok, errors: [{file, line, message}]}; a refused edit's errors are
  // shown as messages and the machine goes on as it was.
  editSource: (file, text, options) => editSource(file, text, options),
  revertSource: (options) => revertSource(options),
  applyEdit: (edit, options) => applyEdit(edit, options),
};
const mechanics = mechanicsPanel.create($("mechanics-panel"), page);
const memory = memoryPanel.create($("memory-panel"), page);
const keys = keysPanel.create($("keys-panel"), page);
const counters = debugCounters.create($("dbg-counters"), page);
const registers = debugRegisters.create($("dbg-registers-panel"), page);
const disasm = debugDisasm.create($("dbg-disasm-panel"), page);
const callstack = debugCallstack.create($("dbg-callstack-panel"), page);
const source = debugSource.create($("dbg-source-panel"), page);
const breakpoints = debugBreakpoints.create($("dbg-breakpoints-panel"), page);
const watches = debugWatches.create($("dbg-watches-panel"), page);
const trace = debugTrace.create($("dbg-trace-panel"), page);
const rewind = debugRewind.create($("dbg-rewind"), page);
const help = debugHelp.create($("help-overlay"), page);
const welcome = welcomePanel.create($("welcome"));
const hardware = hardwarePanel.create($("tab-hardware"), page);
const banner = programBanner.create(ui.messages, page);
const script = scriptPanel.create($("script-panel"), page);
const overlay = createOverlay(ui.canvas);
// Refreshed on every pause, step and stop, and at most DEBUG_INTERVAL_MS apart while
// running; panels on a hidden tab are left alone until it is shown.
const debugPanels = [
  [counters, "dbg-counters"], [registers, "dbg-registers-panel"], [disasm, "dbg-disasm-panel"],
  [callstack, "dbg-callstack-panel"], [source, "dbg-source-panel"],
  [breakpoints, "dbg-breakpoints-panel"], [watches, "dbg-watches-panel"], [rewind, "dbg-rewind"],
  [memory, "memory-panel"], [hardware, "tab-hardware"],
].map(([panel, id]) => ({ panel, root: $(id) }));

// -- the side column's tabs ----------------------------------------------------------
// The code view last shown, CPU or Source: a breakpoint's stop shows where it
// stopped there (a breakpoint set on a source line shows that line).
let codeTab = "cpu";
let tabShown = "machine";
function showTab(name) {
  if (name === "cpu" || name === "source") codeTab = name;
  if (name === "script") script.show();
  tabShown = name;
  hardware.shown(name === "hardware");
  for (const tab of document.querySelectorAll("[data-tab]")) {
    const on = tab.dataset.tab === name;
    tab.setAttribute("aria-selected", String(on));
    $(`tab-${tab.dataset.tab}`).hidden = !on;
  }
  refreshDebug().then(() => { if (name === "source") source.reveal(); });
}
for (const tab of document.querySelectorAll("[data-tab]")) {
  tab.addEventListener("click", () => showTab(tab.dataset.tab));
}

// Stopped: the machine's panels show the state where it stopped (while running,
// state comes with every few frames, so the last frame drawn may have none).
async function refreshMachinePanels() {
  try {
    const info = await request("state");
    const stamp = ++statesReceived;
    if (!info?.machine || running) return;
    showMachineState(info.machine, stamp);
  } catch { /* the machine is changing: its next frame brings its state */ }
}

function showMachineState(state, stamp) {
  if (stamp < stateShown) return;
  stateShown = stamp;
  lastState = state;
  mechanics.update(state);
  machinePanelModule?.update(state);
}

// -- debugger panels: one refresh at a time, never piling up -----------------------------
let debugBusy = false;
let debugAgain = false;
let lastDebug = 0;
async function refreshDebug() {
  if (!current) return;
  if (debugBusy) { debugAgain = true; return; }
  debugBusy = true;
  lastDebug = performance.now();
  try {
    const status = { ...(await debug("status")), running };
    const shown = debugPanels.filter(({ root }) => !root.closest("[hidden]"));
    await Promise.all(shown.map(({ panel }) => Promise.resolve(panel.update(status)).catch(panelFailed)));
  } catch { /* the machine is changing under us: the next refresh will do */ }
  debugBusy = false;
  if (debugAgain) { debugAgain = false; refreshDebug(); }
}

// A worker reply can fail in passing (the machine changed mid-refresh: the next
// refresh does better), but a JavaScript error in a panel is a bug: say so, where
// the tests (which fail on any console error) and developers will see it.
function panelFailed(err) {
  if (err instanceof TypeError || err instanceof ReferenceError || err instanceof RangeError) {
    console.error("a panel failed to update:", err);
  }
}

// -- messages and errors ------------------------------------------------------------
// Messages sit above the side panels, never over the picture. One visible
// message per problem: the same text again moves the old one to the end
// instead of stacking a copy. Notes ("info": "link copied", "stopped: ...")
// go by themselves after a while; problems stay until closed or until they no
// longer apply: a message about a load (`load`: its link's parameters, its
// saved data) goes with the next load, so that an old link's complaint never
// reads as if it were about the new one, and one that holds while the
// machine stands still (`untilRun`: "the shared moment: frame N") goes when
// it runs.
// `action`: {label, run, testid} a button that does what the message offers.
function showMessage(text, kind = "warning", { load = false, untilRun = false, action = null } = {}) {
  for (const old of ui.messages.children) if (old.dataset.text === text) old.remove();
  const item = el("li", { class: `message ${kind}`, testid: "message", "data-kind": kind },
    el("span", { text }),
    action && el("button", { text: action.label, testid: action.testid, onclick: action.run }),
    el("button", { class: "close", text: "×", title: "dismiss", testid: "message-close", onclick: () => item.remove() }));
  item.dataset.text = text;
  if (load || untilRun) item.dataset.load = "";
  if (action) item.dataset.offer = "";   // an offer stays until taken or dismissed
  if (untilRun) item.dataset.untilRun = "";
  ui.messages.append(item);
  while (ui.messages.children.length > 6) {
    [...ui.messages.children].find((old) => old.dataset.kind !== "program").remove();
  }
  if (kind === "info" && !untilRun && !action) setTimeout(() => item.remove(), INFO_MESSAGE_MS);
}

const showLoadMessage = (text) => showMessage(text, "warning", { load: true });

// A new load (a link followed, a machine chosen, a moment file opened): the
// previous one's notes and messages go (not an offer: a new build to reload into).
function beginLoad() {
  for (const old of [...ui.messages.children]) {
    const note = old.dataset.kind === "info" && old.dataset.offer === undefined;
    if (note || old.dataset.load !== undefined) old.remove();
  }
}

function fatal(message, detail = "") {
  html.dataset.state = "error";
  ui.progress.hidden = true;
  ui.errorPanel.hidden = false;
  ui.errorText.textContent = message;
  ui.errorDetail.textContent = detail || "";
  rejectReady(new Error(message));
}

// -- worker events --------------------------------------------------------------------
function onEvent(msg) {
  switch (msg.event) {
    case "progress":
      timings[msg.stage] = performance.now();   // when each boot stage began
      ui.progressText.textContent = msg.detail;
      ui.progress.dataset.stage = msg.stage;
      break;
    case "fatal":
      fatal(msg.error, msg.detail);
      break;
    case "frame":
      msg.seq = ++framesReceived;
      if (msg.script) script.news(msg.script);
      if (msg.state) msg.stateStamp = ++statesReceived;
      latest = msg;
      requestAnimationFrame(drawLatest);
      break;
    case "status":
      setRunning(msg.running);
      for (const waiter of stopWaiters.splice(0)) {
        if (msg.running) waiter.ran = true;
        if (msg.running || !waiter.ran) stopWaiters.push(waiter);
        else waiter.resolve();
      }
      if (msg.running) timings.playing ??= performance.now();  // the machine first runs
      if (!msg.running) refreshMachinePanels();
      if (msg.reason && typeof msg.reason === "object") {
        showMessage(`stopped: ${msg.reason.message || msg.reason.kind} at $${hex4(msg.reason.pc)}`, "info");
        if (msg.reason.kind !== "step" && msg.reason.kind !== "script") {  // a breakpoint: show where
          source.followPc();
          showTab(codeTab);
        }
      }
      refreshDebug();
      break;
    case "error":
      showMessage(`the machine stopped: ${msg.error}`, "error");
      break;
    case "replay":
      showReplay(msg);
      break;
    case "script":  // a script's news between frames (an install it awaited)
      script.news(msg.news);
      break;
    case "speed":
      speedFactor = msg.factor;
      counters.speedChanged();
      for (const fn of speedListeners) fn(msg.factor);
      break;
    default:
      break;
  }
}

// A shared moment's replay: a bar over the screen with the frames done, and a
// button to stop where it is (the worker answers load with that frame).
function showReplay(msg) {
  ui.progress.hidden = true;  // (opening the page: the replay is the last boot stage)
  ui.replayBox.hidden = Boolean(msg.done);
  if (msg.done) return;
  ui.replayBar.max = Math.max(1, msg.of);
  ui.replayBar.value = msg.frame;
  ui.replayText.textContent = `replaying the shared moment: frame ${msg.frame} of ${msg.of}`;
  ui.replayStop.disabled = false;
}
function stopReplay() {
  if (ui.replayBox.hidden) return;
  ui.replayStop.disabled = true;
  ui.replayText.textContent = "stopping the replay…";
  worker.postMessage({ op: "replay_stop" });
}
ui.replayStop.addEventListener("click", stopReplay);

function drawLatest() {
  if (!latest) return;
  const msg = latest;
  latest = null;
  screen.draw(new Uint8Array(msg.pixels));
  timings.firstFrame ??= performance.now();
  frameNumber = msg.frame;
  ui.frameCounter.textContent = `frame ${msg.frame}`;
  counters.drawn(msg);
  if (msg.state && msg.stateStamp > stateShown) {
    lastState = msg.state;
    const now = performance.now();
    if (!running || now - lastPanelUpdate >= PANEL_INTERVAL_MS) {
      lastPanelUpdate = now;
      showMachineState(msg.state, msg.stateStamp);
    }
  }
  if (!running || performance.now() - lastDebug >= DEBUG_INTERVAL_MS) refreshDebug();
  for (const waiter of frameWaiters.splice(0)) {
    if (msg.seq > waiter.after) waiter.resolve(msg.frame);
    else frameWaiters.push(waiter);
  }
}

function setRunning(on) {
  running = on;
  if (on) for (const old of ui.messages.querySelectorAll("[data-until-run]")) old.remove();
  ui.runButton.textContent = on ? "Pause" : "Run";
  ui.runButton.setAttribute("aria-pressed", String(on));
  html.dataset.running = String(on);
  if (!on) saveMachineData();
}

// -- machines and routing -------------------------------------------------------------
// The list names each machine shortly ("FDS Backgammon"); the whole title is its tooltip.
function buildNav() {
  ui.nav.replaceChildren(...machines.map((info) =>
    el("a", { href: `#/${info.id}`, text: welcomePanel.shortTitle(info.title), title: info.title,
              testid: `nav-${info.id}`, class: "nav-link" })));
}

// Opening the page (or following a link) shows the machine running; a link
// may ask to start paused (`paused=1`), e.g. to share a debugging position.
// `paused` is the page's own parameter: the machine never sees it.
async function route() {
  beginLoad();
  const { machine, params, problems } = parseHash(location.hash);
  problems.forEach(showLoadMessage);
  const askedPaused = params.paused !== undefined;
  if (askedPaused && params.paused !== "1") showLoadMessage(`paused=${short(params.paused)}: use paused=1; starting paused`);
  // A shared moment opens paused at its frame (or at power-on if it is damaged).
  const startPaused = askedPaused || "moment" in params;
  delete params.paused;
  return routeTo(machine, params, !startPaused);
}

async function routeTo(machine, params, run) {
  let id = machine;
  if (!id) id = machines[0]?.id;
  else if (!machines.some((m) => m.id === id)) {
    showLoadMessage(`there is no machine "${short(id)}"; showing ${machines[0]?.title ?? "nothing"}`);
    id = machines[0]?.id;
    history.replaceState(null, "", `#/${id ?? ""}`);
    return loadMachine(id, {}, { run, begun: true });
  }
  if (!id) { showLoadMessage("no machine is available yet"); return null; }
  const result = await loadMachine(id, machine === id ? params : {}, { run, begun: true, bare: !machine });
  // The bare page: the address bar says what runs (a link to it as it is).
  if (!machine) history.replaceState(null, "", result.hash);
  return result;
}

// With `run`, the machine runs once loaded, unless a pause came meanwhile.
// `begun`: the caller has begun the load (route: its link's problems are shown).
// `bare`: the bare page's load, which shows the welcome (any other load ends it).
async function loadMachine(id, params, { run = false, begun = false, bare = false } = {}) {
  stopReplay();  // another machine or link while a moment replays: stop it where it is
  // The previous machine's link, notes ("link copied") and messages are not this one's.
  Object.assign($("share-link"), { value: "", placeholder: "share link" });
  if (!begun) beginLoad();
  // The machine's own panel module loads meanwhile (the import fails later, if at all).
  const panelModule = machinePanels.includes(id) ? import(`./panels/machine_${id}.js`) : null;
  panelModule?.catch(() => {});
  if (current) await request("pause").catch(() => {});  // (the first load: nothing runs yet)
  const pauses = pauseRequests;
  const save = readSaved(id);
  const replaying = "moment" in params;
  // A moment replays the frames since its state (a few), or since power-on in
  // the older links: give it time (minutes for long ones); the worker says
  // how far it got (showReplay).
  let result;
  try {
    result = await request("load", { id, params, save }, [], replaying ? REPLAY_TIMEOUT_MS : BOOT_TIMEOUT_MS);
  } finally {
    ui.replayBox.hidden = true;
  }
  const switched = current?.info.id !== id;
  current = { info: result.info, values: result.values, hash: result.hash, moment: result.moment };
  engaged = false;
  if (bare) welcome.show(machines, id);
  else welcome.hide();
  // Another machine's panels begin at their top, not where the last one's were read.
  if (switched) ui.sideColumn.scrollTop = 0;
  mechanics.clear();
  screen.setMachine(result.info.width, result.info.height, result.palette);
  overlay.setMachine(result.info.width, result.info.height);
  input.setMachine(result.info);
  touch.setMachine(result.info);
  keys.refresh();
  ui.title.textContent = result.info.title;
  ui.summary.textContent = result.info.summary || "";
  ui.summary.classList.remove("open");
  showHint(result.info);
  document.title = `${result.info.title} · Retroscope`;
  for (const link of ui.nav.children) {
    link.classList.toggle("active", link.dataset.testid === `nav-${id}`);
  }
  // It shows and plays at once (opening the page: the boot's overlay goes);
  // the debugger's panels fill in while it runs, all but the saved
  // breakpoints, which are set first: they stop it from its first frame on.
  ui.progress.hidden = true;
  await breakpoints.load(id);
  if (run && pauseRequests === pauses) await act("run");
  // Asked all at once: the worker answers in order, without a round trip between.
  const [symbols, spaces, writable] = await Promise.all(
    [request("symbols"), debug("spaces"), debug("writable_spaces")]);
  memory.setSymbols(symbols);
  memory.setSpaces(spaces, writable);
  memory.go(0);
  await hardware.load({ spaces, symbols });
  await hardware.shown(tabShown === "hardware");
  await Promise.all([disasm, source, trace, watches].map((panel) => panel.load(id)));
  refreshDebug();
  if (result.moment?.exact) {
    const from = result.moment.from ? `its state at frame ${result.moment.from}` : "power-on";
    showMessage(`the shared moment: frame ${result.moment.frame}, replayed from ${from} to the same state`,
      "info", { untilRun: true });
  }
  // The address bar keeps the user's link as they gave it, problems and all
  // (a reload says the same again); Share makes a link to what runs.
  result.messages.forEach(showLoadMessage);
  banner.show(result.program, true);
  await loadMachinePanel(id, panelModule);
  // A link's script is shown in the Script tab and waits for the user's word.
  await script.machineLoaded(id, result.script);
  if (typeof result.script === "string") showTab("script");
  html.dataset.machine = id;
  return result;
}

// The first screen's one line: how to play (what the machine's keys do, as
// bound now, the most used first: as many as the line holds, all of them in
// its tooltip and under ?) and how to look inside.
const hintKeys = el("span", { class: "hint-keys", testid: "first-hint-keys" });
let hintItems = [];
ui.hint.replaceChildren(hintKeys, el("span", { class: "hint-inspect" },
  "· ", el("kbd", { text: "?" }), " every key and the debugger"));
function showHint(info) {
  hintItems = keyItems(info, input.bindings());
  hintKeys.title = keyLine(hintItems);
  fitHint();
}
function fitHint() {
  for (let n = hintItems.length; n >= 1; n -= 1) {
    hintKeys.textContent = `Play: ${keyLine(hintItems, n)}`;
    if (hintKeys.scrollWidth <= hintKeys.clientWidth) return;
  }
}
new ResizeObserver(fitHint).observe(ui.hint);
ui.summary.addEventListener("click", () => ui.summary.classList.toggle("open"));

// Loads can overlap (a hash change and a scripted load, two quick clicks): only
// the latest one mounts its panel, after its module has arrived.
let panelLoads = 0;

async function loadMachinePanel(id, modulePromise) {
  const mine = ++panelLoads;
  const module = await modulePromise;
  if (mine !== panelLoads) return;
  machinePanelModule?.dispose();
  machinePanelModule = null;
  ui.machinePanel.replaceChildren();
  ui.machinePanel.hidden = !module;
  if (module) machinePanelModule = module.create(ui.machinePanel, page);
  // Its first state: the load's frame may have been drawn before it existed,
  // and a paused machine sends no more (running, the next frames bring one).
  if (module) refreshMachinePanels();
}

// -- saved data (high scores) -------------------------------------------------------------
function readSaved(id) {
  const text = localStorage.getItem(`retroscope.save.${id}`);
  if (text === null) return null;
  try { return JSON.parse(text); }
  catch {
    // Kept, not deleted: the next save replaces it; until then nothing is lost.
    showLoadMessage(`the saved data for ${id} is not readable (not JSON); starting without it`);
    return null;
  }
}

async function saveMachineData() {
  // A shared moment brought its own saved data (its maker's high scores): keep
  // this browser's own rather than replacing them with those.
  if (!current || current.moment) return;
  try {
    const data = await request("save_data");
    if (data !== null) localStorage.setItem(`retroscope.save.${current.info.id}`, JSON.stringify(data));
  } catch { /* nothing to keep */ }
}
setInterval(() => { if (running) saveMachineData(); }, 5000);

// -- controls --------------------------------------------------------------------------------
async function act(op, args) {
  try { return await request(op, args); }
  catch (err) { showMessage(err.message, "error"); return null; }
}

const controls = {
  run: () => act("run"),
  pause: () => act("pause"),
  toggle: () => act(running ? "pause" : "run"),
  async step(kind = "instruction", n = 1, target = undefined) {
    if (running) await act("pause");
    const result = await act("step", target === undefined ? { kind, n } : { kind, n, target });
    // A step that needs more frames (a long step over) goes on in the run loop.
    if (result?.status?.stepping) await act("run");
    return result;
  },
  toCursor() {
    const cursor = disasm.cursor();
    if (cursor === null) { showMessage("click a line in the disassembly to put the cursor there first"); return null; }
    return controls.step("cursor", 1, cursor);
  },
  reset: () => act("reset"),
};

$("btn-run").addEventListener("click", controls.toggle);
$("btn-step").addEventListener("click", () => controls.step("instruction"));
$("btn-over").addEventListener("click", () => controls.step("over"));
$("btn-out").addEventListener("click", () => controls.step("out"));
$("btn-cursor").addEventListener("click", () => controls.toCursor());
$("btn-frame").addEventListener("click", () => controls.step("frame"));
$("btn-reset").addEventListener("click", controls.reset);
$("btn-help").addEventListener("click", () => help.toggle());
$("error-reload").addEventListener("click", () => location.reload());
$("btn-fullscreen").addEventListener("click", () => screen.toggleFullscreen(ui.play));
// Share: the exact moment (machine, parameters, its state a few frames before
// and the inputs and edits since) as a link; past the longest link we hand
// out, as a moment file to download. `from: "power-on"`: the inputs and
// edits since power-on instead (opening it replays every frame).
async function shareMoment(options = {}) {
  if (!current) return null;
  const moment = await act("share", {
    ...(options.from ? { from: options.from } : {}),
    ...(typeof options.script === "string" ? { script: options.script } : {}),
  });
  if (!moment) return null;
  const url = `${location.origin}${location.pathname}${moment.hash}`;
  const box = $("share-link");
  if (url.length > moment.max_link) {
    box.value = "";
    box.placeholder = `the moment needs ${url.length} characters: saved as a file instead`;
    downloadMoment(moment.file);
    showMessage(`this moment (frame ${moment.frame}) is too long for a link (${url.length} characters, `
      + `more than ${moment.max_link}): it was saved as a moment file; open it with "Open…"`, "info");
    return { ...moment, url: null };
  }
  box.value = url;
  // A phone hands the link to its share sheet (a chat, a post); cancelled or
  // refused, the link is copied as on a desktop.
  if (html.dataset.touch === "on" && navigator.share) {
    try {
      await navigator.share({ title: document.title, url });
      return { ...moment, url };
    } catch { /* copied below */ }
  }
  try { await navigator.clipboard.writeText(url); showMessage(`link to frame ${moment.frame} copied`, "info"); }
  catch { showMessage(`the link to frame ${moment.frame} is in the box: copy it from there`, "info"); }
  return { ...moment, url };
}

function downloadMoment(file) {
  const blob = new Blob([JSON.stringify(file)], { type: "application/json" });
  const a = el("a", { href: URL.createObjectURL(blob), download: `retroscope-${file.machine}.json`,
                      testid: "moment-download" });
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

async function openMomentText(text) {
  let data;
  try { data = JSON.parse(text); }
  catch { showMessage("this file is not a Retroscope moment file (not JSON)", "error"); return null; }
  const opened = await act("open_moment_file", { data });
  if (!opened) return null;
  // The moment and a script are not for the address bar (the file holds them).
  const plain = { ...opened.params };
  delete plain.moment;
  delete plain.script;
  history.replaceState(null, "", makeHash(opened.id, plain));
  return loadMachine(opened.id, opened.params);
}

$("btn-share").addEventListener("click", () => shareMoment());
$("btn-open-moment").addEventListener("click", () => $("moment-file").click());
$("moment-file").addEventListener("change", async (e) => {
  const file = e.target.files?.[0];
  e.target.value = "";
  if (file) await openMomentText(await file.text());
});
window.addEventListener("keydown", (e) => {
  const typing = e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement
    || e.target instanceof HTMLTextAreaElement || e.target?.isContentEditable;  // (the script editor)
  if (typing && !/^F\d+$/.test(e.key)) return;  // function keys work everywhere
  const shortcut = SHORTCUTS.find(([, , matches]) => matches(e));
  if (shortcut) { e.preventDefault(); shortcut[3](); }
});
// A player often clicks the picture first to "get into" the game: the first
// click on it after a machine loads only gives it the focus, unless a key has
// already played the game (`engaged`); from then on clicks are the game's,
// after using the side panels too (a brush chosen, then the map painted).
// A finger has no keys to focus for: its first tap is the game's.
let focusClick = false;   // this press gave the focus: its release is not the game's either
ui.canvas.addEventListener("pointerdown", (e) => {
  if (!engaged && e.pointerType === "mouse") {
    engaged = true;
    focusClick = true;
    ui.canvas.focus({ preventScroll: true });
    return;
  }
  engaged = true;
  pointer(e, true);
});
ui.canvas.addEventListener("pointerup", (e) => { if (!focusClick) pointer(e, false); });
window.addEventListener("pointerup", () => { focusClick = false; });
function pointer(event, down) {
  const at = screen.toMachine(event);
  if (at && current) request("pointer", { ...at, down }).catch(() => {});
}
window.addEventListener("hashchange", () => { route().catch((err) => showMessage(err.message, "error")); });

// -- the program's source: edits applied, refused, reverted ----------------------------------
const MODES = ["patch", "restart"];
let sourceErrors = [];   // the messages of the last refused edit: an accepted one clears them

// An edit's answer: put in, the panels follow the new program (symbols, code
// views, the banner); refused, each error is a message at its file and line.
async function programAnswer(pending) {
  let reply;
  try { reply = await drawnAfter(pending); }
  catch (err) {
    showMessage(err.message, "error");
    return { ok: false, errors: [{ file: "", line: 0, message: err.message }] };
  }
  clearSourceErrors();
  if (!reply.ok) {
    sourceErrors = reply.errors.slice(0, 5).map(
      (e) => `${e.file ? `${e.file}${e.line ? `:${e.line}` : ""}: ` : ""}${e.message}`);
    sourceErrors.forEach((text) => showMessage(text, "error"));
    return { ok: false, errors: reply.errors };
  }
  banner.show(reply, false);
  memory.setSymbols(await request("symbols"));
  await Promise.all([disasm, source].map((panel) => panel.load(current?.info.id)));
  refreshMachinePanels();
  refreshDebug();
  return { ok: true, errors: [], mode: reply.mode, changed: reply.changed, files: reply.files };
}

function clearSourceErrors() {
  for (const old of [...ui.messages.children]) if (sourceErrors.includes(old.dataset.text)) old.remove();
  sourceErrors = [];
}

function modeOf(options) {
  const mode = options?.mode ?? "patch";
  if (!MODES.includes(mode)) throw new Error(`mode is one of ${MODES.join(", ")}, not ${String(mode).slice(0, 20)}`);
  return mode;
}

const editSource = async (file, text, options = {}) =>
  programAnswer(request("edit_source", { file, text, mode: modeOf(options) }, [], BOOT_TIMEOUT_MS));
const revertSource = async (options = {}) =>
  programAnswer(request("revert_source", { mode: modeOf(options) }, [], BOOT_TIMEOUT_MS));
// A whole edit: a ready edit's name ({name}) or srcdiff's text ({edit}).
const applyEdit = async (edit, options = {}) =>
  programAnswer(request("apply_edit", { ...edit, mode: modeOf(options) }, [], BOOT_TIMEOUT_MS));

// -- window.retroscope ---------------------------------------------------------------------
let resolveReady;
let rejectReady;
const ready = new Promise((res, rej) => { resolveReady = res; rejectReady = rej; });
ready.catch(() => {});

// Milliseconds since navigation at each boot milestone (read by `build.py bench`).
const timings = {};

// The next frame drawn of those the worker sends from now on.
function nextFrame() {
  const after = framesReceived;
  return new Promise((resolve) => frameWaiters.push({ after, resolve }));
}

// The run loop's next stop (a breakpoint, a step done, a pause) after it
// has been started from now on.
const stopWaiters = [];
function nextStop() {
  return new Promise((resolve) => stopWaiters.push({ ran: false, resolve }));
}

// A step that needs more than one call (a long step over, out or to the
// cursor) goes on in the run loop: resolve once it has stopped.
async function stepToEnd(result) {
  if (!result?.status?.stepping) return result;
  const stopped = nextStop();
  await request("run");
  await stopped;
  return { ...result, status: await debug("status") };
}

async function drawnAfter(pending) {
  const drawn = nextFrame();
  const result = await pending;
  await drawn;
  return result;
}

const speaker = createSpeaker({
  mount: document.querySelector(".controls"), request, ready,
  onError: (text) => showMessage(text, "error"),
});

window.retroscope = {
  ready,
  // The sound: state() {context, started, muted, volume}, stats() from the worklet.
  sound: speaker,
  machines: () => machines.map((m) => ({ ...m })),
  current: () => (current ? { id: current.info.id, values: { ...current.values }, hash: current.hash,
                              moment: current.moment ?? null } : null),
  // The exact moment as {url (null when too long), hash, file, frame}; opening
  // the url (or the file, with openMoment) replays to the same state hash.
  // share({from: "power-on"}): a link that replays every frame from power-on.
  share: (options) => shareMoment(options),
  // Scripted play: `n` frames with these buttons held (or one value per frame
  // from an array), as the run loop would run them; resolves once drawn.
  async runFrames(n, buttons = 0) {
    const per = Array.isArray(buttons) ? buttons : null;
    for (let i = 0; i < n;) {
      const k = Math.min(16, n - i);  // frames per request (the worker's most)
      const press = per ? Array.from({ length: k }, (_, j) => per[(i + j) % per.length]) : buttons;
      await drawnAfter(request("run_frames", { n: k, buttons: press }));
      i += k;
    }
    return frameNumber;
  },
  openMoment: (text) => openMomentText(typeof text === "string" ? text : JSON.stringify(text)),
  async load(id, params = {}) {
    const hash = `#/${id}${Object.keys(params).length ? `?${new URLSearchParams(params)}` : ""}`;
    history.replaceState(null, "", hash);
    return loadMachine(id, Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])));
  },
  run: () => request("run"),
  pause: () => request("pause"),
  isRunning: () => running,
  // The run loop's speed: 1, 4, or 0 (as fast as it goes).
  speed: () => speedFactor,
  // Resolves once the resulting frame is on the canvas.
  // Resolves once the step is done (a long one runs on in the run loop).
  step: async (kind = "instruction", n = 1) => stepToEnd(await drawnAfter(request("step", { kind, n }))),
  reset: () => drawnAfter(request("reset")),
  async read(addr, length = 1) {
    const reply = await request("read", { addr, length });
    return Array.from(reply.data.match(/../g) || [], (h) => parseInt(h, 16));
  },
  write: (addr, bytes) => request("write", { addr, bytes: Array.from(bytes) }),
  state: () => request("state"),
  command: (verb, args = {}) => request("command", { verb, args }),
  setButtons: (buttons) => request("input", { buttons }),
  // Who presses the buttons: "player" or one of machines()[k].input_sources (a
  // program, e.g. tetris's "ai", with its options); recorded by rewind like keys.
  setInputSource: (name, options = {}) => request("controller", { source: name, options }),
  frame: () => frameNumber,
  nextFrame,
  lastState: () => lastState,
  timings: () => ({ ...timings }),
  // The boot's timeline (build.py bench): the page's and the worker's
  // milestones and fetches, in ms since navigation.
  async bootTimeline() {
    const { marks, resources } = await request("marks");
    const since = (t) => t - performance.timeOrigin;
    const fetches = (list) => list.map((r) => ({ ...r, start: since(r.start), end: since(r.end) }));
    const ours = performance.getEntriesByType("resource").map((e) => ({
      name: new URL(e.name).pathname, start: performance.timeOrigin + e.startTime,
      end: performance.timeOrigin + e.responseEnd, bytes: e.transferSize,
    }));
    return {
      page: { modulesLoaded: pageModulesLoaded, ...timings },
      worker: Object.fromEntries(Object.entries(marks).map(([k, t]) => [k, since(t)])),
      fetches: [...fetches(ours), ...fetches(resources)].sort((a, b) => a.start - b.start),
    };
  },
  bench: (args) => request("bench", args, [], 180000),
  // The program's source: [{file, text}] as the program running was assembled.
  async sources() {
    const reply = await request("sources");
    return reply.sources.map(({ file, text }) => ({ file, text }));
  },
  // `file` holds `text` now: assembled in the worker and put in, as a patch
  // (RAM and devices kept) or a restart ({mode: "restart"}); resolves, once
  // drawn, with {ok, errors: [{file, line, message}]} (refused: untouched).
  editSource: (file, text, options) => editSource(file, text, options),
  revertSource: (options) => revertSource(options),
  // A ready edit by name ({name: "no-reroll"}) or a whole edit ({edit: srcdiff's text}).
  applyEdit: (edit, options) => applyEdit(edit, options),
  readyEdits: () => request("ready_edits"),
  // The debugger (verbs: py/retroscope/debug/session.py); resolves with the Session's reply.
  debug,
  status: () => debug("status"),
  stepTo: async (target) => stepToEnd(await drawnAfter(request("step", { kind: "cursor", target }))),
  async addBreakpoint(kind, where, { end = null, condition = "" } = {}) {
    const bp = await debug("add_breakpoint", { kind, where, end, condition });
    await breakpoints.update();
    return bp;
  },
  async removeBreakpoint(id) { await debug("remove_breakpoint", { bp_id: id }); return breakpoints.update(); },
  breakpoints: () => debug("list_breakpoints"),
  rewindInfo: () => debug("rewind_info"),
  seek: (frame) => drawnAfter(debug("seek", { frame })),
  setTrace: (on) => debug("set_trace", { on }),
  traceText: () => debug("trace_text"),
  showTab,
  // The user's script (the Script tab): run a script's text ({ok, error,
  // line}: its top level ran, or the error and its line), stop it, and the
  // console's text so far (print, log, errors with their tracebacks).
  runScript: (text) => script.run(String(text)),
  stopScript: () => script.stop(),
  async scriptOutput() {
    script.news((await request("script_news")).news);
    return script.output();
  },
  scriptStatus: () => script.status(),
  scriptText: () => script.text(),  // what the editor holds
  // Offline use: {state: "installing" | "ready" (this build is kept) | "other build" |
  // "failed" | "unsupported", app, page, error}, once the page is ready.
  offline: () => offline?.status() ?? { state: "not asked yet" },
  touch: () => ({ shown: html.dataset.touch === "on", pressed: touch.pressed() }),
  // The hardware in view (py/retroscope/debug/viewers/, events.py, search.py,
  // profiler.py). viewers(): the machine's, [{id, chip, name, title, options}];
  // viewer(id, options): its data now ("events": the event viewer's frame).
  viewers: () => debug("viewers"),
  viewer: (name, options = {}) => (name === "events" ? debug("event_log")
    : hardware.viewers.data(name, options)),
  // A memory search step: op "start" (over `space`) or eq/ne/gt/lt (`value`,
  // else each byte's value at the step before), changed, unchanged; resolves
  // with the addresses left (the Hardware tab's search shows them too).
  search: (space, op = "start", value = null) => hardware.search.run(space, op, value)
    .then((result) => result.addresses),
  // Profile `frames` frames (running them if paused): cycles per routine
  // ({frames, cycles, routines: [{name, addr, self, inclusive, calls}], tree}).
  async profile(frames = 60) {
    const wasOn = hardware.profiler.isOn();
    await hardware.profiler.setOn(true, frames);
    if (running) {
      while ((await debug("profile")).frames < frames) await nextFrame();
    } else {
      await window.retroscope.runFrames(frames);
    }
    const report = await hardware.profiler.report(frames);
    if (!wasOn) await hardware.profiler.setOn(false);
    return report;
  },
};

// A newer build has been kept while this page runs: the user chooses when to
// reload into it (never in the middle of a game by itself).
function offerUpdate(apply) {
  showMessage("a newer Retroscope is ready: reload to use it (share the moment first to keep it)",
    "info", { action: { label: "Reload", run: apply, testid: "update-reload" } });
}

// -- boot -------------------------------------------------------------------------------------
async function boot() {
  html.dataset.state = "booting";
  const panelList = fetch(new URL("panels/machine-panels.json", import.meta.url)).then((r) => r.json());
  panelList.catch(() => {});  // awaited (and reported) below
  for (const event of earlyEvents.splice(0)) worker.dispatchEvent(event);
  // The list is asked for at once: the worker answers it right after init,
  // without a round trip between.
  const initP = request("init", { testMachines: self.RETROSCOPE_TEST_MACHINES || [] }, [], BOOT_TIMEOUT_MS);
  const listingP = request("machines", {}, [], BOOT_TIMEOUT_MS);
  listingP.catch(() => {});  // a failed init says why
  try {
    await initP;
    timings.pythonReady = performance.now();
  } catch (err) {
    fatal(`Python could not start: ${err.message}`, err.detail);
    return;
  }
  try {
    ui.progressText.textContent = "starting the machine";
    ui.progress.dataset.stage = "machine";
    const listing = await listingP;
    machines = listing.machines;
    for (const [id, problem] of Object.entries(listing.problems)) {
      showMessage(`machine ${id} is unavailable: ${problem}`, "error");
    }
    machinePanels = await panelList;
    buildNav();
    await route();
    ui.progress.hidden = true;
    timings.machineReady = performance.now();
    html.dataset.state = "ready";
    resolveReady(window.retroscope);
    // Offline after this visit: the service worker keeps this build's files
    // (asked for once the machine runs, so that it costs the boot nothing).
    offline = registerOffline({ onUpdate: offerUpdate });
    offline.ready.then((kept) => { if (kept) timings.offlineReady = performance.now(); });
  } catch (err) {
    fatal(`the machine could not start: ${err.message}`, err.detail);
  }
}

boot();
