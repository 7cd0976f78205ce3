// The page's code editor: CodeMirror 6 behind one small interface, shared by
// the Script tab and the Source tab (the machines' assembler source).
//
//   const editor = create(root, { language: "python", doc, onChange, completions, label,
//                                 onGutterClick });
//   editor.get() / editor.set(text)          the text (set keeps the undo history)
//   editor.open(key, text, {language})       one document per key (its own undo history),
//                                            made from `text` the first time only
//   editor.markError(line, message) / editor.markErrors([{line, message}]) / editor.clearMarks()
//   editor.setGutter([{line, data, className, title}])   the code gutter's markers
//   editor.setLineMarks([{line, className, testid}])      whole-line marks (PC, a cursor)
//   editor.restyleGutter(fn) / editor.drop(key)
//   editor.lineOf(data)                       the line a gutter marker stands on now
//   editor.scrollToLine(line) / editor.focus() / editor.destroy()
//
// Gutter markers and line marks follow the text as it is edited. The modules
// come by their bare names through index.html's import map (tools/vendor.py
// serves them from this site). A language is a mode in LANGUAGES.

import { EditorState, StateField, StateEffect, RangeSet } from "@codemirror/state";
import {
  EditorView, Decoration, GutterMarker, gutter, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter,
  highlightSpecialChars, drawSelection, dropCursor, rectangularSelection,
} from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import {
  indentOnInput, syntaxHighlighting, HighlightStyle, bracketMatching, foldGutter,
  foldKeymap, indentUnit, StreamLanguage,
} from "@codemirror/language";
import { searchKeymap, highlightSelectionMatches } from "@codemirror/search";
import {
  autocompletion, completionKeymap, closeBrackets, closeBracketsKeymap, completeFromList,
} from "@codemirror/autocomplete";
import { setDiagnostics, lintGutter } from "@codemirror/lint";
import { tags } from "@lezer/highlight";
import { python, pythonLanguage } from "@codemirror/lang-python";
import { assemblerMode } from "./editor_asm.js";

// Language modes: the syntax and, where the language gives them, its own
// completions; `completions` (a list of {label, type, info}) adds the page's.
const LANGUAGES = {
  python: (completions) => [
    python(),
    ...(completions?.length
      ? [pythonLanguage.data.of({ autocomplete: completeFromList(completions) })] : []),
  ],
  ...Object.fromEntries(["6502", "z80", "tms9900"].map((isa) => [
    `asm-${isa}`, () => [StreamLanguage.define(assemblerMode(isa))]])),
};

// Colours for the page's dark panels (style.css's palette).
const highlight = HighlightStyle.define([
  { tag: tags.keyword, color: "#c792ea" },
  { tag: [tags.controlKeyword, tags.moduleKeyword, tags.definitionKeyword], color: "#c792ea" },
  { tag: [tags.string, tags.special(tags.string)], color: "#c3e88d" },
  { tag: [tags.number, tags.bool, tags.null], color: "#f78c6c" },
  { tag: tags.comment, color: "#7f8aa3", fontStyle: "italic" },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: "#82aaff" },
  { tag: tags.definition(tags.variableName), color: "#ffcb6b" },
  { tag: [tags.className, tags.typeName], color: "#ffcb6b" },
  { tag: tags.operator, color: "#89ddff" },
  { tag: tags.invalid, color: "#ff6b6b" },
  { tag: tags.labelName, color: "#ffcb6b" },
  { tag: tags.meta, color: "#89ddff" },
  { tag: tags.atom, color: "#f07178" },
]);

