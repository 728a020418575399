import type { RecurrenceIssue } from './recurrence-error';
import {
  DEFAULT_TIME_ZONE,
  MONTH_DAY_MODES,
  NTH_WEEKDAY_POSITIONS,
  RECURRENCE_PRESETS,
  RECURRENCE_RULES,
  type UncheckedRecurrenceOptions,
} from './recurrence-options';
import { getCalendarDayOfInstant, isValidTimeZone } from './time-zone';

function isOneOf<Value>(list: readonly Value[], value: unknown): value is Value {
  return list.some((item) => item === value);
}

function isPositiveInteger(value: unknown): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

function isIntegerBetween(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

function isValidDate(value: unknown): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

function isValidWeekdayList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((weekday) => isIntegerBetween(weekday, 0, 6)) &&
    new Set(value).size === value.length
  );
}

function isValidNthWeekday(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const weekday: unknown = Reflect.get(value, 'weekday');
  const nth: unknown = Reflect.get(value, 'nth');
  return isIntegerBetween(weekday, 0, 6) && isOneOf(NTH_WEEKDAY_POSITIONS, nth);
}

/**
 * Judges options as given (spec sections 5 and 8); cleanRecurrenceOptions is what repairs them.
 * Returns every issue found, [] when the options are valid.
 */
export function validateRecurrenceOptions(options: UncheckedRecurrenceOptions): RecurrenceIssue[] {
  const issues: RecurrenceIssue[] = [];
  const report = (code: RecurrenceIssue['code'], option: string, message: string) => {
    issues.push({ code, option, message });
  };
  const isSet = (option: keyof UncheckedRecurrenceOptions) => options[option] !== undefined;

  const isRuleSupported = !isSet('rule') || isOneOf(RECURRENCE_RULES, options.rule);
  if (!isRuleSupported)
    report('UNSUPPORTED_RULE', 'rule', `rule must be one of ${RECURRENCE_RULES.join(', ')}`);
  if (isSet('preset') && !isOneOf(RECURRENCE_PRESETS, options.preset)) {
    report('UNSUPPORTED_PRESET', 'preset', `preset must be one of ${RECURRENCE_PRESETS.join(', ')}`);
  }
  // A preset makes the rule weekly whatever rule says.
  const effectiveRule = isSet('preset') ? 'weekly' : (options.rule ?? 'daily');

  if (isSet('interval') && !isPositiveInteger(options.interval)) {
    report('INVALID_INTERVAL', 'interval', 'interval must be a positive integer');
  }
  if (isSet('count') && !isPositiveInteger(options.count)) {
    report('INVALID_COUNT', 'count', 'count must be a positive integer');
  }
  if (isSet('weekStartsOn') && !isIntegerBetween(options.weekStartsOn, 0, 6)) {
    report('INVALID_WEEKDAYS', 'weekStartsOn', 'weekStartsOn must be an integer from 0 (Sunday) to 6');
  }

  const timeZone = options.timezone ?? DEFAULT_TIME_ZONE;
  const isTimeZoneValid = typeof timeZone === 'string' && isValidTimeZone(timeZone);
  if (!isTimeZoneValid)
    report('INVALID_TIMEZONE', 'timezone', 'timezone must be an IANA time zone identifier');

  if (!isValidDate(options.startDate))
    report('INVALID_END_DATE', 'startDate', 'startDate must be a valid date');

  if (isSet('weekDays')) {
    if (!isValidWeekdayList(options.weekDays)) {
      report(
        'INVALID_WEEKDAYS',
        'weekDays',
        'weekDays must be a non-empty list of unique integers from 0 to 6',
      );
    }
    // Under a preset, weekDays are overridden rather than misplaced.
    if (effectiveRule !== 'weekly' && isRuleSupported) {
      report('INCOMPATIBLE_OPTIONS', 'weekDays', 'weekDays apply to weekly rules only');
    }
  }

  const monthlyOptions = ['monthDay', 'monthDayMode', 'nthWeekdayOfMonth'] as const;
  for (const option of monthlyOptions) {
    if (isSet(option) && effectiveRule !== 'monthly' && isRuleSupported) {
      report('INCOMPATIBLE_OPTIONS', option, `${option} applies to monthly rules only`);
    }
  }
  if (isSet('monthDay') && !isIntegerBetween(options.monthDay, 1, 31)) {
    report('INVALID_MONTH_DAY', 'monthDay', 'monthDay must be an integer from 1 to 31');
  }
  if (isSet('monthDayMode') && !isOneOf(MONTH_DAY_MODES, options.monthDayMode)) {
    report('INVALID_MONTH_DAY', 'monthDayMode', `monthDayMode must be one of ${MONTH_DAY_MODES.join(', ')}`);
  }
  if (isSet('nthWeekdayOfMonth') && !isValidNthWeekday(options.nthWeekdayOfMonth)) {
    report(
      'INVALID_NTH_WEEKDAY',
      'nthWeekdayOfMonth',
      'nthWeekdayOfMonth needs a weekday from 0 to 6 and nth of 1, 2, 3, 4 or last',
    );
  }

  if (isSet('excludeDates')) {
    const { excludeDates } = options;
    if (!Array.isArray(excludeDates) || excludeDates.length === 0 || !excludeDates.every(isValidDate)) {
      report('INVALID_END_DATE', 'excludeDates', 'excludeDates must be a non-empty list of valid dates');
    }
  }

  if (isSet('endDate')) {
    const { endDate, startDate } = options;
    if (!isValidDate(endDate)) {
      report('INVALID_END_DATE', 'endDate', 'endDate must be a valid date');
    } else if (isValidDate(startDate) && isTimeZoneValid) {
      // Whole days in the rule's zone: an end earlier on the start day still includes that day.
      const endDay = getCalendarDayOfInstant(endDate.getTime(), timeZone);
      const startDay = getCalendarDayOfInstant(startDate.getTime(), timeZone);
      if (endDay < startDay) report('DATE_BEFORE_START', 'endDate', 'endDate must not be before startDate');
    }
  }

  if (isSet('condition') && typeof options.condition !== 'function') {
    report('INCOMPATIBLE_OPTIONS', 'condition', 'condition must be a function of a day');
  }

  const conflicts = [
    ['count', 'endDate'],
    ['monthDay', 'nthWeekdayOfMonth'],
    ['preset', 'condition'],
  ] as const;
  for (const [first, second] of conflicts) {
    if (isSet(first) && isSet(second)) {
      report('CONFLICTING_OPTIONS', second, `${first} and ${second} cannot be used together`);
    }
  }

  return issues;
}
