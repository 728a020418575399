import { getCivilFromDay } from './calendar-day';
import {
  DEFAULT_TIME_ZONE,
  PRESET_WEEKDAYS,
  RECURRENCE_PRESETS,
  type RecurrenceOptions,
  type RecurrenceRule,
} from './recurrence-options';
import { getCalendarDayOfInstant, getStartOfDay } from './time-zone';

// RFC 5545 RRULE text for the options the engine expresses. DTSTART, TZID and EXDATE are not part of
// an RRULE, so startDate, timezone and excludeDates travel beside it (the anchor). The month-day mode
// uses RFC 7529's SKIP: without it a month lacking the day is omitted (mode skip), SKIP=BACKWARD takes
// the month's last day instead (mode last, the engine's default).

const WEEKDAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
const FREQUENCIES = { DAILY: 'daily', WEEKLY: 'weekly', MONTHLY: 'monthly', YEARLY: 'yearly' } as const;
const FREQUENCY_OF_RULE = {
  daily: 'DAILY',
  weekly: 'WEEKLY',
  monthly: 'MONTHLY',
  yearly: 'YEARLY',
} as const satisfies Record<RecurrenceRule, string>;
const SUPPORTED_PARTS = [
  'FREQ',
  'INTERVAL',
  'COUNT',
  'UNTIL',
  'BYDAY',
  'BYMONTHDAY',
  'WKST',
  'RSCALE',
  'SKIP',
] as const;
type SupportedPart = (typeof SUPPORTED_PARTS)[number];

/** What an RRULE leaves to its calendar component: DTSTART (with its TZID) and EXDATE. */
export type RRuleAnchor = Pick<RecurrenceOptions, 'startDate' | 'timezone' | 'excludeDates'>;

/** An RRULE the engine cannot express or cannot read; `part` names the rule part at fault. */
export class RRuleError extends Error {
  override readonly name = 'RRuleError';
  readonly part: string;

  constructor(part: string, message: string) {
    super(message);
    this.part = part;
  }
}

function getTimeZone(options: Pick<RecurrenceOptions, 'timezone'>): string {
  return options.timezone ?? DEFAULT_TIME_ZONE;
}

/** The day of month a monthly rule without nthWeekdayOfMonth falls on. */
function getEffectiveMonthDay(options: RecurrenceOptions): number {
  if (options.monthDay !== undefined) return options.monthDay;
  return getCivilFromDay(getCalendarDayOfInstant(options.startDate.getTime(), getTimeZone(options))).day;
}

function sameWeekdays(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((weekday) => b.includes(weekday));
}

/**
 * The one form of each rule among the options that mean the same (expects valid, cleaned options):
 * rule always set; weekdays sorted, and a preset's weekdays named as the preset; the month-day mode
 * only where it changes a date (mode skip on a day past the 28th); endDate at the start of its day.
 * formatRRule and parseRRule convert these forms into each other exactly.
 */
export function canonicalizeRecurrenceOptions(options: RecurrenceOptions): RecurrenceOptions {
  const canonical: RecurrenceOptions = {
    ...options,
    rule: options.preset ? 'weekly' : (options.rule ?? 'daily'),
  };
  if (canonical.weekDays) {
    const weekDays = [...canonical.weekDays].sort((a, b) => a - b);
    const preset = RECURRENCE_PRESETS.find((name) => sameWeekdays(PRESET_WEEKDAYS[name], weekDays));
    if (preset) {
      delete canonical.weekDays;
      canonical.preset = preset;
    } else {
      canonical.weekDays = weekDays;
    }
  }
  if (
    canonical.monthDayMode !== undefined &&
    (canonical.monthDayMode === 'last' ||
      canonical.nthWeekdayOfMonth !== undefined ||
      getEffectiveMonthDay(canonical) <= 28)
  ) {
    delete canonical.monthDayMode;
  }
  if (canonical.endDate) {
    const timeZone = getTimeZone(canonical);
    const day = getCalendarDayOfInstant(canonical.endDate.getTime(), timeZone);
    canonical.endDate = new Date(getStartOfDay(day, timeZone) ?? canonical.endDate.getTime());
  }
  return canonical;
}