// -- the code gutter and whole-line marks (the Source tab) ----------------------------------
// A marker is {data, className, title} at a line's start; the gutter draws it
// there (data-testid "src-bp-<line>") and a click gives its data back.
class Spot extends GutterMarker {
  constructor(spec) { super(); this.spec = spec; }
  eq(other) { return other.spec === this.spec; }
}
class SpotView extends GutterMarker {
  constructor(spec, line) { super(); this.spec = spec; this.line = line; }
  eq(other) { return other.spec === this.spec && other.line === this.line; }
  toDOM() {
    const dot = document.createElement("span");
    dot.className = `cm-spot ${this.spec.className ?? ""}`;
    dot.dataset.testid = `src-bp-${this.line}`;
    if (this.spec.title) dot.title = this.spec.title;
    dot.textContent = "●";
    return dot;
  }
}
const setSpots = StateEffect.define();
const spots = StateField.define({
  create: () => RangeSet.empty,
  update(set, tr) {
    for (const e of tr.effects) if (e.is(setSpots)) return e.value;
    return set.map(tr.changes);
  },
});
const setLineMarks = StateEffect.define();
const lineMarks = StateField.define({
  create: () => Decoration.none,
  update(set, tr) {
    for (const e of tr.effects) if (e.is(setLineMarks)) return e.value;
    return set.map(tr.changes);
  },
  provide: (field) => EditorView.decorations.from(field),
});

function spotAt(state, from) {
  let found = null;
  state.field(spots).between(from, from, (start, _end, marker) => {
    if (start === from) { found = marker.spec; return false; }
    return undefined;
  });
  return found;
}

// A click on a line's gutter: its marker's data, if it has one.
const clickLine = (onClick) => (view, block) => {
  const spec = spotAt(view.state, block.from);
  if (spec) onClick(spec.data, view.state.doc.lineAt(block.from).number);
  return spec !== null;
};

function codeGutter(onClick) {
  return [
    spots, lineMarks,
    gutter({
      class: "cm-code-gutter",
      lineMarker(view, block) {
        const spec = spotAt(view.state, block.from);
        return spec ? new SpotView(spec, view.state.doc.lineAt(block.from).number) : null;
      },
      lineMarkerChange: (update) => update.startState.field(spots) !== update.state.field(spots),
      domEventHandlers: { mousedown: clickLine(onClick) },
    }),
  ];
}

const theme = EditorView.theme({
  "&": { backgroundColor: "#0e1117", color: "#dde3ee", fontSize: "13px", border: "1px solid #2c3242",
    borderRadius: "4px" },
  "&.cm-focused": { outline: "1px solid #f2c14e" },
  ".cm-content": { fontFamily: "var(--mono)", caretColor: "#f2c14e" },
  ".cm-scroller": { fontFamily: "var(--mono)", lineHeight: "1.45" },
  ".cm-gutters": { backgroundColor: "#12151c", color: "#8a93a6", borderRight: "1px solid #2c3242" },
  ".cm-activeLine": { backgroundColor: "#1b1f2a" },
  ".cm-activeLineGutter": { backgroundColor: "#1b1f2a", color: "#dde3ee" },
  "&.cm-focused .cm-cursor": { borderLeftColor: "#f2c14e" },
  "&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection": { backgroundColor: "#2f4466" },
  ".cm-tooltip": { backgroundColor: "#1b1f2a", color: "#dde3ee", border: "1px solid #2c3242" },
  ".cm-tooltip-autocomplete > ul > li[aria-selected]": { backgroundColor: "#2f4466" },
  ".cm-lintRange-error": { backgroundImage: "none", textDecoration: "underline wavy #ff6b6b" },
  ".cm-code-gutter .cm-gutterElement": { cursor: "pointer", padding: "0 3px", color: "#3a4050" },
  ".cm-spot.bp": { color: "#ff6b6b" },
  ".cm-line.dbg-line.pc": { backgroundColor: "#3a3320" },
  ".cm-line.dbg-line.cursor": { outline: "1px dashed #82aaff" },
}, { dark: true });

