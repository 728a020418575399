import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { Input } from './input';

interface InlineTextEditorProps {
  label: string;
  value: string;
  /**
   * Cuts what is typed or pasted at this length. Leave it out when `validate` checks the length, so a
   * paste that is too long is kept and explained rather than silently cut.
   */
  maxLength?: number;
  /**
   * The reason the trimmed text cannot be saved, shown under the field, or undefined when it can. While
   * there is a reason, Enter and leaving the field keep editing; Escape still cancels. Without it, an
   * emptied field cancels.
   */
  validate?: (text: string) => string | undefined;
  className?: string;
  /** Called with the trimmed text. */
  onSave: (value: string) => void;
  onCancel: () => void;
}

/** A text field that edits in place: Enter or leaving it saves, Escape cancels. Focused when shown. */
export function InlineTextEditor({
  label,
  value,
  maxLength,
  validate,
  className,
  onSave,
  onCancel,
}: InlineTextEditorProps) {
  const errorId = useId();
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  // Escape and Enter end editing themselves; the blur that follows must not save a second time.
  const isDoneRef = useRef(false);

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  function finish(isSaving: boolean) {
    if (isDoneRef.current) return;
    const text = draft.trim();
    if (isSaving && validate) {
      const reason = validate(text);
      setError(reason);
      if (reason) return;
    }
    isDoneRef.current = true;
    if (isSaving && text) onSave(text);
    else onCancel();
  }

  function onChange(next: string) {
    setDraft(next);
    // A text that is too long is flagged as it is typed or pasted; an empty one only once the user
    // tries to save it, so clearing the field to retype it is not an error yet.
    if (validate && (error || next.trim() !== '')) setError(validate(next.trim()));
  }

  return (
    <div className="grid min-w-0 flex-1 gap-1">
      <Input
        ref={inputRef}
        aria-label={label}
        value={draft}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
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
      {error && (
        <p id={errorId} role="alert" className="text-sm font-normal text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
