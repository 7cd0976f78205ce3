// The Script tab: a Python script beside the machine (py/retroscope/script/).
// An editor (web/editor.js, loaded when the tab first shows one), Run and
// Stop, the machine's example scripts, the output console with tracebacks,
// and sharing a link with the script. A script that came with a link is shown
// and waits for the user's word: nothing runs by itself. Text only, never HTML.

import { el } from "./dom.js";

const MAX_CONSOLE_CHARS = 200_000;  // the console keeps the newest output
const DRAFT_KEY = (id) => `retroscope.script.${id}`;
// What the editor offers as completions: the API's names (script/api.py).
const COMPLETIONS = [
  ["machine", "variable", "the machine: read, write, symbols, registers, variables, frame, cycles"],
  ["machine.read", "function", "machine.read(addr, n=1): a byte, or n bytes"],
  ["machine.write", "function", "machine.write(addr, byte or bytes)"],
  ["machine.symbols", "property", "label -> address"],
  ["machine.registers", "property", "the CPU's registers by name (settable)"],
  ["machine.variables", "property", "the machine's documented variables by name"],
  ["machine.frame", "property", "frames run so far"],
  ["machine.cycles", "property", "the CPU's cycle counter"],
  ["on_frame", "function", "on_frame(fn): fn(frame) after every frame"],
  ["on_exec", "function", "on_exec(where, fn): fn(addr) when the CPU reaches it"],
  ["on_write", "function", "on_write(where, fn): fn(addr, value) after the CPU writes there"],
  ["off", "function", "off(fn): take fn off every hook"],
  ["press", "function", "press(buttons, frames=1): hold buttons from the next frame"],
  ["overlay.text", "function", "overlay.text(x, y, text, color)"],
  ["overlay.box", "function", "overlay.box(x, y, w, h, color, fill=None)"],
  ["overlay.line", "function", "overlay.line(x0, y0, x1, y1, color)"],
  ["overlay.pixel", "function", "overlay.pixel(x, y, color)"],
  ["overlay.clear", "function", "overlay.clear()"],
  ["pause", "function", "pause(): stop the machine (the script stays)"],
  ["frame", "function", "await frame(n=1): wait for the end of a frame"],
  ["log", "function", "log(*values): a line with the frame number"],
].map(([label, type, info]) => ({ label, type, info }));

