// The hash router: `#/<machine>?name=value&...`.
// It only splits the hash; validation happens in Python (retroscope.share),
// which knows each machine's parameters. No URL text ever becomes HTML.

const MACHINE_ID = /^[a-z][a-z0-9_]{0,31}$/;
const MAX_HASH = 8192;

/** Parse a location hash into {machine, params, problems}. */
export function parseHash(hash) {
  const problems = [];
  let text = (hash || "").replace(/^#/, "");
  if (text.length > MAX_HASH) {
    problems.push(`the link is ${text.length} characters long; only the first ${MAX_HASH} are read`);
    text = text.slice(0, MAX_HASH);
  }
  const [path, query = ""] = splitOnce(text, "?");
  let machine = path.replace(/^\/+|\/+$/g, "");
  if (machine && !MACHINE_ID.test(machine)) {
    problems.push(`"${short(machine)}" is not a machine name`);
    machine = "";
  }
  const params = Object.create(null);  // "__proto__" is a key like any other
  for (const pair of query.split("&").filter(Boolean)) {
    const [rawKey, rawValue] = splitOnce(pair, "=");
    const key = decode(rawKey, problems);
    if (key === null) continue;
    if (rawValue === undefined) { problems.push(`parameter "${short(key)}" has no value; ignored`); continue; }
    const value = decode(rawValue, problems);
    if (value === null) continue;
    if (Object.hasOwn(params, key)) { problems.push(`parameter "${short(key)}" given twice; the first is used`); continue; }
    params[key] = value;
  }
  return { machine, params, problems };
}

/** The hash for a machine and its parameter values. */
export function makeHash(machine, values = {}) {
  const query = Object.entries(values)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join("&");
  return `#/${machine}${query ? `?${query}` : ""}`;
}

function splitOnce(text, sep) {
  const i = text.indexOf(sep);
  return i < 0 ? [text, undefined] : [text.slice(0, i), text.slice(i + 1)];
}

function decode(text, problems) {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    problems.push(`"${short(text)}" is not valid URL encoding; ignored`);
    return null;
  }
}

export function short(text, max = 40) {
  const clean = String(text).replace(/[^\x20-\x7e]/g, "?");
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
