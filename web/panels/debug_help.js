// The help overlay: first the running machine's own keys (as bound now,
// remaps included, in the machine's order: player 1 before player 2), then the
// debugger's shortcuts (from main.js's one table) and what the panels do. "?"
// or the ? button opens it; Esc closes. The game waits while it is open: a
// machine that was running runs on when it closes.

import { el } from "./debug_common.js";
import { buttonRows } from "./keynames.js";

export function create(root, page) {
  const machineTitle = el("h2", { testid: "help-machine-title" });
  const machineKeys = el("table", { class: "dbg-table", testid: "help-machine-keys" });
  const machineSummary = el("p", { class: "dim", testid: "help-machine-summary" });
  const table = el("table", { class: "dbg-table", testid: "help-shortcuts" });
  const box = el("div", { class: "help-box", role: "dialog", "aria-label": "help" },
    machineTitle, machineKeys, machineSummary,
    el("p", { class: "dim", text: "Click a key in the Controls panel (Machine tab) to change it. Gamepads work too. "
      + "The first click on the picture gives it the focus; the next ones are the game's." }),
    el("h2", { text: "Debugger shortcuts" }), table,
    el("p", { class: "dim", text: "Disassembly: click a line to set the cursor, ● toggles a breakpoint, "
      + "▶ runs to that line. Source: a line number toggles a breakpoint. Memory: click a byte to edit it. "
      + "Conditions: registers (a, x, pc...), frame, cycles, symbols, [addr] a byte, w[addr] a word, "
      + "== != < <= > >=, && || !, & | ^ + -; numbers $1F, %1010, 31." }),
    el("button", { text: "Close", testid: "help-close", onclick: () => hide() }));
  root.append(box);
  root.hidden = true;
  root.addEventListener("click", (e) => { if (e.target === root) hide(); });
  for (const [keys, what] of page.shortcuts) {
    table.append(el("tr", {}, el("th", {}, el("kbd", { text: keys })), el("td", { text: what })));
  }

  function fill() {
    const info = page.info();
    machineTitle.textContent = info ? `${info.title}: keys` : "Keys";
    machineSummary.textContent = info?.summary || "";
    const rows = info ? buttonRows(info, page.input.bindings()) : [];
    machineKeys.replaceChildren(...rows.map(({ button, keys, label }) => el("tr", { testid: `help-key-${button}` },
      el("th", {}, ...(keys.length ? keys : ["—"]).map((k) => el("kbd", { text: k }))),
      el("td", { text: label }))));
  }
  let resume = false;   // the overlay paused a running machine: run it again on closing
  function show() {
    if (!root.hidden) return;
    fill();
    root.hidden = false;
    box.scrollTop = 0;  // the machine's keys first, whatever the window's height
    box.querySelector("[data-testid=help-close]").focus({ preventScroll: true });
    resume = page.isRunning();
    if (resume) page.pause();
  }
  function hide() {
    if (root.hidden) return;
    root.hidden = true;
    if (resume && !page.isRunning()) page.run();
    resume = false;
  }
  return {
    update() {},
    show,
    hide,
    toggle() { if (root.hidden) show(); else hide(); },
    dispose() { root.replaceChildren(); },
  };
}
