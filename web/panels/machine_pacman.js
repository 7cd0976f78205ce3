// Pac-Man's own panel: the overlays, each ghost's last turn choice (the
// candidate distances the routine at $2966 compared), and the maze editor with
// its dead-end warnings and share link. Text only, never HTML.

import { el, addr4 } from "./dom.js";
import { createReadyEdits } from "./ready_edits.js";

const DIRS = ["right", "down", "left", "up"];
const GHOSTS = ["blinky", "pinky", "inky", "clyde"];
// The ghost table's rows: where each ghost is, then the squared distance to its
// target each way the routine tried, then the way it chose.
const GHOST_ROWS = ["state", "tile", "dir", "target", ...DIRS, "chose"];
const OVERLAYS = [["targets", "target tiles"], ["decisions", "turn choices"], ["walls", "through a wall"]];
// Editor paint: the maze kinds (maze.py CELL_KINDS), colours for the grid.
const PAINT = [["wall", 0], ["empty", 1], ["pellet", 2], ["energizer", 3], ["tunnel", 5], ["door", 4]];
const CELL_COLOURS = ["#2121ff", "#000000", "#ffb8ae", "#ffb8ae", "#ffb8ff", "#303048", "#101010"];
const SIZE = 8;  // pixels a cell on the editor's canvas

