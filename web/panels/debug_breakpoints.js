// Breakpoints: exec / read / write on an address, a range ("$0400-$04FF") or
// a symbol, with an optional condition checked as you type; hit counts,
// toggle, remove. Kept per machine in localStorage and restored on load.

import { el, addr4, addressArg } from "./debug_common.js";

const CHECK_DELAY_MS = 150;
const storeKey = (id) => `retroscope.breakpoints.${id}`;

export function create(root, page) {
  const kind = el("select", { testid: "bp-kind", title: "break on" },
    ...["exec", "read", "write"].map((k) => el("option", { value: k, text: k })));
  const where = el("input", {
    class: "where-input", testid: "bp-where", spellcheck: false, placeholder: "$AB47, $0400-$04FF, symbol",
    title: "an address, a range (start-end) or a symbol",
  });
  const condition = el("input", {
    class: "cond-input", testid: "bp-condition", spellcheck: false, placeholder: "condition (optional): a == $0F && [$0041] > 18",
  });
  const check = el("span", { class: "dbg-check", testid: "bp-condition-check" });
  const addButton = el("button", { text: "Add", testid: "bp-add", onclick: add });
  const list = el("table", { class: "dbg-table", testid: "bp-list" });
  root.append(el("h2", { text: "Breakpoints" }),
    el("div", { class: "row" }, kind, where, addButton),
    el("div", { class: "row" }, condition), check, list);
  let machineId = null;
  let checkTimer = null;
  let checkSeq = 0;
  let conditionOk = true;

  for (const input of [where, condition]) {
    input.addEventListener("keydown", (e) => { if (e.key === "Enter") add(); });
  }
  condition.addEventListener("input", () => {
    clearTimeout(checkTimer);
    checkTimer = setTimeout(checkCondition, CHECK_DELAY_MS);
  });

  async function checkCondition() {
    const text = condition.value;
    const seq = ++checkSeq;  // only the newest answer counts
    if (!text.trim()) { show(true, ""); return; }
    try {
      const reply = await page.debug("check_condition", { text });
      if (seq !== checkSeq) return;
      show(reply.ok, reply.ok ? `ok (now ${reply.value ? "true" : "false"})` : reply.error);
    } catch (err) { show(false, err.message); }
  }

  function show(ok, text) {
    conditionOk = ok;
    check.textContent = text;
    check.dataset.ok = String(ok);
    condition.classList.toggle("invalid", !ok);
    addButton.disabled = !ok;
  }

  /** "$0400-$04FF" -> [start, end]; anything else -> [where, null]. */
  function parseWhere(text) {
    // Symbols never hold "-" or "..", so either one splits a range.
    const m = /^\s*(\S+?)\s*(?:-|\.\.)\s*(\S+)\s*$/.exec(text);
    return m ? [addressArg(m[1]), addressArg(m[2])] : [addressArg(text), null];
  }

  async function add() {
    if (!where.value.trim()) { page.message("say where: an address, a range or a symbol"); return; }
    if (!conditionOk) return;
    const [start, end] = parseWhere(where.value);
    try {
      await page.debug("add_breakpoint", { kind: kind.value, where: start, end, condition: condition.value });
      where.value = "";
      condition.value = "";
      show(true, "");
      await changed();
    } catch (err) { page.message(err.message, "error"); }
  }

  async function changed() {
    await update();
    page.changed();
  }

  function render(items) {
    const rows = items.map((bp) => {
      const range = bp.start === bp.end ? addr4(bp.start) : `${addr4(bp.start)}-${addr4(bp.end)}`;
      const toggle = el("input", {
        type: "checkbox", checked: bp.enabled, testid: `bp-enabled-${bp.id}`, title: "enabled",
        onchange: () => page.debug("enable_breakpoint", { bp_id: bp.id, enabled: toggle.checked })
          .then(changed, (err) => page.message(err.message, "error")),
      });
      return el("tr", { testid: `bp-${bp.id}`, class: bp.enabled ? "" : "off" },
        el("td", {}, toggle),
        el("td", { text: `#${bp.id} ${bp.kind}` }),
        el("td", { class: "mono", text: bp.symbol ? `${bp.symbol} ${range}` : range,
                   title: bp.symbol ? `${bp.symbol} ${range}` : range }),
        el("td", { class: "mono dim cond", text: bp.condition ? `if ${bp.condition}` : "", title: bp.condition }),
        el("td", { class: "mono", text: `${bp.hits} hit${bp.hits === 1 ? "" : "s"}`, testid: `bp-hits-${bp.id}` }),
        el("td", {}, el("button", {
          class: "close", text: "×", title: "remove", testid: `bp-remove-${bp.id}`,
          onclick: () => page.debug("remove_breakpoint", { bp_id: bp.id })
            .then(changed, (err) => page.message(err.message, "error")),
        })));
    });
    list.replaceChildren(...rows);
    if (!items.length) list.append(el("tr", {}, el("td", { class: "dim", text: "no breakpoints" })));
  }

  function save(items) {
    if (machineId === null) return;
    try { localStorage.setItem(storeKey(machineId), JSON.stringify(items)); } catch { /* full or off */ }
  }

  async function update() {
    const items = await page.debug("list_breakpoints");
    render(items);
    save(items);
    return items;
  }

  return {
    update,
    /** A machine was loaded: bring back its saved breakpoints. */
    async load(id) {
      machineId = null;
      let saved = null;
      try { saved = JSON.parse(localStorage.getItem(storeKey(id)) || "null"); } catch { saved = null; }
      if (Array.isArray(saved) && saved.length) {
        const problems = await page.debug("load_breakpoints", { data: saved });
        for (const p of problems) page.message(`a saved breakpoint no longer applies: ${p}`);
      }
      machineId = id;
      await update();
    },
    /** Toggle an exec breakpoint on one address (from the code views). */
    async toggle(addr) {
      const items = await page.debug("list_breakpoints");
      const there = items.find((bp) => bp.kind === "exec" && bp.start === addr && bp.end === addr);
      if (there) await page.debug("remove_breakpoint", { bp_id: there.id });
      else await page.debug("add_breakpoint", { kind: "exec", where: addr });
      await changed();
    },
    dispose() { root.replaceChildren(); },
  };
}
