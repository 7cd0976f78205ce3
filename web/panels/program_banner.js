// The program banner: while the program running is not the shipped one (a
// link's src=, an edit applied in the page), it says so at the top of the
// messages ("this link changes the program: 3 lines in ghostdir.asm"), shows
// the change as a unified diff on request, and offers Revert. Text only.

import { el } from "./dom.js";

/** "3 lines in ghostdir.asm, 1 line in ram.inc" from [{file, lines}]. */
export function changedText(files) {
  return files.map(({ file, lines }) => `${lines} line${lines === 1 ? "" : "s"} in ${file}`).join(", ");
}

export function create(list, page) {
  const text = el("span", { testid: "program-banner-text" });
  const diff = el("pre", { class: "program-diff mono", testid: "program-diff", hidden: true });
  const toggle = el("button", { text: "Show diff", testid: "program-show-diff", onclick: toggleDiff });
  const revert = el("button", { text: "Revert", testid: "program-revert",
    title: "back to the shipped program (RAM and devices kept)", onclick: () => page.revertSource() });
  const item = el("li", { class: "message program", testid: "program-banner", "data-kind": "program" },
    el("div", { class: "program-banner-body" }, text, diff), toggle, revert);

  async function toggleDiff() {
    if (!diff.hidden) { diff.hidden = true; toggle.textContent = "Show diff"; return; }
    try {
      const info = await page.request("sources");
      diff.textContent = info.diff || "(no change)";
      diff.hidden = false;
      toggle.textContent = "Hide diff";
    } catch (err) {
      page.message(err.message, "error");
    }
  }

  return {
    /** `program`: {files: [{file, lines}]} (none: the shipped program);
     *  `fromLink`: the load's link made the change (else an edit here). */
    show(program, fromLink) {
      const files = program?.files ?? [];
      if (!files.length) { item.remove(); return; }
      text.textContent = `${fromLink ? "this link changes" : "you changed"} the program: ${changedText(files)}`;
      diff.hidden = true;
      toggle.textContent = "Show diff";
      if (item.parentNode !== list) list.prepend(item);
    },
    shown: () => item.parentNode === list,
  };
}
