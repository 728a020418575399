import type { RecurrenceOptions } from '@cairn/recurrence';
import { TZDate } from '@date-fns/tz';
import { findFirstOccurrence, settleOptions } from '../../tasks/task-recurrence-rules';

/**
 * Todoist's DATE column is the text its user typed ("tomorrow at 9am", "every monday", "Dec 3").
 * This reads the common English forms into a due date and, for recurring ones, the recurrence
 * options the tasks area stores; anything else answers undefined so the caller can keep the text.
 */

export type TodoistDue = {
  dueDate: Date;
  /** False for a whole-day due: dueDate is then the start of that day in the zone. */
  dueDateHasTime: boolean;
  /** Settled options (validated, cleaned, canonical), or null for a one-off date. */
  recurrence: RecurrenceOptions | null;
};

type CalendarDate = { year: number; month: number; day: number };
type TimeOfDay = { hours: number; minutes: number };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const WEEKDAYS = new Map<string, number>(
  Object.entries({
    sun: 0,
    sunday: 0,
    mon: 1,
    monday: 1,
    tue: 2,
    tues: 2,
    tuesday: 2,
    wed: 3,
    wednesday: 3,
    thu: 4,
    thur: 4,
    thurs: 4,
    thursday: 4,
    fri: 5,
    friday: 5,
    sat: 6,
    saturday: 6,
  }),
);
const UNITS = { day: 'daily', week: 'weekly', month: 'monthly', year: 'yearly' } as const;
const SINGLE_WORD_RULES = new Map([
  ['daily', 'day'],
  ['weekly', 'week'],
  ['monthly', 'month'],
  ['yearly', 'year'],
  ['annually', 'year'],
]);
type Unit = keyof typeof UNITS;

function isUnit(word: string): word is Unit {
  return Object.hasOwn(UNITS, word);
}

function readMonth(word: string): number | undefined {
  const name = word.replace(/\.$/, '');
  const full = MONTH_NAMES.indexOf(name);
  if (full >= 0) return full + 1;
  if (name === 'sept') return 9;
  const short = MONTHS.indexOf(name);
  return short >= 0 ? short + 1 : undefined;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function toDayNumber(date: CalendarDate): number {
  return Date.UTC(date.year, date.month - 1, date.day) / 86_400_000;
}

function addDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

function todayIn(now: Date, timeZone: string): CalendarDate {
  const local = new TZDate(now.getTime(), timeZone);
  return { year: local.getFullYear(), month: local.getMonth() + 1, day: local.getDate() };
}

/** The instant of a wall-clock reading in the zone (midnight without a time). */
function toInstant(date: CalendarDate, time: TimeOfDay | undefined, timeZone: string): Date {
  const local = new TZDate(
    date.year,
    date.month - 1,
    date.day,
    time?.hours ?? 0,
    time?.minutes ?? 0,
    timeZone,
  );
  return new Date(local.getTime());
}

function validDate(year: number, month: number, day: number): CalendarDate | undefined {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

/** "9am", "9:30 pm", "17:00": a time needs a colon or am/pm, so "Dec 3" keeps its day. */
function readTime(text: string): TimeOfDay | undefined {
  const match = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm)?$/.exec(text);
  if (!match || (match[2] === undefined && match[3] === undefined)) return undefined;
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? 0);
  if (minutes > 59) return undefined;
  if (match[3]) {
    if (hours < 1 || hours > 12) return undefined;
    hours = (hours % 12) + (match[3] === 'pm' ? 12 : 0);
  } else if (hours > 23) return undefined;
  return { hours, minutes };
}

/** The text before a trailing time ("tomorrow at 5pm", "2026-12-01 10:00"), and that time. */
function splitTime(text: string): { rest: string; time: TimeOfDay | undefined } {
  const match = /^(.*?)(?:^|\s+|t)(?:at\s+|@\s*)?(\d{1,2}(?::\d{2})?\s*(?:am|pm)?)$/.exec(text);
  const time = match ? readTime(match[2] ?? '') : undefined;
  if (!match || !time) return { rest: text, time: undefined };
  return { rest: (match[1] ?? '').trim(), time };
}

