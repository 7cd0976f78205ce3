// The page's code editor: CodeMirror 6 behind one small interface, shared by
// the Script tab and (next) the machines' source editor.
//
//   const editor = create(root, { language: "python", doc, onChange, completions, label });
//   editor.get() / editor.set(text)          the text (set keeps the undo history)
//   editor.markError(line, message) / editor.clearMarks()
//   editor.focus() / editor.destroy()
//
// The modules come by their bare names through index.html's import map
// (tools/vendor.py serves them from this site). A language is a mode in
// LANGUAGES: an assembler's syntax colouring (6502, Z80, TMS9900) goes there.

import { EditorState } from "@codemirror/state";
import {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter,
  highlightSpecialChars, drawSelection, dropCursor, rectangularSelection,
} from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import {
  indentOnInput, syntaxHighlighting, HighlightStyle, bracketMatching, foldGutter,
  foldKeymap, indentUnit,
} from "@codemirror/language";
import { searchKeymap, highlightSelectionMatches } from "@codemirror/search";
import {
  autocompletion, completionKeymap, closeBrackets, closeBracketsKeymap, completeFromList,
} from "@codemirror/autocomplete";
import { setDiagnostics, lintGutter } from "@codemirror/lint";
import { tags } from "@lezer/highlight";
import { python, pythonLanguage } from "@codemirror/lang-python";

// Language modes: the syntax and, where the language gives them, its own
// completions; `completions` (a list of {label, type, info}) adds the page's.
const LANGUAGES = {
  python: (completions) => [
    python(),
    ...(completions?.length
      ? [pythonLanguage.data.of({ autocomplete: completeFromList(completions) })] : []),
  ],
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
]);

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
}, { dark: true });

/** An editor in `root`; see the module's text. */
export function create(root, { language = "python", doc = "", onChange = null, completions = [],
  label = "code editor" } = {}) {
  const mode = LANGUAGES[language];
  if (!mode) throw new Error(`no editor mode for ${language}`);
  const view = new EditorView({
    parent: root,
    state: EditorState.create({
      doc,
      extensions: [
        lineNumbers(), foldGutter(), lintGutter(), highlightActiveLineGutter(),
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
      ],
    }),
  });

  return {
    view,
    get: () => view.state.doc.toString(),
    set(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    /** Underline line `line` (1-based) with `message` in the gutter. */
    markError(line, message) {
      const doc = view.state.doc;
      if (!Number.isInteger(line) || line < 1 || line > doc.lines) return;
      const at = doc.line(line);
      view.dispatch(setDiagnostics(view.state, [{ from: at.from, to: Math.max(at.from, at.to),
        severity: "error", message }]));
      view.dispatch({ effects: EditorView.scrollIntoView(at.from, { y: "center" }) });
    },
    clearMarks() { view.dispatch(setDiagnostics(view.state, [])); },
    focus() { view.focus(); },
    destroy() { view.destroy(); },
  };
}
