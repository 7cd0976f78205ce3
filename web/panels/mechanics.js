// The live mechanics of a machine: the rows of state().mechanics, each with
// its address linked to the memory view (a many-byte value as wrapped hex
// bytes), and the rest of the machine's summary as named rows and small
// tables (the raw JSON stays with the API: window.retroscope.state()).
// Machines may add their own panel.

import { el, addr4, hex } from "./dom.js";

const MAX_ITEMS = 64;   // a longer list is cut, with its length said

/** A mechanics row's value as a person reads it. */
function shownValue(item) {
  const v = item.value;
  if (Array.isArray(v)) {
    const hexBytes = item.format === "hex" && v.every((x) => Number.isInteger(x) && x >= 0 && x < 256);
    return v.map((x) => (hexBytes ? hex(x, 2) : String(x))).join(" ");
  }
  if (Number.isInteger(v) && item.format === "hex") return `$${hex(v, item.size > 1 ? 4 : 2)}`;
  return String(v);
}

/** "spawn_id" -> "spawn id". */
const words = (key) => key.replace(/_/g, " ");

/** Any JSON value as DOM: scalars as text, lists of lists as a table, objects as rows. */
function view(value, depth = 0) {
  if (value === null || value === undefined) return el("span", { class: "dim", text: "—" });
  if (typeof value !== "object") return el("span", { text: String(value) });
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS);
    const more = value.length > MAX_ITEMS ? ` … (${value.length} in all)` : "";
    if (items.every((x) => x === null || typeof x !== "object")) {
      return el("span", { class: "wrap", text: items.map((x) => String(x)).join(" ") + more });
    }
    if (items.every((x) => Array.isArray(x))) {
      return el("table", { class: "state-grid" },
        items.map((row) => el("tr", {}, row.map((x) => el("td", { text: typeof x === "object" ? JSON.stringify(x) : String(x) })))));
    }
    return el("ol", { class: "state-list" }, items.map((x) => el("li", {}, view(x, depth + 1))));
  }
  return el("table", { class: "state-rows" }, Object.entries(value).map(([k, v]) =>
    el("tr", {}, el("th", { text: words(k) }), el("td", {}, view(v, depth + 1)))));
}

export function create(root, page) {
  const table = el("table", { class: "mechanics", testid: "mechanics-table" });
  const extraBody = el("div", { class: "state-extra", testid: "state-extra" });
  const extra = el("details", { class: "state-more", testid: "state-more" },
    el("summary", { text: "More of the machine's state" }), extraBody);
  root.append(el("h2", { text: "Mechanics" }), table, extra);
  const rows = new Map();
  let lastRest = "";
  let lastState = null;
  extra.addEventListener("toggle", () => { if (extra.open && lastState) showRest(lastState); });

  function showRest(state) {
    const rest = Object.fromEntries(Object.entries(state).filter(([k]) => k !== "mechanics"));
    extra.hidden = Object.keys(rest).length === 0;
    if (!extra.open) return;              // built only while someone reads it
    const text = JSON.stringify(rest);
    if (text === lastRest) return;
    lastRest = text;
    extraBody.replaceChildren(view(rest));
  }

  function row(item) {
    let entry = rows.get(item.name);
    if (!entry) {
      const value = el("td", { class: "value", testid: `mech-value-${item.name}` });
      const addrCell = el("td", { class: "addr" });
      if (Number.isInteger(item.addr)) {
        addrCell.append(el("button", {
          class: "link", text: addr4(item.addr), title: "show in the memory view",
          testid: `mech-addr-${item.name}`, onclick: () => page.gotoMemory(item.addr),
        }));
      }
      const tr = el("tr", { testid: `mech-${item.name}` }, el("th", { text: item.name }), value, addrCell);
      table.append(tr);
      entry = { tr, value };
      rows.set(item.name, entry);
    }
    entry.value.textContent = shownValue(item);
  }

  return {
    /** Forget the rows of the previous machine. */
    clear() {
      rows.clear();
      table.replaceChildren();
      extraBody.replaceChildren();
      lastRest = "";
      lastState = null;
    },
    update(state) {
      if (!state) return;
      const items = Array.isArray(state.mechanics) ? state.mechanics : [];
      items.forEach(row);
      lastState = state;
      showRest(state);
    },
    dispose() { root.replaceChildren(); },
  };
}