/** A day without a year is the next one on or after today, as Todoist reads it. */
function withYear(month: number, day: number, year: string | undefined, today: CalendarDate) {
  if (year !== undefined) return validDate(Number(year), month, day);
  const thisYear = validDate(today.year, month, day);
  if (thisYear && toDayNumber(thisYear) >= toDayNumber(today)) return thisYear;
  // 29 February falls in the next leap year.
  for (let next = today.year + 1; next <= today.year + 8; next += 1) {
    const date = validDate(next, month, day);
    if (date) return date;
  }
  return undefined;
}

function readDay(text: string, today: CalendarDate): CalendarDate | undefined {
  if (text === '' || text === 'today' || text === 'tod') return today;
  if (text === 'tomorrow' || text === 'tom') return addDays(today, 1);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) return validDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const monthFirst = /^([a-z]+\.?)\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?$/.exec(text);
  const dayFirst = /^(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]+\.?)(?:,?\s+(\d{4}))?$/.exec(text);
  const parts = monthFirst
    ? { month: monthFirst[1], day: monthFirst[2], year: monthFirst[3] }
    : dayFirst
      ? { month: dayFirst[2], day: dayFirst[1], year: dayFirst[3] }
      : undefined;
  const month = parts?.month === undefined ? undefined : readMonth(parts.month);
  if (!parts || month === undefined) return undefined;
  return withYear(month, Number(parts.day), parts.year, today);
}

type RuleText = Omit<RecurrenceOptions, 'startDate' | 'timezone'>;

/** The rule of "every …" (or daily, weekly, …), without its start. */
function readRule(text: string): RuleText | undefined {
  const body = SINGLE_WORD_RULES.get(text) ?? /^(?:every|ev)\s+(.+)$/.exec(text)?.[1];
  if (body === undefined) return undefined;
  if (isUnit(body)) return { rule: UNITS[body] };
  const interval = /^(\d+|other)\s+(day|week|month|year)s?$/.exec(body);
  if (interval) {
    const count = interval[1] === 'other' ? 2 : Number(interval[1]);
    const unit = interval[2] ?? '';
    if (count < 1 || !isUnit(unit)) return undefined;
    return { rule: UNITS[unit], interval: count };
  }
  if (body === 'weekday' || body === 'workday' || body === 'work day') return { preset: 'businessDays' };
  if (body === 'weekend') return { preset: 'weekends' };
  const names = body.split(/\s*(?:,|\band\b)\s*/).filter((name) => name !== '');
  const weekDays = names.flatMap((name) => WEEKDAYS.get(name) ?? []);
  if (names.length === 0 || weekDays.length !== names.length) return undefined;
  return { rule: 'weekly', weekDays: [...new Set(weekDays)] };
}

function isEnglish(language: string): boolean {
  return language === '' || /^en\b/i.test(language);
}

/**
 * The due a Todoist DATE text stands for, read in `timeZone` relative to `now`; undefined when the
 * text is none of the forms this knows (or is in another language, ISO dates aside).
 */
export function readTodoistDate(
  input: string,
  options: { language: string; now: Date; timeZone: string },
): TodoistDue | undefined {
  const text = input.trim().toLowerCase().replace(/\s+/g, ' ');
  if (text === '') return undefined;
  const { rest, time } = splitTime(text);
  const today = todayIn(options.now, options.timeZone);
  if (!isEnglish(options.language) && !/^\d{4}-\d{2}-\d{2}$/.test(rest)) return undefined;

  const rule = readRule(rest);
  if (rule) {
    const settled = settleOptions(
      { ...rule, startDate: toInstant(today, time, options.timeZone), timezone: options.timeZone },
      'quickurrence',
    );
    const first = findFirstOccurrence(settled);
    if (!first) return undefined;
    const firstDay = todayIn(first, options.timeZone);
    return {
      dueDate: toInstant(firstDay, time, options.timeZone),
      dueDateHasTime: time !== undefined,
      recurrence: settled,
    };
  }
  const day = readDay(rest, today);
  if (!day) return undefined;
  return {
    dueDate: toInstant(day, time, options.timeZone),
    dueDateHasTime: time !== undefined,
    recurrence: null,
  };
}
