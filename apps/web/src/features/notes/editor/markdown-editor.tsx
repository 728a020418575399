import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { languages } from '@codemirror/language-data';
import { tags } from '@lezer/highlight';
import { EditorView, minimalSetup } from 'codemirror';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';

export interface MarkdownEditorHandle {
  /** Puts text at the cursor (replacing the selection) and keeps the focus in the editor. */
  insertAtCursor: (text: string) => void;
  /** Replaces the whole text, as when another version is taken. */
  replaceText: (text: string) => void;
  focus: () => void;
}

interface MarkdownEditorProps {
  initialText: string;
  onChange: (text: string) => void;
  onBlur?: () => void;
  /** Files dropped or pasted into the text; the editor inserts nothing itself. */
  onFiles?: (files: File[]) => void;
  label: string;
  isReadOnly?: boolean;
  ref?: Ref<MarkdownEditorHandle>;
}

/** The app's colours for the editor, from the theme's variables, so light and dark both follow. */
const theme = EditorView.theme({
  '&': {
    height: '100%',
    color: 'var(--foreground)',
    backgroundColor: 'transparent',
    fontSize: '0.9375rem',
  },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': {
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    lineHeight: '1.6',
    overflow: 'auto',
  },
  '.cm-content': { padding: '0.75rem 0', caretColor: 'var(--foreground)' },
  '.cm-line': { padding: '0 0.75rem' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--foreground)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'color-mix(in oklch, var(--primary) 25%, transparent) !important',
  },
});

/**
 * Syntax colours from the theme's variables: CodeMirror's default colours are made for a light page and
 * some (links, code) are unreadable on the dark theme.
 */
const highlightStyle = HighlightStyle.define([
  { tag: tags.heading, fontWeight: '700' },
  { tag: tags.strong, fontWeight: '700' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.strikethrough, textDecoration: 'line-through' },
  { tag: [tags.link, tags.url], color: 'var(--primary)' },
  { tag: tags.monospace, color: 'color-mix(in oklch, var(--primary) 55%, var(--foreground))' },
  { tag: [tags.processingInstruction, tags.meta, tags.contentSeparator], color: 'var(--muted-foreground)' },
  { tag: tags.quote, color: 'var(--muted-foreground)', fontStyle: 'italic' },
  { tag: tags.comment, color: 'var(--muted-foreground)', fontStyle: 'italic' },
  { tag: [tags.keyword, tags.typeName, tags.className], color: 'var(--primary)' },
  {
    tag: [tags.string, tags.regexp, tags.special(tags.string)],
    color: 'color-mix(in oklch, var(--destructive) 65%, var(--foreground))',
  },
  {
    tag: [tags.number, tags.bool, tags.atom],
    color: 'color-mix(in oklch, var(--primary) 50%, var(--destructive))',
  },
  { tag: tags.invalid, color: 'var(--destructive)' },
]);

/**
 * A Markdown source editor (CodeMirror 6). It owns its text once created: the parent hears each change
 * and replaces the text only through the handle, so typing never fights a re-render.
 */
export function MarkdownEditor({
  initialText,
  onChange,
  onBlur,
  onFiles,
  label,
  isReadOnly = false,
  ref,
}: MarkdownEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  // The latest callbacks, read by the editor's listeners, which are set up once.
  const callbacks = useRef({ onChange, onBlur, onFiles });
  callbacks.current = { onChange, onBlur, onFiles };
  const initialTextRef = useRef(initialText);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const view = new EditorView({
      doc: initialTextRef.current,
      parent: host,
      extensions: [
        minimalSetup,
        markdown({ base: markdownLanguage, codeLanguages: languages }),
        syntaxHighlighting(highlightStyle),
        EditorView.lineWrapping,
        theme,
        EditorView.editable.of(!isReadOnly),
        EditorView.contentAttributes.of({
          'aria-label': label,
          'aria-multiline': 'true',
          spellcheck: 'true',
          autocapitalize: 'sentences',
        }),
        EditorView.updateListener.of((update) => {
          if (!update.docChanged) return;
          const text = update.state.doc.toString();
          // Kept for a rebuilt editor (read-only switched), which starts from the latest text.
          initialTextRef.current = text;
          callbacks.current.onChange(text);
        }),
        EditorView.domEventHandlers({
          blur: () => {
            callbacks.current.onBlur?.();
          },
          drop: (event, dropView) => {
            const files = Array.from(event.dataTransfer?.files ?? []);
            if (files.length === 0 || !callbacks.current.onFiles) return false;
            event.preventDefault();
            // The text goes where the file was dropped.
            const position = dropView.posAtCoords({ x: event.clientX, y: event.clientY });
            if (position !== null) dropView.dispatch({ selection: { anchor: position } });
            callbacks.current.onFiles(files);
            return true;
          },
          paste: (event) => {
            const files = Array.from(event.clipboardData?.files ?? []);
            if (files.length === 0 || !callbacks.current.onFiles) return false;
            event.preventDefault();
            callbacks.current.onFiles(files);
            return true;
          },
        }),
      ],
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, [label, isReadOnly]);

  useImperativeHandle(
    ref,
    () => ({
      insertAtCursor: (text) => {
        const view = viewRef.current;
        if (!view) return;
        const { from, to } = view.state.selection.main;
        view.dispatch({
          changes: { from, to, insert: text },
          selection: { anchor: from + text.length },
          scrollIntoView: true,
        });
        view.focus();
      },
      replaceText: (text) => {
        const view = viewRef.current;
        if (!view || view.state.doc.toString() === text) return;
        initialTextRef.current = text;
        view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
      },
      focus: () => viewRef.current?.focus(),
    }),
    [],
  );

  return <div ref={hostRef} className="h-full min-h-0" data-testid="note-editor" />;
}
