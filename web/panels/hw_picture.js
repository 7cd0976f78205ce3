// A viewer's picture on a canvas: indexed pixels through their palette (null:
// transparent), scaled by a whole number to fit the side column, with the
// layout's grid drawn faintly and the boxes (a scroll window, sprites, the
// last write) drawn over it; the pointer as picture coordinates.

import { el } from "./debug_common.js";

const GRID = "rgba(255, 255, 255, 0.12)";
const BOX = "#ffd23f";
const FIT_WIDTH = 520;   // the widest a picture is drawn at (the side column's)

/** pixels as a Uint8Array from the worker's base64. */
export function decodePixels(base64) {
  const text = atob(base64);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) out[i] = text.charCodeAt(i);
  return out;
}

export function createPicture({ testid, onHover, onClick }) {
  const canvas = el("canvas", { class: "hw-canvas", testid });
  const ctx = canvas.getContext("2d");
  const plain = document.createElement("canvas");
  let shown = null;   // {width, height, scale}

  /** Draw a picture ({width, height, pixels, palette, boxes, grid}). */
  function draw(pic) {
    const { width, height } = pic;
    const scale = Math.max(1, Math.min(4, Math.floor(FIT_WIDTH / width)));
    const pixels = decodePixels(pic.pixels);
    plain.width = width;
    plain.height = height;
    const image = new ImageData(width, height);
    const rgba = new Uint32Array(image.data.buffer);
    const lut = pic.palette.map((c) => (c === null ? 0
      : (0xff000000 | ((c & 0xff) << 16) | (c & 0xff00) | ((c >> 16) & 0xff)) >>> 0));
    for (let i = 0; i < pixels.length; i += 1) rgba[i] = lut[pixels[i]] ?? 0;
    plain.getContext("2d").putImageData(image, 0, 0);
    if (canvas.width !== width * scale || canvas.height !== height * scale) {
      canvas.width = width * scale;
      canvas.height = height * scale;
    }
    ctx.imageSmoothingEnabled = false;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(plain, 0, 0, width * scale, height * scale);
    if (pic.grid && pic.grid[0] * scale >= 6 && pic.grid[1] * scale >= 6) {
      ctx.strokeStyle = GRID;
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let x = pic.grid[0]; x < width; x += pic.grid[0]) {
        ctx.moveTo(x * scale + 0.5, 0);
        ctx.lineTo(x * scale + 0.5, height * scale);
      }
      for (let y = pic.grid[1]; y < height; y += pic.grid[1]) {
        ctx.moveTo(0, y * scale + 0.5);
        ctx.lineTo(width * scale, y * scale + 0.5);
      }
      ctx.stroke();
    }
    ctx.font = "10px monospace";
    const labels = (pic.boxes || []).length <= 16;
    for (const b of pic.boxes || []) {
      const x = b.x * scale;
      const y = b.y * scale;
      ctx.strokeStyle = "#000";  // a dark edge round the box: it shows on any picture
      ctx.strokeRect(x - 0.5, y - 0.5, b.w * scale + 1, b.h * scale + 1);
      ctx.strokeStyle = BOX;
      ctx.strokeRect(x + 0.5, y + 0.5, b.w * scale - 1, b.h * scale - 1);
      if (b.label && labels) {
        const w = ctx.measureText(b.label).width + 4;
        const above = y >= 12 && b.h * scale < 24;  // on a small box, the label sits over it
        const ly = above ? y - 12 : y + 1;
        ctx.fillStyle = "rgba(0, 0, 0, 0.7)";
        ctx.fillRect(x, ly, w, 11);
        ctx.fillStyle = BOX;
        ctx.fillText(b.label, x + 2, ly + 9);
      }
    }
    shown = { width, height, scale };
  }

  /** The picture pixel under a pointer event, or null. */
  function at(event) {
    if (!shown) return null;
    const r = canvas.getBoundingClientRect();
    if (!r.width || !r.height) return null;
    const x = Math.floor(((event.clientX - r.left) / r.width) * shown.width);
    const y = Math.floor(((event.clientY - r.top) / r.height) * shown.height);
    if (x < 0 || y < 0 || x >= shown.width || y >= shown.height) return null;
    return { x, y };
  }

  let last = "";
  canvas.addEventListener("mousemove", (e) => {
    const p = at(e);
    const key = p ? `${p.x},${p.y}` : "";
    if (key === last) return;
    last = key;
    if (p) onHover?.(p);
  });
  canvas.addEventListener("mouseleave", () => { last = ""; onHover?.(null); });
  canvas.addEventListener("click", (e) => { const p = at(e); if (p) onClick?.(p); });
  return { canvas, draw };
}
