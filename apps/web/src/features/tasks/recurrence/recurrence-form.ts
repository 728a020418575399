import {
  canonicalizeRecurrenceOptions,
  type MonthDayMode,
  type NthWeekdayOfMonth,
  RECURRENCE_PRESETS,
  Recurrence,
  type RecurrenceIssue,
  type RecurrenceOptions,
  type RecurrencePreset,
  type RecurrenceRule,
  recurrenceOptionsSchema,
  type StoredRecurrenceOptions,
  type UncheckedRecurrenceOptions,
} from '@cairn/recurrence';
import { TZDate } from '@date-fns/tz';
import { addMonths } from 'date-fns';
import { readStoredRecurrence } from './stored-recurrence';
import { fromZonedDay, toZonedDay } from './zoned-day';

export type RecurrenceEnd = 'never' | 'count' | 'date';
export type MonthlyBy = 'day' | 'weekday';

/**
 * What the editor's fields hold. Numbers stay as typed, so a cleared or zero field reaches the
 * validation and gets its message; every rule's fields are kept, so switching rules loses nothing.
 */
export interface RecurrenceForm {
  rule: RecurrenceRule;
  interval: string;
  /** Weekly: 0 = Sunday … 6 = Saturday. */
  weekDays: number[];
  monthlyBy: MonthlyBy;
  monthDay: string;
  monthDayMode: MonthDayMode;
  nthWeekday: NthWeekdayOfMonth;
  end: RecurrenceEnd;
  count: string;
  /** YYYY-MM-DD in the rule's zone; '' when none is picked. */
  endDate: string;
  /** YYYY-MM-DD in the rule's zone, sorted. */
  excludeDates: string[];
  timezone: string;
  /** The series' first day, which count counts from; an existing rule keeps its own. */
  startDate: Date;
  /** Kept as stored (an imported RRULE's WKST); the editor's weeks start on Monday. */
  weekStartsOn: number | undefined;
}

/** The weekdays each preset stands for, as the engine defines them. */
export const PRESET_WEEKDAYS = {
  businessDays: [1, 2, 3, 4, 5],
  weekends: [0, 6],
} as const satisfies Record<RecurrencePreset, readonly number[]>;

const DEFAULT_COUNT = '10';

/** A new rule: every week on the start's weekday, with the other rules' fields ready from the same day. */
function createDefaultForm(startDate: Date, timezone: string): RecurrenceForm {
  const start = new TZDate(startDate.getTime(), timezone);
  const dayOfMonth = start.getDate();
  const position = Math.ceil(dayOfMonth / 7);
  return {
    rule: 'weekly',
    interval: '1',
    weekDays: [start.getDay()],
    monthlyBy: 'day',
    monthDay: String(dayOfMonth),
    monthDayMode: 'last',
    nthWeekday: { weekday: start.getDay(), nth: position > 4 ? 'last' : (position as 1 | 2 | 3 | 4) },
    end: 'never',
    count: DEFAULT_COUNT,
    endDate: toZonedDay(addMonths(start, 1), timezone),
    excludeDates: [],
    timezone,
    startDate,
    weekStartsOn: undefined,
  };
}

function sortDays(days: readonly string[]): string[] {
  return [...new Set(days)].sort();
}

interface RecurrenceFormSource {
  /** The task's quickurrence as the API sent it; null (or unreadable) starts a new rule. */
  stored: unknown;
  /** Where a new rule starts: the task's due date, else now. */
  startDate: Date;
  /** The zone a new rule is read in: the browser's. */
  timeZone: string;
}

