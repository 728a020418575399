import type { Level } from '@cairn/contracts/tasks';
import { Recurrence, type RecurrenceOptions } from '@cairn/recurrence';
import { TZDate } from '@date-fns/tz';
import { casual as chrono } from 'chrono-node/en';

export type QuickAddSpanKind = 'date' | 'recurrence' | 'urgency' | 'list';

/** A recognised part of the input: [start, end) in the typed text. */
export interface QuickAddSpan {
  kind: QuickAddSpanKind;
  start: number;
  end: number;
  text: string;
}

/** A recognised part the user chose to keep as plain text; matched by kind and text, whatever its place. */
export interface QuickAddLiteral {
  kind: QuickAddSpanKind;
  text: string;
}

/** The recurrence options as sent in `quickurrence`; the API fills in startDate (the due date) and cleans it. */
export type QuickAddRecurrence = Omit<
  RecurrenceOptions,
  'startDate' | 'endDate' | 'excludeDates' | 'condition'
>;

export interface QuickAddResult {
  /** The input without the recognised parts, whitespace tidied. */
  title: string;
  /** ISO instant; a whole day is that day's start in the time zone. */
  dueDate: string | null;
  dueDateHasTime: boolean;
  quickurrence: QuickAddRecurrence | null;
  urgency: Level | null;
  listId: string | null;
  /** In the order they appear in the input. */
  spans: QuickAddSpan[];
}

export interface ParseQuickAddOptions {
  now: Date;
  timeZone: string;
  lists: ReadonlyArray<{ id: string; name: string }>;
  /** Recognitions undone by the user: left in the title as typed. */
  literals?: readonly QuickAddLiteral[];
}

// A word boundary that knows letters beyond ASCII ("Café every day").
const BEFORE = '(?<![\\p{L}\\p{N}_])';
const AFTER = '(?![\\p{L}\\p{N}_])';

const WEEKDAY_NAMES: ReadonlyArray<readonly [number, string]> = [
  [0, 'sundays?|sun'],
  [1, 'mondays?|mon'],
  [2, 'tuesdays?|tues|tue'],
  [3, 'wednesdays?|wed'],
  [4, 'thursdays?|thurs|thur|thu'],
  [5, 'fridays?|fri'],
  [6, 'saturdays?|sat'],
];
const WEEKDAY = `(?:${WEEKDAY_NAMES.map(([, names]) => names).join('|')})${AFTER}`;
const WEEKDAY_LIST = `${WEEKDAY}(?:\\s*(?:,\\s*and|,|&|and)\\s*${WEEKDAY})*`;
const NUMBER_WORDS = [
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];
const INTERVAL = `(?:(\\d{1,3}|other|${NUMBER_WORDS.join('|')})\\s+)?`;
const ORDINAL_WORDS: Record<string, 1 | 2 | 3 | 4 | 'last'> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  last: 'last',
};
const NTH = `(${Object.keys(ORDINAL_WORDS).join('|')})`;
const MONTH_DAY = '(?:(\\d{1,2})(?:st|nd|rd|th)|(last)\\s+day)';

function parseWeekdays(text: string): number[] {
  const days = new Set<number>();
  for (const word of text.toLowerCase().split(/[\s,&]+/)) {
    const found = WEEKDAY_NAMES.find(([, names]) => new RegExp(`^(?:${names})$`).test(word));
    if (found) days.add(found[0]);
  }
  return [...days].sort((a, b) => a - b);
}

function parseInterval(text: string | undefined): number {
  if (!text) return 1;
  const lower = text.toLowerCase();
  if (lower === 'other') return 2;
  const word = NUMBER_WORDS.indexOf(lower);
  return word >= 0 ? word + 1 : Number(lower);
}

function withInterval(options: QuickAddRecurrence, interval: number): QuickAddRecurrence {
  return interval === 1 ? options : { ...options, interval };
}

function monthDayOptions(
  day: string | undefined,
): Pick<QuickAddRecurrence, 'monthDay' | 'monthDayMode'> | null {
  // "the last day": the 31st, falling back to each shorter month's last day.
  if (day === undefined) return { monthDay: 31, monthDayMode: 'last' };
  const monthDay = Number(day);
  return monthDay >= 1 && monthDay <= 31 ? { monthDay } : null;
}

