import * as ToggleGroupPrimitive from '@radix-ui/react-toggle-group';
import { useEffect, useId, useState } from 'react';
import { MarkdownContent } from '../../../components/ui/markdown-content';
import { useUpdateTaskMutation } from '../api/tasks/update-task';

type Mode = 'write' | 'preview';

interface TaskNoteProps {
  taskId: string;
  note: string | null;
  isReadOnly: boolean;
}

/** The task's note in Markdown: written in a text area, read as rendered text. Saved when leaving the area. */
export function TaskNote({ taskId, note, isReadOnly }: TaskNoteProps) {
  const update = useUpdateTaskMutation();
  const [mode, setMode] = useState<Mode>('preview');
  const [draft, setDraft] = useState(note ?? '');
  const textareaId = useId();

  // Another change (a refetch, a rollback) replaces the draft only while the user is not writing.
  useEffect(() => {
    if (mode === 'preview') setDraft(note ?? '');
  }, [note, mode]);

  function save() {
    const next = draft.trim() === '' ? null : draft;
    if (next !== (note ?? null)) update.mutate({ taskId, body: { note: next } });
  }

  function changeMode(next: Mode) {
    if (next === mode) return;
    if (next === 'preview') save();
    setMode(next);
  }

  const shown = mode === 'preview' ? (note ?? '') : draft;

  return (
    <section aria-labelledby="note-title" className="grid gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="note-title" className="text-base font-semibold">
          Note
        </h2>
        {!isReadOnly && (
          <ToggleGroupPrimitive.Root
            type="single"
            value={mode}
            onValueChange={(value) => value && changeMode(value as Mode)}
            aria-label="Note mode"
            className="inline-flex rounded-md border bg-muted p-0.5"
          >
            {(['write', 'preview'] as const).map((value) => (
              <ToggleGroupPrimitive.Item
                key={value}
                value={value}
                className="rounded px-3 py-1 text-sm font-medium text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm"
              >
                {value === 'write' ? 'Write' : 'Preview'}
              </ToggleGroupPrimitive.Item>
            ))}
          </ToggleGroupPrimitive.Root>
        )}
      </div>
      {mode === 'write' && !isReadOnly ? (
        <div className="grid gap-1.5">
          <label htmlFor={textareaId} className="sr-only">
            Note
          </label>
          <textarea
            id={textareaId}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={save}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
                event.preventDefault();
                changeMode('preview');
              }
            }}
            rows={8}
            maxLength={100_000}
            placeholder="Write in Markdown: **bold**, _italic_, - lists, [links](https://example.com)"
            className="min-h-40 w-full resize-y rounded-md border border-input bg-background px-3 py-2 font-mono text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background"
          />
          <p className="text-xs text-muted-foreground">
            Markdown is supported. Saved when you leave the field; Ctrl+Enter saves and shows the preview.
          </p>
        </div>
      ) : shown.trim() ? (
        <div className="rounded-md border bg-card p-4" data-testid="note-preview">
          <MarkdownContent source={shown} />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          No note yet.{!isReadOnly && ' Choose Write to add details, links or a plan in Markdown.'}
        </p>
      )}
    </section>
  );
}
