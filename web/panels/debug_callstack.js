// The call stack: innermost first, each call with the routine it was made
// from; a click shows the caller in the disassembly.

import { el, addr4 } from "./debug_common.js";

export function create(root, page) {
  const list = el("ol", { class: "dbg-stack", testid: "dbg-callstack" });
  root.append(el("h2", { text: "Call stack" }), list);
  return {
    async update(status) {
      if (status?.running) return;
      const frames = await page.debug("call_stack");
      // An interrupt frame has no call instruction: show where it returns to.
      const at = (f) => (Number.isInteger(f.call) ? f.call : f.return);
      list.replaceChildren(...frames.map((f, i) => el("li", { testid: `stack-${i}` },
        el("button", {
          class: "link", text: addr4(at(f)), title: "show in the disassembly",
          onclick: () => page.showCode(at(f)),
        }),
        el("span", { class: "mono", text: ` ${f.text}` }),
        el("span", { class: "dim", text: f.routine ? ` in ${f.routine}` : "" }))));
      if (!frames.length) list.append(el("li", { class: "dim", text: "top level" }));
    },
    dispose() { root.replaceChildren(); },
  };
}
