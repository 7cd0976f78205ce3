// Watches: a symbol or an address shown as hex, decimal, packed BCD or a
// 16-bit little/big-endian word. Kept per machine like the breakpoints.

import { el, addressArg } from "./debug_common.js";

const FORMATS = [["hex", "hex"], ["dec", "decimal"], ["bcd", "BCD"], ["u16le", "16-bit LE"], ["u16be", "16-bit BE"]];
const storeKey = (id) => `retroscope.watches.${id}`;

export function create(root, page) {
  const where = el("input", {
    class: "addr-input", testid: "watch-where", spellcheck: false, placeholder: "$0017 or symbol",
  });
  const format = el("select", { testid: "watch-format" },
    ...FORMATS.map(([value, text]) => el("option", { value, text })));
  const count = el("input", {
    class: "count-input", testid: "watch-count", type: "number", min: 1, max: 16, placeholder: "n",
    title: "how many bytes (hex, dec, BCD); empty: the format's own",
  });
  const addButton = el("button", { text: "Watch", testid: "watch-add", onclick: add });
  const list = el("table", { class: "dbg-table", testid: "watch-list" });
  root.append(el("h2", { text: "Watches" }), el("div", { class: "row" }, where, format, count, addButton), list);
  where.addEventListener("keydown", (e) => { if (e.key === "Enter") add(); });
  let machineId = null;

  async function add() {
    if (!where.value.trim()) return;
    const args = { where: addressArg(where.value), fmt: format.value };
    if (count.value) args.count = Number(count.value);
    try {
      await page.debug("add_watch", args);
      where.value = "";
      await update();
    } catch (err) { page.message(err.message, "error"); }
  }

  function render(items) {
    list.replaceChildren(...items.map((w) => el("tr", { testid: `watch-${w.id}` },
      el("td", { class: "mono", text: w.where }),
      el("td", { class: "dim", text: w.format }),
      el("td", { class: "mono value", text: w.text, testid: `watch-value-${w.id}` }),
      el("td", {}, el("button", {
        class: "close", text: "×", title: "remove", testid: `watch-remove-${w.id}`,
        onclick: () => page.debug("remove_watch", { watch_id: w.id })
          .then(update, (err) => page.message(err.message, "error")),
      })))));
  }

  async function update() {
    const items = await page.debug("watch_values");
    render(items);
    if (machineId !== null) {
      const kept = items.map((w) => ({ where: w.where, fmt: w.format, count: w.count }));
      try { localStorage.setItem(storeKey(machineId), JSON.stringify(kept)); } catch { /* off */ }
    }
  }

  return {
    update,
    async load(id) {
      machineId = null;
      let saved = [];
      try { saved = JSON.parse(localStorage.getItem(storeKey(id)) || "[]"); } catch { saved = []; }
      for (const w of Array.isArray(saved) ? saved : []) {
        try { await page.debug("add_watch", { where: w.where, fmt: w.fmt, count: w.count ?? null }); }
        catch (err) { page.message(`a saved watch no longer applies: ${err.message}`); }
      }
      machineId = id;
      await update();
    },
    dispose() { root.replaceChildren(); },
  };
}