function formatUntil(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** The RRULE value (without the "RRULE:" prefix) of valid options, e.g. "FREQ=WEEKLY;BYDAY=MO,WE". */
export function formatRRule(options: RecurrenceOptions): string {
  const rule = options.preset ? 'weekly' : (options.rule ?? 'daily');
  const parts = [`FREQ=${FREQUENCY_OF_RULE[rule]}`];
  if (options.interval !== undefined && options.interval !== 1) parts.push(`INTERVAL=${options.interval}`);
  const weekDays = options.preset ? PRESET_WEEKDAYS[options.preset] : options.weekDays;
  if (rule === 'weekly' && weekDays) {
    parts.push(`BYDAY=${weekDays.map((weekday) => WEEKDAY_CODES[weekday]).join(',')}`);
  }
  if (rule === 'monthly') {
    const nth = options.monthDay === undefined ? options.nthWeekdayOfMonth : undefined;
    if (nth) {
      parts.push(`BYDAY=${nth.nth === 'last' ? -1 : nth.nth}${WEEKDAY_CODES[nth.weekday]}`);
    } else {
      const isLast = options.monthDayMode !== 'skip';
      if (options.monthDay === 31 && isLast) parts.push('BYMONTHDAY=-1');
      else {
        if (options.monthDay !== undefined) parts.push(`BYMONTHDAY=${options.monthDay}`);
        if (isLast && getEffectiveMonthDay(options) > 28) parts.push('RSCALE=GREGORIAN', 'SKIP=BACKWARD');
      }
    }
  }
  if (options.count !== undefined) parts.push(`COUNT=${options.count}`);
  else if (options.endDate) parts.push(`UNTIL=${formatUntil(options.endDate)}`);
  if (options.weekStartsOn !== undefined) parts.push(`WKST=${WEEKDAY_CODES[options.weekStartsOn]}`);
  return parts.join(';');
}

function parseWeekday(part: string, code: string): number {
  const weekday = WEEKDAY_CODES.findIndex((name) => name === code);
  if (weekday < 0) throw new RRuleError(part, `${part} has an unknown weekday "${code}"`);
  return weekday;
}

/** Digits only; the value's range is the engine's to judge (COUNT=0 is INVALID_COUNT). */
function parseInteger(part: string, value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw new RRuleError(part, `${part} must be a whole number`);
  return Number(value);
}

function parseUntil(value: string, timeZone: string): Date {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(value);
  if (!match || (match[4] !== undefined && match[7] === undefined)) {
    throw new RRuleError('UNTIL', 'UNTIL must be a date (YYYYMMDD) or a UTC date-time (YYYYMMDDTHHMMSSZ)');
  }
  const [year, month, day, hours = 0, minutes = 0, seconds = 0] = match
    .slice(1, 7)
    .map((part) => (part === undefined ? 0 : Number(part)));
  const utc = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hours, minutes, seconds);
  const date = new Date(utc);
  if (Number.isNaN(utc) || date.getUTCDate() !== day || date.getUTCMonth() !== (month ?? 1) - 1) {
    throw new RRuleError('UNTIL', 'UNTIL is not a calendar date');
  }
  if (match[4] !== undefined) return date;
  // A DATE value: the whole day in the rule's zone.
  return new Date(getStartOfDay(Math.floor(utc / 86_400_000), timeZone) ?? utc);
}

function readParts(text: string): Map<SupportedPart, string> {
  const body = text.trim().replace(/^RRULE:/i, '');
  if (body === '') throw new RRuleError('FREQ', 'The RRULE is empty');
  const parts = new Map<SupportedPart, string>();
  for (const entry of body.split(';')) {
    const separator = entry.indexOf('=');
    const name = (separator < 0 ? entry : entry.slice(0, separator)).trim().toUpperCase();
    const value =
      separator < 0
        ? ''
        : entry
            .slice(separator + 1)
            .trim()
            .toUpperCase();
    const supported = SUPPORTED_PARTS.find((part) => part === name);
    if (!supported) throw new RRuleError(name, `RRULE part ${name || '(empty)'} is not supported`);
    if (parts.has(supported)) throw new RRuleError(supported, `${supported} appears twice`);
    if (value === '') throw new RRuleError(supported, `${supported} has no value`);
    parts.set(supported, value);
  }
  return parts;
}

/**
 * Options from an RRULE value (the "RRULE:" prefix is optional) and its anchor. Parts outside the
 * subset, or values the engine cannot express, throw RRuleError naming the part; numbers and dates
 * the engine judges (COUNT=0, an UNTIL before the start) are left to its validation.
 */
