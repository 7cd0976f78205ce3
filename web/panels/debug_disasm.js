// Disassembly around PC (or any address or symbol), with labels. Click a
// line to put the cursor there (the toolbar's "To cursor" runs to it); the
// dot toggles an exec breakpoint; the arrow runs to that line at once.

import { el, hex, addr4, addressArg } from "./debug_common.js";

const BEFORE = 6;
const AFTER = 14;

export function create(root, page) {
  let follow = true;          // follow PC, or stay where the user looked
  let at = null;              // the address viewed when not following
  let cursor = null;
  let lines = [];
  const where = el("input", {
    class: "addr-input", testid: "dbg-disasm-address", spellcheck: false, placeholder: "address or symbol",
    title: "show code at an address ($AB47) or a symbol; Enter",
  });
  const goButton = el("button", { text: "Go", testid: "dbg-disasm-go", onclick: go });
  const pcButton = el("button", { text: "PC", testid: "dbg-disasm-pc", title: "follow PC again",
    onclick: () => { follow = true; update(); } });
  const list = el("div", { class: "dbg-lines dbg-disasm", testid: "dbg-disasm" });
  root.append(el("h2", { text: "Disassembly" }),
    el("div", { class: "row" }, where, goButton, pcButton), list);
  where.addEventListener("keydown", (e) => { if (e.key === "Enter") go(); });

  async function go() {
    const target = addressArg(where.value);
    try {
      render(await page.debug("disassemble", { addr: target, before: BEFORE, after: AFTER }));
      follow = false;
      at = target;
    } catch (err) { page.message(err.message); }
  }

  function render(reply) {
    lines = reply;
    list.replaceChildren(...reply.map((line) => {
      const a = hex(line.addr, 4);
      const classes = ["dbg-line"];
      if (line.pc) classes.push("pc");
      if (line.breakpoint) classes.push("bp");
      if (line.data) classes.push("data");   // the listing says: bytes, not code
      if (line.addr === cursor) classes.push("cursor");
      return el("div", { class: classes.join(" "), testid: `dis-${a}`, onclick: () => select(line.addr) },
        el("button", {
          class: "gutter", text: line.breakpoint ? "●" : "○", testid: `dis-bp-${a}`,
          title: "toggle an exec breakpoint here",
          onclick: (e) => { e.stopPropagation(); page.toggleBreakpoint(line.addr); },
        }),
        el("span", { class: "dbg-addr", text: a }),
        el("span", { class: "dbg-bytes", text: line.bytes.toUpperCase().replace(/(..)(?=.)/g, "$1 ") }),
        el("span", { class: "dbg-text" },
          line.label ? el("span", { class: "dbg-label", text: `${line.label}: ` }) : null,
          line.text),
        el("button", {
          class: "go-here", text: "▶", testid: `dis-run-${a}`, title: "run to here",
          onclick: (e) => { e.stopPropagation(); page.step("cursor", 1, line.addr); },
        }));
    }));
  }

  function select(addr) {
    cursor = addr;
    for (const row of list.children) {
      row.classList.toggle("cursor", row.dataset.testid === `dis-${hex(addr, 4)}`);
    }
  }

  async function update(status) {
    if (status?.running && !follow) return;  // nothing moves where the user looks
    const args = follow ? { before: BEFORE, after: AFTER } : { addr: at, before: BEFORE, after: AFTER };
    render(await page.debug("disassemble", args));
  }

  return {
    update,
    /** Show code at an address and put the cursor there (from the call stack). */
    showAt(addr) {
      where.value = addr4(addr);
      cursor = addr;
      go();
    },
    load() { cursor = null; follow = true; },
    cursor: () => cursor,
    lines: () => lines,
    dispose() { root.replaceChildren(); },
  };
}
