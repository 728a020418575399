import { describe, expect, it } from 'vitest';
import { Recurrence } from './recurrence';
import type { RecurrenceOptions } from './recurrence-options';

const startDate = new Date('2024-03-10T12:00:00Z');
const endDate = new Date('2024-12-31T00:00:00Z');
const isEven = (day: Date) => day.getUTCDate() % 2 === 0;

const cleanCases: { name: string; options: RecurrenceOptions; expected: RecurrenceOptions }[] = [
  {
    name: 'weekDays are kept only for weekly',
    options: { startDate, rule: 'monthly', weekDays: [1], monthDay: 3 },
    expected: { startDate, rule: 'monthly', monthDay: 3 },
  },
  {
    name: 'weekDays stay on a weekly rule',
    options: { startDate, rule: 'weekly', weekDays: [1, 3] },
    expected: { startDate, rule: 'weekly', weekDays: [1, 3] },
  },
  {
    name: 'monthly options are kept only for monthly',
    options: { startDate, monthDay: 3, monthDayMode: 'skip', nthWeekdayOfMonth: { weekday: 1, nth: 2 } },
    expected: { startDate },
  },
  {
    name: 'monthDay wins over nthWeekdayOfMonth',
    options: { startDate, rule: 'monthly', monthDay: 3, nthWeekdayOfMonth: { weekday: 1, nth: 2 } },
    expected: { startDate, rule: 'monthly', monthDay: 3 },
  },
  {
    name: 'count wins over endDate',
    options: { startDate, count: 5, endDate },
    expected: { startDate, count: 5 },
  },
  {
    name: 'preset wins over condition and overrides rule and weekDays',
    options: {
      startDate,
      rule: 'monthly',
      weekDays: [2],
      monthDay: 4,
      preset: 'businessDays',
      condition: isEven,
    },
    expected: { startDate, rule: 'weekly', preset: 'businessDays' },
  },
  {
    name: 'empty lists and an interval of 1 are dropped',
    options: { startDate, rule: 'weekly', weekDays: [], excludeDates: [], interval: 1 },
    expected: { startDate, rule: 'weekly' },
  },
  {
    name: 'valid options are left alone',
    options: { startDate, rule: 'daily', interval: 2, endDate, excludeDates: [endDate], condition: isEven },
    expected: { startDate, rule: 'daily', interval: 2, endDate, excludeDates: [endDate], condition: isEven },
  },
];

describe('Recurrence.clean', () => {
  it.each(cleanCases)('$name', ({ options, expected }) => {
    const cleaned = Recurrence.clean(options);
    expect(cleaned).toEqual(expected);
    expect(Object.keys(cleaned).sort()).toEqual(Object.keys(expected).sort());
  });

  it('does not change its argument', () => {
    const options: RecurrenceOptions = { startDate, count: 5, endDate };
    Recurrence.clean(options);
    expect(options).toEqual({ startDate, count: 5, endDate });
  });

  it('repairs the forbidden combinations so validation passes', () => {
    const options: RecurrenceOptions = {
      startDate,
      rule: 'daily',
      count: 3,
      endDate,
      weekDays: [1],
      monthDay: 2,
      nthWeekdayOfMonth: { weekday: 1, nth: 'last' },
    };
    expect(Recurrence.validate(options)).not.toEqual([]);
    expect(Recurrence.validate(Recurrence.clean(options))).toEqual([]);
  });
});
