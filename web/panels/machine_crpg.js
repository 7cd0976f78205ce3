// The TI-99/4A CRPG's own panel: the last step's map processing in cycles and
// milliseconds at 3 MHz, the article's copy loop against its unrolled form
// (both measured on the core), the world's maps, the map editor (brushes
// painted by clicking the picture, size, edges, slant, lights), sharing a map
// as a link or a file. Text only, never HTML.

import { el } from "./dom.js";
import { createReadyEdits } from "./ready_edits.js";

const CPU_HZ = 3_000_000;
const KINDS = [[1, "normal"], [0, "slant: rows shift one column left per row down"],
  [2, "slant: rows shift one column right per row down"]];
const fmt = (n) => Number(n).toLocaleString("en-US");

export function create(root, page) {
  const command = (verb, args = {}) => page.request("command", { verb, args });
  const act = async (verb, args) => {
    try { const out = await command(verb, args); page.changed(); return out; }
    catch (err) { page.message(err.message, "error"); return null; }
  };

  // -- the live numbers ------------------------------------------------------------------
  const where = el("p", { testid: "crpg-where" });
  const step = el("p", { testid: "crpg-step-cycles" });
  step.style.cssText = "font-size:1.1em;font-weight:bold";
  const live = el("div", {}, el("h3", { text: "Map processing (MAPPRC), this step" }), where, step,
    el("p", { text: "Counted on the emulated TMS9900 with the TI-99/4A's wait states: code and " +
      "buffers in the 8-bit expansion memory, workspace in the scratchpad." }));

  // -- the copy loop ------------------------------------------------------------------------
  const unroll = el("input", { type: "checkbox", testid: "crpg-unroll",
    onchange: () => act("unroll", { on: unroll.checked }) });
  const copyNow = el("p", { testid: "crpg-copy-cycles" });
  const copyTable = el("table", { testid: "crpg-copy-table" });
  const copyBox = el("div", {},
    el("h3", { text: "The article's copy loop (used to copy each map into >2000)" }),
    el("label", {}, unroll, " unrolled by eight (AI R3,-8)"), copyNow,
    el("button", { text: "Measure both loops on the core", testid: "crpg-measure",
      onclick: async () => {
        const out = await act("copy_cycles");
        if (!out) return;
        copyTable.replaceChildren(
          el("tr", {}, el("th", { text: "" }), el("th", { text: "measured (1,024 bytes)" }),
            el("th", { text: "article (1,024 bytes)" })),
          el("tr", {}, el("th", { text: "looped" }), el("td", { text: fmt(out.looped) }),
            el("td", { text: fmt(out.article.looped) })),
          el("tr", {}, el("th", { text: "unrolled" }), el("td", { text: fmt(out.unrolled) }),
            el("td", { text: fmt(out.article.unrolled) })),
          el("tr", {}, el("th", { text: "saving" }),
            el("td", { text: `${(100 * (1 - out.unrolled / out.looped)).toFixed(1)} %` }),
            el("td", { text: `${(100 * (1 - out.article.unrolled / out.article.looped)).toFixed(1)} %` })));
        copyNote.textContent = `${fmt(out.bytes)} bytes each, as in the article. It times MOVB at 44 ` +
          "cycles; the data manual with the 4A's wait states gives 42 with the workspace in the " +
          "scratchpad (58 with it on the 8-bit bus), so no layout matches its totals.";
      } }),
    copyTable);
  const copyNote = el("p", { testid: "crpg-copy-note" });
  copyBox.append(copyNote);

  // -- maps --------------------------------------------------------------------------------
  const mapSel = el("select", { testid: "crpg-map", onchange: () => act("goto", { map: mapSel.value }) });
  let mapIds = "";

  // -- the editor ----------------------------------------------------------------------------
  const brushSel = el("select", { testid: "crpg-brush" });
  const litBox = el("input", { type: "checkbox", checked: true, testid: "crpg-lit" });
  let brushesFor = "";
  const setBrush = () => {
    const [kind, code] = brushSel.value.split(":");
    const args = { kind };
    if (kind === "tile") Object.assign(args, { code: Number(code), lit: litBox.checked });
    if (kind === "mob") args.gfx = Number(code);
    act("brush", args);
  };
  brushSel.addEventListener("change", setBrush);
  litBox.addEventListener("change", setBrush);
  const num = (name, lo, hi) => el("input", { type: "number", min: lo, max: hi, size: 3,
    testid: `crpg-${name}` });
  const widthIn = num("width", 6, 64);
  const heightIn = num("height", 6, 64);
  const mapLightIn = num("map-light", 0, 255);
  const playerLightIn = num("player-light", 0, 15);
  const edgeSel = el("select", { testid: "crpg-edge" },
    el("option", { value: 0, text: "extend the edge" }), el("option", { value: 1, text: "wrap around" }));
  const kindSel = el("select", { testid: "crpg-kind" },
    KINDS.map(([v, t]) => el("option", { value: v, text: t })));
  // Changed but not applied: the fields keep the user's values until Apply, and
  // after it until a state shows the applied settings. Frames drawn after the
  // reply may carry state from before it (they are drawn on the next animation
  // frame), and would put the old values back under the user's next edit.
  let editing = false;
  let applied = null; // {map, settings} sent and accepted, not yet seen in a state
  for (const input of [widthIn, heightIn, mapLightIn, playerLightIn, edgeSel, kindSel]) {
    const edited = () => { editing = true; applied = null; };
    input.addEventListener("input", edited);
    input.addEventListener("change", edited);
  }
  const editor = el("div", {},
    el("h3", { text: "Map editor" }),
    el("p", { text: "Choose a brush, then click squares of the picture's window." }),
    el("label", {}, "brush ", brushSel), " ", el("label", {}, litBox, " lit"),
    el("div", {}, el("label", {}, "width ", widthIn), " ", el("label", {}, "height ", heightIn)),
    el("div", {}, el("label", {}, "edge ", edgeSel)),
    el("div", {}, el("label", {}, "map type (STATE+5) ", kindSel)),
    el("div", {}, el("label", {}, "map light (0: lit as stored) ", mapLightIn), " ",
      el("label", {}, "player light ", playerLightIn)),
    el("button", { text: "Apply", testid: "crpg-apply", onclick: async () => {
      // The fields stay the user's until the machine has the new settings: state
      // updates already on their way describe the map before Apply and would undo
      // them (and a refused change keeps them, to be corrected).
      const settings = { width: Number(widthIn.value), height: Number(heightIn.value),
        edge: Number(edgeSel.value), kind: Number(kindSel.value),
        map_light: Number(mapLightIn.value), player_light: Number(playerLightIn.value) };
      const map = mapSel.value;
      const out = await act("settings", settings);
      if (out !== null) applied = { map, settings };
    } }));

  // -- sharing ----------------------------------------------------------------------------
  const linkOut = el("input", { type: "text", readOnly: true, size: 40, testid: "crpg-share-link" });
  const linkInfo = el("span", { testid: "crpg-share-info" });
  const fileIn = el("input", { type: "file", accept: ".crpgmap,.txt", testid: "crpg-import-file" });
  fileIn.addEventListener("change", async () => {
    const file = fileIn.files?.[0];
    if (!file) return;
    if (file.size > 20_000) { page.message("that file is too large to be a map", "error"); return; }
    const out = await act("import", { code: await file.text() });
    if (out) page.message(`loaded map "${out.name}"`, "info");
    fileIn.value = "";
  });
  const share = el("div", {},
    el("h3", { text: "Share" }),
    el("button", { text: "Make link", testid: "crpg-share", onclick: async () => {
      const out = await act("export");
      if (!out) return;
      linkOut.value = `${location.origin}${location.pathname}#/crpg?map=${out.code}`;
      linkInfo.textContent = ` ${fmt(out.chars)} characters`;
    } }),
    el("button", { text: "Download map file", testid: "crpg-export-file", onclick: async () => {
      const out = await act("export");
      if (!out) return;
      const blob = new Blob([out.code], { type: "text/plain" });
      const a = el("a", { href: URL.createObjectURL(blob), download: `${out.name || "map"}.crpgmap` });
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    } }),
    linkInfo, el("div", {}, linkOut), el("label", {}, "open a map file ", fileIn));

  root.append(el("h2", { text: "TI-99/4A CRPG: map processing" }), live, copyBox,
    el("div", {}, el("label", {}, "map ", mapSel)), editor, share);

  createReadyEdits(root, page);
  return {
    update(state) {
      if (!state || state.step_cycles === undefined) return;
      where.textContent = `${state.map_name}: ${state.width} x ${state.height}, player at ` +
        `(${state.x}, ${state.y}), ${state.steps} steps drawn`;
      step.textContent = state.step_cycles
        ? `${fmt(state.step_cycles)} cycles = ${(1000 * state.step_cycles / CPU_HZ).toFixed(2)} ms at 3.0 MHz`
        : "no step yet";
      unroll.checked = !!state.unroll;
      copyNow.textContent = state.copy_cycles
        ? `last map copy: ${fmt(state.copy_cycles)} cycles (${state.copy_unrolled ? "unrolled" : "looped"})`
        : "";
      const ids = (state.maps || []).join(",");
      if (ids !== mapIds) {
        mapIds = ids;
        mapSel.replaceChildren(...state.maps.map((id) => el("option", { value: id, text: id })));
      }
      mapSel.value = state.map;
      const tiles = JSON.stringify([state.tiles, state.mob_graphics]);
      if (tiles !== brushesFor && state.tiles) {
        brushesFor = tiles;
        brushSel.replaceChildren(el("option", { value: "walk:", text: "(walk: no brush)" }),
          el("option", { value: "erase:", text: "remove a mob" }),
          ...state.tiles.map(([code, name]) => el("option", { value: `tile:${code}`, text: `tile: ${name}` })),
          ...state.mob_graphics.map(([code, name]) => el("option", { value: `mob:${code}`, text: `mob: ${name}` })));
      }
      const b = state.brush || {};
      brushSel.value = b.kind === "tile" ? `tile:${b.code}` : b.kind === "mob" ? `mob:${b.gfx}` : `${b.kind}:`;
      if (applied && (state.map !== applied.map ||
          Object.entries(applied.settings).every(([key, value]) => state[key] === value))) {
        applied = null;
        editing = false;
      }
      if (!editing) {
        widthIn.value = state.width; heightIn.value = state.height;
        edgeSel.value = state.edge; kindSel.value = state.kind;
        mapLightIn.value = state.map_light; playerLightIn.value = state.player_light;
      }
    },
    dispose() { root.replaceChildren(); },
  };
}
