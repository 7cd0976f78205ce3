// The page: boots the worker, routes the hash, draws frames, wires controls,
// and offers window.retroscope for people (and tests) who script the page.

import { connect } from "./protocol.js";
import { parseHash, short } from "./router.js";
import { createScreen } from "./screen.js";
import { createInput } from "./input.js";
import { el, hex } from "./panels/dom.js";
import * as mechanicsPanel from "./panels/mechanics.js";
import * as memoryPanel from "./panels/memory.js";

const hex4 = (n) => hex(n >>> 0, 4);
const $ = (id) => document.querySelector(`[data-testid="${id}"]`);
const html = document.documentElement;
const BOOT_TIMEOUT_MS = 120000;
const PANEL_INTERVAL_MS = 1000 / 30;   // panels refresh at most 30 times a second

const ui = {
  stage: $("stage"), canvas: $("screen"), nav: $("machine-nav"), messages: $("messages"),
  progress: $("boot-progress"), progressText: $("boot-stage"), errorPanel: $("error-panel"),
  errorText: $("error-message"), errorDetail: $("error-detail"), title: $("machine-title"),
  frameCounter: $("frame-counter"), runButton: $("btn-run"), machinePanel: $("machine-panel"),
  summary: $("machine-summary"),
};

const screen = createScreen(ui.canvas, ui.stage);
const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
const request = connect(worker, onEvent);
const input = createInput((buttons) => request("input", { buttons }).catch(() => {}));

let machines = [];
let current = null;           // {info, values, hash}
let running = false;
let latest = null;            // newest frame event not yet drawn
let lastPanelUpdate = 0;
let frameNumber = 0;
let lastState = null;
let machinePanelModule = null;
let machinePanels = [];       // ids with a web/panels/machine_<id>.js (listed by the build)
const frameWaiters = [];

const session = {
  request,
  message: showMessage,
  gotoMemory: (addr) => memory.go(addr),
};
const mechanics = mechanicsPanel.create($("mechanics-panel"), session);
const memory = memoryPanel.create($("memory-panel"), session);

// -- messages and errors ------------------------------------------------------------
function showMessage(text, kind = "warning") {
  const item = el("li", { class: `message ${kind}`, testid: "message" },
    el("span", { text }),
    el("button", { class: "close", text: "×", title: "dismiss", onclick: () => item.remove() }));
  ui.messages.append(item);
  while (ui.messages.children.length > 6) ui.messages.firstChild.remove();
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
      ui.progressText.textContent = msg.detail;
      ui.progress.dataset.stage = msg.stage;
      break;
    case "fatal":
      fatal(msg.error, msg.detail);
      break;
    case "frame":
      latest = msg;
      requestAnimationFrame(drawLatest);
      break;
    case "status":
      setRunning(msg.running);
      if (msg.reason && typeof msg.reason === "object") {
        showMessage(`stopped: ${msg.reason.message || msg.reason.kind} at $${hex4(msg.reason.pc)}`, "info");
      }
      break;
    case "error":
      showMessage(`the machine stopped: ${msg.error}`, "error");
      break;
    default:
      break;
  }
}

function drawLatest() {
  if (!latest) return;
  const msg = latest;
  latest = null;
  screen.draw(new Uint8Array(msg.pixels));
  frameNumber = msg.frame;
  ui.frameCounter.textContent = `frame ${msg.frame}`;
  if (msg.state) {
    lastState = msg.state;
    const now = performance.now();
    if (!running || now - lastPanelUpdate >= PANEL_INTERVAL_MS) {
      lastPanelUpdate = now;
      mechanics.update(msg.state);
      machinePanelModule?.update(msg.state);
      if (!running) memory.refresh();
    }
  }
  while (frameWaiters.length) frameWaiters.shift()(msg.frame);
}

function setRunning(on) {
  running = on;
  ui.runButton.textContent = on ? "Pause" : "Run";
  ui.runButton.setAttribute("aria-pressed", String(on));
  html.dataset.running = String(on);
  if (!on) saveMachineData();
}

// -- machines and routing -------------------------------------------------------------
function buildNav() {
  ui.nav.replaceChildren(...machines.map((info) =>
    el("a", { href: `#/${info.id}`, text: info.title, testid: `nav-${info.id}`, class: "nav-link" })));
}

async function route() {
  const { machine, params, problems } = parseHash(location.hash);
  problems.forEach((p) => showMessage(p));
  let id = machine;
  if (!id) id = machines[0]?.id;
  else if (!machines.some((m) => m.id === id)) {
    showMessage(`there is no machine "${short(id)}"; showing ${machines[0]?.title ?? "nothing"}`);
    id = machines[0]?.id;
    history.replaceState(null, "", `#/${id ?? ""}`);
    return loadMachine(id, {});
  }
  if (!id) { showMessage("no machine is available yet"); return null; }
  return loadMachine(id, machine === id ? params : {});
}

async function loadMachine(id, params) {
  await request("pause").catch(() => {});
  const save = readSaved(id);
  const result = await request("load", { id, params, save });
  current = { info: result.info, values: result.values, hash: result.hash };
  mechanics.clear();
  screen.setMachine(result.info.width, result.info.height, result.palette);
  input.setMachine(result.info);
  memory.go(0);
  memory.setSymbols(await request("symbols"));
  ui.title.textContent = result.info.title;
  ui.summary.textContent = result.info.summary || "";
  document.title = `${result.info.title} · Retroscope`;
  for (const link of ui.nav.children) {
    link.classList.toggle("active", link.dataset.testid === `nav-${id}`);
  }
  result.messages.forEach((m) => showMessage(m));
  if (location.hash !== result.hash && result.messages.length) {
    history.replaceState(null, "", result.hash);  // the link now says what runs
  }
  await loadMachinePanel(id);
  html.dataset.machine = id;
  return result;
}

