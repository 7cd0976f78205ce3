// The event viewer: the frame's writes to device registers and its interrupts,
// each a mark at its scan line (down) and dot (across), coloured by device,
// with the picture's lines shaded and, part-way through a frame, where the
// CPU stands. Filter by device; hover a mark (or a row) for the write and the
// instruction that made it; a click shows that instruction in the source.
// Recording runs only while this panel is open (py/retroscope/debug/events.py).

import { el, hex } from "./debug_common.js";

const COLOURS = ["#4fc3f7", "#aed581", "#ffb74d", "#ba68c8", "#f06292", "#4db6ac", "#fff176",
  "#90a4ae", "#7986cb", "#a1887f"];
const INTERRUPT = "#ff5252";
const PLOT_W = 512;
const MAX_ROWS = 200;

export function create(root, session) {
  const node = el("details", { class: "hw-viewer", testid: "viewer-events" },
    el("summary", { text: "Event viewer: device writes and interrupts" }));
  const filters = el("div", { class: "hw-filters", testid: "events-filters" });
  const canvas = el("canvas", { class: "hw-canvas hw-events", testid: "events-plot" });
  const hover = el("p", { class: "hw-hover mono", testid: "events-hover", text: " " });
  const notes = el("p", { class: "dim mono", testid: "events-notes" });
  const table = el("table", { class: "dbg-table hw-items", testid: "events-list" });
  node.append(filters, canvas, hover, notes, el("div", { class: "hw-scroll" }, table));
  root.append(el("h2", { text: "Events" }), node);
  let visible = false;
  let on = false;
  let log = null;
  let hidden = new Set();    // device names filtered out
  let busy = false;

  async function setOn() {
    const want = visible && node.open;
    if (want === on) return;
    on = want;
    try { await session.debug("set_events", { on: want }); }
    catch (err) { session.message(err.message, "error"); }
  }
  node.addEventListener("toggle", () => { setOn().then(update); });

  const colourOf = (event) => (event.kind === "interrupt" ? INTERRUPT
    : COLOURS[log.devices.indexOf(event.device) % COLOURS.length]);
  const shownEvents = () => (log ? log.events.filter((e) => !hidden.has(e.device)) : []);

  function describe(e) {
    const where = log.pcs[String(e.pc)] || {};
    const value = e.kind === "interrupt" ? "raised" : `= $${hex(e.value, 2)}`;
    const at = e.kind === "port" ? ` (port/bit $${hex(e.addr, 2)})`
      : e.kind === "write" ? ` at $${hex(e.addr, 4)}` : "";
    const source = where.file ? ` (${where.file}:${where.line})` : "";
    return `line ${e.line} dot ${e.dot} (cycle ${e.cycle}): ${e.device} ${e.register}${at} ${value}`
      + ` by $${hex(e.pc, 4)} ${where.text || ""}${source}`;
  }

  function goTo(e) {
    const where = log.pcs[String(e.pc)];
    if (where?.file) session.showSource(where.file, where.line, e.pc);
    else session.showCode(e.pc);
  }

  function showFilters() {
    filters.replaceChildren(...log.devices.map((name, i) => {
      const box = el("input", { type: "checkbox", testid: `events-filter-${i}`, checked: !hidden.has(name) });
      box.addEventListener("change", () => {
        if (box.checked) hidden.delete(name); else hidden.add(name);
        draw();
      });
      const colour = name.endsWith("(interrupt)") ? INTERRUPT : COLOURS[i % COLOURS.length];
      return el("label", { class: "hw-filter" }, box,
        el("span", { class: "hw-swatch", style: `background:${colour}` }), name);
    }));
  }

  function place(e) {
    const t = log.timing;
    return { x: (e.dot / t.dots) * canvas.width, y: (e.line / t.lines) * canvas.height };
  }

  function draw() {
    if (!log) return;
    const t = log.timing || { dots: 1, lines: 1, visible: 0 };
    const h = Math.round(PLOT_W * Math.min(1.2, t.lines / t.dots));
    if (canvas.width !== PLOT_W || canvas.height !== h) { canvas.width = PLOT_W; canvas.height = h; }
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#0b0d12";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.fillStyle = "#1b2030";  // the picture's lines
    ctx.fillRect(0, 0, canvas.width, (t.visible / t.lines) * canvas.height);
    const events = shownEvents();
    for (const e of events) {
      const p = place(e);
      ctx.fillStyle = colourOf(e);
      if (e.kind === "interrupt") ctx.fillRect(0, p.y - 0.5, canvas.width, 1.5);
      ctx.fillRect(Math.floor(p.x) - 1, Math.floor(p.y) - 1, 3, 3);
    }
    if (log.here) {
      const p = place(log.here);
      ctx.strokeStyle = "#ffffff";
      ctx.beginPath();
      ctx.moveTo(p.x + 0.5, 0); ctx.lineTo(p.x + 0.5, canvas.height);
      ctx.moveTo(0, p.y + 0.5); ctx.lineTo(canvas.width, p.y + 0.5);
      ctx.stroke();
    }
    const count = (kind) => events.filter((e) => e.kind === kind).length;
    notes.textContent = `frame ${log.frame}${log.complete ? "" : " (so far)"}: ${count("write")} writes, `
      + `${count("port")} port writes, ${count("interrupt")} interrupts`
      + (log.dropped ? `; ${log.dropped} more not kept` : "");
    table.replaceChildren(el("tr", {}, ...["line:dot", "device", "register", "value", "by"]
      .map((h) => el("th", { text: h }))), ...events.slice(0, MAX_ROWS).map((e, i) => {
      const where = log.pcs[String(e.pc)] || {};
      return el("tr", { class: "hw-item", testid: `event-row-${i}`, title: describe(e), onclick: () => goTo(e) },
        el("td", { class: "mono", text: `${e.line}:${e.dot}` }),
        el("td", {}, el("span", { class: "hw-swatch", style: `background:${colourOf(e)}` }), e.device),
        el("td", { class: "mono", text: e.register }),
        el("td", { class: "mono", text: e.kind === "interrupt" ? "" : `$${hex(e.value, 2)}` }),
        el("td", { class: "mono", text: `$${hex(e.pc, 4)} ${where.text || ""}` }));
    }));
  }

  function nearest(event) {
    if (!log) return null;
    const r = canvas.getBoundingClientRect();
    const x = ((event.clientX - r.left) / r.width) * canvas.width;
    const y = ((event.clientY - r.top) / r.height) * canvas.height;
    let best = null;
    let bestD = 36;  // within 6 plot pixels
    for (const e of shownEvents()) {
      const p = place(e);
      const d = (p.x - x) ** 2 + (p.y - y) ** 2;
      if (d < bestD) { best = e; bestD = d; }
    }
    return best;
  }
  canvas.addEventListener("mousemove", (e) => {
    const found = nearest(e);
    hover.textContent = found ? describe(found) : " ";
  });
  canvas.addEventListener("click", (e) => { const found = nearest(e); if (found) goTo(found); });

  async function update() {
    if (!on || busy) return;
    busy = true;
    try {
      const fresh = await session.debug("event_log");
      const names = fresh.devices.join("|");
      const had = log ? log.devices.join("|") : null;
      log = fresh;
      if (names !== had) showFilters();
      draw();
    } catch (err) { notes.textContent = err.message; }
    finally { busy = false; }
  }

  return {
    update,
    async shown(yes) { visible = yes; await setOn(); },
    load() { log = null; on = false; hidden = new Set(); filters.replaceChildren(); table.replaceChildren();
             notes.textContent = ""; setOn(); },
    dispose() { root.replaceChildren(); },
  };
}
