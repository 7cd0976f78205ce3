// The memory search (a cheat finder, py/retroscope/debug/search.py): start
// over a memory space, play, then keep the bytes that are equal, not equal,
// greater or less than before (or than a value typed in), changed or
// unchanged; what is left is listed, each with its value now and before, a
// click to the memory view, and (in the CPU's space) Watch and Break on write.

import { el, hex, parseNumber } from "./debug_common.js";

const OPS = [["eq", "="], ["ne", "≠"], ["gt", ">"], ["lt", "<"], ["changed", "changed"],
  ["unchanged", "unchanged"]];
const SHOWN = 100;

export function create(root, session) {
  const space = el("select", { testid: "search-space", title: "memory space" });
  const start = el("button", { text: "Start", testid: "search-start", title: "begin with every byte" });
  const value = el("input", {
    class: "count-input", testid: "search-value", placeholder: "value", spellcheck: false,
    title: "compare with this value ($hex or decimal); empty: with each byte's value at the step before",
  });
  const ops = OPS.map(([op, label]) => el("button", {
    text: label, testid: `search-${op}`, disabled: true,
    title: op === "changed" || op === "unchanged" ? `${label} since the step before`
      : `${label} the value typed in, else the value at the step before`,
    onclick: () => step(op),
  }));
  const summary = el("p", { class: "dim mono", testid: "search-summary", text: "not started" });
  const table = el("table", { class: "dbg-table hw-items", testid: "search-results" });
  root.append(el("h2", { text: "Memory search" }),
    el("div", { class: "row" }, space, start, value),
    el("div", { class: "row hw-ops" }, ...ops), summary, el("div", { class: "hw-scroll" }, table));
  start.addEventListener("click", () => step("start"));
  value.addEventListener("keydown", (e) => { if (e.key === "Enter") step("eq"); });

  function show(result) {
    for (const b of ops) b.disabled = result.space === null;
    const trail = result.steps.map((s) => (s.value === null ? s.op : `${s.op} ${s.value}`)).join(" → ");
    summary.textContent = result.space === null ? "not started"
      : `${result.count} left in ${result.space} (${trail})`;
    const cpu = result.space === "cpu";
    const rows = result.addresses.slice(0, SHOWN).map((addr, i) => el("tr", {
      class: "hw-item", testid: `search-row-${hex(addr, 4)}`,
    },
      el("td", {}, el("button", { class: "link", text: `$${hex(addr, 4)}`, title: "show in the memory view",
                                   onclick: () => session.gotoMemory(addr, result.space) })),
      el("td", { class: "mono", text: `$${hex(result.values[i], 2)} (${result.values[i]})` }),
      el("td", { class: "mono dim", text: `was $${hex(result.previous[i], 2)}` }),
      el("td", {}, cpu ? el("button", { text: "Watch", testid: `search-watch-${hex(addr, 4)}`,
                                        onclick: () => session.addWatch(addr) }) : null),
      el("td", {}, cpu ? el("button", { text: "Break on write", testid: `search-break-${hex(addr, 4)}`,
                                        onclick: () => session.addWriteBreakpoint(addr) }) : null)));
    table.replaceChildren(...rows);
    if (result.count > SHOWN) table.append(el("tr", {}, el("td", { class: "dim", text: `… ${result.count - SHOWN} more` })));
  }

  async function step(op) {
    let number = null;
    if (op !== "start" && op !== "changed" && op !== "unchanged" && value.value.trim()) {
      number = parseNumber(value.value);
      if (number === null || number > 255) {
        session.message(`"${value.value.slice(0, 20)}" is not a byte value ($00-$FF or 0-255)`);
        return null;
      }
    }
    try {
      const result = await session.debug("search", {
        space: op === "start" ? space.value : null, op, value: number, limit: SHOWN });
      show(result);
      return result;
    } catch (err) { session.message(err.message); return null; }
  }

  return {
    /** The machine's memory spaces (a new machine: a new search). */
    setSpaces(spaces) {
      space.replaceChildren(...Object.keys(spaces).map((name) => el("option", { value: name, text: name })));
      show({ space: null, count: 0, addresses: [], values: [], previous: [], steps: [] });
    },
    /** A script's step (window.retroscope.search): the panel shows it too. */
    async run(spaceName, op, number) {
      const result = await session.debug("search", {
        space: spaceName ?? null, op, value: number ?? null });
      show(result);
      return result;
    },
    update() {},
    dispose() { root.replaceChildren(); },
  };
}
