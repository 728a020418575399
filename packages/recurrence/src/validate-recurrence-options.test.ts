import { describe, expect, it } from 'vitest';
import { Recurrence } from './recurrence';
import { RecurrenceError } from './recurrence-error';
import type { UncheckedRecurrenceOptions } from './recurrence-options';

const startDate = new Date('2024-03-10T12:00:00Z');

const issueCases: {
  name: string;
  options: Omit<UncheckedRecurrenceOptions, 'startDate'>;
  expected: string[];
}[] = [
  { name: 'defaults only', options: {}, expected: [] },
  {
    name: 'a full weekly rule',
    options: {
      rule: 'weekly',
      interval: 2,
      count: 10,
      weekStartsOn: 0,
      weekDays: [1, 5],
      timezone: 'Asia/Tokyo',
    },
    expected: [],
  },
  {
    name: 'a full monthly rule',
    options: { rule: 'monthly', monthDay: 31, monthDayMode: 'skip', endDate: new Date('2025-01-01') },
    expected: [],
  },
  { name: 'a preset with a weekly rule', options: { rule: 'weekly', preset: 'weekends' }, expected: [] },
  { name: 'an unknown rule', options: { rule: 'hourly' }, expected: ['UNSUPPORTED_RULE:rule'] },
  { name: 'an unknown preset', options: { preset: 'holidays' }, expected: ['UNSUPPORTED_PRESET:preset'] },
  { name: 'interval 0', options: { interval: 0 }, expected: ['INVALID_INTERVAL:interval'] },
  { name: 'a fractional interval', options: { interval: 1.5 }, expected: ['INVALID_INTERVAL:interval'] },
  { name: 'a negative count', options: { count: -1 }, expected: ['INVALID_COUNT:count'] },
  { name: 'a count as text', options: { count: '3' }, expected: ['INVALID_COUNT:count'] },
  { name: 'weekStartsOn 7', options: { weekStartsOn: 7 }, expected: ['INVALID_WEEKDAYS:weekStartsOn'] },
  {
    name: 'empty weekDays',
    options: { rule: 'weekly', weekDays: [] },
    expected: ['INVALID_WEEKDAYS:weekDays'],
  },
  {
    name: 'weekDays out of range',
    options: { rule: 'weekly', weekDays: [1, 7] },
    expected: ['INVALID_WEEKDAYS:weekDays'],
  },
  {
    name: 'duplicated weekDays',
    options: { rule: 'weekly', weekDays: [1, 1] },
    expected: ['INVALID_WEEKDAYS:weekDays'],
  },
  {
    name: 'weekDays on a daily rule',
    options: { weekDays: [1] },
    expected: ['INCOMPATIBLE_OPTIONS:weekDays'],
  },
  {
    name: 'monthDay 0',
    options: { rule: 'monthly', monthDay: 0 },
    expected: ['INVALID_MONTH_DAY:monthDay'],
  },
  {
    name: 'monthDay 32',
    options: { rule: 'monthly', monthDay: 32 },
    expected: ['INVALID_MONTH_DAY:monthDay'],
  },
  {
    name: 'an unknown monthDayMode',
    options: { rule: 'monthly', monthDayMode: 'first' },
    expected: ['INVALID_MONTH_DAY:monthDayMode'],
  },
  {
    name: 'monthly options on a weekly rule',
    options: { rule: 'weekly', monthDay: 3, monthDayMode: 'last', nthWeekdayOfMonth: { weekday: 1, nth: 1 } },
    expected: [
      'INCOMPATIBLE_OPTIONS:monthDay',
      'INCOMPATIBLE_OPTIONS:monthDayMode',
      'INCOMPATIBLE_OPTIONS:nthWeekdayOfMonth',
      'CONFLICTING_OPTIONS:nthWeekdayOfMonth',
    ],
  },
  {
    name: 'monthDay under a preset, which makes the rule weekly',
    options: { rule: 'monthly', preset: 'businessDays', monthDay: 3 },
    expected: ['INCOMPATIBLE_OPTIONS:monthDay'],
  },
  {
    name: 'nth 5',
    options: { rule: 'monthly', nthWeekdayOfMonth: { weekday: 1, nth: 5 } },
    expected: ['INVALID_NTH_WEEKDAY:nthWeekdayOfMonth'],
  },
  {
    name: 'an nth weekday of 7',
    options: { rule: 'monthly', nthWeekdayOfMonth: { weekday: 7, nth: 'last' } },
    expected: ['INVALID_NTH_WEEKDAY:nthWeekdayOfMonth'],
  },
  { name: 'an empty timezone', options: { timezone: '' }, expected: ['INVALID_TIMEZONE:timezone'] },
  {
    name: 'an unknown timezone',
    options: { timezone: 'Mars/Olympus' },
    expected: ['INVALID_TIMEZONE:timezone'],
  },
  {
    name: 'an invalid endDate',
    options: { endDate: new Date('nope') },
    expected: ['INVALID_END_DATE:endDate'],
  },
  {
    name: 'an endDate before the start day',
    options: { endDate: new Date('2024-03-09T23:00:00Z') },
    expected: ['DATE_BEFORE_START:endDate'],
  },
  {
    name: 'an endDate earlier on the start day',
    options: { endDate: new Date('2024-03-10T01:00:00Z') },
    expected: [],
  },
  {
    name: 'an endDate before the start day in the rule’s zone',
    // 2024-03-10T12:00Z is already the 11th in Auckland; the 10th ends there at 11:00Z.
    options: { timezone: 'Pacific/Auckland', endDate: new Date('2024-03-10T10:00:00Z') },
    expected: ['DATE_BEFORE_START:endDate'],
  },
  { name: 'empty excludeDates', options: { excludeDates: [] }, expected: ['INVALID_END_DATE:excludeDates'] },
  {
    name: 'an invalid excluded date',
    options: { excludeDates: [new Date('2024-04-01'), new Date(Number.NaN)] },
    expected: ['INVALID_END_DATE:excludeDates'],
  },
  {
    name: 'count with endDate',
    options: { count: 3, endDate: new Date('2025-01-01') },
    expected: ['CONFLICTING_OPTIONS:endDate'],
  },
  {
    name: 'monthDay with nthWeekdayOfMonth',
    options: { rule: 'monthly', monthDay: 3, nthWeekdayOfMonth: { weekday: 1, nth: 1 } },
    expected: ['CONFLICTING_OPTIONS:nthWeekdayOfMonth'],
  },
  {
    name: 'preset with condition',
    options: { preset: 'weekends', condition: () => true },
    expected: ['CONFLICTING_OPTIONS:condition'],
  },
];

describe('Recurrence.validate', () => {
  it.each(issueCases)('$name', ({ options, expected }) => {
    const issues = Recurrence.validate({ startDate, ...options });
    expect(issues.map(({ code, option }) => `${code}:${option}`)).toEqual(expected);
    for (const issue of issues) expect(issue.message).not.toBe('');
  });

  it('reports an invalid start date', () => {
    expect(Recurrence.validate({ startDate: new Date('nope') }).map(({ code }) => code)).toEqual([
      'INVALID_END_DATE',
    ]);
  });
});

describe('new Recurrence', () => {
  it('throws the user-facing message with every issue attached', () => {
    const construct = () => new Recurrence({ startDate, count: 0, interval: 0 });
    expect(construct).toThrow(RecurrenceError);
    expect(construct).toThrow(
      expect.objectContaining({
        message: 'Invalid recurrence rule',
        code: 'INVALID_INTERVAL',
        issues: [
          expect.objectContaining({ code: 'INVALID_INTERVAL', option: 'interval' }),
          expect.objectContaining({ code: 'INVALID_COUNT', option: 'count' }),
        ],
      }),
    );
  });
});
