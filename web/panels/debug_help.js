// The help overlay: the debugger's keyboard shortcuts (from main.js's one
// table) and what the panels do. "?" or the Help button opens it; Esc closes.

import { el } from "./debug_common.js";

export function create(root, session) {
  const table = el("table", { class: "dbg-table", testid: "help-shortcuts" });
  const box = el("div", { class: "help-box", role: "dialog", "aria-label": "debugger help" },
    el("h2", { text: "Debugger shortcuts" }), table,
    el("p", { class: "dim", text: "Disassembly: click a line to set the cursor, ● toggles a breakpoint, "
      + "▶ runs to that line. Source: a line number toggles a breakpoint. Memory: click a byte to edit it. "
      + "Conditions: registers (a, x, pc...), frame, cycles, symbols, [addr] a byte, w[addr] a word, "
      + "== != < <= > >=, && || !, & | ^ + -; numbers $1F, %1010, 31." }),
    el("button", { text: "Close", testid: "help-close", onclick: () => hide() }));
  root.append(box);
  root.hidden = true;
  root.addEventListener("click", (e) => { if (e.target === root) hide(); });
  for (const [keys, what] of session.shortcuts) {
    table.append(el("tr", {}, el("th", {}, el("kbd", { text: keys })), el("td", { text: what })));
  }
  function hide() { root.hidden = true; }
  return {
    update() {},
    show() { root.hidden = false; box.querySelector("button").focus(); },
    hide,
    toggle() { root.hidden = !root.hidden; },
    dispose() { root.replaceChildren(); },
  };
}
