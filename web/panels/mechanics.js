// The live mechanics of a machine: the rows of state().mechanics, each with
// its address linked to the memory view. Machines may add their own panel.

import { el, addr4 } from "./dom.js";

export function create(root, session) {
  const table = el("table", { class: "mechanics", testid: "mechanics-table" });
  const extra = el("pre", { class: "state-extra", testid: "state-extra" });
  root.append(el("h2", { text: "Mechanics" }), table, extra);
  const rows = new Map();

  function row(item) {
    let entry = rows.get(item.name);
    if (!entry) {
      const value = el("td", { class: "value" });
      const addrCell = el("td", { class: "addr" });
      if (Number.isInteger(item.addr)) {
        addrCell.append(el("button", {
          class: "link", text: addr4(item.addr), title: "show in the memory view",
          testid: `mech-addr-${item.name}`, onclick: () => session.gotoMemory(item.addr),
        }));
      }
      const tr = el("tr", { testid: `mech-${item.name}` }, el("th", { text: item.name }), value, addrCell);
      table.append(tr);
      entry = { tr, value };
      rows.set(item.name, entry);
    }
    entry.value.textContent = String(item.value);
  }

  return {
    /** Forget the rows of the previous machine. */
    clear() {
      rows.clear();
      table.replaceChildren();
      extra.textContent = "";
    },
    update(state) {
      if (!state) return;
      const items = Array.isArray(state.mechanics) ? state.mechanics : [];
      items.forEach(row);
      const rest = Object.fromEntries(Object.entries(state).filter(([k]) => k !== "mechanics"));
      extra.textContent = Object.keys(rest).length ? JSON.stringify(rest, null, 1) : "";
    },
    dispose() { root.replaceChildren(); },
  };
}
