// The trace: on/off, and the last 10,000 instructions as a .txt download
// (a Blob URL: same origin, nothing leaves the page).

import { el } from "./debug_common.js";

export function create(root, page) {
  const toggle = el("input", { type: "checkbox", testid: "trace-toggle" });
  const download = el("button", { text: "Download trace", testid: "trace-download", onclick: save });
  const note = el("span", { class: "dim", testid: "trace-note" });
  root.append(el("h2", { text: "Trace" }),
    el("div", { class: "row" }, el("label", {}, toggle, " record instructions"), download), note);
  toggle.addEventListener("change", async () => {
    try {
      await page.debug("set_trace", { on: toggle.checked });
      note.textContent = toggle.checked ? "recording (the machine runs instruction by instruction)" : "";
    } catch (err) { page.message(err.message, "error"); }
  });

  async function save() {
    const text = await page.debug("trace_text");
    if (!text) { page.message("the trace is empty: switch it on and run or step first"); return; }
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = el("a", { href: url, download: `${page.machineId() || "retroscope"}-trace.txt` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  return {
    update() {},
    load() { toggle.checked = false; note.textContent = ""; },
    save,
    dispose() { root.replaceChildren(); },
  };
}
