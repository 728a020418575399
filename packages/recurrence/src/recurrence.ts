import { cleanRecurrenceOptions } from './clean-recurrence-options';
import { createDaySequence, type DaySequence } from './create-day-sequence';
import { formatRecurrenceText } from './format-recurrence-text';
import { LAST_REPRESENTABLE_DAY, MAX_CONDITION_ATTEMPTS, MAX_OCCURRENCES } from './limits';
import {
  createRuntimeError,
  INVALID_RECURRENCE_MESSAGE,
  RecurrenceError,
  type RecurrenceIssue,
  type RuntimeErrorCode,
} from './recurrence-error';
import type { RecurrenceOptions, UncheckedRecurrenceOptions } from './recurrence-options';
import { type ResolvedRecurrence, resolveRecurrence } from './resolve-recurrence';
import { getCalendarDayOfInstant, getStartOfDay } from './time-zone';
import { validateRecurrenceOptions } from './validate-recurrence-options';

type OccurrenceSearch =
  | { day: number; instant: number }
  | { error: RuntimeErrorCode }
  | { isPastLimit: true };

function getInstant(date: Date, name: string): number {
  const instant = date instanceof Date ? date.getTime() : Number.NaN;
  if (Number.isNaN(instant)) throw new RangeError(`${name} must be a valid date`);
  return instant;
}

/**
 * A recurrence rule whose occurrences are calendar days in its time zone, each returned as the first
 * instant of that day there (00:00, or the end of a DST gap that swallowed midnight).
 */
export class Recurrence {
  static clean(options: RecurrenceOptions): RecurrenceOptions {
    return cleanRecurrenceOptions(options);
  }

  static validate(options: UncheckedRecurrenceOptions): RecurrenceIssue[] {
    return validateRecurrenceOptions(options);
  }

  readonly options: Readonly<RecurrenceOptions>;
  readonly #resolved: ResolvedRecurrence;
  readonly #sequence: DaySequence;
  /** The last day count allows; null without count (or when the rule never reaches count days). */
  readonly #lastCountedDay: number | null;

  /** @throws RecurrenceError with the first issue's code and every issue, when the options are invalid. */
  constructor(options: RecurrenceOptions) {
    const issues = validateRecurrenceOptions(options);
    const [firstIssue] = issues;
    if (firstIssue) throw new RecurrenceError(firstIssue.code, INVALID_RECURRENCE_MESSAGE, issues);
    this.options = options;
    this.#resolved = resolveRecurrence(options);
    this.#sequence = createDaySequence(this.#resolved);
    const { count } = this.#resolved;
    this.#lastCountedDay = count === undefined ? null : this.#sequence.findNth(count - 1);
  }

  /**
   * The first occurrence strictly after `after`.
   * @throws RecurrenceError COUNT_LIMIT_EXCEEDED, END_DATE_EXCEEDED or NO_MORE_OCCURRENCES.
   */
  next(after: Date): Date {
    // Every occurrence on after's own day starts at or before it, so the search begins a day later.
    const afterDay = getCalendarDayOfInstant(getInstant(after, 'after'), this.#resolved.timeZone);
    const found = this.#findOccurrence(afterDay + 1, Number.POSITIVE_INFINITY);
    if ('error' in found) throw createRuntimeError(found.error);
    if ('isPastLimit' in found) throw createRuntimeError('NO_MORE_OCCURRENCES');
    return new Date(found.instant);
  }

  /** Occurrences on the calendar days from start's to end's, both included; at most 1000. */
  between(start: Date, end: Date): Date[] {
    const { timeZone } = this.#resolved;
    const lastDay = getCalendarDayOfInstant(getInstant(end, 'end'), timeZone);
    let day = getCalendarDayOfInstant(getInstant(start, 'start'), timeZone);
    const occurrences: Date[] = [];
    while (occurrences.length < MAX_OCCURRENCES) {
      const found = this.#findOccurrence(day, lastDay);
      if (!('instant' in found)) break;
      occurrences.push(new Date(found.instant));
      day = found.day + 1;
    }
    return occurrences;
  }

  toText(): string {
    return formatRecurrenceText(this.#resolved, this.options.preset);
  }

  /** The first occurrence on or after `fromDay`, unless it lies past `limitDay`. */
  #findOccurrence(fromDay: number, limitDay: number): OccurrenceSearch {
    const { endDay, excludedDays, condition, timeZone } = this.#resolved;
    let attempts = 0;
    let day = this.#sequence.findFirstOnOrAfter(fromDay);
    while (day !== null) {
      if (this.#lastCountedDay !== null && day > this.#lastCountedDay)
        return { error: 'COUNT_LIMIT_EXCEEDED' };
      if (endDay !== undefined && day > endDay) return { error: 'END_DATE_EXCEEDED' };
      if (day > limitDay) return { isPastLimit: true };
      if (day > LAST_REPRESENTABLE_DAY) return { error: 'NO_MORE_OCCURRENCES' };
      // Excluded days, days the zone skipped and days the condition rejects keep their place in count,
      // as RFC 5545's EXDATE does. The first two are finite, so skipping them needs no attempt limit.
      const instant = excludedDays.has(day) ? null : getStartOfDay(day, timeZone);
      if (instant !== null) {
        if (!condition || condition(new Date(instant))) return { day, instant };
        attempts += 1;
        if (attempts >= MAX_CONDITION_ATTEMPTS) return { error: 'NO_MORE_OCCURRENCES' };
      }
      day = this.#sequence.findFirstOnOrAfter(day + 1);
    }
    return { error: 'NO_MORE_OCCURRENCES' };
  }
}
