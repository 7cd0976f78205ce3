// Controls: which key presses which button; click a button's key to rebind
// it (the next key pressed), remembered per machine. Gamepads map by the
// standard layout.

import { el } from "./dom.js";
import { buttonRows, pretty } from "./keynames.js";

export function create(root, page) {
  const table = el("table", { class: "keys", testid: "keys-table" });
  const reset = el("button", { text: "Default keys", testid: "keys-reset" });
  const hint = el("p", { class: "hint", testid: "keys-hint",
    text: "Click a key to change it, then press the new key (Esc cancels). Gamepads work too." });
  root.append(el("h2", { text: "Controls" }), table, el("div", { class: "row" }, reset), hint);
  let listening = null;   // {name, button} while waiting for a key

  function render() {
    const info = page.info();
    if (!info) return;
    const rows = buttonRows(info, page.input.bindings()).map(({ button: name, keys, label }) => {
      const button = el("button", {
        class: "keycap", testid: `key-${name}`, text: keys.join(" / ") || "—",
        title: `press to rebind ${name}`,
        onclick: () => listen(name, button),
      });
      return el("tr", {}, el("th", { text: label }), el("td", {}, button));
    });
    table.replaceChildren(...rows);
  }

  function listen(name, button) {
    stop();
    listening = { name, button };
    button.textContent = "press a key…";
    page.input.setEnabled(false);
    window.addEventListener("keydown", onKey, { capture: true });
  }

  function stop() {
    window.removeEventListener("keydown", onKey, { capture: true });
    if (listening) page.input.setEnabled(true);
    listening = null;
  }

  function onKey(event) {
    event.preventDefault();
    event.stopPropagation();
    const { name } = listening;
    if (event.code !== "Escape") {
      page.input.remap(event.code, name);
      page.message(`${name} is now ${pretty(event.code)}`, "info");
    }
    stop();
    render();
    page.keysChanged?.();
  }

  reset.addEventListener("click", () => {
    page.input.resetBindings(page.info());
    render();
    page.keysChanged?.();
  });

  return {
    update() {},
    /** Call after a machine loads. */
    refresh: render,
    dispose() { stop(); root.replaceChildren(); },
  };
}

