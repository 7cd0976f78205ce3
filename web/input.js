// Keyboard, gamepad and touch -> the machine's button bits (INFO.buttons order).
// Bindings default to the machine's INFO.keys and can be remapped; remaps
// are remembered per machine in localStorage.

// Gamepad API "standard" mapping -> the button names it may stand for (a
// machine names its own: the arcade's coin switch sits where Select is).
const STANDARD_PAD = {
  0: ["A"], 1: ["B"], 2: ["B"], 3: ["A"], 8: ["Select", "Coin"], 9: ["Start"],
  12: ["Up"], 13: ["Down"], 14: ["Left"], 15: ["Right"],
};

export function createInput(onChange) {
  let names = [];
  let keys = {};
  let machineId = "";
  let fromKeys = 0;
  let fromPad = 0;
  let fromTouch = 0;        // web/touch.js's controls
  let enabled = true;

  const bit = (name) => { const i = names.indexOf(name); return i < 0 ? 0 : 1 << i; };
  const emit = () => onChange((fromKeys | fromPad | fromTouch) >>> 0);

  function setMachine(info) {
    machineId = info.id;
    names = info.buttons || [];
    // A saved map is the whole set of bindings (defaults it dropped stay dropped).
    keys = loadRemap(machineId) ?? { ...(info.keys || {}) };
    fromKeys = 0;
    emit();
  }

  function typing(event) {
    const el = event.target;
    return el && (el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName));
  }

  function onKey(event, down) {
    if (!enabled || typing(event) || event.ctrlKey || event.metaKey || event.altKey) return;
    const name = keys[event.code];
    if (!name) return;
    event.preventDefault();
    const b = bit(name);
    fromKeys = down ? fromKeys | b : fromKeys & ~b;
    emit();
  }
  window.addEventListener("keydown", (e) => onKey(e, true));
  window.addEventListener("keyup", (e) => onKey(e, false));
  window.addEventListener("blur", () => { fromKeys = 0; emit(); });

  function pollPads() {
    let bits = 0;
    for (const pad of navigator.getGamepads?.() || []) {
      if (!pad) continue;
      pad.buttons.forEach((b, i) => {
        if (b.pressed) for (const name of STANDARD_PAD[i] || []) bits |= bit(name);
      });
      const [x = 0, y = 0] = pad.axes;
      if (x < -0.5) bits |= bit("Left");
      if (x > 0.5) bits |= bit("Right");
      if (y < -0.5) bits |= bit("Up");
      if (y > 0.5) bits |= bit("Down");
    }
    if (bits !== fromPad) { fromPad = bits; emit(); }
    requestAnimationFrame(pollPads);
  }
  requestAnimationFrame(pollPads);

  return {
    setMachine,
    /** What the touch controls press now. */
    setTouch(bits) { if (bits !== fromTouch) { fromTouch = bits; emit(); } },
    setEnabled(on) { enabled = on; if (!on) { fromKeys = 0; emit(); } },
    bindings: () => ({ ...keys }),
    remap(code, name) {
      for (const [k, v] of Object.entries(keys)) if (v === name) delete keys[k];
      keys[code] = name;
      saveRemap(machineId, keys);
    },
    resetBindings(info) {
      try { localStorage.removeItem(`retroscope.keys.${info.id}`); } catch { /* storage off */ }
      setMachine(info);
    },
  };
}

function loadRemap(id) {
  try {
    const value = JSON.parse(localStorage.getItem(`retroscope.keys.${id}`) || "null");
    if (!value || typeof value !== "object" || Array.isArray(value)) return null;
    const entries = Object.entries(value).filter(([k, v]) => typeof k === "string" && typeof v === "string");
    return entries.length ? Object.fromEntries(entries) : null;
  } catch { return null; }
}

function saveRemap(id, keys) {
  // Full or switched off: the remap still holds for this visit (a throw here would
  // leave the keys panel listening with the machine's input off).
  try { localStorage.setItem(`retroscope.keys.${id}`, JSON.stringify(keys)); } catch { /* off */ }
}
