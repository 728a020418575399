import { TRACKER_FORMULA_MAX_LENGTH, TRACKER_MAX_SOURCES, type Tracker } from '@cairn/contracts/trackers';
import { LoaderCircleIcon } from 'lucide-react';
import { useId, useMemo, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { useFormulaPreview } from '../api/preview-formula';
import { useDebouncedValue } from '../shared/use-debounced-value';
import { findQuotedToken, findTokenRange, insertAtSelection } from '../utils/formula-token';
import { serverMessage } from '../utils/server-field-errors';

/** How long the formula must stay unchanged before it is checked. */
const PREVIEW_DELAY_MS = 300;

interface FormulaEditorProps {
  /** The tracker being edited, so a cycle through it is found before saving. */
  trackerId: string | undefined;
  /** The user's trackers this one may read: every other one. */
  candidates: readonly Tracker[];
  sourceTrackerIds: readonly string[];
  onSourcesChange: (ids: string[]) => void;
  formula: string;
  onFormulaChange: (formula: string) => void;
  /** The server's refusal of the formula when saving, or of the sources. */
  formulaError: string | undefined;
  sourcesError: string | undefined;
  formatResult: (value: string) => string;
}

/** The formula with the token the message names marked, for sighted users; the message says it in words. */
function FormulaWithToken({ formula, message }: { formula: string; message: string }) {
  const token = findQuotedToken(message);
  const range = token === undefined ? undefined : findTokenRange(formula, token);
  if (!range) return null;
  return (
    <p
      className="overflow-x-auto rounded-md bg-muted px-2 py-1 font-mono text-xs whitespace-pre"
      data-testid="formula-token"
    >
      {formula.slice(0, range.start)}
      <mark className="rounded-sm bg-destructive/20 px-0.5 text-destructive underline decoration-wavy">
        {formula.slice(range.start, range.end)}
      </mark>
      {formula.slice(range.end)}
    </p>
  );
}

/**
 * The calculated tracker's formula: which trackers it reads (each a variable), the formula itself, and
 * its result for the latest day a source was logged, checked by the server as the user types.
 */
export function FormulaEditor({
  trackerId,
  candidates,
  sourceTrackerIds,
  onSourcesChange,
  formula,
  onFormulaChange,
  formulaError,
  sourcesError,
  formatResult,
}: FormulaEditorProps) {
  const id = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const chosen = useMemo(() => new Set(sourceTrackerIds), [sourceTrackerIds]);
  const sources = sourceTrackerIds
    .map((sourceId) => candidates.find((tracker) => tracker.id === sourceId))
    .filter((tracker): tracker is Tracker => tracker !== undefined);
  const isFull = sourceTrackerIds.length >= TRACKER_MAX_SOURCES;

  const request = useMemo(
    () =>
      formula.trim() === ''
        ? undefined
        : {
            calculationFormula: formula,
            sourceTrackerIds: [...sourceTrackerIds],
            ...(trackerId && { trackerId }),
          },
    [formula, sourceTrackerIds, trackerId],
  );
  const settledRequest = useDebouncedValue(request, PREVIEW_DELAY_MS);
  const preview = useFormulaPreview(settledRequest);
  const isWaiting = request !== settledRequest || preview.isFetching;
  // A newer answer replaces a refusal; the refusal of what is on screen is what the user fixes.
  const previewError =
    preview.isError && !preview.isFetching
      ? serverMessage(preview.error, 'The formula could not be checked')
      : undefined;
  const shownError = formulaError ?? previewError;

  function insert(name: string) {
    const textarea = textareaRef.current;
    const selection = textarea
      ? { start: textarea.selectionStart, end: textarea.selectionEnd }
      : { start: formula.length, end: formula.length };
    const next = insertAtSelection(formula, name, selection);
    onFormulaChange(next.text);
    requestAnimationFrame(() => {
      textarea?.focus();
      textarea?.setSelectionRange(next.caret, next.caret);
    });
  }

  return (
    <div className="grid gap-4 rounded-lg border p-3">
      <fieldset className="grid gap-2" aria-describedby={sourcesError ? `${id}-sources-error` : undefined}>
        <legend className="text-sm font-medium">Source trackers</legend>
        <p className="text-xs text-muted-foreground">
          The trackers the formula reads, at most {TRACKER_MAX_SOURCES}. Each is a variable named after it.
        </p>
        {candidates.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Create another tracker first: a formula reads other trackers.
          </p>
        ) : (
          <ul className="grid max-h-40 gap-1 overflow-y-auto rounded-md border p-2 sm:grid-cols-2">
            {candidates.map((tracker) => (
              <li key={tracker.id}>
                <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 text-sm hover:bg-accent">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={chosen.has(tracker.id)}
                    disabled={isFull && !chosen.has(tracker.id)}
                    onChange={(event) =>
                      onSourcesChange(
                        event.target.checked
                          ? [...sourceTrackerIds, tracker.id]
                          : sourceTrackerIds.filter((sourceId) => sourceId !== tracker.id),
                      )
                    }
                  />
                  <span className="truncate">{tracker.name}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {sourcesError && (
          <p id={`${id}-sources-error`} className="text-sm text-destructive">
            {sourcesError}
          </p>
        )}
      </fieldset>
      {sources.length > 0 && (
        <div className="grid gap-1.5">
          <p className="text-sm font-medium" id={`${id}-variables`}>
            Variables
          </p>
          <ul className="flex flex-wrap gap-1.5" aria-labelledby={`${id}-variables`}>
            {sources.map((tracker) => (
              <li key={tracker.id}>
                <Button
                  variant="secondary"
                  size="sm"
                  className="h-7 font-mono text-xs"
                  onClick={() => insert(tracker.variableName)}
                  aria-label={`Insert ${tracker.variableName} (${tracker.name})`}
                >
                  {tracker.variableName}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-formula`}>Formula</Label>
        <textarea
          ref={textareaRef}
          id={`${id}-formula`}
          className="min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-base outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive sm:text-sm"
          value={formula}
          maxLength={TRACKER_FORMULA_MAX_LENGTH}
          spellCheck={false}
          autoComplete="off"
          placeholder="weight / (height / 100) ^ 2"
          aria-invalid={shownError ? true : undefined}
          aria-describedby={`${id}-formula-hint ${id}-formula-result`}
          onChange={(event) => onFormulaChange(event.target.value)}
        />
        <p id={`${id}-formula-hint`} className="text-xs text-muted-foreground">
          Arithmetic (+ − × ÷ ^), comparisons, and min, max, abs, round, sqrt, pow, log.
        </p>
        <div id={`${id}-formula-result`} aria-live="polite" className="grid gap-1.5 text-sm">
          {shownError ? (
            <>
              <p className="text-destructive" data-testid="formula-error">
                {shownError}
              </p>
              <FormulaWithToken formula={formula} message={shownError} />
            </>
          ) : request === undefined ? null : isWaiting && !preview.data ? (
            <p className="flex items-center gap-2 text-muted-foreground">
              <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />
              Checking the formula…
            </p>
          ) : preview.data ? (
            <p data-testid="formula-preview">
              {preview.data.value !== null && preview.data.date !== null ? (
                <>
                  Result for {preview.data.date}:{' '}
                  <span className="font-semibold tabular-nums">{formatResult(preview.data.value)}</span>
                </>
              ) : (
                <span className="text-muted-foreground">
                  The formula is valid; no day has a value for every source yet.
                </span>
              )}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
