// The article's experiments as ready edits of the machine's source
// (py/retroscope/machines/<id>/edits.py): each with what it shows, the files
// it changes, its diff on request and Apply (a patch: the game goes on with
// the new code) or Restart with it. Text only, never HTML.

import { el } from "./dom.js";

export function createReadyEdits(root, page) {
  const list = el("div", { class: "ready-edits", testid: "ready-edits" });
  const box = el("details", { class: "ready-edits-box", testid: "ready-edits-box" },
    el("summary", { text: "The article's experiments: edits of the program" }), list);
  root.append(box);

  function row(edit) {
    const diff = el("pre", { class: "program-diff mono", hidden: true, text: "" });
    const apply = (mode) => page.applyEdit({ name: edit.name }, { mode });
    return el("div", { class: "ready-edit", testid: `ready-edit-${edit.name}` },
      el("strong", { text: edit.title }),
      el("p", { class: "dim", text: `${edit.shows} (${edit.files.join(", ")})` }),
      el("div", { class: "row" },
        el("button", { text: "Apply", testid: `ready-apply-${edit.name}`,
          title: "put the edit in now: RAM and devices kept", onclick: () => apply("patch") }),
        el("button", { text: "Restart with it", testid: `ready-restart-${edit.name}`,
          title: "power on with the edited program", onclick: () => apply("restart") }),
        el("button", { text: "Read it", title: "the edit as a diff", onclick: () => {
          diff.hidden = !diff.hidden;
          if (!diff.hidden) diff.textContent = edit.diff;
        } })),
      diff);
  }

  const loaded = page.request("ready_edits").then((edits) => {
    box.hidden = !edits.length;
    list.replaceChildren(...edits.map(row));
    return edits;
  }, () => { box.hidden = true; return []; });
  box.hidden = true;
  return loaded;
}
