import { describe, expect, it } from 'vitest';
import { Recurrence } from './recurrence';
import { RecurrenceError } from './recurrence-error';
import type { RecurrenceOptions } from './recurrence-options';

// A rule and a window in, ISO calendar days out. Days are read back with Intl, independently of the
// engine's own calendar arithmetic.
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
function formatDay(date: Date, timeZone = 'UTC'): string {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter.format(date);
}

const utc = (day: string) => new Date(`${day}T00:00:00Z`);

interface OccurrenceCase {
  name: string;
  options: Omit<RecurrenceOptions, 'startDate'> & { startDate: string };
  window: [string, string];
  expected: string[];
}

function createRecurrence({ startDate, ...options }: OccurrenceCase['options']): Recurrence {
  return new Recurrence({ ...options, startDate: utc(startDate) });
}

const occurrenceCases: OccurrenceCase[] = [
  {
    name: 'daily from the start day',
    options: { startDate: '2024-02-27' },
    window: ['2024-02-25', '2024-03-02'],
    expected: ['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02'],
  },
  {
    name: 'daily every 3 days counts from the start, not the window',
    options: { startDate: '2024-01-01', interval: 3 },
    window: ['2024-01-05', '2024-01-16'],
    expected: ['2024-01-07', '2024-01-10', '2024-01-13', '2024-01-16'],
  },
  {
    name: 'daily with count stops after count days',
    options: { startDate: '2024-01-01', count: 3 },
    window: ['2023-12-01', '2024-02-01'],
    expected: ['2024-01-01', '2024-01-02', '2024-01-03'],
  },
  {
    name: 'excluded days keep their place in count',
    options: { startDate: '2024-01-01', count: 4, excludeDates: [utc('2024-01-02')] },
    window: ['2024-01-01', '2024-02-01'],
    expected: ['2024-01-01', '2024-01-03', '2024-01-04'],
  },
  {
    name: 'endDate includes its whole day',
    options: { startDate: '2024-01-01', endDate: new Date('2024-01-03T23:59:00Z') },
    window: ['2024-01-01', '2024-02-01'],
    expected: ['2024-01-01', '2024-01-02', '2024-01-03'],
  },
  {
    name: 'weekly defaults to the start day weekday',
    options: { rule: 'weekly', startDate: '2024-01-03' },
    window: ['2024-01-01', '2024-01-31'],
    expected: ['2024-01-03', '2024-01-10', '2024-01-17', '2024-01-24', '2024-01-31'],
  },
  {
    name: 'weekly every 2 weeks on Monday and Friday, starting midweek',
    options: { rule: 'weekly', startDate: '2024-01-03', interval: 2, weekDays: [1, 5] },
    window: ['2024-01-01', '2024-02-11'],
    expected: ['2024-01-05', '2024-01-15', '2024-01-19', '2024-01-29', '2024-02-02'],
  },
  {
    name: 'weekly every 2 weeks on Sunday and Monday, weeks from Monday',
    options: { rule: 'weekly', startDate: '2024-01-07', interval: 2, weekDays: [0, 1], weekStartsOn: 1 },
    window: ['2024-01-01', '2024-02-06'],
    expected: ['2024-01-07', '2024-01-15', '2024-01-21', '2024-01-29', '2024-02-04'],
  },
  {
    name: 'weekly every 2 weeks on Sunday and Monday, weeks from Sunday',
    options: { rule: 'weekly', startDate: '2024-01-07', interval: 2, weekDays: [0, 1], weekStartsOn: 0 },
    window: ['2024-01-01', '2024-02-06'],
    expected: ['2024-01-07', '2024-01-08', '2024-01-21', '2024-01-22', '2024-02-04', '2024-02-05'],
  },
  {
    name: 'businessDays preset overrides rule and weekDays',
    options: { rule: 'daily', startDate: '2024-03-01', preset: 'businessDays' },
    window: ['2024-03-01', '2024-03-12'],
    expected: [
      '2024-03-01',
      '2024-03-04',
      '2024-03-05',
      '2024-03-06',
      '2024-03-07',
      '2024-03-08',
      '2024-03-11',
      '2024-03-12',
    ],
  },
  {
    name: 'weekends preset',
    options: { startDate: '2024-03-01', preset: 'weekends' },
    window: ['2024-03-01', '2024-03-17'],
    expected: ['2024-03-02', '2024-03-03', '2024-03-09', '2024-03-10', '2024-03-16', '2024-03-17'],
  },
  {
    name: 'monthly on the 31st falls on the last day of shorter months (leap year)',
    options: { rule: 'monthly', startDate: '2024-01-31' },
    window: ['2024-01-01', '2024-06-30'],
    expected: ['2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30', '2024-05-31', '2024-06-30'],
  },
  {
    name: 'monthly on the 31st, mode last, common year',
    options: { rule: 'monthly', startDate: '2023-01-15', monthDay: 31, monthDayMode: 'last' },
    window: ['2023-01-01', '2023-04-30'],
    expected: ['2023-01-31', '2023-02-28', '2023-03-31', '2023-04-30'],
  },
  {
    name: 'monthly on the 31st, mode skip, skips months without it',
    options: { rule: 'monthly', startDate: '2024-01-31', monthDayMode: 'skip' },
    window: ['2024-01-01', '2024-12-31'],
    expected: [
      '2024-01-31',
      '2024-03-31',
      '2024-05-31',
      '2024-07-31',
      '2024-08-31',
      '2024-10-31',
      '2024-12-31',
    ],
  },
  {
    name: 'monthly on the 29th, mode skip, keeps February only in leap years',
    options: { rule: 'monthly', startDate: '2023-01-29', monthDayMode: 'skip', interval: 1 },
    window: ['2023-01-01', '2024-03-31'],
    expected: [
      '2023-01-29',
      '2023-03-29',
      '2023-04-29',
      '2023-05-29',
      '2023-06-29',
      '2023-07-29',
      '2023-08-29',
      '2023-09-29',
      '2023-10-29',
      '2023-11-29',
      '2023-12-29',
      '2024-01-29',
      '2024-02-29',
      '2024-03-29',
    ],
  },
  {
    name: 'monthly on a day already past in the start month begins the next month',
    options: { rule: 'monthly', startDate: '2024-01-20', monthDay: 10 },
    window: ['2024-01-01', '2024-03-31'],
    expected: ['2024-02-10', '2024-03-10'],
  },
  {
    name: 'monthly every 3 months',
    options: { rule: 'monthly', startDate: '2024-11-30', interval: 3 },
    window: ['2024-11-01', '2025-12-31'],
    expected: ['2024-11-30', '2025-02-28', '2025-05-30', '2025-08-30', '2025-11-30'],
  },
  {
    name: 'monthly on the last Friday',
    options: { rule: 'monthly', startDate: '2024-01-01', nthWeekdayOfMonth: { weekday: 5, nth: 'last' } },
    window: ['2024-01-01', '2024-06-30'],
    expected: ['2024-01-26', '2024-02-23', '2024-03-29', '2024-04-26', '2024-05-31', '2024-06-28'],
  },
  {
    name: 'monthly on the second Monday',
    options: { rule: 'monthly', startDate: '2024-01-01', nthWeekdayOfMonth: { weekday: 1, nth: 2 } },
    window: ['2024-01-01', '2024-05-31'],
    expected: ['2024-01-08', '2024-02-12', '2024-03-11', '2024-04-08', '2024-05-13'],
  },
  {
    name: 'monthly on the fourth Sunday, start after this month’s',
    options: { rule: 'monthly', startDate: '2024-02-26', nthWeekdayOfMonth: { weekday: 0, nth: 4 } },
    window: ['2024-02-01', '2024-04-30'],
    expected: ['2024-03-24', '2024-04-28'],
  },
  {
    name: 'yearly from 29 February falls on 28 February in other years',
    options: { rule: 'yearly', startDate: '2024-02-29' },
    window: ['2024-01-01', '2028-12-31'],
    expected: ['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29'],
  },
  {
    name: 'yearly every 100 years from 29 February across non-leap centuries',
    options: { rule: 'yearly', startDate: '2000-02-29', interval: 100 },
    window: ['2000-01-01', '2400-12-31'],
    expected: ['2000-02-29', '2100-02-28', '2200-02-28', '2300-02-28', '2400-02-29'],
  },
  {
    name: 'occurrences never precede the start day',
    options: { rule: 'yearly', startDate: '2024-07-04' },
    window: ['2020-01-01', '2025-12-31'],
    expected: ['2024-07-04', '2025-07-04'],
  },
  {
    name: 'a rule that can never produce a day yields nothing',
    options: { rule: 'monthly', startDate: '2024-02-01', monthDay: 31, monthDayMode: 'skip', interval: 12 },
    window: ['2024-01-01', '2034-12-31'],
    expected: [],
  },
];

