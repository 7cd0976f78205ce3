// Touch controls: a pad and buttons, built from the machine's touch plan
// (INFO.touch: py/retroscope/machines/base.py TouchControls.plan), never
// written per machine. Any number of fingers press at once (a direction held
// while A is tapped); a finger that slides from one button onto the next
// presses the next; a finger on the pad steers wherever it drifts. Presses
// go to the same button bits as the keys (web/input.js), so a tap shorter
// than a frame still counts (the worker keeps it for the next frame). They
// show where the pointer is coarse, or as the toggle button last left them.

import { el } from "./panels/dom.js";

const DIRECTIONS = ["Up", "Down", "Left", "Right"];
// The pad's middle (a share of its radius) presses nothing; touched, it lets
// go of a kept direction.
const DEAD_ZONE = 0.28;
// An eight-way pad reads a diagonal within this many degrees of one (the
// rest, nearer an axis, is a straight direction: a thumb on Left does not
// soft-drop by accident).
const DIAGONAL_HALF_DEG = 20;
const STORE = "retroscope.touch";   // "on" or "off": the Touch button's last word

/** The directions (names) a point at (dx, dy) from the pad's centre presses,
 * for a pad of `ways` (4 or 8) and radius `r`. y grows downwards. */
export function padDirections(dx, dy, r, ways) {
  if (Math.hypot(dx, dy) < DEAD_ZONE * r) return [];
  const deg = (Math.atan2(dy, dx) * 180) / Math.PI;   // 0 right, 90 down
  const horizontal = Math.abs(dx) >= Math.abs(dy);
  const straight = horizontal ? (dx > 0 ? "Right" : "Left") : (dy > 0 ? "Down" : "Up");
  if (ways !== 8) return [straight];
  const offDiagonal = Math.abs((((deg % 90) + 90) % 90) - 45);  // 0 on a diagonal
  if (offDiagonal > DIAGONAL_HALF_DEG) return [straight];
  return [dy > 0 ? "Down" : "Up", dx > 0 ? "Right" : "Left"];
}

/** Controls in `padRoot` (the pad) and `buttonsRoot` (the buttons);
 * onChange(bits) whenever what they press changes. */