/** Each rule reads the text right after "every "; the first that matches wins, so longer forms come first. */
const RECURRENCE_RULES: ReadonlyArray<{
  pattern: string;
  toOptions: (match: RegExpExecArray) => QuickAddRecurrence | null;
}> = [
  {
    pattern: '(?:week|work|business|working)\\s?days?',
    toOptions: () => ({ rule: 'weekly', preset: 'businessDays' }),
  },
  { pattern: 'weekends?(?:\\s+days?)?', toOptions: () => ({ rule: 'weekly', preset: 'weekends' }) },
  {
    pattern: `${INTERVAL}days?`,
    toOptions: (match) => withInterval({ rule: 'daily' }, parseInterval(match[1])),
  },
  {
    pattern: `${INTERVAL}weeks?(?:\\s+on\\s+(${WEEKDAY_LIST}))?`,
    toOptions: (match) =>
      withInterval(
        match[2] ? { rule: 'weekly', weekDays: parseWeekdays(match[2]) } : { rule: 'weekly' },
        parseInterval(match[1]),
      ),
  },
  {
    pattern: `${INTERVAL}months?\\s+on\\s+the\\s+${NTH}\\s+(${WEEKDAY})`,
    toOptions: (match) =>
      withInterval(nthWeekdayOptions(match[2] ?? '', match[3] ?? ''), parseInterval(match[1])),
  },
  {
    pattern: `${INTERVAL}months?(?:\\s+on\\s+the\\s+${MONTH_DAY})?`,
    toOptions: (match) => {
      if (match[2] === undefined && match[3] === undefined) {
        return withInterval({ rule: 'monthly' }, parseInterval(match[1]));
      }
      const day = monthDayOptions(match[2]);
      return day && withInterval({ rule: 'monthly', ...day }, parseInterval(match[1]));
    },
  },
  {
    pattern: `${INTERVAL}years?`,
    toOptions: (match) => withInterval({ rule: 'yearly' }, parseInterval(match[1])),
  },
  {
    pattern: `${NTH}\\s+(${WEEKDAY})(?:\\s+of\\s+(?:the|every)\\s+month)?`,
    toOptions: (match) => nthWeekdayOptions(match[1] ?? '', match[2] ?? ''),
  },
  {
    pattern: `${MONTH_DAY}(?:\\s+of\\s+(?:the|every)\\s+month)?`,
    toOptions: (match) => {
      const day = monthDayOptions(match[1]);
      return day && { rule: 'monthly', ...day };
    },
  },
  { pattern: WEEKDAY_LIST, toOptions: (match) => ({ rule: 'weekly', weekDays: parseWeekdays(match[0]) }) },
];

function nthWeekdayOptions(nth: string, weekday: string): QuickAddRecurrence {
  const [day] = parseWeekdays(weekday);
  return {
    rule: 'monthly',
    nthWeekdayOfMonth: { weekday: day ?? 1, nth: ORDINAL_WORDS[nth.toLowerCase()] ?? 1 },
  };
}

const compiledRules = RECURRENCE_RULES.map((rule) => ({
  ...rule,
  regex: new RegExp(`${rule.pattern}${AFTER}`, 'iuy'),
}));

interface Found<T> {
  span: QuickAddSpan;
  value: T;
}

type IsTaken = (start: number, end: number) => boolean;
/** True when the user undid this recognition; the part is then kept as text and read no further. */
type IsLiteral = (found: QuickAddSpan) => boolean;

function span(kind: QuickAddSpanKind, input: string, start: number, end: number): QuickAddSpan {
  return { kind, start, end, text: input.slice(start, end) };
}

function findRecurrence(
  input: string,
  isTaken: IsTaken,
  isLiteral: IsLiteral,
): Found<QuickAddRecurrence> | null {
  const every = new RegExp(`${BEFORE}every\\s+`, 'giu');
  for (const start of input.matchAll(every)) {
    const ruleStart = start.index + start[0].length;
    for (const rule of compiledRules) {
      rule.regex.lastIndex = ruleStart;
      const match = rule.regex.exec(input);
      if (!match) continue;
      const options = rule.toOptions(match);
      const end = ruleStart + match[0].length;
      if (!options || isTaken(start.index, end)) continue;
      const found = span('recurrence', input, start.index, end);
      if (isLiteral(found)) break;
      return { span: found, value: options };
    }
  }
  return null;
}

/**
 * Urgency markers: "!!" or "!high" for high, "!medium" (or "!med") and "!low"; standing alone, any case.
 * Importance has no marker, so "!" always means urgency.
 */
const URGENCY_MARKERS: Record<string, Level> = {
  '!!': 'high',
  '!high': 'high',
  '!medium': 'medium',
  '!med': 'medium',
  '!low': 'low',
};