describe('Recurrence.between', () => {
  it.each(occurrenceCases)('$name', ({ options, window, expected }) => {
    const days = createRecurrence(options)
      .between(utc(window[0]), utc(window[1]))
      .map((date) => formatDay(date));
    expect(days).toEqual(expected);
  });

  it('returns at most 1000 occurrences', () => {
    const recurrence = createRecurrence({ startDate: '2024-01-01' });
    const occurrences = recurrence.between(utc('2024-01-01'), utc('2034-01-01'));
    expect(occurrences).toHaveLength(1000);
    expect(formatDay(occurrences[999] ?? new Date(Number.NaN))).toBe('2026-09-26');
  });

  it('matches repeated next() calls', () => {
    const recurrence = createRecurrence({
      rule: 'weekly',
      startDate: '2024-01-03',
      weekDays: [2, 4],
      count: 30,
    });
    const listed = recurrence.between(utc('2024-01-01'), utc('2030-01-01'));
    const stepped: Date[] = [];
    let after = utc('2023-12-31');
    for (let index = 0; index < 30; index++) {
      after = recurrence.next(after);
      stepped.push(after);
    }
    expect(listed).toEqual(stepped);
  });
});

interface NextCase {
  name: string;
  options: OccurrenceCase['options'];
  after: string;
  expected: string;
}

