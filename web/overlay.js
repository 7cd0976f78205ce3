// A script's overlay (py/retroscope/script/api.py Overlay): text, boxes, lines
// and pixels over the machine's picture, given in machine pixels. Drawn on a
// canvas of its own laid over the screen at the screen's device pixels, so
// text is sharp at any scale and the picture underneath is left as it is.
//
// A shape is a list: ["text", x, y, text, colour, background|null],
// ["box", x, y, w, h, colour, fill|null], ["line", x0, y0, x1, y1, colour],
// ["pixel", x, y, colour]. Colours are "#rrggbb(aa)" (checked in Python);
// text is drawn as text, never parsed.

const FONT_PX = 8;  // text is 8 machine pixels tall

export function createOverlay(screen) {
  const canvas = document.createElement("canvas");
  canvas.dataset.testid = "script-overlay";
  canvas.className = "script-overlay";
  canvas.hidden = true;
  screen.parentElement.append(canvas);
  const ctx = canvas.getContext("2d");
  let shapes = [];
  let width = 0;
  let height = 0;

  // Over the screen, exactly: its place and size in the stage, its scale.
  function place() {
    const scale = Number(screen.dataset.scale) || 1;
    canvas.style.left = `${screen.offsetLeft}px`;
    canvas.style.top = `${screen.offsetTop}px`;
    canvas.style.width = `${screen.offsetWidth}px`;
    canvas.style.height = `${screen.offsetHeight}px`;
    if (canvas.width !== width * scale || canvas.height !== height * scale) {
      canvas.width = width * scale;
      canvas.height = height * scale;
    }
    draw(scale);
  }

  function draw(scale = Number(screen.dataset.scale) || 1) {
    canvas.hidden = shapes.length === 0;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    if (!shapes.length) return;
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
    ctx.textBaseline = "top";
    ctx.font = `${FONT_PX}px ui-monospace, "DejaVu Sans Mono", monospace`;
    for (const shape of shapes) {
      const [kind] = shape;
      if (kind === "pixel") {
        ctx.fillStyle = shape[3];
        ctx.fillRect(Math.floor(shape[1]), Math.floor(shape[2]), 1, 1);
      } else if (kind === "box") {
        const [, x, y, w, h, colour, fill] = shape;
        if (fill) { ctx.fillStyle = fill; ctx.fillRect(x, y, w, h); }
        ctx.fillStyle = colour;  // a one-pixel outline inside the box
        ctx.fillRect(x, y, w, 1);
        ctx.fillRect(x, y + h - 1, w, 1);
        ctx.fillRect(x, y, 1, h);
        ctx.fillRect(x + w - 1, y, 1, h);
      } else if (kind === "line") {
        ctx.fillStyle = shape[5];
        line(Math.round(shape[1]), Math.round(shape[2]), Math.round(shape[3]), Math.round(shape[4]));
      } else if (kind === "text") {
        const [, x, y, text, colour, background] = shape;
        if (background) {
          ctx.fillStyle = background;
          ctx.fillRect(x - 1, y - 1, ctx.measureText(text).width + 2, FONT_PX + 1);
        }
        ctx.fillStyle = colour;
        ctx.fillText(text, x, y);
      }
    }
  }

  // Bresenham's line, a machine pixel at a time (crisp at every scale).
  function line(x0, y0, x1, y1) {
    const dx = Math.abs(x1 - x0), dy = -Math.abs(y1 - y0);
    const sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
    let err = dx + dy;
    for (let n = 0; n <= 8192; n += 1) {
      ctx.fillRect(x0, y0, 1, 1);
      if (x0 === x1 && y0 === y1) return;
      const e2 = 2 * err;
      if (e2 >= dy) { err += dy; x0 += sx; }
      if (e2 <= dx) { err += dx; y0 += sy; }
    }
  }

  new ResizeObserver(place).observe(screen);

  return {
    setMachine(w, h) { width = w; height = h; shapes = []; place(); },
    set(list) { shapes = Array.isArray(list) ? list : []; place(); },
    shapes: () => shapes.map((s) => [...s]),
  };
}
