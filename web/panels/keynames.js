// Key names for people: KeyboardEvent.code -> "X", "Enter", "Shift L", "←";
// and what a machine's buttons do, with the keys bound to them. The machine
// says what each button does (INFO.actions: [button, what it does] in the
// order a player reads them); the Controls panel, the help overlay and the
// first screen's one-line hint all read it through here.

const ARROWS = { ArrowLeft: "←", ArrowRight: "→", ArrowUp: "↑", ArrowDown: "↓" };
const ARROW_KEYS = Object.values(ARROWS);
// "move left" + "move right" read as one item, "move"; so do "rotate
// clockwise" + "rotate anticlockwise".
const DIRECTED = /^(.+) (up|down|left|right|clockwise|anticlockwise)$/;
// "player 2: soft drop", "menu: debug mode": one item per scope ("player 2").
const SCOPED = /^([^:]+): (.+)$/;

export function pretty(code) {
  if (ARROWS[code]) return ARROWS[code];
  return code.replace(/^Key/, "").replace(/^Digit/, "")
    .replace(/(Left|Right)$/, (m, side) => ` ${side[0]}`);
}

/** [{button, keys, what, label}]: the buttons the machine says what they do,
 * in its order, then any others (most used first, as INFO.buttons ends with
 * them). `keys`: those bound now (remaps included); `what`: null where the
 * machine says nothing; `label`: what it does, with the button's own name
 * where that tells more ("rotate clockwise (A)", not "pick and place (P)"). */
export function buttonRows(info, bindings) {
  const keysOf = (name) => Object.entries(bindings).filter(([, n]) => n === name).map(([k]) => pretty(k));
  const actions = new Map(info?.actions || []);
  const others = [...(info?.buttons || [])].reverse().filter((name) => !actions.has(name));
  const row = (button, what) => {
    const keys = keysOf(button);
    const named = what === null || keys.includes(button) || what.toLowerCase().includes(button.toLowerCase());
    return { button, keys, what, label: what === null ? button : named ? what : `${what} (${button})` };
  };
  return [...[...actions].map(([button, what]) => row(button, what)), ...others.map((b) => row(b, null))];
}

/** What the keys do, as items of one line: ["← →: move", "↓: soft drop",
 * "X Z: rotate", "Enter: start, pause", ...] in the machine's order. Buttons
 * the machine says nothing about are left out (all shown, by their own names,
 * for a machine that says nothing). */
export function keyItems(info, bindings) {
  const told = Boolean(info?.actions?.length);
  const groups = new Map();   // what the item says -> {keys, texts}
  for (const { button, keys, what } of buttonRows(info, bindings)) {
    if (!keys.length || (told && what === null)) continue;
    const text = what ?? button;
    const label = SCOPED.exec(text)?.[1] ?? DIRECTED.exec(text)?.[1] ?? text;
    const group = groups.get(label) ?? { keys: [], texts: [] };
    groups.set(label, group);
    group.texts.push(text);
    // Left and right Shift both mean Select: say "Shift" once.
    for (const key of keys.map((k) => k.replace(/ [LR]$/, ""))) {
      if (!group.keys.includes(key)) group.keys.push(key);
    }
  }
  return [...groups].map(([label, { keys, texts }]) =>
    `${keyNames(keys)}: ${texts.length === 1 ? texts[0] : label}`);
}

/** The first `n` items as one line, "…" standing for the rest. */
export function keyLine(items, n = items.length) {
  return [...items.slice(0, n), ...(n < items.length ? ["…"] : [])].join(" · ");
}

// "↑ ↓ ← → E S D X" -> "arrows, E S D X": the four arrows read as one name.
function keyNames(keys) {
  if (!ARROW_KEYS.every((k) => keys.includes(k))) return keys.join(" ");
  const rest = keys.filter((k) => !ARROW_KEYS.includes(k));
  return rest.length ? `arrows, ${rest.join(" ")}` : "arrows";
}
