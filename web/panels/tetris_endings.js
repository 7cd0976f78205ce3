// NES Tetris: the debug jump to an ending (it sets the score, or the B-type
// start level and height, and the play state; the game's own code does the
// rest) and the high-score table kept in the browser. Text only, never HTML.

import { el } from "./dom.js";

const A_ENDINGS = ["0: 30,000", "1: 50,000", "2: 70,000", "3: 100,000 (Buran)", "4: 120,000 (the cathedral)"];
const B_ENDINGS = ["0: dragonflies", "1: doves", "2: penguins", "3: UFOs", "4: pterosaurs",
  "5: blimps", "6: ostriches", "7: dragons", "8: Burans", "9: the castle and its band"];

export function createEndings(root, page) {
  const type = el("select", { testid: "tetris-ending-type" },
    el("option", { value: "A", text: "A-type (by score)" }),
    el("option", { value: "B", text: "B-type (by level)" }));
  const ending = el("select", { testid: "tetris-ending-number" });
  const height = el("select", { testid: "tetris-ending-height" },
    [0, 1, 2, 3, 4, 5].map((h) => el("option", { value: String(h), text: `height ${h}` })));
  const fill = () => {
    const names = type.value === "A" ? A_ENDINGS : B_ENDINGS;
    ending.replaceChildren(...names.map((n, i) => el("option", { value: String(i), text: n })));
    height.disabled = type.value === "A";
  };
  type.addEventListener("change", fill);
  fill();
  const go = el("button", {
    text: "Show ending", testid: "tetris-ending-go",
    title: "sets the score (A) or the level and height (B) and the play state; the game's code shows the ending",
    onclick: async () => {
      try {
        await page.request("command", { verb: "ending", args: {
          type: type.value, ending: Number(ending.value), height: Number(height.value) } });
        page.message(`${type.value}-type ending ${ending.value}: on its way`, "info");
      } catch (err) { page.message(err.message, "error"); }
    },
  });
  root.append(el("div", { testid: "tetris-endings" },
    el("h3", { text: "Endings (debug jump)" }),
    el("p", {}, "A-type endings come from the score's top digits ($A96E), B-type ones from the start level, the height (+1) giving how many fly (in the castle of 9, how many of the band play)."),
    el("p", {}, type, " ", ending, " ", height, " ", go)));
}

// The high-score tables ($0700 scores and levels, $0720 names), as the page
// keeps them in the browser. Returns update(state).
export function createScores(root) {
  const table = el("table", { class: "tetris-scores", testid: "tetris-high-scores" });
  root.append(el("div", {}, el("h3", { text: "High scores (kept in this browser)" }), table));
  let last = "";
  return (state) => {
    const scores = state?.high_scores;
    if (!scores) return;
    const key = JSON.stringify(scores);
    if (key === last) return;
    last = key;
    table.replaceChildren(el("tr", {}, ["type", "#", "name", "score", "level"].map((h) => el("th", { text: h }))));
    for (const kind of ["A", "B"]) {
      (scores[kind] || []).forEach((row, i) => table.append(el("tr", { testid: `tetris-score-${kind}${i + 1}` },
        el("td", { text: kind }), el("td", { text: String(i + 1) }), el("td", { text: row.name }),
        el("td", { text: row.score }), el("td", { text: String(row.level) }))));
    }
  };
}
