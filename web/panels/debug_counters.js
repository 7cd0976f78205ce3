// The status line: run state, the running speed (frames per second and the
// emulated clock against the machine's own), what debugger feature costs speed,
// why it last stopped, PC, frame and cycles. One source for the frame number:
// the frames drawn on the canvas (`drawn`), which the heading shows too.

import { el, addr4 } from "./debug_common.js";

const WINDOW_MS = 1000;   // speed is measured over the last second

export function create(root, session) {
  const state = el("span", { class: "dbg-state", testid: "dbg-run-state" });
  const speed = el("span", { class: "dbg-speed", testid: "dbg-speed" });
  const slow = el("span", { class: "dbg-slow", testid: "dbg-slow" });
  const frame = el("span", { testid: "dbg-frame", title: "the frame number; paused, the CPU cycles into that frame" });
  const cycles = el("span", { testid: "dbg-cycles" });
  const pc = el("span", { testid: "dbg-pc" });
  const reason = el("span", { class: "dbg-reason", testid: "dbg-reason" });
  root.append(state, speed, slow, pc, frame, cycles, reason);
  let frames = [];          // [time, frame number] of drawn frames while running
  let clocks = [];          // [time, CPU cycles] from statuses while running
  let running = false;
  let frameCycle = 0;

  const keep = (samples, now) => samples.filter(([t]) => now - t <= WINDOW_MS);
  const rate = (samples) => {
    if (samples.length < 2) return null;
    const [t0, v0] = samples[0];
    const [t1, v1] = samples[samples.length - 1];
    return t1 > t0 ? ((v1 - v0) * 1000) / (t1 - t0) : null;
  };

  function showSpeed() {
    const info = session.info();
    if (!running || !info) { speed.textContent = ""; delete speed.dataset.fps; return; }
    const fps = rate(frames);
    const hz = rate(clocks);
    const parts = [];
    if (fps !== null) parts.push(`${fps.toFixed(1)} fps`);
    if (hz !== null) {
      const mhz = hz / 1e6;
      parts.push(`${mhz.toFixed(2)} MHz (${Math.round((100 * hz) / info.clock_hz)}% of ${(info.clock_hz / 1e6).toFixed(2)})`);
    }
    speed.textContent = parts.join(" · ");
    speed.dataset.fps = fps === null ? "" : fps.toFixed(1);
  }

  return {
    /** A frame reached the canvas: the frame number everyone shows. */
    drawn(n) {
      const now = performance.now();
      frames = running ? keep([...frames, [now, n]], now) : [];
      frame.textContent = running ? `frame ${n}` : `frame ${n}, cycle ${frameCycle}`;
      showSpeed();
    },
    update(status) {
      const now = performance.now();
      running = Boolean(status.running);
      clocks = running ? keep([...clocks, [now, status.cycles]], now) : [];
      if (!running) frames = [];
      state.textContent = running ? "running" : status.stepping ? `stepping ${status.stepping}` : "paused";
      state.dataset.running = String(running);
      pc.textContent = `PC ${addr4(status.pc)}`;
      frameCycle = status.frame_cycle;
      if (!running) frame.textContent = `frame ${status.frame}, cycle ${status.frame_cycle}`;
      cycles.textContent = `cycles ${status.cycles}`;
      const costs = status.slowed_by || [];
      slow.textContent = costs.length ? `slowed by ${costs.join(", ")}` : "";
      slow.title = costs.length ? "these debugger features check every instruction; remove them for full speed" : "";
      root.dataset.slow = String(costs.length > 0);
      showSpeed();
      const r = status.reason;
      reason.textContent = !running && r ? `stopped: ${r.message}` : "";
      reason.dataset.kind = (!running && r?.kind) || "";
    },
    dispose() { root.replaceChildren(); },
  };
}
