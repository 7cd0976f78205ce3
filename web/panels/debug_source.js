// The routine's assembler source, from the listing: the line PC is on is
// highlighted and kept in view. A file is fetched once, then only the
// highlight moves. Clicking a line number toggles an exec breakpoint there.

import { el, addr4 } from "./debug_common.js";

export function create(root, session) {
  let follow = true;
  let file = null;            // the file shown
  let rows = new Map();       // line number -> row element
  let byAddr = new Map();     // address a line starts at -> row element
  let current = null;
  const picker = el("select", { testid: "dbg-source-file", title: "source file" });
  const pcButton = el("button", { text: "PC", testid: "dbg-source-pc", title: "follow PC again",
    onclick: () => { follow = true; markTarget(null); update(); } });
  const where = el("span", { class: "dim", testid: "dbg-source-where" });
  const list = el("div", { class: "dbg-lines dbg-source", testid: "dbg-source" });
  root.append(el("h2", { text: "Source" }), el("div", { class: "row" }, picker, pcButton, where), list);
  picker.addEventListener("change", async () => {
    follow = false;
    await show(picker.value);
  });

  async function show(name, here = null) {
    const reply = await session.debug("source_lines", name ? { file: name } : {});
    file = reply.file;
    picker.replaceChildren(...reply.files.map((f) => el("option", { value: f, text: f, selected: f === file })));
    rows = new Map();
    byAddr = new Map();
    list.replaceChildren(...reply.lines.map((line) => {
      const number = el("button", {
        class: "gutter line-no", text: String(line.line), disabled: line.addr === null,
        testid: `src-bp-${line.line}`,
        title: line.addr === null ? "" : `${addr4(line.addr)}: toggle an exec breakpoint`,
        onclick: () => session.toggleBreakpoint(line.addr),
      });
      const row = el("div", { class: "dbg-line src", testid: `src-${line.line}` }, number,
        el("span", { class: "dbg-text", text: line.text }));
      rows.set(line.line, row);
      if (line.addr !== null) byAddr.set(line.addr, row);
      return row;
    }));
    current = null;
    mark(here ?? reply.current);
    if (target !== null && target.file === file) markTarget(target);
  }

  function mark(line) {
    if (current !== null) rows.get(current)?.classList.remove("pc");
    current = line;
    const row = line === null ? null : rows.get(line);
    if (!row) return;
    row.classList.add("pc");
    scrollTo(row);
  }

  function scrollTo(row) {
    // Scroll the list only (scrollIntoView would move the whole page).
    const top = row.offsetTop;  // the list is positioned: offsets are within it
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - row.offsetHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 3);
    }
  }

  // A line asked for from elsewhere (the event viewer's instruction): {file,
  // line}, marked as the cursor (whenever its file is shown) until PC is
  // followed again.
  let target = null;
  function markTarget(where) {
    for (const row of list.querySelectorAll(".dbg-line.cursor")) row.classList.remove("cursor");
    target = where;
    const row = where !== null && where.file === file ? rows.get(where.line) : null;
    if (row) { row.classList.add("cursor"); scrollTo(row); }
  }

  async function update(status) {
    if (status?.running) return;  // the line under PC is a blur while running
    const here = await session.debug("source");
    where.textContent = here ? `${here.file}:${here.line}` : "PC is outside the listing";
    if (follow && here && here.file !== file) await show(here.file, here.line);
    else if (file === null) await show(target?.file ?? null);
    else mark(here && here.file === file ? here.line : null);
    markBreakpoints(await session.debug("list_breakpoints"));
  }

  function markBreakpoints(items) {
    const exec = items.filter((bp) => bp.kind === "exec" && bp.enabled);
    for (const [addr, row] of byAddr) {
      row.classList.toggle("bp", exec.some((bp) => bp.start <= addr && addr <= bp.end));
    }
  }

  return {
    update,
    /** The list just became visible: bring the line asked for (else PC's) into view. */
    reveal() { if (target !== null) markTarget(target); else if (current !== null) mark(current); },
    /** A stop: show PC's line again, in whichever file it is. */
    followPc() { follow = true; markTarget(null); },
    /** Show a line of a file (its row marked as the cursor), PC no longer followed. */
    async showLine(name, line) {
      follow = false;
      markTarget({ file: name, line });
      if (name !== file) await show(name);
    },
    load() { file = null; follow = true; },
    dispose() { root.replaceChildren(); },
  };
}
