// The memory view: hex and ASCII for any range, symbols beside addresses,
// bytes changed since the last refresh highlighted, edit in place.

import { el, hex } from "./dom.js";

const ROWS = 16;
const COLS = 16;

export function create(root, session) {
  let base = 0;
  let previous = null;
  let symbolsByAddr = new Map();
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
  root.append(
    el("h2", { text: "Memory" }),
    el("div", { class: "row" }, addrInput, goButton),
    grid,
    el("div", { class: "row" }, editInput, editButton),
  );

  function parseAddress(text) {
    const t = text.trim();
    const m = /^(?:\$|0x)([0-9a-f]{1,4})$/i.exec(t) || null;
    if (m) return parseInt(m[1], 16);
    if (/^\d{1,5}$/.test(t) && Number(t) <= 0xffff) return Number(t);
    for (const [addr, name] of symbolsByAddr) if (name === t) return addr;
    return null;
  }

  function go(addr) {
    base = addr & 0xfff0;
    addrInput.value = `$${hex(addr, 4)}`;
    previous = null;
    refresh();
  }

  goButton.addEventListener("click", () => {
    const addr = parseAddress(addrInput.value);
    if (addr === null) session.message(`"${addrInput.value.slice(0, 40)}" is not an address or symbol`);
    else go(addr);
  });
  addrInput.addEventListener("keydown", (e) => { if (e.key === "Enter") goButton.click(); });

  editButton.addEventListener("click", async () => {
    const m = /^\s*(\S+)\s*=\s*((?:[0-9a-f]{1,2}\s*)+)$/i.exec(editInput.value);
    const addr = m ? parseAddress(m[1]) : null;
    if (!m || addr === null) {
      session.message("write as: address = bytes in hex, e.g. $0400 = EF EF");
      return;
    }
    const bytes = m[2].trim().split(/\s+/).map((b) => parseInt(b, 16));
    try {
      await session.request("write", { addr, bytes });
      session.message(`wrote ${bytes.length} byte(s) at $${hex(addr, 4)}`, "info");
      refresh();
    } catch (err) { session.message(err.message); }
  });
  editInput.addEventListener("keydown", (e) => { if (e.key === "Enter") editButton.click(); });

  async function refresh() {
    let reply;
    try { reply = await session.request("read", { addr: base, length: ROWS * COLS }); }
    catch { return; }
    const bytes = reply.data.match(/../g).map((h) => parseInt(h, 16));
    const rows = [];
    for (let r = 0; r < ROWS; r++) {
      const addr = (base + r * COLS) & 0xffff;
      const cells = [];
      let ascii = "";
      for (let c = 0; c < COLS; c++) {
        const i = r * COLS + c;
        const changed = previous && previous[i] !== bytes[i];
        cells.push(el("span", { class: changed ? "byte changed" : "byte", text: hex(bytes[i], 2),
                                title: `$${hex((addr + c) & 0xffff, 4)}` }));
        ascii += bytes[i] >= 0x20 && bytes[i] < 0x7f ? String.fromCharCode(bytes[i]) : ".";
      }
      const label = symbolsByAddr.get(addr) || "";
      rows.push(el("div", { class: "mem-row", testid: `mem-row-${hex(addr, 4)}` },
        el("span", { class: "mem-addr", text: hex(addr, 4) }),
        el("span", { class: "mem-label", text: label.slice(0, 12) }),
        ...cells, el("span", { class: "mem-ascii", text: ascii })));
    }
    grid.replaceChildren(...rows);
    previous = bytes;
  }

  return {
    go,
    refresh,
    setSymbols(symbols) {
      symbolsByAddr = new Map(Object.entries(symbols || {}).map(([name, addr]) => [addr, name]));
    },
    update() { refresh(); },
    dispose() { root.replaceChildren(); },
  };
}
