// The call stack: innermost first, each call with the routine it was made
// from; a click shows the caller in the disassembly.

import { el, hex } from "./debug_common.js";

export function create(root, session) {
  const list = el("ol", { class: "dbg-stack", testid: "dbg-callstack" });
  root.append(el("h2", { text: "Call stack" }), list);
  return {
    async update(status) {
      if (status?.running) return;
      const frames = await session.debug("call_stack");
      list.replaceChildren(...frames.map((f, i) => el("li", { testid: `stack-${i}` },
        el("button", {
          class: "link", text: `$${hex(f.call, 4)}`, title: "show in the disassembly",
          onclick: () => session.showCode(f.call),
        }),
        el("span", { class: "mono", text: ` ${f.text}` }),
        el("span", { class: "dim", text: f.routine ? ` in ${f.routine}` : "" }))));
      if (!frames.length) list.append(el("li", { class: "dim", text: "top level" }));
    },
    dispose() { root.replaceChildren(); },
  };
}
