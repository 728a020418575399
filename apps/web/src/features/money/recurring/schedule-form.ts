import {
  canonicalizeRecurrenceOptions,
  type NthWeekdayOfMonth,
  Recurrence,
  type RecurrenceIssue,
  type RecurrenceOptions,
  type RecurrenceRule,
  recurrenceOptionsSchema,
  type StoredRecurrenceOptions,
  type UncheckedRecurrenceOptions,
} from '@cairn/recurrence';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

export type ScheduleEnd = 'never' | 'count' | 'date';
export type MonthlyBy = 'day' | 'weekday';

/** The fields of a recurring transaction's schedule, as typed (numbers stay text until validated). */
export interface ScheduleForm {
  rule: RecurrenceRule;
  interval: string;
  /** Weekly: 0 = Sunday … 6 = Saturday. */
  weekDays: number[];
  monthlyBy: MonthlyBy;
  monthDay: string;
  nthWeekday: NthWeekdayOfMonth;
  /** The first day that may occur (YYYY-MM-DD in `timezone`). */
  startDay: string;
  end: ScheduleEnd;
  count: string;
  /** The last day that may occur (YYYY-MM-DD). */
  endDay: string;
  timezone: string;
  /** What a stored rule holds that these fields do not edit (skipped days above all), kept as it was. */
  kept: Pick<RecurrenceOptions, 'excludeDates' | 'weekStartsOn' | 'monthDayMode'>;
}

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The first instant of a calendar day in a zone; an impossible day gives an invalid Date. */
export function fromZonedDay(day: string, timeZone: string): Date {
  const parts = dayPattern.exec(day);
  if (!parts) return new Date(Number.NaN);
  const [year, month, date] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const zoned = new TZDate(year, month - 1, date, timeZone);
  if (zoned.getFullYear() !== year || zoned.getMonth() !== month - 1 || zoned.getDate() !== date) {
    return new Date(Number.NaN);
  }
  return new Date(zoned.getTime());
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a zone. */
export function toZonedDay(instant: Date, timeZone: string): string {
  return format(new TZDate(instant.getTime(), timeZone), 'yyyy-MM-dd');
}

/** The weekday (0 = Sunday) and day of month of a calendar day, wherever the browser is. */
function readDay(day: string): { weekday: number; date: number } | null {
  const parts = dayPattern.exec(day);
  if (!parts) return null;
  const utc = new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])));
  return Number.isNaN(utc.getTime()) ? null : { weekday: utc.getUTCDay(), date: utc.getUTCDate() };
}

function nthOf(date: number): NthWeekdayOfMonth['nth'] {
  const position = Math.ceil(date / 7);
  return position > 4 ? 'last' : (position as 1 | 2 | 3 | 4);
}

function addMonth(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month, Math.min(date, 28)));
  return next.toISOString().slice(0, 10);
}

/** A new schedule: every month on the start's day, starting `startDay`, never ending. */
export function createScheduleForm(startDay: string, timezone: string): ScheduleForm {
  const start = readDay(startDay) ?? { weekday: 1, date: 1 };
  return {
    rule: 'monthly',
    interval: '1',
    weekDays: [start.weekday],
    monthlyBy: 'day',
    monthDay: String(start.date),
    nthWeekday: { weekday: start.weekday, nth: nthOf(start.date) },
    startDay,
    end: 'never',
    count: '12',
    endDay: addMonth(startDay),
    timezone,
    kept: {},
  };
}

const PRESET_WEEKDAYS = { businessDays: [1, 2, 3, 4, 5], weekends: [0, 6] } as const;

/** Instants as the ISO text they travel as; the API client revives them into Dates on arrival. */
function toJsonValue(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? value : value.toISOString();
  if (Array.isArray(value)) return value.map(toJsonValue);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, toJsonValue(entry)]));
  }
  return value;
}

/**
 * The fields of a stored schedule (a recurring transaction's quickurrence, dates revived or not); a
 * new schedule from `fallbackStartDay` when it cannot be read.
 */
export function readScheduleForm(
  stored: unknown,
  fallbackStartDay: string,
  browserZone: string,
): ScheduleForm {
  const parsed = recurrenceOptionsSchema.safeParse(toJsonValue(stored));
  if (!parsed.success) return createScheduleForm(fallbackStartDay, browserZone);
  const options = parsed.data;
  const timezone = options.timezone ?? browserZone;
  const startDay = toZonedDay(options.startDate, timezone);
  const defaults = createScheduleForm(startDay, timezone);
  const isByWeekday = options.nthWeekdayOfMonth !== undefined && options.monthDay === undefined;
  return {
    ...defaults,
    rule: options.preset ? 'weekly' : (options.rule ?? 'daily'),
    interval: String(options.interval ?? 1),
    weekDays: options.preset ? [...PRESET_WEEKDAYS[options.preset]] : (options.weekDays ?? defaults.weekDays),
    monthlyBy: isByWeekday ? 'weekday' : 'day',
    monthDay: options.monthDay === undefined ? defaults.monthDay : String(options.monthDay),
    nthWeekday: options.nthWeekdayOfMonth ?? defaults.nthWeekday,
    end: options.count !== undefined ? 'count' : options.endDate ? 'date' : 'never',
    count: options.count === undefined ? defaults.count : String(options.count),
    endDay: options.endDate ? toZonedDay(options.endDate, timezone) : defaults.endDay,
    kept: {
      ...(options.excludeDates && { excludeDates: options.excludeDates }),
      ...(options.weekStartsOn !== undefined && { weekStartsOn: options.weekStartsOn }),
      ...(options.monthDayMode && { monthDayMode: options.monthDayMode }),
    },
  };
}