const nextCases: NextCase[] = [
  {
    name: 'before the start gives the start day when it matches',
    options: { startDate: '2024-01-10' },
    after: '2020-01-01T00:00:00Z',
    expected: '2024-01-10',
  },
  {
    name: 'is strictly after an occurrence instant',
    options: { startDate: '2024-01-10' },
    after: '2024-01-10T00:00:00Z',
    expected: '2024-01-11',
  },
  {
    name: 'a moment before an occurrence gives that occurrence',
    options: { rule: 'weekly', startDate: '2024-01-10' },
    after: '2024-01-16T23:59:59.999Z',
    expected: '2024-01-17',
  },
  {
    name: 'daily 200 years past the start',
    options: { startDate: '2024-01-01', interval: 7 },
    after: '2224-01-01T12:00:00Z',
    expected: '2224-01-05',
  },
  {
    name: 'weekly every 2 weeks 200 years past the start',
    options: { rule: 'weekly', startDate: '2024-01-01', interval: 2, weekDays: [1, 5] },
    after: '2224-01-01T12:00:00Z',
    expected: '2224-01-05',
  },
  {
    name: 'monthly on the 31st, mode skip, 200 years past the start',
    options: { rule: 'monthly', startDate: '2024-01-31', monthDayMode: 'skip' },
    after: '2224-02-01T00:00:00Z',
    expected: '2224-03-31',
  },
  {
    name: 'monthly on the last Friday 200 years past the start',
    options: { rule: 'monthly', startDate: '2024-01-01', nthWeekdayOfMonth: { weekday: 5, nth: 'last' } },
    after: '2224-01-01T00:00:00Z',
    expected: '2224-01-30',
  },
  {
    name: 'monthly on the 29th, every 12 months, skip: the next leap February',
    options: { rule: 'monthly', startDate: '2096-02-29', interval: 12, monthDayMode: 'skip' },
    after: '2096-03-01T00:00:00Z',
    expected: '2104-02-29',
  },
  {
    name: 'yearly from 29 February, 200 years on',
    options: { rule: 'yearly', startDate: '2024-02-29' },
    after: '2224-03-01T00:00:00Z',
    expected: '2225-02-28',
  },
  {
    name: 'count is checked without walking from the start',
    options: { rule: 'weekly', startDate: '2024-01-01', weekDays: [1, 3, 5], count: 100_000 },
    after: '2024-01-01T00:00:00Z',
    expected: '2024-01-03',
  },
  {
    name: 'the last day count allows, far from the start',
    options: { startDate: '2024-01-01', count: 73_000 },
    after: '2223-11-12T00:00:00Z',
    expected: '2223-11-13',
  },
];

