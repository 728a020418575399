import type { StoredRecurrenceOptions } from '@cairn/recurrence';
import { describe, expect, it } from 'vitest';
import {
  addExcludedDay,
  applyPreset,
  createRecurrenceForm,
  findChosenPreset,
  type RecurrenceForm,
  settleRecurrenceForm,
} from './recurrence-form';

// Tuesday 1 January 2030, 09:00 in Warsaw.
const startDate = '2030-01-01T08:00:00.000Z';
const timezone = 'Europe/Warsaw';

function formFor(stored: StoredRecurrenceOptions | null, timeZone = timezone): RecurrenceForm {
  return createRecurrenceForm({ stored, startDate: new Date(startDate), timeZone });
}

function settle(form: RecurrenceForm) {
  const result = settleRecurrenceForm(form);
  if (!result.isValid) throw new Error(`unexpected issues: ${JSON.stringify(result.issues)}`);
  return result;
}

describe('createRecurrenceForm and settleRecurrenceForm', () => {
  // Stored rules in the API's canonical form come back unchanged through the fields.
  it.each<StoredRecurrenceOptions>([
    { rule: 'weekly', startDate, timezone, weekDays: [1, 3] },
    { rule: 'weekly', startDate, timezone, preset: 'businessDays', interval: 2 },
    { rule: 'weekly', startDate, timezone, preset: 'weekends', count: 4 },
    { rule: 'daily', startDate, timezone, interval: 3, count: 5 },
    { rule: 'monthly', startDate, timezone, monthDay: 31, monthDayMode: 'skip' },
    { rule: 'monthly', startDate, timezone, monthDay: 31 },
    { rule: 'monthly', startDate, timezone, nthWeekdayOfMonth: { weekday: 5, nth: 'last' } },
    { rule: 'monthly', startDate, timezone, nthWeekdayOfMonth: { weekday: 2, nth: 2 }, interval: 3 },
    { rule: 'yearly', startDate, timezone, endDate: '2034-12-30T23:00:00.000Z' },
    {
      rule: 'daily',
      startDate,
      timezone: 'America/New_York',
      excludeDates: ['2030-01-02T05:00:00.000Z', '2030-01-05T05:00:00.000Z'],
    },
    { rule: 'weekly', startDate, timezone, weekDays: [0, 6, 1], weekStartsOn: 0, interval: 2 },
  ])('keeps %j', (stored) => {
    const canonical =
      'weekDays' in stored && stored.weekDays
        ? { ...stored, weekDays: [...stored.weekDays].sort((a, b) => a - b) }
        : stored;
    expect(settle(formFor(stored)).stored).toEqual(canonical);
  });

  it('reads a rule whose dates the API client revived into Dates', () => {
    const revived = {
      rule: 'yearly',
      startDate: new Date(startDate),
      timezone,
      excludeDates: [new Date('2031-01-01T08:00:00.000Z')],
    };
    const form = createRecurrenceForm({ stored: revived, startDate: new Date(), timeZone: 'UTC' });
    expect(form).toMatchObject({ rule: 'yearly', timezone, excludeDates: ['2031-01-01'] });
    expect(form.startDate.toISOString()).toBe(startDate);
  });

  it.each([
    ['no rule', null],
    ['an unreadable rule', { rule: 'hourly', startDate }],
  ])('starts %s as every week on the start day, in the given zone', (_name, stored) => {
    expect(createRecurrenceForm({ stored, startDate: new Date(startDate), timeZone: timezone })).toEqual({
      rule: 'weekly',
      interval: '1',
      weekDays: [2],
      monthlyBy: 'day',
      monthDay: '1',
      monthDayMode: 'last',
      nthWeekday: { weekday: 2, nth: 1 },
      end: 'never',
      count: '10',
      endDate: '2030-02-01',
      excludeDates: [],
      timezone,
      startDate: new Date(startDate),
      weekStartsOn: undefined,
    });
  });

  it.each([
    // Thursday 31 January 2030 in New York: the fifth Thursday is the last one.
    ['2030-01-31T15:00:00.000Z', 'America/New_York', { weekday: 4, nth: 'last' }, '31', '2030-02-28'],
    // The same instant is already Friday 1 February in Tokyo.
    ['2030-01-31T15:00:00.000Z', 'Asia/Tokyo', { weekday: 5, nth: 1 }, '1', '2030-03-01'],
    ['2030-01-22T12:00:00.000Z', 'UTC', { weekday: 2, nth: 4 }, '22', '2030-02-22'],
  ])('a new rule from %s in %s offers the matching monthly days', (start, zone, nth, day, end) => {
    const form = createRecurrenceForm({ stored: null, startDate: new Date(start), timeZone: zone });
    expect(form).toMatchObject({ nthWeekday: nth, monthDay: day, endDate: end });
  });
});