function findUrgency(input: string, isTaken: IsTaken, isLiteral: IsLiteral): Found<Level> | null {
  for (const match of input.matchAll(/(?<!\S)(?:!!|!high|!medium|!med|!low)(?!\S)/giu)) {
    const end = match.index + match[0].length;
    const level = URGENCY_MARKERS[match[0].toLowerCase()];
    if (!level || isTaken(match.index, end)) continue;
    const found = span('urgency', input, match.index, end);
    if (isLiteral(found)) continue;
    return { span: found, value: level };
  }
  return null;
}

/** "#Name": the longest of the user's list names that follows the "#", ignoring case. */
function findList(
  input: string,
  lists: ParseQuickAddOptions['lists'],
  isTaken: IsTaken,
  isLiteral: IsLiteral,
): Found<string> | null {
  const byLength = [...lists]
    .filter((list) => list.name.trim())
    .sort((a, b) => b.name.length - a.name.length);
  const lowerInput = input.toLowerCase();
  for (const match of input.matchAll(/(?<!\S)#/gu)) {
    const nameStart = match.index + 1;
    for (const list of byLength) {
      const name = list.name.toLowerCase();
      const end = nameStart + name.length;
      if (!lowerInput.startsWith(name, nameStart)) continue;
      if (end < input.length && !/[\s,.;:!?)]/u.test(input.charAt(end))) continue;
      if (isTaken(match.index, end)) continue;
      const found = span('list', input, match.index, end);
      if (isLiteral(found)) continue;
      return { span: found, value: list.id };
    }
  }
  return null;
}

// Casual words chrono reads as dates that are far more often part of a title ("sat down", "do it now").
const IGNORED_DATE_TEXTS = /^(?:sun|mon|tue|tues|wed|thu|thur|thurs|fri|sat|now|may|march)$/i;
const RELATIVE_TIME = /\b(?:hours?|hrs?|minutes?|mins?|seconds?|secs?)\b/i;

interface FoundDate {
  span: QuickAddSpan;
  components: { year: number; month: number; day: number; hour: number; minute: number };
  hasDay: boolean;
  hasTime: boolean;
  /** "in 2 hours": a duration from now, not a wall-clock time. */
  offsetMs: number | null;
}

/** The wall-clock time of `now` in the zone, as a Date in the runtime's own zone: the reference chrono counts from. */
function getWallClockReference(now: Date, timeZone: string): Date {
  const zoned = new TZDate(now.getTime(), timeZone);
  return new Date(
    zoned.getFullYear(),
    zoned.getMonth(),
    zoned.getDate(),
    zoned.getHours(),
    zoned.getMinutes(),
    zoned.getSeconds(),
  );
}

function findDate(input: string, reference: Date, isTaken: IsTaken, isLiteral: IsLiteral): FoundDate | null {
  // Taken parts are blanked out (same length, so indexes stay) so chrono does not read into them.
  const masked = input.replace(/[\s\S]/gu, (char, index: number) => (isTaken(index, index + 1) ? ' ' : char));
  for (const result of chrono.parse(masked, reference, { forwardDate: true })) {
    const end = result.index + result.text.length;
    const text = result.text.trim();
    if (IGNORED_DATE_TEXTS.test(text) || isTaken(result.index, end)) continue;
    const found = span('date', input, result.index, end);
    if (isLiteral(found)) continue;
    const { start } = result;
    const isRelativeTime = RELATIVE_TIME.test(text);
    return {
      span: found,
      components: {
        year: start.get('year') ?? reference.getFullYear(),
        month: start.get('month') ?? reference.getMonth() + 1,
        day: start.get('day') ?? reference.getDate(),
        hour: start.get('hour') ?? 0,
        minute: start.get('minute') ?? 0,
      },
      hasDay: start.isCertain('day') || start.isCertain('weekday'),
      hasTime: start.isCertain('hour') || isRelativeTime,
      offsetMs: isRelativeTime ? start.date().getTime() - reference.getTime() : null,
    };
  }
  return null;
}

function getZonedInstant(components: FoundDate['components'], timeZone: string, hasTime: boolean): Date {
  const { year, month, day, hour, minute } = components;
  return new TZDate(year, month - 1, day, hasTime ? hour : 0, hasTime ? minute : 0, timeZone);
}

