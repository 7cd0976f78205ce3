// The Hardware tab: the video chip's viewers, the event viewer, the memory
// search and the profiler, each its own panel; what is hidden (the tab, a
// closed viewer, the profiler off) asks nothing of the worker.

import { el } from "./debug_common.js";
import * as viewersPanel from "./hw_viewers.js";
import * as eventsPanel from "./hw_events.js";
import * as searchPanel from "./hw_search.js";
import * as profilerPanel from "./hw_profiler.js";

export function create(root, session) {
  const section = (testid) => el("section", { class: "panel", testid });
  const roots = ["hw-viewers-panel", "hw-events-panel", "hw-search-panel", "hw-profiler-panel"].map(section);
  root.append(...roots);
  const viewers = viewersPanel.create(roots[0], session);
  const events = eventsPanel.create(roots[1], session);
  const search = searchPanel.create(roots[2], session);
  const profiler = profilerPanel.create(roots[3], session);
  const parts = [viewers, events, search, profiler];
  return {
    viewers, events, search, profiler,
    /** A machine was loaded: its viewers, spaces and symbols. */
    async load({ spaces, symbols }) {
      search.setSpaces(spaces);
      profiler.setSymbols(symbols);
      events.load();
      await Promise.all([viewers.load(), profiler.load()]);
    },
    /** The tab was shown or hidden: viewers and events open or close with it. */
    async shown(on) { await Promise.all([viewers.shown(on), events.shown(on)]); },
    async update(status) {
      for (const part of parts) await part.update(status);
    },
    dispose() { for (const part of parts) part.dispose(); },
  };
}