/**
 * A new start day. The weekday and the day of month follow it while they are still the old start's
 * (what a new schedule begins with), so picking the start is enough for the common case.
 */
export function changeStartDay(form: ScheduleForm, startDay: string): ScheduleForm {
  const before = readDay(form.startDay);
  const after = readDay(startDay);
  if (!before || !after) return { ...form, startDay };
  const followsWeekday = form.weekDays.length === 1 && form.weekDays[0] === before.weekday;
  const followsMonthDay = form.monthDay === String(before.date);
  const followsNth = form.nthWeekday.weekday === before.weekday && form.nthWeekday.nth === nthOf(before.date);
  return {
    ...form,
    startDay,
    weekDays: followsWeekday ? [after.weekday] : form.weekDays,
    monthDay: followsMonthDay ? String(after.date) : form.monthDay,
    nthWeekday: followsNth ? { weekday: after.weekday, nth: nthOf(after.date) } : form.nthWeekday,
  };
}

/** Text as a number; an empty field is not a number (rather than 0), so validation names it. */
function readNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** The options the fields describe: only the chosen rule's and end's, unchecked. */
export function toScheduleOptions(form: ScheduleForm): UncheckedRecurrenceOptions {
  const monthly =
    form.monthlyBy === 'day'
      ? { monthDay: readNumber(form.monthDay), monthDayMode: form.kept.monthDayMode }
      : { nthWeekdayOfMonth: form.nthWeekday };
  return {
    rule: form.rule,
    startDate: fromZonedDay(form.startDay, form.timezone),
    timezone: form.timezone,
    interval: readNumber(form.interval),
    ...(form.kept.weekStartsOn !== undefined && { weekStartsOn: form.kept.weekStartsOn }),
    ...(form.rule === 'weekly' && { weekDays: form.weekDays }),
    ...(form.rule === 'monthly' && monthly),
    ...(form.end === 'count' && { count: readNumber(form.count) }),
    ...(form.end === 'date' && { endDate: fromZonedDay(form.endDay, form.timezone) }),
    ...(form.kept.excludeDates !== undefined && { excludeDates: form.kept.excludeDates }),
  };
}

/** The schedule's fields an issue can be shown beside. */
export type ScheduleField = 'interval' | 'weekDays' | 'monthDay' | 'startDay' | 'count' | 'endDay' | 'rule';

const FIELD_OF_OPTION: Readonly<Record<string, ScheduleField>> = {
  interval: 'interval',
  weekDays: 'weekDays',
  monthDay: 'monthDay',
  nthWeekdayOfMonth: 'monthDay',
  startDate: 'startDay',
  count: 'count',
  endDate: 'endDay',
};

const MESSAGE_OF_FIELD: Readonly<Record<ScheduleField, string>> = {
  interval: 'Repeat every 1 or more',
  weekDays: 'Choose at least one day of the week',
  monthDay: 'Choose a day of the month from 1 to 31',
  startDay: 'Choose the first day',
  count: 'Enter how many times, 1 or more',
  endDay: 'Choose the last day',
  rule: 'Invalid recurrence rule',
};

export type ScheduleMessages = Partial<Record<ScheduleField, string>>;

/** One message per field, worded for the form rather than for the engine's maintainers. */
export function toScheduleMessages(
  issues: readonly Pick<RecurrenceIssue, 'option' | 'code'>[],
): ScheduleMessages {
  const messages: ScheduleMessages = {};
  for (const issue of issues) {
    const field = FIELD_OF_OPTION[issue.option] ?? 'rule';
    messages[field] ??=
      issue.code === 'DATE_BEFORE_START'
        ? 'The last day must not be before the first'
        : MESSAGE_OF_FIELD[field];
  }
  return messages;
}

export type ScheduleResult =
  | { isValid: true; stored: StoredRecurrenceOptions; text: string; upcoming: Date[] }
  | { isValid: false; messages: ScheduleMessages };

const PREVIEW_COUNT = 3;

function isValidOptions(options: UncheckedRecurrenceOptions): options is RecurrenceOptions {
  return Recurrence.validate(options).length === 0;
}

/**
 * The fields judged by the engine's validation (the API's own), and when valid: the schedule as the
 * API stores it (cleaned, canonical, JSON), in words, and its first days from `fromDay` on.
 */
export function settleScheduleForm(form: ScheduleForm, fromDay: string): ScheduleResult {
  const options = toScheduleOptions(form);
  if (!isValidOptions(options)) {
    return { isValid: false, messages: toScheduleMessages(Recurrence.validate(options)) };
  }
  const settled = canonicalizeRecurrenceOptions(Recurrence.clean(options));
  const recurrence = new Recurrence(settled);
  const from = fromZonedDay(fromDay, form.timezone);
  const upcoming: Date[] = [];
  // The occurrences on or after fromDay: `next` looks strictly after, so start from the day before.
  let cursor = new Date(Math.max(from.getTime(), settled.startDate.getTime()) - 1);
  for (let index = 0; index < PREVIEW_COUNT; index += 1) {
    try {
      cursor = recurrence.next(cursor);
    } catch {
      break;
    }
    upcoming.push(cursor);
  }
  return {
    isValid: true,
    stored: recurrenceOptionsSchema.encode(settled),
    text: recurrence.toText(),
    upcoming,
  };
}
