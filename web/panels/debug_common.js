// Small helpers the debugger panels share: number parsing and hex text.

export { el, hex, addr4 } from "./dom.js";

/** "$1F", "0x1F", "#31" (decimal) or, when bareHex, "1F" -> number; null if not one. */
export function parseNumber(text, bareHex = false) {
  const t = String(text).trim();
  let m = /^(?:\$|0x)([0-9a-f]{1,8})$/i.exec(t);
  if (m) return parseInt(m[1], 16);
  m = /^#(\d{1,10})$/.exec(t);
  if (m) return Number(m[1]);
  if (bareHex && /^[0-9a-f]{1,8}$/i.test(t)) return parseInt(t, 16);
  if (!bareHex && /^\d{1,10}$/.test(t)) return Number(t);
  return null;
}

/** An address field: a number (as parseNumber) or else the text itself (a symbol). */
export function addressArg(text) {
  const t = String(text).trim();
  const n = parseNumber(t);
  return n === null ? t : n;
}