export function parseRRule(text: string, anchor: RRuleAnchor): RecurrenceOptions {
  const parts = readParts(text);
  const frequency = parts.get('FREQ');
  if (frequency === undefined) throw new RRuleError('FREQ', 'FREQ is required');
  const rule = Object.entries(FREQUENCIES).find(([name]) => name === frequency)?.[1];
  if (!rule) throw new RRuleError('FREQ', `FREQ=${frequency} is not supported`);
  const options: RecurrenceOptions = { ...anchor, rule };
  const timeZone = getTimeZone(options);

  const interval = parts.get('INTERVAL');
  if (interval !== undefined) {
    const value = parseInteger('INTERVAL', interval);
    if (value !== 1) options.interval = value;
  }
  const count = parts.get('COUNT');
  if (count !== undefined) options.count = parseInteger('COUNT', count);
  const until = parts.get('UNTIL');
  if (until !== undefined) options.endDate = parseUntil(until, timeZone);
  const weekStart = parts.get('WKST');
  if (weekStart !== undefined) options.weekStartsOn = parseWeekday('WKST', weekStart);

  const byDay = parts.get('BYDAY');
  const byMonthDay = parts.get('BYMONTHDAY');
  if (byDay !== undefined && rule !== 'weekly' && rule !== 'monthly') {
    throw new RRuleError('BYDAY', 'BYDAY is supported with FREQ=WEEKLY or FREQ=MONTHLY only');
  }
  if (byMonthDay !== undefined && rule !== 'monthly') {
    throw new RRuleError('BYMONTHDAY', 'BYMONTHDAY is supported with FREQ=MONTHLY only');
  }
  if (byDay !== undefined && rule === 'weekly') {
    const codes = byDay.split(',');
    const weekDays = codes.map((code) => {
      if (!/^[A-Z]{2}$/.test(code))
        throw new RRuleError('BYDAY', 'A weekly BYDAY takes weekdays without positions');
      return parseWeekday('BYDAY', code);
    });
    if (new Set(weekDays).size !== weekDays.length) throw new RRuleError('BYDAY', 'BYDAY repeats a weekday');
    const sorted = weekDays.sort((a, b) => a - b);
    const preset = RECURRENCE_PRESETS.find((name) => sameWeekdays(PRESET_WEEKDAYS[name], sorted));
    if (preset) options.preset = preset;
    else options.weekDays = sorted;
  }

  const scale = parts.get('RSCALE');
  const skip = parts.get('SKIP');
  if (scale !== undefined && scale !== 'GREGORIAN') {
    throw new RRuleError('RSCALE', 'RSCALE supports GREGORIAN only');
  }
  if (skip !== undefined && scale === undefined) throw new RRuleError('SKIP', 'SKIP needs RSCALE=GREGORIAN');
  if (skip !== undefined && skip !== 'OMIT' && skip !== 'BACKWARD') {
    throw new RRuleError('SKIP', 'SKIP supports OMIT and BACKWARD only');
  }
  if (skip !== undefined && rule !== 'monthly') {
    throw new RRuleError('SKIP', 'SKIP is supported with FREQ=MONTHLY only');
  }

  if (rule === 'monthly') {
    if (byDay !== undefined && byMonthDay !== undefined) {
      throw new RRuleError('BYMONTHDAY', 'BYMONTHDAY and BYDAY cannot be used together');
    }
    if (byDay !== undefined) {
      const match = /^([+-]?\d{1,2})([A-Z]{2})$/.exec(byDay);
      const position = match ? Number(match[1]) : Number.NaN;
      if (!match || !(position === -1 || (position >= 1 && position <= 4))) {
        throw new RRuleError(
          'BYDAY',
          'A monthly BYDAY takes one weekday with a position of 1 to 4 or -1, e.g. 1MO or -1FR',
        );
      }
      options.nthWeekdayOfMonth = {
        weekday: parseWeekday('BYDAY', match[2] ?? ''),
        nth: position === -1 ? 'last' : (position as 1 | 2 | 3 | 4),
      };
      if (skip !== undefined) throw new RRuleError('SKIP', 'SKIP applies to BYMONTHDAY rules only');
    } else if (byMonthDay === '-1') {
      options.monthDay = 31;
      if (skip !== undefined) throw new RRuleError('SKIP', 'SKIP has no effect with BYMONTHDAY=-1');
    } else {
      if (byMonthDay !== undefined) {
        if (!/^\+?\d{1,2}$/.test(byMonthDay) || Number(byMonthDay) < 1 || Number(byMonthDay) > 31) {
          throw new RRuleError('BYMONTHDAY', 'BYMONTHDAY takes one day from 1 to 31, or -1 for the last day');
        }
        options.monthDay = Number(byMonthDay);
      }
      // RFC 5545 omits months lacking the day unless SKIP says otherwise.
      if (skip !== 'BACKWARD' && getEffectiveMonthDay(options) > 28) options.monthDayMode = 'skip';
    }
  }
  return options;
}