/** An editor in `root`; see the module's text. */
export function create(root, { language = "python", doc = "", onChange = null, completions = [],
  label = "code editor", onGutterClick = null } = {}) {
  const extensionsFor = (name) => {
    const mode = LANGUAGES[name];
    if (!mode) throw new Error(`no editor mode for ${name}`);
    return [
      ...(onGutterClick ? codeGutter(onGutterClick) : []),
      lineNumbers(onGutterClick ? { domEventHandlers: { mousedown: clickLine(onGutterClick) } } : {}),
      foldGutter(), lintGutter(), highlightActiveLineGutter(),
      highlightSpecialChars(), history(), drawSelection(), dropCursor(),
      EditorState.allowMultipleSelections.of(true), indentOnInput(), indentUnit.of("    "),
      syntaxHighlighting(highlight), bracketMatching(), closeBrackets(), autocompletion(),
      rectangularSelection(), highlightActiveLine(), highlightSelectionMatches(),
      keymap.of([indentWithTab, ...closeBracketsKeymap, ...defaultKeymap, ...searchKeymap,
        ...historyKeymap, ...foldKeymap, ...completionKeymap]),
      mode(completions),
      EditorView.lineWrapping,  // (a side panel: long lines wrap rather than hide)
      theme,
      EditorView.contentAttributes.of({ "aria-label": label }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged && onChange) onChange(update.state.doc.toString());
      }),
    ];
  };
  const extensions = extensionsFor(language);
  const view = new EditorView({ parent: root, state: EditorState.create({ doc, extensions }) });
  const states = new Map();  // open()'s documents by key, each with its own history
  let key = null;

  const lineStart = (line) => {
    const doc = view.state.doc;
    return Number.isInteger(line) && line >= 1 && line <= doc.lines ? doc.line(line).from : null;
  };
  function markErrors(errors) {
    const doc = view.state.doc;
    const diagnostics = errors.filter((e) => lineStart(e.line) !== null).map((e) => {
      const at = doc.line(e.line);
      return { from: at.from, to: Math.max(at.from, at.to), severity: "error", message: e.message };
    });
    view.dispatch(setDiagnostics(view.state, diagnostics));
    if (diagnostics.length) {
      view.dispatch({ effects: EditorView.scrollIntoView(diagnostics[0].from, { y: "center" }) });
    }
  }

  return {
    view,
    get: () => view.state.doc.toString(),
    set(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    open(name, text, { language: other = language } = {}) {
      if (name === key) return;
      if (key !== null) states.set(key, view.state);
      key = name;
      view.setState(states.get(name) ?? EditorState.create({ doc: text, extensions: extensionsFor(other) }));
    },
    /** Underline line `line` (1-based) with `message` in the gutter. */
    markError(line, message) { markErrors([{ line, message }]); },
    markErrors,
    clearMarks() { view.dispatch(setDiagnostics(view.state, [])); },
    setGutter(list) {
      const ranges = list.filter((m) => lineStart(m.line) !== null)
        .map((m) => new Spot(m).range(lineStart(m.line)));
      view.dispatch({ effects: setSpots.of(RangeSet.of(ranges, true)) });
    },
    setLineMarks(list) {
      const ranges = list.filter((m) => lineStart(m.line) !== null).map((m) => Decoration.line({
        attributes: { class: m.className, ...(m.testid ? { "data-testid": m.testid } : {}) },
      }).range(lineStart(m.line)));
      view.dispatch({ effects: setLineMarks.of(Decoration.set(ranges, true)) });
    },
    /** Each gutter marker's spec through `fn` (a breakpoint set: its class). */
    restyleGutter(fn) {
      const ranges = [];
      view.state.field(spots, false)?.between(0, view.state.doc.length, (from, _to, marker) => {
        ranges.push(new Spot(fn(marker.spec)).range(from));
      });
      view.dispatch({ effects: setSpots.of(RangeSet.of(ranges, true)) });
    },
    /** Forget open()'s document for `name` (its next open starts afresh). */
    drop(name) { states.delete(name); if (name === key) key = null; },
    lineOf(data) {
      let line = null;
      view.state.field(spots, false)?.between(0, view.state.doc.length, (from, _to, marker) => {
        if (marker.spec.data === data) { line = view.state.doc.lineAt(from).number; return false; }
        return undefined;
      });
      return line;
    },
    scrollToLine(line) {
      const from = lineStart(line);
      if (from !== null) view.dispatch({ effects: EditorView.scrollIntoView(from, { y: "center" }) });
    },
    focus() { view.focus(); },
    destroy() { view.destroy(); },
  };
}