/** The first occurrence on or after the start's day, at the time of day when there is one. */
function getFirstOccurrence(
  options: QuickAddRecurrence & { startDate: Date },
  time: { hour: number; minute: number } | null,
  now: Date,
): Date | null {
  const timeZone = options.timezone ?? 'UTC';
  const atTime = (occurrence: Date) => {
    if (!time) return occurrence;
    const day = new TZDate(occurrence.getTime(), timeZone);
    return new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), time.hour, time.minute, timeZone);
  };
  try {
    const recurrence = new Recurrence(options);
    const start = new TZDate(options.startDate.getTime(), timeZone);
    const dayBefore = new TZDate(start.getFullYear(), start.getMonth(), start.getDate() - 1, 12, 0, timeZone);
    const first = atTime(recurrence.next(dayBefore));
    // "every day at 8:00" typed at 10:00: today's 8:00 is gone, so the series starts with the next one.
    return time && first.getTime() <= now.getTime() ? atTime(recurrence.next(first)) : first;
  } catch {
    return null;
  }
}

function tidyTitle(input: string, spans: readonly QuickAddSpan[]): string {
  let title = '';
  let from = 0;
  for (const part of spans) {
    title += `${input.slice(from, part.start)} `;
    from = part.end;
  }
  title += input.slice(from);
  return title
    .replace(/\s+/gu, ' ')
    .replace(/\s+([,.;:!?]+)(?=\s|$)/gu, '$1')
    .replace(/^[\s,;:–-]+|[\s,;:–-]+$/gu, '');
}

/**
 * Reads a quick-add line the way Todoist users type it: a date or time (chrono-node), a recurrence
 * ("every Monday", "every 2 weeks", "every month on the 1st", "every last Friday", "every weekday"),
 * an urgency marker ("!!", "!high", "!medium", "!low") and a list ("#Home", the longest of the user's
 * list names). Each kind is taken once, its first occurrence; the rest of the text is the title.
 * A recurrence without a date starts today, its due date being its first occurrence.
 */
/** What an empty field reads as; every board column renders one, so the parsers are not woken for it. */
const nothingTyped: QuickAddResult = {
  title: '',
  dueDate: null,
  dueDateHasTime: false,
  quickurrence: null,
  urgency: null,
  listId: null,
  spans: [],
};

export function parseQuickAdd(input: string, options: ParseQuickAddOptions): QuickAddResult {
  if (input.trim() === '') return { ...nothingTyped, spans: [] };
  const { now, timeZone, lists, literals = [] } = options;
  const spans: QuickAddSpan[] = [];
  const kept: QuickAddSpan[] = [];
  const isTaken: IsTaken = (start, end) =>
    [...spans, ...kept].some((taken) => start < taken.end && taken.start < end);
  const normalise = (text: string) => text.trim().replace(/\s+/gu, ' ').toLowerCase();
  const isLiteral: IsLiteral = (found) => {
    const isKept = literals.some(
      (literal) => literal.kind === found.kind && normalise(literal.text) === normalise(found.text),
    );
    if (isKept) kept.push(found);
    return isKept;
  };

  const list = findList(input, lists, isTaken, isLiteral);
  if (list) spans.push(list.span);
  const urgency = findUrgency(input, isTaken, isLiteral);
  if (urgency) spans.push(urgency.span);
  const recurrence = findRecurrence(input, isTaken, isLiteral);
  if (recurrence) spans.push(recurrence.span);
  const date = findDate(input, getWallClockReference(now, timeZone), isTaken, isLiteral);
  if (date) spans.push(date.span);
  spans.sort((a, b) => a.start - b.start);

  let dueDate: Date | null = null;
  let dueDateHasTime = false;
  if (date) {
    dueDateHasTime = date.hasTime;
    dueDate =
      date.offsetMs !== null
        ? new Date(now.getTime() + date.offsetMs)
        : getZonedInstant(date.components, timeZone, date.hasTime);
  }
  let quickurrence: QuickAddRecurrence | null = null;
  if (recurrence) {
    quickurrence = { ...recurrence.value, timezone: timeZone };
    // A date naming a day starts the series there; a bare time ("at 9:00") only sets the time of day.
    const startDate = date?.hasDay && dueDate ? dueDate : now;
    const time = date?.hasTime ? { hour: date.components.hour, minute: date.components.minute } : null;
    const first = getFirstOccurrence({ ...quickurrence, startDate }, time, now);
    if (first) {
      dueDate = first;
      dueDateHasTime = time !== null;
    } else {
      // The engine refuses it (say "every 0 days"): no recurrence, the words stay in the title.
      spans.splice(spans.indexOf(recurrence.span), 1);
      quickurrence = null;
    }
  }

  return {
    title: tidyTitle(input, spans),
    dueDate: dueDate && new Date(dueDate.getTime()).toISOString(),
    dueDateHasTime,
    quickurrence,
    urgency: urgency?.value ?? null,
    listId: list?.value ?? null,
    spans,
  };
}