async function loadMachinePanel(id) {
  machinePanelModule?.dispose();
  machinePanelModule = null;
  ui.machinePanel.replaceChildren();
  ui.machinePanel.hidden = true;
  if (!machinePanels.includes(id)) return;
  const module = await import(`./panels/machine_${id}.js`);
  ui.machinePanel.hidden = false;
  machinePanelModule = module.create(ui.machinePanel, session);
}

// -- saved data (high scores) -------------------------------------------------------------
function readSaved(id) {
  try { return JSON.parse(localStorage.getItem(`retroscope.save.${id}`) || "null"); }
  catch { return null; }
}

async function saveMachineData() {
  if (!current) return;
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
  step: (kind = "instruction", n = 1) => act("step", { kind, n }),
  reset: () => act("reset"),
};

$("btn-run").addEventListener("click", controls.toggle);
$("btn-step").addEventListener("click", () => controls.step("instruction"));
$("btn-frame").addEventListener("click", () => controls.step("frame"));
$("btn-reset").addEventListener("click", controls.reset);
$("btn-fullscreen").addEventListener("click", () => screen.toggleFullscreen());
$("btn-share").addEventListener("click", async () => {
  if (!current) return;
  const url = `${location.origin}${location.pathname}${current.hash}`;
  $("share-link").value = url;
  try { await navigator.clipboard.writeText(url); showMessage("link copied", "info"); }
  catch { showMessage("copy the link from the box", "info"); }
});
window.addEventListener("keydown", (e) => {
  if (e.target instanceof HTMLInputElement) return;
  if (e.key === "F5") { e.preventDefault(); controls.toggle(); }
  else if (e.key === "F6") { e.preventDefault(); controls.step("frame"); }
  else if (e.key === "F11" && !e.shiftKey) { e.preventDefault(); controls.step("instruction"); }
});
ui.canvas.addEventListener("pointerdown", (e) => pointer(e, true));
ui.canvas.addEventListener("pointerup", (e) => pointer(e, false));
function pointer(event, down) {
  const at = screen.toMachine(event);
  if (at && current) request("pointer", { ...at, down }).catch(() => {});
}
window.addEventListener("hashchange", () => { route().catch((err) => showMessage(err.message, "error")); });

// -- window.retroscope ---------------------------------------------------------------------
let resolveReady;
let rejectReady;
const ready = new Promise((res, rej) => { resolveReady = res; rejectReady = rej; });
ready.catch(() => {});

// Milliseconds since navigation at each boot milestone (read by `build.py bench`).
const timings = {};

function nextFrame() { return new Promise((res) => frameWaiters.push(res)); }

async function drawnAfter(pending) {
  const drawn = nextFrame();
  const result = await pending;
  await drawn;
  return result;
}

window.retroscope = {
  ready,
  machines: () => machines.map((m) => ({ ...m })),
  current: () => (current ? { id: current.info.id, values: { ...current.values }, hash: current.hash } : null),
  async load(id, params = {}) {
    const hash = `#/${id}${Object.keys(params).length ? `?${new URLSearchParams(params)}` : ""}`;
    history.replaceState(null, "", hash);
    return loadMachine(id, Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])));
  },
  run: () => request("run"),
  pause: () => request("pause"),
  isRunning: () => running,
  // Resolves once the resulting frame is on the canvas.
  async step(kind = "instruction", n = 1) { return drawnAfter(request("step", { kind, n })); },
  reset: () => drawnAfter(request("reset")),
  async read(addr, length = 1) {
    const reply = await request("read", { addr, length });
    return Array.from(reply.data.match(/../g) || [], (h) => parseInt(h, 16));
  },
  write: (addr, bytes) => request("write", { addr, bytes: Array.from(bytes) }),
  state: () => request("state"),
  command: (verb, args = {}) => request("command", { verb, args }),
  setButtons: (buttons) => request("input", { buttons }),
  frame: () => frameNumber,
  nextFrame,
  lastState: () => lastState,
  timings: () => ({ ...timings }),
  bench: (args) => request("bench", args, [], 180000),
};

// -- boot -------------------------------------------------------------------------------------
async function boot() {
  html.dataset.state = "booting";
  try {
    await request("init", { testMachines: self.RETROSCOPE_TEST_MACHINES || [] }, [], BOOT_TIMEOUT_MS);
    timings.pythonReady = performance.now();
  } catch (err) {
    fatal(`Python could not start: ${err.message}`, err.detail);
    return;
  }
  try {
    ui.progressText.textContent = "starting the machine";
    ui.progress.dataset.stage = "machine";
    const listing = await request("machines");
    machines = listing.machines;
    for (const [id, problem] of Object.entries(listing.problems)) {
      showMessage(`machine ${id} is unavailable: ${problem}`, "error");
    }
    machinePanels = await (await fetch(new URL("panels/machine-panels.json", import.meta.url))).json();
    buildNav();
    await route();
    ui.progress.hidden = true;
    timings.machineReady = performance.now();
    html.dataset.state = "ready";
    resolveReady(window.retroscope);
  } catch (err) {
    fatal(`the machine could not start: ${err.message}`, err.detail);
  }
}

boot();
