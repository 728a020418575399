import { getCivilFromDay, getModulo, getWeekday } from './calendar-day';
import {
  DEFAULT_MONTH_DAY_MODE,
  DEFAULT_TIME_ZONE,
  DEFAULT_WEEK_STARTS_ON,
  type MonthDayMode,
  type NthWeekdayOfMonth,
  PRESET_WEEKDAYS,
  type RecurrenceCondition,
  type RecurrenceOptions,
  type RecurrenceRule,
} from './recurrence-options';
import { getCalendarDayOfInstant } from './time-zone';

/** Options with defaults applied and every date turned into a calendar day of the rule's zone. */
export interface ResolvedRecurrence {
  rule: RecurrenceRule;
  timeZone: string;
  interval: number;
  startDay: number;
  weekStartsOn: number;
  /** Weekly: days of the week as offsets from weekStartsOn, sorted and unique. */
  weekOffsets: number[];
  /** Monthly by day of month; undefined when monthly by nth weekday. */
  monthDay: number | undefined;
  monthDayMode: MonthDayMode;
  nthWeekdayOfMonth: NthWeekdayOfMonth | undefined;
  count: number | undefined;
  endDay: number | undefined;
  excludedDays: ReadonlySet<number>;
  condition: RecurrenceCondition | undefined;
}

/** Expects options that passed validation. */
export function resolveRecurrence(options: RecurrenceOptions): ResolvedRecurrence {
  const timeZone = options.timezone ?? DEFAULT_TIME_ZONE;
  const startDay = getCalendarDayOfInstant(options.startDate.getTime(), timeZone);
  const weekStartsOn = options.weekStartsOn ?? DEFAULT_WEEK_STARTS_ON;
  const rule = options.preset ? 'weekly' : (options.rule ?? 'daily');
  const weekDays = options.preset
    ? PRESET_WEEKDAYS[options.preset]
    : (options.weekDays ?? [getWeekday(startDay)]);
  const weekOffsets = [...new Set(weekDays.map((weekday) => getModulo(weekday - weekStartsOn, 7)))].sort(
    (a, b) => a - b,
  );
  // monthDay wins over nthWeekdayOfMonth, as in cleaning.
  const nthWeekdayOfMonth = options.monthDay === undefined ? options.nthWeekdayOfMonth : undefined;
  const monthDay = nthWeekdayOfMonth ? undefined : (options.monthDay ?? getCivilFromDay(startDay).day);
  return {
    rule,
    timeZone,
    interval: options.interval ?? 1,
    startDay,
    weekStartsOn,
    weekOffsets,
    monthDay,
    monthDayMode: options.monthDayMode ?? DEFAULT_MONTH_DAY_MODE,
    nthWeekdayOfMonth,
    count: options.count,
    // count wins over endDate, as in cleaning.
    endDay:
      options.endDate && options.count === undefined
        ? getCalendarDayOfInstant(options.endDate.getTime(), timeZone)
        : undefined,
    excludedDays: new Set(
      (options.excludeDates ?? []).map((date) => getCalendarDayOfInstant(date.getTime(), timeZone)),
    ),
    condition: options.preset ? undefined : options.condition,
  };
}
