// Where the machine stands: run state, why it last stopped, frame and cycles.

import { el, addr4 } from "./debug_common.js";

export function create(root) {
  const state = el("span", { class: "dbg-state", testid: "dbg-run-state" });
  const frame = el("span", { testid: "dbg-frame" });
  const cycles = el("span", { testid: "dbg-cycles" });
  const pc = el("span", { testid: "dbg-pc" });
  const reason = el("span", { class: "dbg-reason", testid: "dbg-reason" });
  root.append(state, pc, frame, cycles, reason);
  return {
    update(status) {
      state.textContent = status.running ? "running" : status.stepping ? `stepping ${status.stepping}` : "paused";
      state.dataset.running = String(Boolean(status.running));
      pc.textContent = `PC ${addr4(status.pc)}`;
      frame.textContent = `frame ${status.frame} +${status.frame_cycle}`;
      cycles.textContent = `cycles ${status.cycles}`;
      const r = status.reason;
      reason.textContent = !status.running && r ? `stopped: ${r.message}` : "";
      reason.dataset.kind = (!status.running && r?.kind) || "";
    },
    dispose() { root.replaceChildren(); },
  };
}
