import { Recurrence, RecurrenceError, type RecurrenceOptions } from '@cairn/recurrence';
import { atTimeOfDay, getNoonOfDayBefore } from './zoned-day';

export interface OccurrencePreview {
  /** The occurrences on or after the preview's first day, each at the due's time of day when timed. */
  dates: Date[];
  /** The series stops within these dates (by its count or end date). */
  hasEnded: boolean;
}

interface PreviewOptions {
  /** The first day that may show, in the rule's zone: the task's current due, else today. */
  from: Date;
  limit: number;
  /** The task's timed due, whose time of day every occurrence takes; null for whole days. */
  time: Date | null;
}

/** The next `limit` dates of a valid rule, as the series will bring them. */
export function listUpcomingOccurrences(
  options: RecurrenceOptions,
  { from, limit, time }: PreviewOptions,
): OccurrencePreview {
  const recurrence = new Recurrence(options);
  const timeZone = options.timezone ?? 'UTC';
  const occurrences: Date[] = [];
  // next() looks from the day after its argument, so the search starts inside the day before `from`.
  let after = getNoonOfDayBefore(from, timeZone);
  // One more than shown, to tell whether the series goes on after the last one.
  while (occurrences.length <= limit) {
    try {
      after = recurrence.next(after);
    } catch (error) {
      // COUNT_LIMIT_EXCEEDED, END_DATE_EXCEEDED, NO_MORE_OCCURRENCES: the series has ended.
      if (error instanceof RecurrenceError) break;
      throw error;
    }
    occurrences.push(after);
  }
  return {
    dates: occurrences.slice(0, limit).map((occurrence) => atTimeOfDay(occurrence, time, timeZone)),
    hasEnded: occurrences.length <= limit,
  };
}
