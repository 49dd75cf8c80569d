import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { css } from "@codemirror/lang-css";
import { javascript } from "@codemirror/lang-javascript";
import { json } from "@codemirror/lang-json";
import {
  bracketMatching,
  defaultHighlightStyle,
  foldGutter,
  indentOnInput,
  syntaxHighlighting,
} from "@codemirror/language";
import { type Diagnostic as CmDiagnostic, lintGutter, setDiagnostics } from "@codemirror/lint";
import { Compartment, EditorSelection, EditorState, type Extension } from "@codemirror/state";
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import type { Diagnostic } from "@liftoff/domain";
import { useEffect, useId, useRef, useState } from "react";
import type { EditorLanguage } from "./file-tree.ts";

function languageExtension(language: EditorLanguage): Extension {
  switch (language) {
    case "css":
      return css();
    case "json":
      return json();
    case "ts":
      return javascript({ typescript: true });
    case "tsx":
      return javascript({ typescript: true, jsx: true });
    default:
      return javascript({ jsx: true });
  }
}

const theme = EditorView.theme({
  "&": { height: "100%", fontSize: "13px", backgroundColor: "var(--color-background)" },
  ".cm-scroller": {
    fontFamily: "var(--font-mono, ui-monospace, SFMono-Regular, Menlo, monospace)",
    lineHeight: "1.6",
  },
  ".cm-gutters": {
    backgroundColor: "var(--color-neutral-50)",
    borderRight: "1px solid var(--color-border)",
    color: "var(--color-muted-foreground)",
  },
  ".cm-activeLine": { backgroundColor: "color-mix(in oklab, var(--color-brand-50) 60%, transparent)" },
  ".cm-activeLineGutter": { backgroundColor: "var(--color-brand-50)" },
  "&.cm-focused": { outline: "none" },
  ".cm-content": { paddingBlock: "8px" },
});

/** Shown while the editor has focus, and its description: Tab indents here, so say how to leave. */
export const LEAVE_EDITOR_HINT = "Press Esc then Tab to move focus out of the editor";
/** The same place, for a file that cannot be edited: Tab moves on there, and the keys read it. */
export const READ_ONLY_EDITOR_HINT =
  "Read-only: arrow keys and Page Up/Down move through the code, Tab moves on";

/**
 * A read-only file stays a stop in the Tab order (WCAG 2.1.1): with `editable` false
 * CodeMirror drops contenteditable, and with it focus, so keyboard users could neither
 * reach the code nor scroll it. tabindex puts it back (and, on an editable file, tells
 * checkers such as axe that the scroller has focusable content: they do not count
 * contenteditable); the cursor keys then move the selection and scroll as in an editable
 * file, and aria-readonly tells why typing does nothing.
 */
function readOnlyExtensions(readOnly: boolean): Extension {
  return [
    EditorState.readOnly.of(readOnly),
    EditorView.editable.of(!readOnly),
    EditorView.contentAttributes.of(
      readOnly ? { tabindex: "0", "aria-readonly": "true" } : { tabindex: "0" },
    ),
  ];
}

/**
 * How long after Escape a Tab or Shift+Tab leaves the editor instead of indenting: the
 * library's own window (any other key ends it sooner).
 */
const ESCAPE_TAB_WINDOW_MS = 2000;

/**
 * CodeMirror's escape hatch (Escape, then Tab moves focus) is armed by its built-in Escape
 * handler, which does not run when a key binding takes the Escape first: the default keymap's
 * simplifySelection does whenever text is selected (a revealed diagnostic line, say). An
 * observer always runs, so Escape arms it in every state.
 */
const escapeThenTabLeaves = EditorView.domEventObservers({
  keydown(event, view) {
    if (event.key === "Escape") view.setTabFocusMode(ESCAPE_TAB_WINDOW_MS);
  },
});

/** Compile diagnostics of this file as CodeMirror lint marks (1-based line/column → offsets). */
export function toEditorDiagnostics(state: EditorState, diagnostics: readonly Diagnostic[]): CmDiagnostic[] {
  const doc = state.doc;
  return diagnostics.map((diagnostic) => {
    const line = doc.line(Math.min(Math.max(1, diagnostic.line), doc.lines));
    const from = Math.min(line.to, line.from + Math.max(0, diagnostic.column - 1));
    return {
      from,
      to: Math.max(from, line.to),
      severity: diagnostic.severity,
      message: diagnostic.message,
      source: diagnostic.detectorId ?? "compile",
    };
  });
}

