// The bare page's welcome: what Retroscope is, in a line (index.html), and
// every machine as a choice, each with the first sentence of its own
// description (INFO.summary). Also the machines' short names, which the
// machine list at the top uses too. Text only, never HTML.

import { el } from "./dom.js";

/** "FDS Backgammon: the predetermined dice" -> "FDS Backgammon";
 * "Japanese Military Chess (BBC Micro)" -> "Japanese Military Chess". */
export const shortTitle = (title) => title.split(":")[0].replace(/\s*\(.*\)$/, "");

/** A description's first sentence: to the first ".", "!" or "?" that ends a
 * word ("3.0 MHz" goes on). */
export const firstSentence = (text) => (/^.*?[.!?](?=\s|$)/s.exec(text)?.[0] ?? text).trim();

export function create(root) {
  const list = root.querySelector("[data-testid=welcome-machines]");
  root.querySelector("[data-testid=welcome-close]").addEventListener("click", () => hide());

  function show(machines, currentId) {
    list.replaceChildren(...machines.map((info) => el("li", {},
      el("a", { href: `#/${info.id}`, class: "welcome-machine", testid: `welcome-${info.id}`,
                "aria-current": info.id === currentId ? "true" : "false" },
        el("strong", { text: shortTitle(info.title) }),
        el("span", { class: "dim", text: ` · ${info.cpu.toUpperCase()}` }),
        el("span", { class: "welcome-what", text: firstSentence(info.summary || "") })))));
    root.hidden = false;
  }
  function hide() { root.hidden = true; }
  return { show, hide, shown: () => !root.hidden };
}
