// The status line: run state, the running speed (the speed chosen when not
// x1, frames per second and the emulated clock against the machine's own:
// speed_meter.js), what debugger feature costs speed, why it last stopped, PC,
// frame and cycles. One source for the frame number: the frames drawn on the
// canvas (`drawn`), which the heading shows too.

import { el, addr4 } from "./debug_common.js";
import { createSpeedMeter } from "./speed_meter.js";

const CHOSEN = { 0: "max", 4: "x4" };  // the speed factors worth naming (x1 goes without)

export function create(root, page) {
  const state = el("span", { class: "dbg-state", testid: "dbg-run-state" });
  const speed = el("span", { class: "dbg-speed", testid: "dbg-speed" });
  const slow = el("span", { class: "dbg-slow", testid: "dbg-slow" });
  const frame = el("span", { testid: "dbg-frame", title: "the frame number; paused, the CPU cycles into that frame" });
  const cycles = el("span", { testid: "dbg-cycles" });
  const pc = el("span", { testid: "dbg-pc" });
  const reason = el("span", { class: "dbg-reason", testid: "dbg-reason" });
  root.append(state, speed, slow, pc, frame, cycles, reason);
  const meter = createSpeedMeter();
  let running = false;
  let frameCycle = 0;

  function showSpeed() {
    const info = page.info();
    if (!running || !info) { speed.textContent = ""; delete speed.dataset.fps; return; }
    const measured = meter.rate();
    const parts = [];
    const chosen = CHOSEN[page.speed()];
    if (chosen) parts.push(chosen);
    if (measured !== null) {
      const { fps, hz } = measured;
      parts.push(`${fps.toFixed(1)} fps`);
      parts.push(`${(hz / 1e6).toFixed(2)} MHz (${Math.round((100 * hz) / info.clock_hz)}% of ${(info.clock_hz / 1e6).toFixed(2)})`);
    }
    speed.textContent = parts.join(" · ");
    speed.dataset.fps = measured === null ? "" : measured.fps.toFixed(1);
    speed.dataset.clock = measured === null ? "" : String(Math.round((100 * measured.hz) / info.clock_hz));
  }

  return {
    /** A frame reached the canvas ({frame, cycles, time} as the worker sent
     * it): the frame number everyone shows, and a sample of the speed. */
    drawn(msg) {
      if (running && msg.time !== undefined) meter.add(msg.time, msg.frame, msg.cycles);
      frame.textContent = running ? `frame ${msg.frame}` : `frame ${msg.frame}, cycle ${frameCycle}`;
      showSpeed();
    },
    /** The speed was changed: measure afresh. */
    speedChanged() {
      meter.reset();
      showSpeed();
    },
    update(status) {
      running = Boolean(status.running);
      if (!running) meter.reset();
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