export function create(root, page) {
  let editor = null;          // made when the tab first shows (web/editor.js)
  let editorLoading = null;
  let pendingText = "";       // the text until the editor exists
  let machineId = null;
  let examples = [];
  let status = "idle";
  let errorLine = null;
  let fromLink = false;       // the text came with a link and has not been run

  const examplesBox = el("select", { testid: "script-examples", title: "this machine's example scripts",
    onchange: () => { pickExample(examplesBox.value); examplesBox.value = ""; } });
  const runButton = el("button", { text: "Run", testid: "script-run", title: "run the script (Ctrl+Enter)",
    onclick: () => runFromEditor() });
  const stopButton = el("button", { text: "Stop", testid: "script-stop", title: "stop the script",
    onclick: () => stop() });
  const shareButton = el("button", { text: "Share with script", testid: "script-share",
    title: "a link to this moment that carries the script (who opens it is asked before it runs)",
    onclick: () => share() });
  const statusLine = el("span", { class: "script-status dim", testid: "script-status", text: "not running" });
  const consent = el("div", { class: "script-consent", testid: "script-consent", hidden: true },
    el("span", { text: "This link brought the script below. It runs only if you say so." }),
    el("button", { text: "Run it", testid: "script-consent-run", onclick: () => runFromEditor() }),
    el("button", { text: "Not now", testid: "script-consent-dismiss", onclick: () => setFromLink(false) }));
  const editorBox = el("div", { class: "script-editor", testid: "script-editor" });
  const consoleBox = el("pre", { class: "script-console", testid: "script-output", "aria-live": "polite" });
  const clearButton = el("button", { text: "Clear", testid: "script-clear", class: "small",
    onclick: () => consoleBox.replaceChildren() });
  root.append(
    el("h2", { text: "Script" }),
    el("div", { class: "row script-bar" }, runButton, stopButton, examplesBox, statusLine),
    consent, editorBox,
    el("div", { class: "row script-bar" }, el("span", { class: "dim", text: "Output" }),
      el("span", { class: "spacer" }), shareButton, clearButton),
    consoleBox,
    el("p", { class: "dim script-help" }, "Python beside the machine: ",
      el("code", { text: "machine.read" }), ", ", el("code", { text: "on_frame" }), ", ",
      el("code", { text: "press" }), ", ", el("code", { text: "overlay" }),
      "… (README, Scripts). Ctrl+Enter runs."),
  );
  editorBox.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); runFromEditor(); }
  });
  showStatus();

  // -- the editor ------------------------------------------------------------------------
  const text = () => (editor ? editor.get() : pendingText);
  let settingText = false;
  function setText(value) {
    settingText = true;
    try {
      if (editor) editor.set(value);
      else pendingText = value;
    } finally { settingText = false; }
  }

  function ensureEditor() {
    editorLoading ??= import("../editor.js").then((module) => {
      editor = module.create(editorBox, {
        language: "python", doc: pendingText, completions: COMPLETIONS, label: "script editor",
        onChange: (value) => { if (!settingText) saveDraft(value); },
      });
      if (errorLine) editor.markError(errorLine, statusLine.textContent);
      return editor;
    }).catch((err) => {
      // Without the editor a plain text box still lets the user write and run.
      console.error("the code editor did not load:", err);
      const area = el("textarea", { class: "script-fallback", testid: "script-textarea", spellcheck: false,
        value: pendingText });
      editorBox.append(area);
      editor = { get: () => area.value, set: (v) => { area.value = v; }, markError() {}, clearMarks() {},
        focus: () => area.focus() };
      area.addEventListener("input", () => saveDraft(area.value));
      return editor;
    });
    return editorLoading;
  }

  function saveDraft(value) {
    if (!machineId || fromLink) return;
    try { localStorage.setItem(DRAFT_KEY(machineId), value); } catch { /* full: not kept */ }
  }

  // -- examples --------------------------------------------------------------------------
  function pickExample(name) {
    const example = examples.find((e) => e.name === name);
    if (!example) return;
    setFromLink(false);
    setText(example.text);
    saveDraft(example.text);
  }

  function fillExamples() {
    examplesBox.replaceChildren(el("option", { value: "", text: "Examples…" }),
      ...examples.map((e) => el("option", { value: e.name, text: e.title })));
  }

  function setFromLink(on) {
    fromLink = on;
    consent.hidden = !on;
  }

  // -- running ---------------------------------------------------------------------------
  async function runFromEditor() {
    return run(text());
  }

  /** Run `source` (the editor shows it); {ok, error, line}. */
  async function run(source) {
    if (source !== text()) setText(source);
    setFromLink(false);
    saveDraft(source);
    editor?.clearMarks();
    errorLine = null;
    let reply;
    try {
      reply = await page.request("run_script", { text: source });
    } catch (err) {
      append("error", `${err.message}\n`);
      return { ok: false, error: err.message };
    }
    news(reply.news);
    return { ok: reply.ok, error: reply.error ?? null, line: reply.line ?? null };
  }

  async function stop() {
    try { news((await page.request("stop_script")).news); }
    catch (err) { page.message(err.message, "error"); }
  }

  async function share() {
    const moment = await page.share({ script: text() });
    if (moment) append("info", moment.url ? `-- a link with this script: ${moment.url}\n`
      : "-- the moment and the script were saved as a moment file\n");
  }

  // -- news from the worker: output, status ----------------------------------------------------
  function append(kind, chunk) {
    if (!chunk) return;
    const last = consoleBox.lastElementChild;
    if (last && last.dataset.kind === kind && kind !== "error") last.textContent += chunk;
    else consoleBox.append(el("span", { class: `out-${kind}`, "data-kind": kind, text: chunk }));
    let size = consoleBox.textContent.length;
    while (size > MAX_CONSOLE_CHARS && consoleBox.firstElementChild) {
      size -= consoleBox.firstElementChild.textContent.length;
      consoleBox.firstElementChild.remove();
    }
    consoleBox.scrollTop = consoleBox.scrollHeight;
  }

  function news(update) {
    if (!update) return;
    for (const [kind, chunk] of update.output || []) append(kind, chunk);
    if (update.overlay) page.scriptOverlay(update.overlay);
    if (update.status && (update.status !== status || update.message)) {
      status = update.status;
      errorLine = status === "error" ? update.line ?? null : null;
      showStatus(update.message);
      if (errorLine && editor) editor.markError(errorLine, update.message);
    }
  }

  function showStatus(message = "") {
    const words = { idle: "not running", running: "running", done: "finished", stopped: "stopped",
      error: "stopped on an error" };
    statusLine.textContent = message && status !== "running" ? message : words[status] || status;
    statusLine.dataset.status = status;
    statusLine.classList.toggle("bad", status === "error");
    runButton.textContent = status === "running" ? "Run again" : "Run";
    stopButton.disabled = status !== "running";
  }

  // -- the machine ---------------------------------------------------------------------
  /** A machine was loaded (its link may bring a script: shown, not run). */
  async function machineLoaded(id, linkScript = null) {
    machineId = id;
    try { examples = (await page.request("script_examples")).examples; }
    catch { examples = []; }
    fillExamples();
    if (typeof linkScript === "string") {
      setText(linkScript);
      setFromLink(true);
      return;
    }
    setFromLink(false);
    let draft = null;
    try { draft = localStorage.getItem(DRAFT_KEY(id)); } catch { /* no storage */ }
    setText(draft ?? examples[0]?.text ?? "");
  }

  return {
    machineLoaded,
    news,
    run,
    stop,
    show: () => ensureEditor(),
    text,
    output: () => consoleBox.textContent,
    status: () => status,
  };
}