describe('Recurrence.next', () => {
  it.each(nextCases)('$name', ({ options, after, expected }) => {
    expect(formatDay(createRecurrence(options).next(new Date(after)))).toBe(expected);
  });

  it.each([
    {
      code: 'COUNT_LIMIT_EXCEEDED',
      message: 'No more occurrences within the specified count limit',
      options: { startDate: '2024-01-01', count: 73_000 },
      after: '2223-11-13T00:00:00Z',
    },
    {
      code: 'COUNT_LIMIT_EXCEEDED',
      message: 'No more occurrences within the specified count limit',
      options: { startDate: '2024-01-01', count: 2, excludeDates: [utc('2024-01-02')] },
      after: '2024-01-01T00:00:00Z',
    },
    {
      code: 'END_DATE_EXCEEDED',
      message: 'No more occurrences within the specified end date',
      options: { rule: 'monthly', startDate: '2024-01-31', endDate: utc('2024-03-30') },
      after: '2024-02-29T00:00:00Z',
    },
    {
      code: 'NO_MORE_OCCURRENCES',
      message: 'Could not find next occurrence after maximum attempts',
      options: { rule: 'monthly', startDate: '2024-02-01', monthDay: 31, monthDayMode: 'skip', interval: 12 },
      after: '2024-01-01T00:00:00Z',
    },
    {
      code: 'NO_MORE_OCCURRENCES',
      message: 'Could not find next occurrence after maximum attempts',
      options: {
        rule: 'monthly',
        startDate: '2001-02-01',
        monthDay: 29,
        monthDayMode: 'skip',
        interval: 4800,
      },
      after: '2001-01-01T00:00:00Z',
    },
    {
      code: 'NO_MORE_OCCURRENCES',
      message: 'Could not find next occurrence after maximum attempts',
      // The next day lies beyond what a Date can hold.
      options: { startDate: '2024-01-01', interval: 1e15 },
      after: '2024-01-01T00:00:00Z',
    },
    {
      code: 'NO_MORE_OCCURRENCES',
      message: 'Could not find next occurrence after maximum attempts',
      options: { startDate: '2024-01-01', condition: () => false },
      after: '2024-01-01T00:00:00Z',
    },
  ] satisfies (Omit<NextCase, 'name' | 'expected'> & { code: string; message: string })[])(
    'throws $code',
    ({ options, after, code, message }) => {
      const recurrence = createRecurrence(options);
      expect(() => recurrence.next(new Date(after))).toThrow(expect.objectContaining({ code, message }));
      expect(() => recurrence.next(new Date(after))).toThrow(RecurrenceError);
    },
  );

  it('filters days with a condition', () => {
    // The first of each month, reached through a daily rule: 30 rejections in a row are fine.
    const recurrence = createRecurrence({
      startDate: '2024-01-02',
      condition: (day) => day.getUTCDate() === 1,
    });
    expect(formatDay(recurrence.next(utc('2024-01-02')))).toBe('2024-02-01');
    expect(recurrence.between(utc('2024-01-01'), utc('2024-04-30')).map((date) => formatDay(date))).toEqual([
      '2024-02-01',
      '2024-03-01',
      '2024-04-01',
    ]);
  });

  it('counts the days a condition rejects, like excluded days', () => {
    const recurrence = createRecurrence({
      startDate: '2024-01-01',
      count: 4,
      condition: (day) => day.getUTCDay() !== 3,
    });
    // 2024-01-03 is a Wednesday: rejected, yet one of the four.
    expect(recurrence.between(utc('2024-01-01'), utc('2024-12-31')).map((date) => formatDay(date))).toEqual([
      '2024-01-01',
      '2024-01-02',
      '2024-01-04',
    ]);
  });

  it('returns nothing for a window that ends before it starts', () => {
    expect(
      createRecurrence({ startDate: '2024-01-01' }).between(utc('2024-02-01'), utc('2024-01-01')),
    ).toEqual([]);
  });

  it('rejects an invalid date', () => {
    expect(() => createRecurrence({ startDate: '2024-01-01' }).next(new Date(Number.NaN))).toThrow(
      RangeError,
    );
  });
});