export type CodeMirrorEditorProps = {
  /** Identity of the document: a new id starts a fresh editor state (own undo history). */
  docId: string;
  initialValue: string;
  language: EditorLanguage;
  readOnly: boolean;
  diagnostics: readonly Diagnostic[];
  onChange: (value: string) => void;
  onSaveNow: () => void;
  /** Scrolls to and selects this 1-based line when set (nonce re-triggers the same line). */
  reveal: { line: number; nonce: number } | null;
  label: string;
};

/** CodeMirror 6 with JSX/TSX/CSS/JSON highlighting, a lint gutter and Ctrl/Cmd+S. */
export function CodeMirrorEditor(props: CodeMirrorEditorProps) {
  const { docId, initialValue, language, readOnly, diagnostics, reveal, label } = props;
  const hostRef = useRef<HTMLDivElement | null>(null);
  const viewRef = useRef<EditorView | null>(null);
  const readOnlyCompartment = useRef(new Compartment());
  const callbacks = useRef(props);
  callbacks.current = props;
  const hintId = useId();
  const [focused, setFocused] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new document (docId) rebuilds the editor; value changes flow out, not in.
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const view = new EditorView({
      parent: host,
      state: EditorState.create({
        doc: initialValue,
        extensions: [
          lineNumbers(),
          foldGutter(),
          lintGutter(),
          highlightActiveLineGutter(),
          highlightActiveLine(),
          drawSelection(),
          history(),
          indentOnInput(),
          bracketMatching(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          languageExtension(language),
          keymap.of([
            {
              key: "Mod-s",
              preventDefault: true,
              run: () => {
                callbacks.current.onSaveNow();
                return true;
              },
            },
            ...defaultKeymap,
            ...historyKeymap,
            indentWithTab,
          ]),
          escapeThenTabLeaves,
          readOnlyCompartment.current.of(readOnlyExtensions(readOnly)),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) callbacks.current.onChange(update.state.doc.toString());
            if (update.focusChanged) setFocused(update.view.hasFocus);
          }),
          EditorView.contentAttributes.of({ "aria-label": label, "aria-describedby": hintId }),
          theme,
        ],
      }),
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
      setFocused(false);
    };
  }, [docId]);

  useEffect(() => {
    viewRef.current?.dispatch({
      effects: readOnlyCompartment.current.reconfigure(readOnlyExtensions(readOnly)),
    });
  }, [readOnly]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: docId re-applies marks to a rebuilt editor.
  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    view.dispatch(setDiagnostics(view.state, toEditorDiagnostics(view.state, diagnostics)));
  }, [diagnostics, docId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: docId reveals again in a rebuilt editor.
  useEffect(() => {
    const view = viewRef.current;
    if (!view || !reveal) return;
    const line = view.state.doc.line(Math.min(Math.max(1, reveal.line), view.state.doc.lines));
    view.dispatch({
      selection: EditorSelection.range(line.from, line.to),
      effects: EditorView.scrollIntoView(line.from, { y: "center" }),
    });
    view.focus();
  }, [reveal, docId]);

  return (
    <div className="relative h-full min-h-0">
      <div ref={hostRef} className="h-full min-h-0 overflow-hidden" data-testid="code-editor-text" />
      {/* Always in the DOM (it describes the editor); on screen only while the editor has focus. */}
      <p
        id={hintId}
        className={
          focused
            ? "pointer-events-none absolute right-3 bottom-3 left-3 z-10 ml-auto w-fit max-w-full rounded-md bg-neutral-900 px-2.5 py-1.5 text-xs text-white shadow-md"
            : "sr-only"
        }
        data-testid="code-editor-leave-hint"
        data-visible={focused || undefined}
      >
        {readOnly ? READ_ONLY_EDITOR_HINT : LEAVE_EDITOR_HINT}
      </p>
    </div>
  );
}
