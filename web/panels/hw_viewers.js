// The video chip's viewers (py/retroscope/debug/viewers/): one folding panel
// each, `viewer-<chip>-<name>`. Closed, a viewer costs nothing: only the open
// ones are asked for their data (as the machine runs, at the debugger's pace,
// and after every pause, step and rewind), and only their watches are set.
// Hovering a picture says what is there; a click opens it in the memory view,
// in its memory space; so does a click on a row of the viewer's list.

import { el, hex } from "./debug_common.js";
import { createPicture } from "./hw_picture.js";

const HEX_FIELDS = new Set(["value", "tile", "attr", "name", "written", "number", "pattern",
  "mirror_of", "xy_addr", "start"]);
const SKIP = new Set(["space", "addr", "fields", "rgb", "pens"]);
const MAX_ROWS = 64;

export function create(root, session) {
  const list = el("div", { class: "hw-viewers", testid: "hw-viewers" });
  const empty = el("p", { class: "dim", text: "this machine has no video chip viewers" });
  root.append(el("h2", { text: "Video" }), list);
  let viewers = [];          // [{info, node, parts, options, data}]
  let visible = false;       // the Hardware tab is shown
  let openSent = "";

  function openIds() {
    return visible ? viewers.filter((v) => v.node.open).map((v) => v.info.id) : [];
  }

  async function sendOpen() {
    const ids = openIds();
    const key = ids.join(",");
    if (key === openSent) return;
    openSent = key;
    try { await session.debug("open_viewers", { names: ids }); }
    catch (err) { session.message(err.message, "error"); }
  }

  function build(info) {
    const id = info.id;
    const node = el("details", { class: "hw-viewer", testid: `viewer-${id}` },
      el("summary", { text: info.title }));
    const v = { info, node, options: {}, pictures: new Map(), data: null, busy: false };
    const optionRow = el("div", { class: "row" });
    for (const opt of info.options) {
      v.options[opt.name] = opt.default;
      const select = el("select", { testid: `viewer-${id}-${opt.name}`, title: opt.label },
        ...opt.choices.map((c, i) => el("option", { value: String(i), text: opt.names[i] })));
      select.value = String(opt.choices.indexOf(opt.default));
      select.addEventListener("change", () => {
        v.options[opt.name] = opt.choices[Number(select.value)];
        refresh(v);
      });
      optionRow.append(el("label", { class: "dim" }, `${opt.label} `, select));
    }
    v.pictureBox = el("div", { class: "hw-pictures" });
    v.hover = el("p", { class: "hw-hover mono", testid: `viewer-${id}-hover`, text: " " });
    v.notes = el("p", { class: "dim mono hw-notes", testid: `viewer-${id}-notes` });
    v.items = el("table", { class: "dbg-table hw-items", testid: `viewer-${id}-items` });
    node.append(...(info.options.length ? [optionRow] : []), v.pictureBox, v.hover, v.notes,
      el("div", { class: "hw-scroll" }, v.items));
    node.addEventListener("toggle", () => { sendOpen().then(() => refresh(v)); });
    return v;
  }

  function picture(v, name) {
    let p = v.pictures.get(name);
    if (!p) {
      let asking = null;
      const hoverAt = async (at) => {
        if (!at) { v.hover.textContent = " "; return; }
        asking = at;
        const hit = await session.debug("viewer_at", { name: v.info.id, picture: name, ...at,
                                                       options: v.options }).catch(() => null);
        if (asking === at) v.hover.textContent = hit ? hit.text : " ";
      };
      p = createPicture({
        testid: `viewer-${v.info.id}-${name}`,
        onHover: hoverAt,
        onClick: async (at) => {
          const hit = await session.debug("viewer_at", { name: v.info.id, picture: name, ...at,
                                                         options: v.options }).catch(() => null);
          if (hit) session.gotoMemory(hit.addr, hit.space);
        },
      });
      v.pictures.set(name, p);
      v.pictureBox.append(p.canvas);
    }
    return p;
  }

  function show(v, data) {
    v.data = data;
    for (const pic of data.pictures) picture(v, pic.name).draw(pic);
    const extra = Object.entries(data).filter(([k]) =>
      !["id", "frame", "open", "pictures", "items"].includes(k));
    v.notes.textContent = extra.map(([k, value]) => `${k.replaceAll("_", " ")}: ${shortly(value, k)}`)
      .join(" · ");
    showItems(v, data.items);
  }

  function showItems(v, items) {
    if (!items.length) { v.items.replaceChildren(); return; }
    const keys = Object.keys(items[0]).filter((k) => !SKIP.has(k));
    const head = el("tr", {}, el("th", { text: "addr" }), ...keys.map((k) => el("th", { text: k })),
      ...(items[0].fields ? [el("th", { text: "" })] : []));
    const rows = items.slice(0, MAX_ROWS).map((item, i) => {
      const cells = keys.map((k) => el("td", { class: "mono", text: format(k, item[k]) }));
      const swatch = item.rgb !== undefined && item.rgb !== null
        ? el("span", { class: "hw-swatch", style: `background:#${hex(item.rgb, 6)}` }) : null;
      if (swatch) cells[0]?.prepend(swatch);
      const fields = item.fields ? [el("td", { class: "hw-fields", text: item.fields.join("; ") })] : [];
      const where = `${item.space} ${addrText(item.space, item.addr)}`;
      return el("tr", {
        class: "hw-item", testid: `viewer-${v.info.id}-item-${i}`,
        title: `${where}: ${keys.map((k) => `${k} ${format(k, item[k])}`).join(", ")} (click: memory view)`,
        onclick: () => session.gotoMemory(item.addr, item.space),
      }, el("td", { class: "mono dbg-addr", text: addrText(item.space, item.addr) }), ...cells, ...fields);
    });
    v.items.replaceChildren(head, ...rows);
  }

  async function refresh(v) {
    if (!v.node.open || !visible || v.busy) return;
    v.busy = true;
    try {
      show(v, await session.debug("viewer", { name: v.info.id, options: v.options }));
    } catch (err) {
      v.notes.textContent = err.message;
    } finally { v.busy = false; }
  }

  return {
    async load() {
      viewers = [];
      openSent = "";
      list.replaceChildren();
      let infos = [];
      try { infos = await session.debug("viewers"); } catch { infos = []; }
      viewers = infos.map(build);
      list.replaceChildren(...(viewers.length ? viewers.map((v) => v.node) : [empty]));
    },
    async shown(on) {
      visible = on;
      await sendOpen();
    },
    async update() {
      for (const v of viewers) await refresh(v);
    },
    /** A viewer's data, for scripts (open or not: a viewer only reads). */
    data: (name, options = {}) => session.debug("viewer", { name, options }),
    dispose() { root.replaceChildren(); },
  };
}

function addrText(space, addr) {
  return `${space === "vram" ? ">" : "$"}${hex(addr, addr > 0xff || space === "cpu" ? 4 : 2)}`;
}

function format(key, value) {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "yes" : "";
  if (typeof value === "number" && HEX_FIELDS.has(key)) return `$${hex(value, value > 0xff ? 4 : 2)}`;
  if (Array.isArray(value)) return value.join(" ");
  return String(value);
}

const ADDRESS_KEYS = new Set(["start", "table", "background_table", "screen_start", "addr", "pc"]);

function shortly(value, key = "") {
  if (value === null || value === undefined) return "none";
  if (typeof value === "number" && ADDRESS_KEYS.has(key)) return `$${hex(value, 4)}`;
  if (typeof value === "object") {
    return Object.entries(value).map(([k, v]) => `${k} ${ADDRESS_KEYS.has(k) ? shortly(v, k)
      : k === "value" ? format(k, v) : v}`).join(", ");
  }
  return String(value);
}
