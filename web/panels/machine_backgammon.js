// FDS Backgammon's own panel: the dice tape, game controls, the record, and the
// explorer of the 32 sequences (plots on canvases). Text only, never HTML.

import { el } from "./dom.js";
import { createReadyEdits } from "./ready_edits.js";

const KINDS = ["human", "computer", "oracle"];

export function create(root, page) {
  const command = (verb, args = {}) => page.request("command", { verb, args });
  const act = async (verb, args) => {
    try { return await command(verb, args); }
    catch (err) { page.message(err.message, "error"); return null; }
  };

  // -- game controls --------------------------------------------------------------------
  const seqInput = el("input", { type: "number", min: 0, max: 31, value: "", testid: "bg-sequence" });  // filled from the machine (one source)
  const whiteSel = el("select", { testid: "bg-white" }, KINDS.map((k) => el("option", { value: k, text: k })));
  const blackSel = el("select", { testid: "bg-black" }, KINDS.map((k) => el("option", { value: k, text: k })));
  blackSel.value = "computer";
  // A choice made is kept in the selects until a state shows it: a frame drawn
  // late (sent before the choice) must not put the old players back.
  let chosen = null; // [white, black] asked for, not yet seen in a state
  const setPlayers = async () => {
    const players = [whiteSel.value, blackSel.value];
    chosen = players;
    const out = await act("players", { white: players[0], black: players[1] });
    if (out === null && chosen === players) chosen = null;  // refused: show the machine's
  };
  whiteSel.addEventListener("change", setPlayers);
  blackSel.addEventListener("change", setPlayers);
  const status = el("p", { class: "bg-status", testid: "bg-status" });
  // The game so far as a link: the sequence and the moves (textContent only).
  const shareLink = el("code", { testid: "bg-share-link" });
  shareLink.style.cssText = "word-break:break-all;font-size:0.85em";
  const controls = el("div", { class: "bg-controls" },
    el("label", {}, "sequence ", seqInput),
    el("button", { text: "New game", testid: "bg-new-game",
      onclick: () => act("new_game", { sequence: Number(seqInput.value) }) }),
    el("button", { text: "Reset (keep $33)", testid: "bg-reset", onclick: () => act("reset") }),
    el("label", {}, " White ", whiteSel),
    el("label", {}, " Black ", blackSel),
    el("button", { text: "Undo", testid: "bg-undo", onclick: () => act("undo") }),
    el("button", { text: "Done", testid: "bg-confirm", onclick: () => act("confirm") }));

  // -- the dice tape ----------------------------------------------------------------------
  // Inline styles: the panel brings its own look without touching the page's CSS.
  const tape = el("div", { class: "bg-tape", testid: "bg-tape" });
  tape.style.cssText = "display:flex;flex-wrap:wrap;gap:3px;max-height:9em;overflow-y:auto;" +
    "font-family:monospace;font-size:0.9em";
  const ROLL_STYLE = "padding:1px 4px;border:1px solid #555;border-radius:3px";
  const CURRENT_STYLE = `${ROLL_STYLE};background:#e0a030;color:#000;font-weight:bold`;

  // -- record -------------------------------------------------------------------------------
  const record = el("textarea", { rows: 8, cols: 44, spellcheck: false, testid: "bg-record" });
  const linkOut = el("code", { testid: "bg-link" });
  const recordBox = el("div", { class: "bg-record" },
    el("button", { text: "Export", testid: "bg-export", onclick: async () => {
      const out = await act("export");
      if (out) { record.value = out.text; linkOut.textContent = out.link; }
    } }),
    el("button", { text: "Import", testid: "bg-import", onclick: async () => {
      const out = await act("import", { text: record.value });
      if (out) page.message(`imported ${out.turns} turns`, "info");
    } }),
    el("br"), record, el("div", {}, "link moves: ", linkOut));

  // -- explorer -----------------------------------------------------------------------------
  const doublesCanvas = el("canvas", { width: 320, height: 120, testid: "bg-doubles-plot" });
  const totalsCanvas = el("canvas", { width: 320, height: 120, testid: "bg-totals-plot" });
  const explorerSeq = el("select", { testid: "bg-explorer-sequence" },
    Array.from({ length: 32 }, (_, i) => el("option", { value: i, text: `sequence ${i}` })));
  const explorerText = el("p", { testid: "bg-explorer-text" });
  let stats = null;
  explorerSeq.addEventListener("change", () => drawTotals());
  const explorer = el("details", { class: "bg-explorer", testid: "bg-explorer" },
    el("summary", { text: "Explorer: the 32 sequences" }),
    el("button", { text: "Compute", testid: "bg-explorer-compute", onclick: async () => {
      explorerText.textContent = "running the machine code for 32 sequences…";
      stats = await act("explorer");
      if (stats) { drawDoubles(); drawTotals(); }
    } }),
    el("div", {}, "doubles rate per sequence (line: 1/6)"), doublesCanvas,
    el("div", {}, explorerSeq, " totals 2-12 (bars) against the expectation (marks)"), totalsCanvas,
    explorerText);

  function drawDoubles() {
    const g = doublesCanvas.getContext("2d");
    const { width: w, height: h } = doublesCanvas;
    g.clearRect(0, 0, w, h);
    const seqs = stats.sequences;
    const top = Math.max(0.35, ...seqs.map((s) => s.doubles_rate));
    const bw = w / seqs.length;
    seqs.forEach((s, i) => {
      const bh = (s.doubles_rate / top) * (h - 12);
      g.fillStyle = i === Number(explorerSeq.value) ? "#e0a030" : "#4a8";
      g.fillRect(i * bw + 1, h - bh, bw - 2, bh);
    });
    const y = h - ((1 / 6) / top) * (h - 12);
    g.strokeStyle = "#c33";
    g.beginPath(); g.moveTo(0, y); g.lineTo(w, y); g.stroke();
  }

  function drawTotals() {
    if (!stats) return;
    drawDoubles();
    const s = stats.sequences[Number(explorerSeq.value)];
    const g = totalsCanvas.getContext("2d");
    const { width: w, height: h } = totalsCanvas;
    g.clearRect(0, 0, w, h);
    const top = Math.max(...s.totals, ...s.expected) * 1.1;
    const bw = w / 11;
    s.totals.forEach((count, i) => {
      const bh = (count / top) * (h - 14);
      g.fillStyle = "#48a";
      g.fillRect(i * bw + 3, h - 12 - bh, bw - 6, bh);
      const ey = h - 12 - (s.expected[i] / top) * (h - 14);
      g.fillStyle = "#c33";
      g.fillRect(i * bw + 1, ey - 1, bw - 2, 3);
      g.fillStyle = "#888";
      g.fillText(String(i + 2), i * bw + bw / 2 - 4, h - 1);
    });
    explorerText.textContent = `sequence ${explorerSeq.value}: ${s.rolls} rolls, ` +
      `${s.doubles} doubles (${(100 * s.doubles_rate).toFixed(1)}%, expected 16.7%), ` +
      `mean total ${s.mean_total.toFixed(2)} (expected 7), chi² ${s.chi2} (10 d.f.)`;
  }

  root.append(el("h2", { text: "Backgammon" }), controls, status,
    el("div", {}, "link to this game: ", shareLink),
    el("h3", { text: "Dice tape" }), tape, recordBox, explorer);

  let lastTapeKey = "";
  function drawTape(t) {
    const rolls = [...t.used, ...t.next];
    const key = `${t.current}:${rolls.length}:${JSON.stringify(rolls.slice(0, 4))}`;
    if (key === lastTapeKey) return;
    lastTapeKey = key;
    tape.replaceChildren(...rolls.map(([a, b], i) => {
      const span = el("span", {
        class: `roll${i === t.current ? " current" : ""}${i < t.used.length ? " used" : ""}${a === b ? " double" : ""}`,
        testid: i === t.current ? "bg-tape-current" : "bg-tape-roll",
        text: `${a}-${b}`, title: `roll ${i + 1}: ${a}-${b}${a === b ? " (doubles)" : ""}`,
      });
      span.style.cssText = i === t.current ? CURRENT_STYLE
        : `${ROLL_STYLE}${i < t.used.length ? ";opacity:0.45" : ""}${a === b ? ";font-weight:bold" : ""}`;
      return span;
    }));
  }

  createReadyEdits(root, page);
  return {
    update(state) {
      if (!state) return;
      if (state.tape) drawTape(state.tape);
      if (document.activeElement !== seqInput && Number.isInteger(state.sequence)) {
        seqInput.value = state.sequence;
      }
      if (state.players) {
        if (chosen && chosen[0] === state.players[0] && chosen[1] === state.players[1]) chosen = null;
        if (!chosen && document.activeElement !== whiteSel) whiteSel.value = state.players[0];
        if (!chosen && document.activeElement !== blackSel) blackSel.value = state.players[1];
      }
      const g = state.game;
      if (g && !g.linkable) {
        shareLink.textContent = "(this game's dice began after a wait at the title: a moves link " +
          "cannot say that; Share at the top carries the exact moment)";
      } else if (g) {
        const moves = g.link ? `&moves=${encodeURIComponent(g.link)}` : "";
        shareLink.textContent = `${location.origin}${location.pathname}#/backgammon?seed=${state.sequence}${moves}`;
      } else {
        shareLink.textContent = "";
      }
      if (state.mode === "title") {
        status.textContent = `Title screen: sequence ${state.sequence} in play; a reset now picks ` +
          `sequence ${state.live_sequence}. Press Start (Enter) to fix the dice.`;
      } else if (g) {
        const who = g.turn === 0 ? "White" : "Black";
        const dice = g.dice ? ` ${g.dice[0]}-${g.dice[1]} (left: ${g.dice_left.join(" ") || "none"})` : "";
        status.textContent = g.result
          ? g.message
          : `Sequence ${state.sequence}, ${who} to play${dice}. ${g.message}`;
      }
    },
    dispose() { root.replaceChildren(); },
  };
}
