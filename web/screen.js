// The canvas: indexed pixels through the palette, scaled by a whole number of
// device pixels (every machine pixel as wide as the next), as large as the
// stage holds.

export function createScreen(canvas, stage) {
  const ctx = canvas.getContext("2d", { alpha: false });
  let image = null;
  let words = null;          // Uint32 view on the ImageData
  let palette32 = new Uint32Array(256);
  let width = 0;
  let height = 0;
  // The last frame given, drawn or not: a load's frame can come before the
  // load's answer sets the machine up (not drawable yet), or be drawn and then
  // cleared by it; a paused machine sends no other.
  let lastPixels = null;

  function setMachine(w, h, palette) {
    width = w;
    height = h;
    canvas.width = w;
    canvas.height = h;
    image = ctx.createImageData(w, h);
    words = new Uint32Array(image.data.buffer);
    setPalette(palette);
    fit();
    if (lastPixels) draw(lastPixels);
  }

  function setPalette(palette) {
    // ImageData is RGBA in memory: on little-endian hosts that is 0xAABBGGRR.
    palette32 = new Uint32Array(256);
    palette.forEach((rgb, i) => {
      const r = (rgb >> 16) & 255, g = (rgb >> 8) & 255, b = rgb & 255;
      palette32[i] = (0xff000000 | (b << 16) | (g << 8) | r) >>> 0;
    });
  }

  function draw(pixels) {
    lastPixels = pixels;
    if (!image || pixels.length !== width * height) return;
    const pal = palette32;
    for (let i = 0; i < pixels.length; i++) words[i] = pal[pixels[i]];
    ctx.putImageData(image, 0, 0);
  }

  function fit() {
    if (!width) return;
    const box = stage.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    const scale = Math.max(1, Math.floor(Math.min(box.width * dpr / width, box.height * dpr / height)));
    canvas.style.width = `${(width * scale) / dpr}px`;
    canvas.style.height = `${(height * scale) / dpr}px`;
    canvas.dataset.scale = String(scale);  // device pixels per machine pixel
  }

  new ResizeObserver(fit).observe(stage);
  // A zoom or a move to another screen changes the device pixels, not the stage's box.
  const watchRatio = () => matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`)
    .addEventListener("change", () => { fit(); watchRatio(); }, { once: true });
  watchRatio();
  document.addEventListener("fullscreenchange", fit);

  return {
    setMachine, setPalette, draw, fit,
    /** `target`: what fills the screen (the picture with its touch controls). */
    toggleFullscreen(target = stage) {
      if (document.fullscreenElement) document.exitFullscreen();
      else target.requestFullscreen?.().catch(() => {});
    },
    /** Framebuffer coordinates of a mouse event, or null when outside. */
    toMachine(event) {
      const rect = canvas.getBoundingClientRect();
      const x = Math.floor(((event.clientX - rect.left) / rect.width) * width);
      const y = Math.floor(((event.clientY - rect.top) / rect.height) * height);
      return x >= 0 && y >= 0 && x < width && y < height ? { x, y } : null;
    },
  };
}
