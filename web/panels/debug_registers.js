// Registers and flags, editable: a register takes hex ("1F", "$1F"), or
// decimal as "#31", checked against its width before the worker sees it;
// a flag letter toggles its bit.

import { el, hex, parseNumber } from "./debug_common.js";

export function create(root, page) {
  const grid = el("div", { class: "dbg-regs", testid: "dbg-registers" });
  const flagsRow = el("div", { class: "dbg-flags", testid: "dbg-flags" });
  const error = el("p", { class: "dbg-error", testid: "dbg-register-error" });
  root.append(el("h2", { text: "Registers" }), grid, flagsRow, error);
  let family = null;
  let inputs = new Map();     // name -> input
  let widths = {};
  let last = null;            // the latest registers() reply

  const digits = (name) => Math.ceil((widths[name] || 16) / 4);

  function build(reply) {
    family = reply.family;
    widths = reply.widths || {};
    inputs = new Map();
    grid.replaceChildren(...Object.keys(reply.registers).map((name) => {
      const input = el("input", {
        class: "reg-input", testid: `reg-${name}`, spellcheck: false, size: digits(name) + 1,
        title: `${name}: hex (or #decimal), ${widths[name] || 16} bits; Enter to set`,
      });
      input.addEventListener("keydown", (e) => {
        if (e.key === "Enter") commit(name, input);
        else if (e.key === "Escape") { input.value = shown(name); input.blur(); }
      });
      input.addEventListener("change", () => commit(name, input));
      inputs.set(name, input);
      return el("label", { class: "reg" }, el("span", { text: name.toUpperCase() }), input);
    }));
  }

  const shown = (name) => (last ? hex(last.registers[name] ?? 0, digits(name)) : "");

  // Enter fires "change" too: one edit, one set (the rewind history records each).
  const setting = new Map();  // name -> the text being set
  async function commit(name, input) {
    if (!last || input.value === shown(name) || setting.get(name) === input.value) return;
    const value = parseNumber(input.value, true);
    const bits = widths[name] || 16;
    if (value === null || value >= 2 ** bits) {
      input.classList.add("invalid");
      error.textContent = `${name.toUpperCase()}: "${input.value.slice(0, 12)}" is not a ${bits}-bit value`
        + ` (hex, or #decimal, 0-${2 ** bits - 1})`;
      return;
    }
    setting.set(name, input.value);
    try { await set(name, value); } finally { setting.delete(name); }
  }

  async function set(name, value) {
    try {
      render(await page.debug("set_register", { name, value }));
      error.textContent = "";
      page.changed();
    } catch (err) {
      error.textContent = err.message;
      inputs.get(name)?.classList.add("invalid");
    }
  }

  function render(reply) {
    if (reply.family !== family) build(reply);
    last = reply;
    for (const [name, input] of inputs) {
      if (document.activeElement === input) continue;
      input.value = shown(name);
      input.classList.remove("invalid");
    }
    const names = reply.flag_names || "";
    const reg = reply.flag_register;
    const value = reply.registers[reg] ?? 0;
    const top = (widths[reg] || 8) === 16 ? 0x8000 : 0x80;
    flagsRow.replaceChildren(el("span", { class: "dim", text: "flags " }),
      ...[...names].map((letter, i) => {
        const bit = top >> i;
        const on = (value & bit) !== 0;
        return el("button", {
          class: on ? "flag on" : "flag", text: letter, testid: `flag-${i}`,
          title: `${letter}: ${on ? "set" : "clear"} (click to toggle bit ${hex(bit, 2)} of ${reg})`,
          onclick: () => set(reg, value ^ bit),
        });
      }),
      ...(reply.family === "tms9900" ? [el("span", { class: "dim", text: ` mask=${value & 0xf}` })] : []));
  }

  return {
    async update() { render(await page.debug("registers")); },
    dispose() { root.replaceChildren(); },
  };
}
