import { describe, expect, it } from 'vitest';
import { Recurrence } from './recurrence';
import type { RecurrenceOptions } from './recurrence-options';

const startDate = new Date('2024-01-31T00:00:00Z');

const textCases: { options: Omit<RecurrenceOptions, 'startDate'>; expected: string }[] = [
  { options: {}, expected: 'Every day' },
  { options: { interval: 3, count: 1 }, expected: 'Every 3 days, once' },
  {
    options: { rule: 'weekly', interval: 2, weekDays: [5, 1], count: 10 },
    expected: 'Every 2 weeks on Monday and Friday, 10 times',
  },
  {
    options: { rule: 'weekly', weekDays: [0, 3, 6], weekStartsOn: 0 },
    expected: 'Every week on Sunday, Wednesday and Saturday',
  },
  { options: { rule: 'weekly' }, expected: 'Every week on Wednesday' },
  { options: { preset: 'businessDays' }, expected: 'Every business day' },
  { options: { preset: 'weekends', interval: 2 }, expected: 'Every 2 weeks on every weekend day' },
  { options: { rule: 'monthly', monthDay: 2 }, expected: 'Every month on the 2nd' },
  { options: { rule: 'monthly' }, expected: "Every month on the 31st or the month's last day" },
  {
    options: { rule: 'monthly', monthDayMode: 'skip', interval: 2 },
    expected: 'Every 2 months on the 31st, skipping shorter months',
  },
  {
    options: { rule: 'monthly', nthWeekdayOfMonth: { weekday: 5, nth: 'last' } },
    expected: 'Every month on the last Friday',
  },
  {
    options: { rule: 'monthly', nthWeekdayOfMonth: { weekday: 1, nth: 2 } },
    expected: 'Every month on the second Monday',
  },
  {
    options: { rule: 'yearly', endDate: new Date('2030-06-15T00:00:00Z') },
    expected: 'Every year on January 31, until June 15, 2030',
  },
  {
    options: { excludeDates: [new Date('2024-02-01'), new Date('2024-02-02')] },
    expected: 'Every day, except 2 days',
  },
];

describe('Recurrence.toText', () => {
  it.each(textCases)('$expected', ({ options, expected }) => {
    expect(new Recurrence({ startDate, ...options }).toText()).toBe(expected);
  });
});
