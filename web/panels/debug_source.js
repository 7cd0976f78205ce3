// The Source tab: the machine's own assembler files in an editor
// (web/editor.js), the line PC is on marked and kept in view, a code gutter
// whose dots toggle an exec breakpoint on their line. Assemble checks the
// text in the worker (errors at their line, nothing put in); Apply puts it in
// as a patch (RAM and devices kept) or with a restart; Revert goes back to the
// shipped source; Diff shows what the text changes.
//
// The user's text is never lost: each machine's file keeps its own document
// (and undo history) while the page lives, a draft that differs from the
// program in force is kept in localStorage across a reload (as the Script
// tab's are), and a frame's update never replaces a buffer: while it differs
// from the program running, the view stays on the file being edited.

import { el, addr4 } from "./debug_common.js";

const DRAFT_KEY = (machine, file) => `retroscope.source.${machine}.${file}`;

export function create(root, page) {
  let machineId = null;
  let follow = true;
  let file = null;            // the file shown
  let applied = null;         // file -> its text in the program in force (sources())
  let isa = null;
  let lineAddrs = new Map();  // line -> the address it starts at, in the program in force
  let current = null;         // the line PC is on in the file shown (its line now)
  let target = null;          // a line asked for from elsewhere: {file, line}
  let editor = null;
  let editorLoading = null;
  let stale = false;          // the program changed: the file shown is read again
  const readied = new Set();  // editor documents made (machine/file)

  const picker = el("select", { testid: "dbg-source-file", title: "source file" });
  const pcButton = el("button", { text: "PC", testid: "dbg-source-pc", title: "follow PC again",
    onclick: () => { follow = true; markTarget(null); update(); } });
  const where = el("span", { class: "dim", testid: "dbg-source-where" });
  const button = (text, testid, title, onclick) => el("button", { text, testid, title, onclick });
  const status = el("span", { class: "dim", testid: "src-status" });
  const errorList = el("ul", { class: "src-errors", testid: "src-errors" });
  const diffBox = el("pre", { class: "program-diff mono", testid: "src-diff-text", hidden: true });
  const box = el("div", { class: "dbg-source-editor", testid: "dbg-source" });
  root.append(el("h2", { text: "Source" }), el("div", { class: "row" }, picker, pcButton, where),
    el("div", { class: "row" },
      button("Assemble", "src-assemble", "assemble and check this text (nothing is put in)", assemble),
      button("Apply", "src-apply", "put it in as a patch: RAM and devices kept", () => apply("patch")),
      button("Apply & restart", "src-apply-restart", "power on with it", () => apply("restart")),
      button("Revert", "src-revert", "back to the shipped source", revert),
      button("Diff", "src-diff", "what the text changes against the shipped source", toggleDiff)),
    status, errorList, diffBox, box);
  picker.addEventListener("change", async () => { follow = false; await show(picker.value); });

  const key = (name) => `${machineId}/${name}`;
  const text = () => editor?.get() ?? "";
  const modified = () => file !== null && applied !== null && text() !== applied.get(file);

  function ensureEditor() {
    editorLoading ??= import("../editor.js").then((module) => {
      editor = module.create(box, {
        language: `asm-${isa ?? "6502"}`, label: "source editor",
        onGutterClick: (addr) => page.toggleBreakpoint(addr),
        onChange: saveDraft,
      });
      return editor;
    });
    return editorLoading;
  }

  function saveDraft(value) {
    if (machineId === null || file === null || applied === null) return;
    try {
      if (value === applied.get(file)) localStorage.removeItem(DRAFT_KEY(machineId, file));
      else localStorage.setItem(DRAFT_KEY(machineId, file), value);
    } catch { /* no storage, or full: kept while the page lives */ }
    setStatus(value === applied.get(file) ? "" : "edited: not applied yet");
  }

  function readDraft(name) {
    try { return localStorage.getItem(DRAFT_KEY(machineId, name)); } catch { return null; }
  }

  async function loadApplied() {
    const info = await page.request("sources");
    applied = new Map(info.sources.map((s) => [s.file, s.text]));
    isa = info.isa;
  }

  async function show(name, here = null) {
    if (applied === null) await loadApplied();
    await ensureEditor();
    const reply = await page.debug("source_lines", name ? { file: name } : {});
    file = reply.file;
    picker.replaceChildren(...reply.files.map((f) => el("option", { value: f, text: f, selected: f === file })));
    const fresh = !readied.has(key(file));
    editor.open(key(file), readDraft(file) ?? applied.get(file) ?? "", { language: `asm-${isa}` });
    readied.add(key(file));
    lineAddrs = new Map(reply.lines.filter((l) => l.addr !== null).map((l) => [l.line, l.addr]));
    if (fresh || !modified()) {
      editor.setGutter(reply.lines.filter((l) => l.addr !== null).map((l) => ({
        line: l.line, data: l.addr, title: `${addr4(l.addr)}: toggle an exec breakpoint`,
      })));
    }
    // (An outcome said, "applied as a patch" or an error, stays: this view is
    // shown again after an edit is applied, in whichever order.)
    if (modified()) setStatus("edited: not applied yet");
    else if (!status.dataset.kind) setStatus("");
    current = null;
    mark(here ?? reply.current);
  }

  // The marks: PC's line and the cursor's, given as lines of the program in
  // force and drawn where those lines are now, however the text was edited.
  let pcAt = null;
  const lineNow = (line) => (lineAddrs.has(line) ? editor.lineOf(lineAddrs.get(line)) ?? line : line);
  function mark(line) { pcAt = line; render(); }
  function markTarget(at) { target = at; if (editor && file !== null) render(); }
  function render() {
    current = pcAt === null ? null : lineNow(pcAt);
    const cursor = target !== null && target.file === file ? lineNow(target.line) : null;
    const marks = [];
    if (current !== null) marks.push({ line: current, className: "dbg-line pc", testid: `src-${current}` });
    if (cursor !== null && cursor !== current) {
      marks.push({ line: cursor, className: "dbg-line cursor", testid: `src-${cursor}` });
    }
    editor.setLineMarks(marks);
    const shown = cursor ?? current;
    if (shown !== null && !box.closest("[hidden]")) editor.scrollToLine(shown);
  }

  async function update(status) {
    if (status?.running) return;  // the line under PC is a blur while running
    const here = await page.debug("source");
    where.textContent = here ? `${here.file}:${here.line}` : "PC is outside the listing";
    if (file === null || stale) { stale = false; await show(file ?? target?.file ?? null); }
    // Being edited, the file stays in view (the stop is still shown on the CPU tab).
    if (follow && here && here.file !== file && !modified()) await show(here.file, here.line);
    else mark(here && here.file === file ? here.line : null);
    markBreakpoints(await page.debug("list_breakpoints"));
  }

  function markBreakpoints(items) {
    const exec = items.filter((bp) => bp.kind === "exec" && bp.enabled);
    editor.restyleGutter((spec) => {
      const on = exec.some((bp) => bp.start <= spec.data && spec.data <= bp.end);
      return on === (spec.className === "bp") ? spec : { ...spec, className: on ? "bp" : "" };
    });
  }

  // -- assembling and putting in -------------------------------------------------------------
  function setStatus(message, kind = "") {
    status.textContent = message;
    status.dataset.kind = kind;
  }

  function showErrors(errors) {
    errorList.replaceChildren(...errors.map((e) => el("li", {
      class: "message", "data-kind": "error", testid: "src-error",
      text: `${e.file ? `${e.file}${e.line ? `:${e.line}` : ""}: ` : ""}${e.message}`,
      onclick: () => { if (e.file && e.file !== file) show(e.file).then(() => editor.scrollToLine(e.line)); },
    })));
    editor.markErrors(errors.filter((e) => e.file === file));
  }

  async function assemble() {
    if (file === null) return;
    setStatus("assembling…");
    try {
      const reply = await page.request("check_source", { file, text: text() });
      showErrors(reply.errors);
      setStatus(reply.ok ? "assembles: ready to apply" : `${reply.errors.length} error(s)`,
        reply.ok ? "ok" : "error");
    } catch (err) { setStatus(err.message, "error"); }
  }

  async function apply(mode) {
    if (file === null) return;
    setStatus("applying…");
    const reply = await page.editSource(file, text(), { mode });
    showErrors(reply.errors);
    setStatus(reply.ok ? `applied ${mode === "patch" ? "as a patch" : "with a restart"}`
      : `${reply.errors.length} error(s): the machine goes on as it was`, reply.ok ? "ok" : "error");
  }

  async function revert() {
    if (file === null) return;
    const info = await page.request("sources");
    for (const name of info.sources.map((s) => s.file)) {
      try { localStorage.removeItem(DRAFT_KEY(machineId, name)); } catch { /* no storage */ }
      if (name !== file) { editor.drop(key(name)); readied.delete(key(name)); }
    }
    if (info.edit) await page.revertSource();  // (load() then reads the shipped texts)
    else await loadApplied();
    editor.set(applied.get(file));  // (undoable: the text reverted is one Ctrl-Z away)
    showErrors([]);
    await show(file);
    setStatus("reverted to the shipped source");
  }

  async function toggleDiff() {
    if (!diffBox.hidden) { diffBox.hidden = true; return; }
    if (file === null) return;
    try {
      const reply = await page.request("check_source", { file, text: text() });
      diffBox.textContent = reply.diff || "(no change)";
      diffBox.hidden = false;
    } catch (err) { setStatus(err.message, "error"); }
  }

  return {
    update,
    /** The tab just became visible: bring the line asked for (else PC's) into view. */
    reveal() { if (editor && file !== null) render(); },
    /** A stop: show PC's line again, in whichever file it is. */
    followPc() { follow = true; target = null; },
    /** Show a line of a file (marked as the cursor), PC no longer followed. */
    async showLine(name, line) {
      follow = false;
      target = { file: name, line };
      if (name !== file) await show(name);
      else render();
    },
    /** A machine loaded, or its program changed: the texts in force read again
     *  (the same machine's file stays in view; another machine starts at PC). */
    load(id) {
      if (id !== machineId) { file = null; follow = true; target = null; }
      machineId = id ?? machineId;
      applied = null;
      stale = file !== null;
      errorList.replaceChildren();
      editor?.clearMarks();
    },
    dispose() { root.replaceChildren(); },
  };
}
