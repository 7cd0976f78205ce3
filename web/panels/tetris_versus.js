// NES Tetris: the unfinished 2-player versus mode the article documents. The
// toggle writes the number of players at $00BE (the panel's `players` verb);
// a game under way begins again with two fields. Player 2 uses W A S D, Q, E.

import { el } from "./dom.js";

export function createVersus(root, page) {
  const box = el("input", { type: "checkbox", testid: "tetris-players-2" });
  const note = el("span", { testid: "tetris-versus-state" });
  box.addEventListener("change", async () => {
    const count = box.checked ? 2 : 1;
    try {
      await page.request("command", { verb: "players", args: { count } });
      page.message(`$00BE = ${count}: ${count === 2 ? "two fields, player 2 on W A S D, Q and E" : "one player"}`, "info");
    } catch (err) { page.message(err.message, "error"); box.checked = !box.checked; }
  });
  root.append(el("div", { testid: "tetris-versus" },
    el("h3", { text: "2 players (unfinished versus mode)" }),
    el("p", {}, "The article: setting $00BE to 2 shows two fields in the 1-player screen; a double, triple or Tetris sends garbage to the other; a loss begins the game again."),
    el("label", {}, box, " two players ($00BE = 2) "), note));
  return (state) => {
    if (!state || state.players === undefined) return;
    if (document.activeElement !== box) box.checked = state.players === 2;
    note.textContent = state.versus ? "playing: two fields" : "";
  };
}