/** The fields for a stored rule, or for a new one starting at `startDate`. */
export function createRecurrenceForm({ stored, startDate, timeZone }: RecurrenceFormSource): RecurrenceForm {
  const options = readStoredRecurrence(stored);
  if (!options) return createDefaultForm(startDate, timeZone);
  const timezone = options.timezone ?? 'UTC';
  const defaults = createDefaultForm(options.startDate, timezone);
  const isByWeekday = options.nthWeekdayOfMonth !== undefined && options.monthDay === undefined;
  return {
    ...defaults,
    rule: options.preset ? 'weekly' : (options.rule ?? 'daily'),
    interval: String(options.interval ?? 1),
    weekDays: options.preset
      ? [...PRESET_WEEKDAYS[options.preset]]
      : [...(options.weekDays ?? defaults.weekDays)],
    monthlyBy: isByWeekday ? 'weekday' : 'day',
    monthDay: options.monthDay === undefined ? defaults.monthDay : String(options.monthDay),
    monthDayMode: options.monthDayMode ?? defaults.monthDayMode,
    nthWeekday: options.nthWeekdayOfMonth ?? defaults.nthWeekday,
    end: options.count !== undefined ? 'count' : options.endDate ? 'date' : 'never',
    count: options.count === undefined ? defaults.count : String(options.count),
    endDate: options.endDate ? toZonedDay(options.endDate, timezone) : defaults.endDate,
    excludeDates: sortDays((options.excludeDates ?? []).map((date) => toZonedDay(date, timezone))),
    weekStartsOn: options.weekStartsOn,
  };
}

/** A typed number; an empty field is not a number (rather than 0), so validation names it either way. */
function readNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** The options the fields describe, as given: only the chosen rule's and end's fields, unchecked. */
export function toRecurrenceOptions(form: RecurrenceForm): UncheckedRecurrenceOptions {
  const monthly =
    form.monthlyBy === 'day'
      ? { monthDay: readNumber(form.monthDay), monthDayMode: form.monthDayMode }
      : { nthWeekdayOfMonth: form.nthWeekday };
  return {
    rule: form.rule,
    startDate: form.startDate,
    timezone: form.timezone,
    interval: readNumber(form.interval),
    ...(form.weekStartsOn !== undefined && { weekStartsOn: form.weekStartsOn }),
    ...(form.rule === 'weekly' && { weekDays: form.weekDays }),
    ...(form.rule === 'monthly' && monthly),
    ...(form.end === 'count' && { count: readNumber(form.count) }),
    ...(form.end === 'date' && { endDate: fromZonedDay(form.endDate, form.timezone) }),
    ...(form.excludeDates.length > 0 && {
      excludeDates: form.excludeDates.map((day) => fromZonedDay(day, form.timezone)),
    }),
  };
}

export type RecurrenceFormResult =
  | { isValid: true; options: RecurrenceOptions; stored: StoredRecurrenceOptions }
  | { isValid: false; issues: RecurrenceIssue[] };

function isValidOptions(options: UncheckedRecurrenceOptions): options is RecurrenceOptions {
  return Recurrence.validate(options).length === 0;
}

/**
 * The fields judged by the engine's own validation (the API's), and when valid, the rule in the one
 * form the API stores: cleaned, canonical (Monday to Friday named as the business-days preset), as JSON.
 */
export function settleRecurrenceForm(form: RecurrenceForm): RecurrenceFormResult {
  const unchecked = toRecurrenceOptions(form);
  if (!isValidOptions(unchecked)) return { isValid: false, issues: Recurrence.validate(unchecked) };
  const options = canonicalizeRecurrenceOptions(Recurrence.clean(unchecked));
  return { isValid: true, options, stored: recurrenceOptionsSchema.encode(options) };
}

/** The preset the weekly days amount to, so its shortcut shows as chosen. */
export function findChosenPreset(form: RecurrenceForm): RecurrencePreset | undefined {
  if (form.rule !== 'weekly') return undefined;
  const days = new Set(form.weekDays);
  return RECURRENCE_PRESETS.find(
    (preset) =>
      PRESET_WEEKDAYS[preset].length === days.size && PRESET_WEEKDAYS[preset].every((day) => days.has(day)),
  );
}

/** A preset is a shortcut: a weekly rule on its days. */
export function applyPreset(form: RecurrenceForm, preset: RecurrencePreset): RecurrenceForm {
  return { ...form, rule: 'weekly', weekDays: [...PRESET_WEEKDAYS[preset]] };
}

/** Adds a day to leave out (kept sorted, once); an empty or repeated day changes nothing. */
export function addExcludedDay(form: RecurrenceForm, day: string): RecurrenceForm {
  if (day === '' || form.excludeDates.includes(day)) return form;
  return { ...form, excludeDates: sortDays([...form.excludeDates, day]) };
}
