// NES Tetris's own panel: how $9907 will choose the next piece from the RNG,
// the article's reroll table with the current column marked, the selection
// probabilities beside this game's statistics. Text only, never HTML.

import { el, hex } from "./dom.js";
import { createEndings, createScores } from "./tetris_endings.js";
import { createAi } from "./tetris_ai.js";
import { createVersus } from "./tetris_versus.js";
import { createReadyEdits } from "./ready_edits.js";

const TYPES = ["T", "J", "Z", "O", "S", "L", "I"];
const MARK = "background:#e0a030;color:#000;font-weight:bold";

// The NEXT box shows the piece already chosen; this line is about the one
// chosen after it, when the current piece locks.
function choiceText(sel) {
  const after = `NEXT box: ${sel.next_box}. The piece after it`;
  if (sel.source === "demo") {
    return `${after} comes from the demo's table at $${hex(sel.table_at, 4)}: ${sel.result}.`;
  }
  const first = Number.isInteger(sel.first) ? `spawn table gives $${hex(sel.first, 2)}` : "7 is invalid";
  return `${after}, if chosen at this frame: index ${sel.index}: ${first}` +
    (sel.reroll ? " -> reroll" : "") + ` -> ${sel.result} (the RNG steps every frame, so this changes until the piece locks).`;
}

export function create(root, page) {
  const ai = createAi(root, page);
  const link = (label, addr) => el("button", {
    class: "link", text: label, title: "show in the memory view",
    testid: `tetris-addr-${addr.toString(16)}`, onclick: () => page.gotoMemory(addr),
  });

  // -- the next choice ----------------------------------------------------------------------
  const choice = el("p", { class: "tetris-choice", testid: "tetris-choice" });
  const choiceBox = el("div", {},
    el("h3", {}, "The piece after NEXT (", link("$9907", 0x9907), "; the demo: ", link("$DF00", 0xdf00), ")"),
    el("p", {}, "index = (RNG high ", link("$0017", 0x17), " + spawnCount ",
      link("$001A", 0x1a), " + 1) & 7; 7 or a repeat of spawnID ", link("$0019", 0x19),
      " rerolls: (new RNG high & 7 + spawnID) mod 7."),
    choice);

  // -- the reroll table ------------------------------------------------------------------------
  const bias = el("table", { class: "tetris-bias", testid: "tetris-bias" });
  const biasBox = el("div", {}, el("h3", { text: "Reroll table: type by 3-bit value and previous spawnID" }), bias);
  let biasCells = null;

  // -- probabilities and statistics --------------------------------------------------------------
  const probs = el("table", { class: "tetris-probs", testid: "tetris-probs" });
  const probRows = new Map();
  probs.append(el("tr", {}, el("th", { text: "type" }), el("th", { text: "P (article)" }),
    el("th", { text: "this game" }), el("th", { text: "count" })));
  for (const t of TYPES) {
    const cells = [el("td"), el("td"), el("td")];
    probs.append(el("tr", { testid: `tetris-prob-${t}` }, el("th", { text: t }), ...cells));
    probRows.set(t, cells);
  }
  const probBox = el("div", {}, el("h3", {}, "Selection probabilities and statistics (",
    link("$03F0", 0x3f0), ")"), probs);

  root.append(el("h2", { text: "Tetris: piece selection" }), choiceBox, biasBox, probBox);
  createEndings(root, page);
  const updateVersus = createVersus(root, page);
  const updateScores = createScores(root);

  function buildBias(table) {
    bias.replaceChildren();
    const head = el("tr", {}, el("th", { text: "value" }), table.columns.map((c) => el("th", { text: c })));
    bias.append(head);
    biasCells = table.rows.map((row, r) => {
      const cells = row.map((t) => el("td", { text: t }));
      bias.append(el("tr", {}, el("th", { text: String(r) }), cells));
      return cells;
    });
    biasCells.columns = table.columns;
  }

  createReadyEdits(root, page);
  return {
    update(state) {
      ai.update(state);
      if (!state || !state.selection) return;
      updateScores(state);
      updateVersus(state);
      choice.textContent = choiceText(state.selection);
      if (state.bias_table && !biasCells) buildBias(state.bias_table);
      if (biasCells) {
        const col = Number.isInteger(state.spawn_id) ? biasCells.columns.indexOf(`$${hex(state.spawn_id, 2)}`) : -1;
        biasCells.forEach((cells) => cells.forEach((cell, c) => { cell.style.cssText = c === col ? MARK : ""; }));
      }
      const stats = state.stats || {};
      const total = TYPES.reduce((sum, t) => sum + (stats[t] || 0), 0);
      for (const t of TYPES) {
        const [p, share, count] = probRows.get(t);
        p.textContent = `${(100 * (state.probabilities?.[t] || 0)).toFixed(2)}%`;
        share.textContent = total ? `${(100 * (stats[t] || 0) / total).toFixed(1)}%` : "-";
        count.textContent = String(stats[t] || 0);
      }
    },
    dispose() { ai.dispose(); root.replaceChildren(); },
  };
}
