import type { ValidationIssue } from '@cairn/contracts/errors';
import { INVALID_RECURRENCE_MESSAGE, type TaskRecurrence } from '@cairn/contracts/tasks';
import {
  canonicalizeRecurrenceOptions,
  Recurrence,
  RecurrenceError,
  type RecurrenceOptions,
  recurrenceOptionsSchema,
  type StoredRecurrenceOptions,
  type UncheckedRecurrenceOptions,
} from '@cairn/recurrence';
import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { TaskRow } from './tasks.repository';

/** Recurrence rules as the tasks area reads, stores and applies them; no I/O. */

const OPTION_KEYS = [
  'rule',
  'startDate',
  'timezone',
  'interval',
  'count',
  'endDate',
  'weekStartsOn',
  'weekDays',
  'monthDay',
  'monthDayMode',
  'nthWeekdayOfMonth',
  'excludeDates',
  'preset',
] as const satisfies readonly (keyof StoredRecurrenceOptions)[];

export function invalidRecurrence(issues: ValidationIssue[]): AppError {
  return new AppError('VALIDATION_FAILED', INVALID_RECURRENCE_MESSAGE, {
    detail: issues.map((issue) => issue.message).join('; '),
    issues,
  });
}

/** ISO instants become dates; anything else becomes an invalid date, which validation names. */
function toDate(value: unknown): unknown {
  if (value instanceof Date || value === undefined) return value;
  if (typeof value === 'string' && z.iso.datetime({ offset: true }).safeParse(value).success) {
    return new Date(value);
  }
  return new Date(Number.NaN);
}

/** The request's options object with its dates read, or the 400 naming a key the engine lacks. */
export function readOptionsInput(input: Record<string, unknown>): UncheckedRecurrenceOptions {
  const unknownKeys = Object.keys(input).filter((key) => !OPTION_KEYS.some((option) => option === key));
  if (unknownKeys.length > 0) {
    throw invalidRecurrence(
      unknownKeys.map((key) => ({
        path: ['body', 'quickurrence', key],
        message: `${key} is not a recurrence option`,
        code: 'INCOMPATIBLE_OPTIONS',
      })),
    );
  }
  const options: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    // Cleaning drops empty lists (spec section 4); a form sends them for "none".
    if (Array.isArray(value) && value.length === 0) continue;
    if (key === 'startDate' || key === 'endDate') options[key] = toDate(value);
    else if (key === 'excludeDates' && Array.isArray(value)) options[key] = value.map(toDate);
    else options[key] = value;
  }
  return options;
}

/** Options the engine accepts; validation is what proves the shape. */
function isValid(options: UncheckedRecurrenceOptions): options is RecurrenceOptions {
  return Recurrence.validate(options).length === 0;
}

/** Validated, cleaned (spec section 4) and in its one canonical form, or the 400 listing every issue. */
export function settleOptions(
  input: UncheckedRecurrenceOptions,
  field: 'quickurrence' | 'rrule',
): RecurrenceOptions {
  const defined: UncheckedRecurrenceOptions = Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  );
  if (isValid(defined)) return canonicalizeRecurrenceOptions(Recurrence.clean(defined));
  throw invalidRecurrence(
    Recurrence.validate(defined).map((issue) => ({
      path: field === 'quickurrence' ? ['body', field, issue.option] : ['body', field],
      message: issue.message,
      code: issue.code,
    })),
  );
}

/** The stored JSON of options; the engine's schema decodes it back. */
export function toStoredRecurrence(options: RecurrenceOptions): StoredRecurrenceOptions {
  return z.encode(recurrenceOptionsSchema, options);
}

/** The options of a stored quickurrence, or undefined when there is none (or it cannot be read). */
export function readStoredRecurrence(stored: unknown): RecurrenceOptions | undefined {
  if (stored === null || stored === undefined) return undefined;
  const parsed = recurrenceOptionsSchema.safeParse(stored);
  return parsed.success ? parsed.data : undefined;
}

/** The first occurrence strictly after `after`'s day, or null when the series has ended. */
export function findNextOccurrence(options: RecurrenceOptions, after: Date): Date | null {
  try {
    return new Recurrence(options).next(after);
  } catch (error) {
    // COUNT_LIMIT_EXCEEDED, END_DATE_EXCEEDED and NO_MORE_OCCURRENCES: the series just ends.
    if (error instanceof RecurrenceError) return null;
    throw error;
  }
}

const TWO_DAYS_MS = 2 * 86_400_000;

/** The first occurrence on or after the start's day. */
export function findFirstOccurrence(options: RecurrenceOptions): Date | null {
  // next() searches from the day after its argument's; two days back is safely before the start's day.
  return findNextOccurrence(options, new Date(options.startDate.getTime() - TWO_DAYS_MS));
}

/** Descriptions already worked out, by rule and due: a page of a series' tasks shares a few. */
const descriptions = new Map<string, TaskRecurrence | null>();
const MAX_DESCRIPTIONS = 5000;

/** The rule in words and the date after this occurrence, for the task on the wire. */
export function describeRecurrence(row: TaskRow): TaskRecurrence | null {
  if (row.quickurrence === null || row.quickurrence === undefined) return null;
  // Reading the rule, finding the next day and its time in the rule's zone depend on these alone.
  const key = `${row.dueDate?.getTime()}:${row.dueDateHasTime}:${JSON.stringify(row.quickurrence)}`;
  let description = descriptions.get(key);
  if (description === undefined) {
    description = describeAnew(row);
    if (descriptions.size >= MAX_DESCRIPTIONS) descriptions.clear();
    descriptions.set(key, description);
  }
  // A copy: the caller owns the date it gets.
  return (
    description && {
      text: description.text,
      nextDate: description.nextDate && new Date(description.nextDate),
    }
  );
}

function describeAnew(row: TaskRow): TaskRecurrence | null {
  const options = readStoredRecurrence(row.quickurrence);
  if (!options) return null;
  const next = findNextOccurrence(options, row.dueDate ?? options.startDate);
  return {
    text: new Recurrence(options).toText(),
    nextDate: next && toOccurrenceDue(row, next, options.timezone ?? 'UTC'),
  };
}

/** The occurrence's due: its day, at the time of day the task had (in the rule's zone) when timed. */
export function toOccurrenceDue(row: TaskRow, occurrence: Date, timeZone: string): Date {
  if (!row.dueDate || !row.dueDateHasTime) return occurrence;
  const time = new TZDate(row.dueDate.getTime(), timeZone);
  const due = new TZDate(occurrence.getTime(), timeZone);
  due.setHours(time.getHours(), time.getMinutes(), time.getSeconds(), time.getMilliseconds());
  return new Date(due.getTime());
}