describe('settleRecurrenceForm', () => {
  const base = formFor(null);

  it.each<[string, Partial<RecurrenceForm>, Partial<StoredRecurrenceOptions>]>([
    ['Monday and Wednesday', { weekDays: [3, 1] }, { rule: 'weekly', weekDays: [1, 3] }],
    ['Monday to Friday, as the preset', { weekDays: [5, 4, 3, 2, 1] }, { preset: 'businessDays' }],
    ['every 2 days', { rule: 'daily', interval: '2' }, { rule: 'daily', interval: 2 }],
    ['an interval of 1 left out', { rule: 'daily', interval: '1' }, { rule: 'daily' }],
    [
      'the month day mode where it counts',
      { rule: 'monthly', monthDay: '30', monthDayMode: 'skip' },
      {
        rule: 'monthly',
        monthDay: 30,
        monthDayMode: 'skip',
      },
    ],
    [
      'no month day mode on the 15th',
      { rule: 'monthly', monthDay: '15', monthDayMode: 'skip' },
      {
        rule: 'monthly',
        monthDay: 15,
      },
    ],
    [
      'the nth weekday instead of the day',
      {
        rule: 'monthly',
        monthlyBy: 'weekday',
        nthWeekday: { weekday: 2, nth: 2 },
      },
      { rule: 'monthly', nthWeekdayOfMonth: { weekday: 2, nth: 2 } },
    ],
    ['a count', { end: 'count', count: '3' }, { count: 3 }],
    [
      'an end date at the start of its day in the zone',
      { end: 'date', endDate: '2030-04-30' },
      {
        endDate: '2030-04-29T22:00:00.000Z',
      },
    ],
    [
      'excluded days at their starts',
      { excludeDates: ['2030-01-08', '2030-07-09'] },
      {
        excludeDates: ['2030-01-07T23:00:00.000Z', '2030-07-08T22:00:00.000Z'],
      },
    ],
    ['the end fields of another choice left out', { end: 'never', count: '0', endDate: '' }, {}],
  ])('sends %s', (_name, change, expected) => {
    const { stored } = settle({ ...base, ...change });
    expect(stored).toMatchObject({ startDate, timezone, ...expected });
    if (!('interval' in expected)) expect(stored).not.toHaveProperty('interval');
    if (change.end === 'never') expect(stored).not.toHaveProperty('count');
  });

  it.each<[string, Partial<RecurrenceForm>, string[]]>([
    ['count 0', { end: 'count', count: '0' }, ['INVALID_COUNT:count']],
    ['an empty count', { end: 'count', count: '' }, ['INVALID_COUNT:count']],
    ['an empty interval', { interval: '' }, ['INVALID_INTERVAL:interval']],
    ['a fractional interval', { interval: '1.5' }, ['INVALID_INTERVAL:interval']],
    ['no weekday', { weekDays: [] }, ['INVALID_WEEKDAYS:weekDays']],
    ['day 32', { rule: 'monthly', monthDay: '32' }, ['INVALID_MONTH_DAY:monthDay']],
    ['no end date', { end: 'date', endDate: '' }, ['INVALID_END_DATE:endDate']],
    ['31 February', { end: 'date', endDate: '2030-02-31' }, ['INVALID_END_DATE:endDate']],
    ['an end before the start', { end: 'date', endDate: '2029-12-31' }, ['DATE_BEFORE_START:endDate']],
    ['an unknown zone', { timezone: 'Mars/Olympus' }, ['INVALID_TIMEZONE:timezone']],
  ])('refuses %s with the validation issue', (_name, change, expected) => {
    const result = settleRecurrenceForm({ ...base, ...change });
    expect(result.isValid).toBe(false);
    if (result.isValid) return;
    expect(result.issues.map((issue) => `${issue.code}:${issue.option}`)).toEqual(expected);
  });
});

describe('presets and excluded days', () => {
  const base = formFor(null);

  it.each<[Partial<RecurrenceForm>, string | undefined]>([
    [{ weekDays: [1, 2, 3, 4, 5] }, 'businessDays'],
    [{ weekDays: [6, 0] }, 'weekends'],
    [{ weekDays: [1, 2, 3, 4] }, undefined],
    [{ rule: 'daily', weekDays: [0, 6] }, undefined],
  ])('%j is the preset %s', (change, preset) => {
    expect(findChosenPreset({ ...base, ...change })).toBe(preset);
  });

  it('a preset makes the rule weekly on its days', () => {
    const form = applyPreset({ ...base, rule: 'monthly' }, 'weekends');
    expect(form).toMatchObject({ rule: 'weekly', weekDays: [0, 6] });
    expect(findChosenPreset(form)).toBe('weekends');
  });

  it('adds a day once, in order, and ignores an empty one', () => {
    let form = addExcludedDay(base, '2030-02-01');
    form = addExcludedDay(form, '2030-01-15');
    form = addExcludedDay(form, '2030-02-01');
    form = addExcludedDay(form, '');
    expect(form.excludeDates).toEqual(['2030-01-15', '2030-02-01']);
  });
});