export function create(root, page) {
  const command = (verb, args = {}) => page.request("command", { verb, args });
  const act = async (verb, args) => {
    try { return await command(verb, args); }
    catch (err) { page.message(err.message, "error"); return null; }
  };
  const link = (label, addr) => el("button", {
    class: "link", text: label, title: "show in the memory view",
    testid: `pacman-addr-${addr.toString(16)}`, onclick: () => page.gotoMemory(addr),
  });

  // -- the routine -----------------------------------------------------------------------
  const intro = el("p", {},
    "Each time a ghost enters a tile, ", link("$2966", 0x2966),
    " tries right, down, left, up (vectors at ", link("$32FF", 0x32ff),
    "), skips the way back and tiles of $C0 and up, and keeps the least squared distance " +
    "to the target; a later direction wins a tie. With every way refused the direction " +
    "stays: the ghost goes on through the wall.");

  // -- overlays --------------------------------------------------------------------------
  const toggles = OVERLAYS.map(([name, label]) => {
    const box = el("input", { type: "checkbox", checked: true, testid: `pacman-overlay-${name}` });
    box.addEventListener("change", () => act("overlays", { [name]: box.checked }));
    return [name, box, el("label", {}, box, ` ${label} `)];
  });
  const overlayBox = el("div", { class: "pacman-overlays" }, el("strong", { text: "Overlays: " }),
    toggles.map(([, , label]) => label));

  // -- the ghosts' last decisions: a column a ghost (narrow enough for a small window) -------
  const ghostTable = el("table", { class: "pacman-ghosts", testid: "pacman-ghosts" });
  const ghostColumns = new Map(GHOSTS.map((name) => [name,
    { head: el("th", { text: name, testid: `pacman-ghost-${name}` }), cells: [] }]));
  ghostTable.append(el("tr", {}, el("th"), [...ghostColumns.values()].map(({ head }) => head)));
  for (const label of GHOST_ROWS) {
    const cells = GHOSTS.map((name) => {
      const cell = el("td");
      ghostColumns.get(name).cells.push(cell);
      return cell;
    });
    ghostTable.append(el("tr", {}, el("th", { text: label }), cells));
  }
  const wallNote = el("p", { class: "pacman-wall-note", testid: "pacman-wall-note" });

  // -- the maze editor -------------------------------------------------------------------
  let maze = null;          // {cells, columns, rows, link, dead_ends}
  let paint = 0;            // the kind being drawn
  let drawing = false;
  const canvas = el("canvas", { width: 28 * SIZE, height: 31 * SIZE, testid: "pacman-editor" });
  canvas.style.cssText = "image-rendering:pixelated;width:336px;height:372px;cursor:crosshair;" +
    "border:1px solid #444;touch-action:none";
  const ctx = canvas.getContext("2d");
  const paints = PAINT.map(([name, kind]) => el("button", {
    text: name, testid: `pacman-paint-${name}`,
    onclick: () => { paint = kind; markPaint(); },
  }));
  const markPaint = () => paints.forEach((b, i) => { b.style.fontWeight = PAINT[i][1] === paint ? "bold" : ""; });
  const warnings = el("p", { class: "pacman-deadends", testid: "pacman-deadends" });
  const shareOut = el("code", { testid: "pacman-share-link" });
  shareOut.style.cssText = "word-break:break-all;font-size:0.8em";

  function draw() {
    if (!maze) return;
    const { cells, columns, rows } = maze;
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < columns; c++) {
        const kind = cells[r * columns + c];
        ctx.fillStyle = CELL_COLOURS[kind] || "#000";
        ctx.fillRect(c * SIZE, r * SIZE, SIZE, SIZE);
        if (kind === 2 || kind === 3) {  // pellets on a black floor
          ctx.fillStyle = "#000";
          ctx.fillRect(c * SIZE, r * SIZE, SIZE, SIZE);
          ctx.fillStyle = CELL_COLOURS[kind];
          const s = kind === 2 ? 2 : 6;
          ctx.fillRect(c * SIZE + (SIZE - s) / 2, r * SIZE + (SIZE - s) / 2, s, s);
        }
      }
    }
    ctx.strokeStyle = "#ff3030";
    ctx.lineWidth = 1;
    for (const [c, r] of maze.dead_ends) ctx.strokeRect(c * SIZE + 0.5, r * SIZE + 0.5, SIZE - 1, SIZE - 1);
  }

  function show(result) {
    if (!result) return;
    maze = result;
    draw();
    const n = result.dead_ends.length;
    warnings.textContent = n === 0 ? "No dead ends." :
      `${n} dead end${n === 1 ? "" : "s"} (red): a ghost that walks in cannot turn back, ` +
      `so it goes on through the wall. Tiles: ${result.dead_ends.slice(0, 8).map(([c, r]) => `(${c}, ${r + 3})`).join(" ")}` +
      (n > 8 ? " ..." : "");
    shareOut.textContent = shareUrl(result.link);
  }

  const shareUrl = (mazeLink) => `${location.origin}${location.pathname}#/pacman?maze=${mazeLink}`;

  let pending = null;
  function edited() {
    draw();
    clearTimeout(pending);
    pending = setTimeout(async () => show(await act("check_maze", { cells: maze.cells })), 150);
  }

  function cellAt(event) {
    const rect = canvas.getBoundingClientRect();
    const c = Math.floor((event.clientX - rect.left) / rect.width * maze.columns);
    const r = Math.floor((event.clientY - rect.top) / rect.height * maze.rows);
    return c >= 0 && c < maze.columns && r >= 0 && r < maze.rows ? r * maze.columns + c : -1;
  }
  function paintAt(event) {
    if (!maze) return;
    const i = cellAt(event);
    if (i < 0 || maze.cells[i] === paint) return;
    maze.cells[i] = paint;
    edited();
  }
  canvas.addEventListener("pointerdown", (e) => { drawing = true; canvas.setPointerCapture(e.pointerId); paintAt(e); });
  canvas.addEventListener("pointermove", (e) => { if (drawing) paintAt(e); });
  canvas.addEventListener("pointerup", () => { drawing = false; });

  const editor = el("div", { class: "pacman-editor" },
    el("h3", { text: "Maze editor" }),
    el("p", { text: "Pick what to draw, then click or drag on the grid. The ghost house and " +
      "the start tiles stay as they are. Dead ends are allowed: they are the article's experiment." }),
    el("div", {}, paints),
    canvas, warnings,
    el("div", {},
      el("button", { text: "Play this maze", testid: "pacman-play-maze", onclick: () => {
        if (maze) location.hash = `#/pacman?maze=${maze.link}`;
      } }),
      el("button", { text: "Copy share link", testid: "pacman-share", onclick: async () => {
        if (!maze) return;
        shareOut.textContent = shareUrl(maze.link);
        try { await navigator.clipboard.writeText(shareUrl(maze.link)); page.message("link copied", "info"); }
        catch { page.message("select the link below to copy it", "info"); }
      } }),
      el("button", { text: "This game's maze", testid: "pacman-edit-current", onclick: async () => show(await act("maze")) }),
      el("button", { text: "Default maze", testid: "pacman-edit-default",
        onclick: async () => show(await act("default_maze")) })),
    el("div", {}, "Share: ", shareOut));

  root.append(el("h2", { text: "Pac-Man: the ghosts' turn choice" }), intro, overlayBox,
    el("h3", {}, "Last decisions (state at ", link(addr4(0x4d10), 0x4d10), ")"), ghostTable,
    wallNote, editor);
  markPaint();
  act("maze").then(show);

  createReadyEdits(root, page);
  return {
    update(state) {
      if (!state || !Array.isArray(state.ghosts)) return;
      for (const [name, box] of toggles.map(([n, b]) => [n, b])) {
        if (state.overlays && typeof state.overlays[name] === "boolean") box.checked = state.overlays[name];
      }
      const inWall = [];
      for (const g of state.ghosts) {
        const column = ghostColumns.get(g.name);
        if (!column) continue;
        const c = column.cells;
        // a ghost whose sprite is off (game over, a death, a cleared level) has
        // no target or choice to show, as the picture has none
        const gone = g.shown === false;
        c[0].textContent = gone ? "off the screen"
          : !g.frightened ? g.state : g.state === "active" ? "frightened" : `${g.state}, frightened`;
        c[1].textContent = `(${g.tile[0]}, ${g.tile[1]})`;
        c[2].textContent = g.dir;
        c[3].textContent = g.target && !gone ? `(${g.target[0]}, ${g.target[1]})` : "-";
        const d = gone ? null : g.decision;
        for (let i = 0; i < 4; i++) {
          const cell = c[4 + i];
          const dist = d ? d.distances[i] : null;
          cell.textContent = !d ? "" : d.frightened ? "?" : dist === null ? "x" : String(dist);
          cell.style.fontWeight = d && d.chosen === i ? "bold" : "";
          cell.style.background = d && d.chosen === i ? "#e0a030" : "";
          cell.style.color = d && d.chosen === i ? "#000" : "";
        }
        c[8].textContent = d ? (d.frightened ? `${DIRS[d.chosen]} (random)` : DIRS[d.chosen]) : "";
        for (const cell of [column.head, ...c]) cell.classList.toggle("in-wall", Boolean(g.in_wall));
        if (g.in_wall) inWall.push(`${g.name} at (${g.tile[0]}, ${g.tile[1]})`);
      }
      wallNote.textContent = inWall.length ? `Passing through a wall: ${inWall.join(", ")}` : "";
    },
    dispose() { clearTimeout(pending); root.replaceChildren(); },
  };
}
