// NES Tetris: "AI plays". The bot (py/retroscope/machines/tetris/ai.py) holds the
// pad through the worker's controller verb; any key takes it back. Shows the plan
// as a ghost over the screen, the chosen move's value and the runner-up's, and a
// plot of score and lines against time for the game so far. Text only, never HTML.

import { el } from "./dom.js";

const PLAYFIELD_X = 96;   // the playfield's top-left pixel: tile (12, 6)
const PLAYFIELD_Y = 48;
const CELL = 8;

function describe(move) {
  if (!move) return "-";
  const value = move.value === null ? "tops out" : move.value.toFixed(1);
  return `${move.piece} orientation $${move.orient.toString(16).padStart(2, "0")} at column ${move.x}, row ${move.y} (${move.presses} taps): ${value}`;
}

// BCD digits as the state gives them ("0123"; the top byte may pass 9: "0A23").
const bcdNumber = (text) => {
  if (typeof text !== "string" || text.length < 2) return 0;
  const hi = parseInt(text.slice(0, 2), 16) || 0;
  return hi * 10 ** (text.length - 2) + (parseInt(text.slice(2), 10) || 0);
};

export function createAi(root, page) {
  let on = false;
  const toggle = el("button", { text: "AI plays", testid: "tetris-ai-toggle", "aria-pressed": "false" });
  const taps = el("select", { testid: "tetris-ai-taps", title: "the bot's tapping rate" },
    el("option", { value: "30", text: "30 Hz taps" }), el("option", { value: "15", text: "15 Hz taps" }));
  const speeds = [["x1", 1], ["x4", 4], ["max", 0]].map(([label, factor]) => el("button", {
    text: label, testid: `tetris-ai-speed-${label}`, "data-factor": String(factor),
    onclick: () => setSpeed(factor),
  }));
  const status = el("p", { testid: "tetris-ai-status", text: "The player has the controller." });
  const chosen = el("p", { testid: "tetris-ai-eval", text: "chosen: -" });
  const runner = el("p", { testid: "tetris-ai-runner", text: "runner-up: -" });
  const plot = el("canvas", { testid: "tetris-ai-plot", width: "300", height: "110", class: "tetris-plot" });
  root.append(el("h2", { text: "Tetris: AI plays" }),
    el("div", { class: "row" }, toggle, taps, ...speeds), status, chosen, runner,
    el("h3", { text: "Score and lines, this game" }), plot);

  // The ghost: an overlay the size of the screen canvas, drawn in its pixels.
  const screen = document.querySelector('[data-testid="screen"]');
  const ghost = el("canvas", { testid: "tetris-ai-ghost", width: "256", height: "240" });
  ghost.style.cssText = "position:absolute;pointer-events:none;image-rendering:pixelated";
  screen?.parentElement?.append(ghost);

  // The buttons show the worker's speed, which a key taking the pad back and
  // another machine return to x1.
  const showSpeed = (factor) => speeds.forEach((b) =>
    b.setAttribute("aria-pressed", String(Number(b.dataset.factor) === factor)));
  showSpeed(page.speed());
  const stopShowingSpeed = page.onSpeed(showSpeed);

  async function setSpeed(factor) {
    try { await page.request("speed", { factor }); }
    catch (err) { page.message(err.message, "error"); }
  }

  async function setOn(want) {
    try {
      const options = { tap_hz: Number(taps.value) };
      await page.request("controller", want ? { source: "ai", options } : { source: "player" });
      on = want;
      show();
      if (want && !page.isRunning()) await page.request("run");
    } catch (err) {
      page.message(err.message, "error");
    }
  }
  toggle.addEventListener("click", () => setOn(!on));
  taps.addEventListener("change", () => { if (on) setOn(true); });

  function show() {
    toggle.setAttribute("aria-pressed", String(on));
    toggle.textContent = on ? "AI plays: on (a key takes it back)" : "AI plays";
    if (!on) {
      status.textContent = "The player has the controller.";
      drawGhost([]);
    }
  }

  function drawGhost(cells) {
    if (!screen) return;
    ghost.style.left = `${screen.offsetLeft}px`;
    ghost.style.top = `${screen.offsetTop}px`;
    ghost.style.width = `${screen.offsetWidth}px`;
    ghost.style.height = `${screen.offsetHeight}px`;
    const g = ghost.getContext("2d");
    g.clearRect(0, 0, ghost.width, ghost.height);
    g.strokeStyle = "rgba(255,255,255,0.9)";
    g.fillStyle = "rgba(255,255,255,0.25)";
    for (const [r, c] of cells) {
      const x = PLAYFIELD_X + CELL * c;
      const y = PLAYFIELD_Y + CELL * r;
      g.fillRect(x, y, CELL, CELL);
      g.strokeRect(x + 0.5, y + 0.5, CELL - 1, CELL - 1);
    }
  }

  // -- the plot: score and lines against frames, this game ---------------------------
  let points = [];
  function record(state) {
    if (state.game_mode !== 4) return;
    const score = bcdNumber(state.score);
    const lines = bcdNumber(state.lines);
    const last = points[points.length - 1];
    if (last && (state.frame < last.frame || score < last.score)) points = [];  // a new game, or rewound
    if (!last || state.frame !== last.frame) points.push({ frame: state.frame, score, lines });
    if (points.length > 4000) points = points.filter((_, i) => i % 2 === 0);
  }
  function drawPlot() {
    const g = plot.getContext("2d");
    const w = plot.width;
    const h = plot.height;
    g.fillStyle = "#111";
    g.fillRect(0, 0, w, h);
    if (points.length < 2) return;
    const f0 = points[0].frame;
    const span = Math.max(1, points[points.length - 1].frame - f0);
    const maxScore = Math.max(1, ...points.map((p) => p.score));
    const maxLines = Math.max(1, ...points.map((p) => p.lines));
    const line = (key, max, colour) => {
      g.strokeStyle = colour;
      g.beginPath();
      points.forEach((p, i) => {
        const x = ((p.frame - f0) / span) * (w - 2) + 1;
        const y = h - 14 - (p[key] / max) * (h - 20);
        if (i) g.lineTo(x, y); else g.moveTo(x, y);
      });
      g.stroke();
    };
    line("score", maxScore, "#e0a030");
    line("lines", maxLines, "#60b0ff");
    g.fillStyle = "#ccc";
    g.font = "10px monospace";
    const last = points[points.length - 1];
    g.fillText(`score ${last.score}  lines ${last.lines}  ${((span / 60.0988) | 0)} s`, 4, h - 3);
  }

  return {
    update(state) {
      if (!state) return;
      const ai = state.ai;
      if (on !== Boolean(ai)) { on = Boolean(ai); show(); }
      record(state);
      drawPlot();
      if (!ai) return;
      status.textContent = `The AI has the controller (${ai.tap_hz} Hz taps): ${ai.decisions} decisions, ` +
        `the last in ${ai.ms} ms over ${ai.candidates ?? 0} placements (at most ${ai.spread_ms_max} ms ` +
        `in one frame of the entry delay, ${ai.frame_ms_max} ms in any); next piece ${ai.next ?? "-"}.`;
      chosen.textContent = `chosen: ${describe(ai.chosen)}`;
      runner.textContent = `runner-up: ${describe(ai.runner_up)}`;
      drawGhost(ai.ghost || []);
    },
    dispose() {
      stopShowingSpeed();
      ghost.remove();
      if (on) page.request("controller", { source: "player" }).catch(() => {});
    },
  };
}
