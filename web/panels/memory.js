// The memory view: hex and ASCII for any range of any memory space (the CPU's,
// and the machine's video memory), symbols beside CPU addresses, the bytes
// changed since the last pause highlighted (the debugger keeps the images),
// edit in place: click a byte, or type "address = bytes". Writes go to the
// space shown; where a space cannot be written the Write row is not there.

import { el, hex, addr4 } from "./dom.js";
import { parseNumber } from "./debug_common.js";

const ROWS = 16;
const COLS = 16;

export function create(root, page) {
  let base = 0;
  let space = "cpu";
  let sizes = { cpu: 0x10000 };
  let writable = new Set(["cpu"]);
  let symbolsByAddr = new Map();
  let inFlight = false;       // one read at a time: refreshes never pile up
  let again = false;          // ...but one asked for meanwhile runs after it
  const spaceSelect = el("select", { testid: "memory-space", title: "memory space" },
    el("option", { value: "cpu", text: "cpu" }));
  const addrInput = el("input", {
    testid: "memory-address", class: "addr-input", value: "$0000", spellcheck: false,
    title: "address ($hex, 0xhex, decimal) or a symbol",
  });
  const goButton = el("button", { text: "Go", testid: "memory-go" });
  const grid = el("div", { class: "memory-grid", testid: "memory-grid" });
  const editInput = el("input", {
    testid: "memory-edit", class: "edit-input", placeholder: "$0017 = 12 34", spellcheck: false,
    title: "address = bytes (hex), e.g. $0400 = EF EF",
  });
  const editButton = el("button", { text: "Write", testid: "memory-write" });
  const editRow = el("div", { class: "row" }, editInput, editButton);
  root.append(
    el("h2", { text: "Memory" }),
    el("div", { class: "row" }, spaceSelect, addrInput, goButton),
    grid,
    editRow,
  );

  function parseAddress(text) {
    const t = text.trim();
    const n = parseNumber(t);
    if (n !== null) return n < (sizes[space] || 0x10000) ? n : null;
    if (space === "cpu") for (const [addr, name] of symbolsByAddr) if (name === t) return addr;
    return null;
  }

  function go(addr, where = space) {
    if (where !== space) setSpace(where);
    const size = sizes[space] || 0x10000;
    base = Math.min(addr & 0xfff0, Math.max(0, size - ROWS * COLS));
    addrInput.value = addr4(addr);
    refresh();
  }

  function setSpace(name) {
    space = name;
    spaceSelect.value = name;
    editRow.hidden = !writable.has(name);
    editInput.placeholder = `${addr4(name === "cpu" ? 0x17 : 0)} = 12 34`;
  }

  spaceSelect.addEventListener("change", () => { setSpace(spaceSelect.value); go(0); });
  goButton.addEventListener("click", () => {
    const addr = parseAddress(addrInput.value);
    if (addr === null) page.message(`"${addrInput.value.slice(0, 40)}" is not an address or symbol`);
    else go(addr);
  });
  addrInput.addEventListener("keydown", (e) => { if (e.key === "Enter") goButton.click(); });

  editButton.addEventListener("click", async () => {
    const m = /^\s*(\S+)\s*=\s*((?:[0-9a-f]{1,2}\s*)+)$/i.exec(editInput.value);
    const addr = m ? parseAddress(m[1]) : null;
    if (!m || addr === null) {
      page.message("write as: address = bytes in hex, e.g. $0400 = EF EF");
      return;
    }
    const bytes = m[2].trim().split(/\s+/).map((b) => parseInt(b, 16));
    const where = space;   // the space shown when Write was pressed
    try {
      const result = await page.debug("write_memory", { addr, values: bytes, space: where });
      const ignored = result.ignored.length ? ` (${result.ignored.length} kept their value: read-only there)` : "";
      page.message(`wrote ${bytes.length} byte(s) at ${where} ${addr4(addr)}${ignored}`, "info");
      if (where === space) go(addr);   // show what was written
      page.changed();
    } catch (err) { page.message(err.message); }
  });
  editInput.addEventListener("keydown", (e) => { if (e.key === "Enter") editButton.click(); });

  function editAt(addr, value) {
    if (!writable.has(space)) return;
    editInput.value = `${addr4(addr)} = ${hex(value, 2)}`;
    editInput.focus();
    editInput.setSelectionRange(editInput.value.length - 2, editInput.value.length);
  }

  async function refresh() {
    if (inFlight) { again = true; return; }
    inFlight = true;
    try {
      do {
        again = false;
        await read(base, space);
      } while (again);  // a Go or a write while a read was out: show where it points now
    } finally { inFlight = false; }
  }

  async function read(base, space) {
    let reply;
    try {
      reply = await page.request("debug", {
        verb: "read_memory", args: { addr: base, length: ROWS * COLS, space } });
    } catch { return; }
    const bytes = (reply.data.match(/../g) || []).map((h) => parseInt(h, 16));
    const changed = new Set(reply.changed);
    const rows = [];
    for (let r = 0; r * COLS < bytes.length; r++) {
      const addr = (base + r * COLS) & 0xffff;
      const cells = [];
      let ascii = "";
      for (let c = 0; c < COLS; c++) {
        const i = r * COLS + c;
        const at = (addr + c) & 0xffff;
        cells.push(el("span", { class: changed.has(i) ? "byte changed" : "byte", text: hex(bytes[i], 2),
                                title: addr4(at), onclick: () => editAt(at, bytes[i]) }));
        ascii += bytes[i] >= 0x20 && bytes[i] < 0x7f ? String.fromCharCode(bytes[i]) : ".";
      }
      const label = space === "cpu" ? symbolsByAddr.get(addr) || "" : "";
      rows.push(el("div", { class: "mem-row", testid: `mem-row-${hex(addr, 4)}` },
        el("span", { class: "mem-addr", text: hex(addr, 4) }),
        el("span", { class: "mem-label", text: label.slice(0, 12), title: label }),
        ...cells, el("span", { class: "mem-ascii", text: ascii })));
    }
    grid.replaceChildren(...rows);
    grid.dataset.space = space;
  }

  return {
    go,
    refresh,
    setSymbols(symbols) {
      symbolsByAddr = new Map(Object.entries(symbols || {}).map(([name, addr]) => [addr, name]));
    },
    /** The machine's memory spaces ({name: size}) and those that take writes. */
    setSpaces(spaces, canWrite = ["cpu"]) {
      sizes = { ...spaces };
      writable = new Set(canWrite);
      spaceSelect.replaceChildren(...Object.entries(sizes).map(([name, size]) =>
        el("option", { value: name, text: `${name} (${size >= 1024 ? `${size / 1024} KiB` : `${size} B`})` })));
      setSpace("cpu");
    },
    update() { return refresh(); },
    dispose() { root.replaceChildren(); },
  };
}