export function createTouchControls({ padRoot, buttonsRoot, onChange }) {
  let names = [];             // the machine's buttons, by bit
  let plan = null;
  let pad = null;             // {root, arms: {Up: el, ...}, knob}
  let kept = 0;               // the direction a keep-direction pad holds after the finger lifts
  const fingers = new Map();  // pointerId -> {onPad: bool, bits}
  let last = -1;

  const bit = (name) => { const i = names.indexOf(name); return i < 0 ? 0 : 1 << i; };
  const bitsOf = (list) => list.reduce((bits, name) => bits | bit(name), 0);

  function pressed() {
    let bits = 0;
    let padHeld = false;
    for (const finger of fingers.values()) {
      bits |= finger.bits;
      if (finger.onPad) padHeld = true;
    }
    return padHeld ? bits : bits | kept;
  }

  function emit() {
    const bits = pressed();
    if (bits === last) return;
    last = bits;
    show(bits);
    onChange(bits >>> 0);
  }

  function show(bits) {
    for (const button of buttonsRoot.querySelectorAll("[data-button]")) {
      const on = Boolean(bits & bit(button.dataset.button));
      button.toggleAttribute("data-pressed", on);
      button.setAttribute("aria-pressed", String(on));
    }
    if (!pad) return;
    const held = DIRECTIONS.filter((name) => bits & bit(name));
    for (const name of DIRECTIONS) pad.arms[name].toggleAttribute("data-pressed", held.includes(name));
    pad.root.dataset.pressed = held.join(" ");
    // The stick's knob leans the way it is pushed.
    const x = (held.includes("Right") ? 1 : 0) - (held.includes("Left") ? 1 : 0);
    const y = (held.includes("Down") ? 1 : 0) - (held.includes("Up") ? 1 : 0);
    pad.knob.style.transform = `translate(${x * 55}%, ${y * 55}%)`;
  }

  function padBits(event) {
    const box = pad.root.getBoundingClientRect();
    const r = Math.min(box.width, box.height) / 2;
    const dx = event.clientX - (box.left + box.width / 2);
    const dy = event.clientY - (box.top + box.height / 2);
    return bitsOf(padDirections(dx, dy, r, plan.ways));
  }

  // The button under a finger, wherever it has slid to.
  function buttonBits(event) {
    const under = document.elementFromPoint(event.clientX, event.clientY)?.closest("[data-button]");
    return under && buttonsRoot.contains(under) ? bit(under.dataset.button) : 0;
  }

  function down(event) {
    if (!plan || (event.pointerType === "mouse" && event.button !== 0)) return;
    // Anywhere on the pad's side steers; a finger landing between buttons
    // presses the one it slides onto.
    const onPad = Boolean(pad) && padRoot.contains(event.target);
    event.preventDefault();   // no focus, no text selection, no emulated mouse
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const bits = onPad ? padBits(event) : buttonBits(event);
    if (onPad && plan.keep_direction) kept = bits;  // the middle lets go
    fingers.set(event.pointerId, { onPad, bits });
    emit();
  }

  function move(event) {
    const finger = fingers.get(event.pointerId);
    if (!finger) return;
    event.preventDefault();
    finger.bits = finger.onPad ? padBits(event) : buttonBits(event);
    if (finger.onPad && plan.keep_direction && finger.bits) kept = finger.bits;
    emit();
  }

  function up(event) {
    if (!fingers.delete(event.pointerId)) return;
    emit();
  }

  for (const root of [padRoot, buttonsRoot]) {
    root.addEventListener("pointerdown", down);
    root.addEventListener("pointermove", move);
    root.addEventListener("pointerup", up);
    root.addEventListener("pointercancel", up);
    root.addEventListener("lostpointercapture", up);
    root.addEventListener("contextmenu", (e) => e.preventDefault());  // a long press
  }

  /** Let go of everything (the controls hidden, the window left). */
  function release() {
    fingers.clear();
    kept = 0;
    emit();
  }
  window.addEventListener("blur", release);

  function buildPad() {
    const arms = Object.fromEntries(DIRECTIONS.map((name) => [name,
      el("span", { class: `pad-arm pad-${name.toLowerCase()}`, "aria-hidden": "true" })]));
    const knob = el("span", { class: "pad-knob", "aria-hidden": "true" });
    const kind = plan.keep_direction ? "stick" : "cross";
    const root = el("div", {
      class: `pad pad-${kind}`, testid: "touch-pad-area", "data-ways": String(plan.ways),
      role: "group", "aria-label": plan.keep_direction
        ? "joystick: the last direction stays until another is chosen or the middle is touched"
        : `direction pad, ${plan.ways} ways`,
    }, ...Object.values(arms), knob);
    return { root, arms, knob };
  }

  function buildButton({ button, what, big, caption }) {
    return el("button", {
      type: "button", tabindex: "-1", class: `touch-button ${big ? "big" : "small"}`,
      testid: `touch-${button}`, "data-button": button, "aria-pressed": "false",
      title: `${button}: ${what}`,
    }, el("span", { class: "touch-name", text: button }),
    ...(caption ? [el("span", { class: "touch-caption", text: caption })] : []));
  }

  /** The machine's controls (its INFO as the worker sends it). */
  function setMachine(info) {
    names = info.buttons || [];
    plan = info.touch || null;
    fingers.clear();
    kept = 0;
    pad = plan?.ways ? buildPad() : null;
    padRoot.replaceChildren(...(pad ? [pad.root] : []));
    const small = (plan?.buttons || []).filter((b) => !b.big).map(buildButton);
    const big = (plan?.buttons || []).filter((b) => b.big).map(buildButton);
    buttonsRoot.replaceChildren(
      ...(small.length ? [el("div", { class: "touch-small" }, ...small)] : []),
      ...(big.length ? [el("div", { class: "touch-big" }, ...big)] : []));
    padRoot.dataset.empty = String(!pad);
    buttonsRoot.dataset.empty = String(!small.length && !big.length);
    last = -1;
    emit();
  }

  return {
    setMachine,
    release,
    /** The bits pressed now (pad, buttons, a kept direction). */
    pressed,
  };
}

/** Whether the controls show: where the pointer is coarse (a phone, a
 * tablet), unless the toggle `button` was used, which is remembered.
 * onShow(on) now and whenever that changes. */
export function touchToggle(button, onShow) {
  const coarse = matchMedia("(pointer: coarse)");
  const chosen = () => {
    try {
      const saved = localStorage.getItem(STORE);
      if (saved === "on" || saved === "off") return saved === "on";
    } catch { /* storage off: as the pointer is */ }
    return coarse.matches;
  };
  let on = false;
  const show = (value) => {
    on = value;
    button.setAttribute("aria-pressed", String(on));
    onShow(on);
  };
  button.addEventListener("click", () => {
    try { localStorage.setItem(STORE, on ? "off" : "on"); } catch { /* this visit only */ }
    show(!on);
  });
  coarse.addEventListener("change", () => show(chosen()));
  show(chosen());
}
