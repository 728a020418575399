import { INVALID_RECURRENCE_MESSAGE, Recurrence } from '@cairn/recurrence';
import { useId } from 'react';
import { formatOccurrence } from './format-occurrence';
import { listUpcomingOccurrences } from './preview-occurrences';
import type { RecurrenceFormResult } from './recurrence-form';

const PREVIEW_LENGTH = 5;

interface RecurrencePreviewProps {
  result: RecurrenceFormResult;
  /** The first day that may show: the task's due, else now. */
  from: Date;
  /** The task's timed due, whose time of day the dates take; null for whole days. */
  time: Date | null;
}

/** The rule in words and its next five dates, in the rule's zone, as the fields stand. */
export function RecurrencePreview({ result, from, time }: RecurrencePreviewProps) {
  const id = useId();
  const preview = result.isValid
    ? listUpcomingOccurrences(result.options, { from, limit: PREVIEW_LENGTH, time })
    : undefined;
  const timeZone = result.isValid ? (result.options.timezone ?? 'UTC') : undefined;

  return (
    <section
      aria-labelledby={`${id}-heading`}
      // Stays in view beside the fields while they scroll.
      className="grid content-start gap-3 self-start rounded-lg border bg-muted/50 p-4 sm:sticky sm:top-0"
    >
      <h3 id={`${id}-heading`} className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
        Preview
      </h3>
      {/* Read out as it changes, without the dates, which would be too much at each keystroke. */}
      <p aria-live="polite" className="text-sm font-medium">
        {result.isValid ? new Recurrence(result.options).toText() : INVALID_RECURRENCE_MESSAGE}
      </p>
      {preview && timeZone ? (
        <>
          {preview.dates.length > 0 ? (
            <ol aria-label="Next dates" className="grid gap-1.5 text-sm">
              {preview.dates.map((date) => (
                <li key={date.getTime()} className="tabular-nums">
                  <time dateTime={date.toISOString()}>
                    {formatOccurrence(date, { timeZone, hasTime: time !== null })}
                  </time>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-muted-foreground">No dates left: the series has ended.</p>
          )}
          {preview.hasEnded && preview.dates.length > 0 && (
            <p className="text-xs text-muted-foreground">The series ends with these.</p>
          )}
          <p className="text-xs text-muted-foreground">Dates in {timeZone.replaceAll('_', ' ')}.</p>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">Fix the marked fields to see the next dates.</p>
      )}
    </section>
  );
}
