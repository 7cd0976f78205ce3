// JMC's own panel: where the game stands, links into the article's arrays, the
// save game (kept by the 6502 through OSFIND/OSGBPB, downloadable as a file
// with a header and checksum) and a new game. Text only, never HTML.

import { el } from "./dom.js";
import { createReadyEdits } from "./ready_edits.js";

const ARRAYS = [
  ["V_board_pieces", 0x0400], ["V_piece_types", 0x0430], ["V_piece_quantities", 0x0460],
  ["V_map_bridge_up", 0x0470], ["V_map_bridge_down", 0x04a0], ["V_board_marks", 0x04d0],
  ["seed (galois32)", 0x005c],
];

export function create(root, page) {
  const act = async (verb, args = {}) => {
    try { return await page.request("command", { verb, args }); }
    catch (err) { page.message(err.message, "error"); return null; }
  };

  const status = el("p", { class: "jmc-status", testid: "jmc-status" });
  const detail = el("p", { class: "jmc-detail", testid: "jmc-detail" });
  const link = el("code", { testid: "jmc-link" });

  const links = el("p", {}, ...ARRAYS.flatMap(([name, addr]) => [el("button", {
    class: "link", text: name, title: "show in the memory view",
    testid: `jmc-addr-${addr.toString(16)}`, onclick: () => page.gotoMemory(addr),
  }), " "]));

  const upload = el("input", { type: "file", accept: ".jmc,application/octet-stream",
    testid: "jmc-upload" });
  upload.addEventListener("change", async () => {
    const file = upload.files && upload.files[0];
    upload.value = "";
    if (!file) return;
    if (file.size > 2048) { page.message("that file is too big to be a JMC saved game", "error"); return; }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    if (await act("upload", { hex })) page.message("saved game loaded from the file", "info");
  });

  const download = async () => {
    const out = await act("download");
    if (!out) return;
    const bytes = new Uint8Array(out.hex.match(/../g).map((h) => parseInt(h, 16)));
    const url = URL.createObjectURL(new Blob([bytes], { type: "application/octet-stream" }));
    const a = el("a", { href: url, download: out.name, testid: "jmc-download-link" });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const controls = el("div", { class: "jmc-controls" },
    el("button", { text: "Save game", testid: "jmc-save", onclick: async () => {
      if (await act("save")) page.message("saving: the 6502 writes JMCSAVE", "info");
    } }),
    el("button", { text: "Load game", testid: "jmc-load", onclick: () => act("load") }),
    el("button", { text: "Download save", testid: "jmc-download", onclick: download }),
    el("label", {}, " Load a file ", upload),
    el("button", { text: "New game (menu)", testid: "jmc-new-game", onclick: () => act("new_game") }));

  const help = el("p", { class: "jmc-help" },
    "Keys as the article has them: P or Space place (or pick, then move), S or Return ",
    "switch between board and tray, E or F1 end the setup or the turn, arrows move. ",
    "Or click a space, a tray piece, and the legend line to end. In the menu: H, C, D, R, B.");

  root.append(el("h2", { text: "Japanese Military Chess" }), status, detail,
    el("p", {}, "this random setup as a link: ", link), controls, help,
    el("h3", { text: "The article's arrays" }), links);

  createReadyEdits(root, page);
  return {
    update(state) {
      if (!state || !state.phase) return;
      const who = state.winner ? `${state.winner} has won` : `${state.turn} at the bottom`;
      status.textContent = `${state.phase} (${state.mode}, ${state.bridges} bridges): ${who}`;
      detail.textContent = [state.message, `pieces red ${state.pieces.red}, blue ${state.pieces.blue}`,
        `seed $${state.seed}`].filter(Boolean).join(" | ");
      link.textContent = state.link || "(set up by hand)";
    },
    dispose() { root.replaceChildren(); },
  };
}
