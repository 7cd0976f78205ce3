// The profiler (py/retroscope/debug/profiler.py): switched on, the machine
// runs instruction by instruction and every routine's cycles are counted
// over the last N frames; a table sorted by any column, the call tree, and
// a map of the 64 KiB address space (a pixel a byte, 256 to a row) of what
// was executed, read or written. Off, nothing of it runs.

import { el, hex } from "./debug_common.js";
import { decodePixels as decodeLevels } from "./hw_picture.js";

const COLUMNS = [["name", "routine"], ["calls", "calls"], ["self", "self cycles"],
  ["percent", "self %"], ["inclusive", "with callees"], ["inclusive_percent", "%"]];
const HEAT = [[0, 0, 0], [40, 20, 90], [200, 40, 60], [255, 200, 40], [255, 255, 255]];

export function create(root, session) {
  const frames = el("input", { class: "count-input", testid: "profile-frames", type: "number", min: 1,
    max: 600, value: 60, title: "how many of the last frames the profile covers" });
  const toggle = el("input", { type: "checkbox", testid: "profile-toggle" });
  const note = el("span", { class: "dim", testid: "profile-note" });
  const table = el("table", { class: "dbg-table hw-items", testid: "profile-table" });
  const tree = el("div", { class: "hw-tree mono", testid: "profile-tree" });
  const kind = el("select", { testid: "heatmap-kind" },
    ...["exec", "read", "write"].map((k) => el("option", { value: k, text: k === "exec" ? "executed" : k })));
  const heat = el("canvas", { class: "hw-canvas hw-heat", testid: "heatmap", width: 256, height: 256 });
  const heatHover = el("p", { class: "hw-hover mono", testid: "heatmap-hover", text: " " });
  root.append(el("h2", { text: "Profiler" }),
    el("div", { class: "row" }, el("label", {}, toggle, " profile the last "), frames, el("span", { text: " frames" }), note),
    el("div", { class: "hw-scroll" }, table),
    el("details", { class: "hw-viewer", testid: "profile-tree-box" }, el("summary", { text: "Call tree" }), tree),
    el("div", { class: "row" }, el("span", { class: "dim", text: "heat map:" }), kind), heat, heatHover);
  let on = false;
  let report = null;
  let sortKey = "inclusive";
  let busy = false;
  let symbols = new Map();

  async function setOn(want, n = null) {
    if (n !== null) frames.value = n;
    try {
      if (want) await session.debug("profile_start", { frames: Number(frames.value) || 60 });
      else await session.debug("profile_stop");
      on = want;
      toggle.checked = want;
      note.textContent = want ? " on: the machine runs instruction by instruction" : "";
      session.changed();
    } catch (err) { session.message(err.message); toggle.checked = on; }
  }
  toggle.addEventListener("change", () => setOn(toggle.checked));
  frames.addEventListener("change", () => { if (on) setOn(true); });
  kind.addEventListener("change", () => drawHeat());

  function showTable() {
    const rows = [...report.routines].sort((a, b) => (sortKey === "name"
      ? a.name.localeCompare(b.name) : b[sortKey] - a[sortKey]));
    table.replaceChildren(el("tr", {}, ...COLUMNS.map(([key, label]) => el("th", {
      class: key === sortKey ? "hw-sorted" : "", testid: `profile-sort-${key}`,
      onclick: () => { sortKey = key; showTable(); },
    }, el("button", { class: "link", text: label })))),
    ...rows.slice(0, 200).map((r) => el("tr", {
      class: "hw-item", testid: `profile-row-${hex(r.addr, 4)}`, title: `$${hex(r.addr, 4)}: show in the disassembly`,
      onclick: () => session.showCode(r.addr),
    },
      el("td", { class: "mono", text: `${r.name}${r.interrupt ? " (interrupt)" : ""}` }),
      ...COLUMNS.slice(1).map(([key]) => el("td", { class: "mono num", text: String(r[key]) })))));
  }

  function showTree() {
    const node = (n, depth) => {
      const label = `${n.name}: ${n.inclusive} cycles (${n.self} own), ${n.calls} calls`;
      if (!n.children.length) return el("div", { class: "hw-leaf", text: label });
      return el("details", { open: depth < 2 }, el("summary", { text: label }),
        ...n.children.slice(0, 40).map((c) => node(c, depth + 1)));
    };
    tree.replaceChildren(...report.tree.map((n) => node(n, 0)));
  }

  async function drawHeat() {
    let map;
    try { map = await session.debug("heatmap", { kind: kind.value }); } catch { return; }
    const levels = decodeLevels(map.levels);
    const ctx = heat.getContext("2d");
    const image = new ImageData(256, 256);
    for (let i = 0; i < levels.length; i += 1) {
      const [r, g, b] = colour(levels[i]);
      image.data.set([r, g, b, 255], i * 4);
    }
    ctx.putImageData(image, 0, 0);
  }

  function addressAt(event) {
    const r = heat.getBoundingClientRect();
    const x = Math.floor(((event.clientX - r.left) / r.width) * 256);
    const y = Math.floor(((event.clientY - r.top) / r.height) * 256);
    return x >= 0 && x < 256 && y >= 0 && y < 256 ? y * 256 + x : null;
  }
  let asking = null;
  heat.addEventListener("mousemove", async (e) => {
    const addr = addressAt(e);
    if (addr === null || addr === asking) return;
    asking = addr;
    const counts = await session.debug("heat_at", { addr }).catch(() => null);
    if (asking !== addr || !counts) return;
    const name = symbols.get(addr);
    heatHover.textContent = `$${hex(addr, 4)}${name ? ` ${name}` : ""}: executed ${counts.exec}, `
      + `read ${counts.read}, written ${counts.write}`;
  });
  heat.addEventListener("click", (e) => {
    const addr = addressAt(e);
    if (addr === null) return;
    if (kind.value === "exec") session.showCode(addr);
    else session.gotoMemory(addr, "cpu");
  });

  async function update() {
    if (busy) return;
    busy = true;
    try {
      const fresh = await session.debug("profile");
      if (!on && !fresh.on && report === null && !fresh.routines.length) return;
      on = fresh.on;
      toggle.checked = on;
      report = fresh;
      showTable();
      showTree();
      await drawHeat();
    } catch { /* the machine is changing: the next refresh */ }
    finally { busy = false; }
  }

  return {
    update,
    isOn: () => on,
    setOn,
    async load() {
      on = false; report = null; toggle.checked = false; note.textContent = "";
      table.replaceChildren(); tree.replaceChildren();
      heat.getContext("2d").clearRect(0, 0, 256, 256);
    },
    setSymbols(map) { symbols = new Map(Object.entries(map || {}).map(([n, a]) => [a, n])); },
    /** A script's profile: its report as the panel shows it. */
    async report(n) {
      const fresh = await session.debug("profile", n ? { frames: n } : {});
      report = fresh;
      showTable();
      showTree();
      await drawHeat();
      return fresh;
    },
    dispose() { root.replaceChildren(); },
  };
}

function colour(level) {
  if (!level) return HEAT[0];
  const t = (level / 255) * (HEAT.length - 2);
  const i = Math.min(HEAT.length - 3, Math.floor(t));
  const f = t - i;
  return HEAT[i + 1].map((c, k) => Math.round(c + (HEAT[i + 2][k] - c) * f));
}
