// Key names for people: KeyboardEvent.code -> "X", "Enter", "Shift L", "←";
// and a machine's buttons with the keys bound to them (the Controls panel,
// the help overlay and the first screen's one-line hint all read these).

const ARROWS = { ArrowLeft: "←", ArrowRight: "→", ArrowUp: "↑", ArrowDown: "↓" };
const DIRECTIONS = ["Up", "Down", "Left", "Right"];

export function pretty(code) {
  if (ARROWS[code]) return ARROWS[code];
  return code.replace(/^Key/, "").replace(/^Digit/, "")
    .replace(/(Left|Right)$/, (m, side) => ` ${side[0]}`);
}

/** [[button, [key, ...]], ...] in the machine's own order (most used first). */
export function buttonKeys(info, bindings) {
  const keysOf = (name) => Object.entries(bindings).filter(([, n]) => n === name).map(([k]) => pretty(k));
  return [...(info?.buttons || [])].reverse().map((name) => [name, keysOf(name)]);
}

/** One line: "arrows: directions · Enter: Start · Z: B · X: A"; keys named
 * as their buttons go together at the end ("C H D: as named"). */
export function keyLine(info, bindings) {
  const rows = buttonKeys(info, bindings).filter(([, keys]) => keys.length);
  const byName = new Map(rows);
  const parts = [];
  // Four directions on the four arrows read as one item.
  const arrows = DIRECTIONS.every((d) => byName.get(d)?.includes(ARROWS[`Arrow${d}`]));
  if (arrows) parts.push("arrows: directions");
  const same = [];
  // A second pad's buttons ("P2 Left", ...) read as one item: its keys, "player 2".
  const pad2 = rows.filter(([name]) => name.startsWith("P2 "));
  for (const [name, keys] of rows) {
    if (arrows && DIRECTIONS.includes(name)) continue;
    if (name.startsWith("P2 ")) continue;
    // Left and right Shift both mean Select: say "Shift" once.
    const shown = [...new Set(keys.map((k) => k.replace(/ [LR]$/, "")))];
    if (shown.length === 1 && shown[0] === name) same.push(name);
    else parts.push(`${shown.join("/")}: ${name}`);
  }
  if (same.length) parts.push(`${same.join(" ")}: as named`);
  if (pad2.length) parts.push(`${pad2.map(([, keys]) => keys[0]).join(" ")}: player 2`);
  return parts.join(" · ");
}
