import { useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { Input } from './input';

interface InlineTextEditorProps {
  label: string;
  value: string;
  maxLength: number;
  className?: string;
  /** Called with the trimmed text; an empty text is treated as cancelling. */
  onSave: (value: string) => void;
  onCancel: () => void;
}

/** A text field that edits in place: Enter or leaving it saves, Escape cancels. Focused when shown. */
export function InlineTextEditor({
  label,
  value,
  maxLength,
  className,
  onSave,
  onCancel,
}: InlineTextEditorProps) {
  const [draft, setDraft] = useState(value);
  const inputRef = useRef<HTMLInputElement>(null);
  // Escape and Enter end editing themselves; the blur that follows must not save a second time.
  const isDoneRef = useRef(false);

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  function finish(isSaving: boolean) {
    if (isDoneRef.current) return;
    isDoneRef.current = true;
    const text = draft.trim();
    if (isSaving && text) onSave(text);
    else onCancel();
  }

  return (
    <Input
      ref={inputRef}
      aria-label={label}
      value={draft}
      maxLength={maxLength}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          finish(true);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          finish(false);
        }
      }}
      onBlur={() => finish(true)}
      className={cn('min-w-0 flex-1', className)}
    />
  );
}
