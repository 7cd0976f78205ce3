// Rewind: a slider over the recorded frames. Scrubbing pauses the machine
// and seeks (one seek in flight; the newest position wins); Run resumes
// from the frame shown, dropping the recorded future.

import { el } from "./debug_common.js";

export function create(root, page) {
  const slider = el("input", { type: "range", min: 0, max: 0, value: 0, step: 1, testid: "rewind-slider",
    class: "rewind-slider", title: "scrub back through the recorded frames" });
  const label = el("span", { class: "mono dim", testid: "rewind-label" });
  const back = el("button", { text: "◀ 60", testid: "rewind-back", title: "one second back",
    onclick: () => seek(Math.max(Number(slider.min), Number(slider.value) - 60)) });
  // The program's edits in the history: one button each, which seeks to it.
  const edits = el("span", { class: "rewind-edits", testid: "rewind-edits" });
  root.append(el("span", { class: "dim", text: "rewind" }), back, slider, label, edits);
  let info = null;
  let busy = false;
  let wanted = null;

  slider.addEventListener("input", () => seek(Number(slider.value)));

  async function seek(frame) {
    wanted = frame;
    slider.value = String(frame);
    if (busy) return;
    busy = true;
    try {
      if (page.isRunning()) await page.pause();
      while (wanted !== null) {
        const target = wanted;
        wanted = null;
        await page.debug("seek", { frame: target });
      }
    } catch (err) {
      page.message(err.message, "error");
    } finally {
      busy = false;
      page.changed();
    }
  }

  function render(status) {
    if (!info || info.first === null) {
      label.textContent = "nothing recorded yet: run or step a frame";
      slider.disabled = true;
      return;
    }
    slider.disabled = false;
    slider.min = String(info.first);
    slider.max = String(info.last);
    if (!busy) slider.value = String(Math.min(status?.frame ?? info.last, info.last));
    const kib = Math.round(info.bytes / 1024);
    label.textContent = `frames ${info.first}-${info.last} · ${kib} KiB of ${Math.round(info.budget / 1048576)} MiB`;
    renderEdits(info.events.filter((e) => e.kind === "source"));
  }

  // Each applied program edit: where it is in the history (seeking before it
  // shows the old program running, after it the new one).
  function renderEdits(events) {
    const key = events.map((e) => `${e.frame}:${e.payload.mode}:${e.payload.edit.length}`).join(",");
    if (edits.dataset.key === key) return;
    edits.dataset.key = key;
    edits.replaceChildren(...events.map((e) => el("button", {
      class: "rewind-edit", testid: "rewind-edit", "data-frame": e.frame,
      text: `${e.payload.edit ? "program edited" : "program reverted"} @${e.frame}`,
      title: `the program's source ${e.payload.edit ? "edited" : "put back as shipped"} (${e.payload.mode}) `
        + `at frame ${e.frame}: seek there`,
      onclick: () => seek(e.frame) })));
  }

  return {
    async update(status) {
      info = await page.debug("rewind_info");
      render(status);
    },
    seek,
    dispose() { root.replaceChildren(); },
  };
}