interface ZoneCase {
  name: string;
  timeZone: string;
  options?: Partial<RecurrenceOptions>;
  startDate: string;
  window: [string, string];
  /** Each occurrence's instant, then its calendar day in the zone. */
  expected: [string, string][];
}

const zoneCases: ZoneCase[] = [
  {
    name: 'Europe/Warsaw, spring forward at 02:00',
    timeZone: 'Europe/Warsaw',
    startDate: '2024-03-29T12:00:00Z',
    window: ['2024-03-29T12:00:00Z', '2024-04-01T12:00:00Z'],
    expected: [
      ['2024-03-28T23:00:00.000Z', '2024-03-29'],
      ['2024-03-29T23:00:00.000Z', '2024-03-30'],
      ['2024-03-30T23:00:00.000Z', '2024-03-31'],
      ['2024-03-31T22:00:00.000Z', '2024-04-01'],
    ],
  },
  {
    name: 'Europe/Warsaw, fall back at 03:00',
    timeZone: 'Europe/Warsaw',
    startDate: '2024-10-26T12:00:00Z',
    window: ['2024-10-26T12:00:00Z', '2024-10-28T12:00:00Z'],
    expected: [
      ['2024-10-25T22:00:00.000Z', '2024-10-26'],
      ['2024-10-26T22:00:00.000Z', '2024-10-27'],
      ['2024-10-27T23:00:00.000Z', '2024-10-28'],
    ],
  },
  {
    name: 'America/New_York, spring forward at 02:00',
    timeZone: 'America/New_York',
    options: { rule: 'weekly', weekDays: [6, 0, 1] },
    startDate: '2024-03-09T17:00:00Z',
    window: ['2024-03-09T17:00:00Z', '2024-03-11T17:00:00Z'],
    expected: [
      ['2024-03-09T05:00:00.000Z', '2024-03-09'],
      ['2024-03-10T05:00:00.000Z', '2024-03-10'],
      ['2024-03-11T04:00:00.000Z', '2024-03-11'],
    ],
  },
  {
    name: 'America/New_York, fall back at 02:00',
    timeZone: 'America/New_York',
    options: { rule: 'monthly', nthWeekdayOfMonth: { weekday: 0, nth: 1 } },
    startDate: '2024-01-01T17:00:00Z',
    window: ['2024-10-01T17:00:00Z', '2024-12-31T17:00:00Z'],
    expected: [
      ['2024-10-06T04:00:00.000Z', '2024-10-06'],
      ['2024-11-03T04:00:00.000Z', '2024-11-03'],
      ['2024-12-01T05:00:00.000Z', '2024-12-01'],
    ],
  },
  {
    name: 'Australia/Lord_Howe, 30-minute fall back',
    timeZone: 'Australia/Lord_Howe',
    startDate: '2024-04-06T02:00:00Z',
    window: ['2024-04-06T02:00:00Z', '2024-04-08T02:00:00Z'],
    expected: [
      ['2024-04-05T13:00:00.000Z', '2024-04-06'],
      ['2024-04-06T13:00:00.000Z', '2024-04-07'],
      ['2024-04-07T13:30:00.000Z', '2024-04-08'],
    ],
  },
  {
    name: 'Australia/Lord_Howe, 30-minute spring forward',
    timeZone: 'Australia/Lord_Howe',
    startDate: '2024-10-05T02:00:00Z',
    window: ['2024-10-05T02:00:00Z', '2024-10-07T02:00:00Z'],
    expected: [
      ['2024-10-04T13:30:00.000Z', '2024-10-05'],
      ['2024-10-05T13:30:00.000Z', '2024-10-06'],
      ['2024-10-06T13:00:00.000Z', '2024-10-07'],
    ],
  },
  {
    name: 'Pacific/Apia skipped 2011-12-30: no occurrence that day',
    timeZone: 'Pacific/Apia',
    startDate: '2011-12-28T12:00:00Z',
    window: ['2011-12-28T12:00:00Z', '2012-01-01T12:00:00Z'],
    expected: [
      ['2011-12-28T10:00:00.000Z', '2011-12-28'],
      ['2011-12-29T10:00:00.000Z', '2011-12-29'],
      ['2011-12-30T10:00:00.000Z', '2011-12-31'],
      ['2011-12-31T10:00:00.000Z', '2012-01-01'],
      ['2012-01-01T10:00:00.000Z', '2012-01-02'],
    ],
  },
  {
    name: 'America/Sao_Paulo 2018: midnight did not exist, the day starts at 01:00',
    timeZone: 'America/Sao_Paulo',
    startDate: '2018-11-03T12:00:00Z',
    window: ['2018-11-03T12:00:00Z', '2018-11-05T12:00:00Z'],
    expected: [
      ['2018-11-03T03:00:00.000Z', '2018-11-03'],
      ['2018-11-04T03:00:00.000Z', '2018-11-04'],
      ['2018-11-05T02:00:00.000Z', '2018-11-05'],
    ],
  },
  {
    name: 'America/Sao_Paulo 2019: clocks went back from midnight to 23:00',
    timeZone: 'America/Sao_Paulo',
    startDate: '2019-02-15T12:00:00Z',
    window: ['2019-02-15T12:00:00Z', '2019-02-18T12:00:00Z'],
    expected: [
      ['2019-02-15T02:00:00.000Z', '2019-02-15'],
      ['2019-02-16T02:00:00.000Z', '2019-02-16'],
      ['2019-02-17T03:00:00.000Z', '2019-02-17'],
      ['2019-02-18T03:00:00.000Z', '2019-02-18'],
    ],
  },
  {
    name: 'America/Havana: midnight happened twice, the first one counts',
    timeZone: 'America/Havana',
    startDate: '2023-11-04T12:00:00Z',
    window: ['2023-11-04T12:00:00Z', '2023-11-06T12:00:00Z'],
    expected: [
      ['2023-11-04T04:00:00.000Z', '2023-11-04'],
      ['2023-11-05T04:00:00.000Z', '2023-11-05'],
      ['2023-11-06T05:00:00.000Z', '2023-11-06'],
    ],
  },
];

describe('time zones', () => {
  it.each(zoneCases)('$name', ({ timeZone, options, startDate, window, expected }) => {
    const recurrence = new Recurrence({ ...options, timezone: timeZone, startDate: new Date(startDate) });
    const occurrences = recurrence.between(new Date(window[0]), new Date(window[1]));
    expect(occurrences.map((date) => [date.toISOString(), formatDay(date, timeZone)])).toEqual(expected);
  });

  it('reads after, start and end as calendar days of the rule’s zone', () => {
    const recurrence = new Recurrence({
      rule: 'weekly',
      // Monday 2024-01-01 01:00 in Auckland; still Sunday in UTC.
      startDate: new Date('2023-12-31T12:00:00Z'),
      timezone: 'Pacific/Auckland',
    });
    // 2024-01-07T20:00Z is already Monday the 8th in Auckland, after that day's occurrence.
    expect(formatDay(recurrence.next(new Date('2024-01-07T20:00:00Z')), 'Pacific/Auckland')).toBe(
      '2024-01-15',
    );
    expect(formatDay(recurrence.next(new Date('2024-01-07T10:00:00Z')), 'Pacific/Auckland')).toBe(
      '2024-01-08',
    );
  });
});
