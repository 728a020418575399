import type { RecurrenceOptions } from '@cairn/recurrence';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { listUpcomingOccurrences } from './preview-occurrences';

const read = (date: Date, timeZone: string) =>
  format(new TZDate(date.getTime(), timeZone), 'EEE yyyy-MM-dd HH:mm');

interface PreviewCase {
  name: string;
  options: RecurrenceOptions;
  from: string;
  time?: string;
  expected: string[];
  hasEnded: boolean;
}

const warsaw = 'Europe/Warsaw';
// Tuesday 1 January 2030, 00:00 in Warsaw.
const start = new Date('2029-12-31T23:00:00Z');

const cases: PreviewCase[] = [
  {
    name: 'weekly on Monday and Wednesday, from a Tuesday',
    options: { rule: 'weekly', weekDays: [1, 3], startDate: start, timezone: warsaw },
    from: '2029-12-31T23:00:00Z',
    expected: [
      'Wed 2030-01-02 00:00',
      'Mon 2030-01-07 00:00',
      'Wed 2030-01-09 00:00',
      'Mon 2030-01-14 00:00',
      'Wed 2030-01-16 00:00',
    ],
    hasEnded: false,
  },
  {
    name: 'the same at the due’s time of day',
    options: { rule: 'weekly', weekDays: [1, 3], startDate: start, timezone: warsaw },
    from: '2030-01-01T08:00:00Z',
    time: '2030-01-01T08:00:00Z',
    expected: [
      'Wed 2030-01-02 09:00',
      'Mon 2030-01-07 09:00',
      'Wed 2030-01-09 09:00',
      'Mon 2030-01-14 09:00',
      'Wed 2030-01-16 09:00',
    ],
    hasEnded: false,
  },
  {
    name: 'the preview’s first day counts when the rule falls on it',
    options: { rule: 'daily', startDate: start, timezone: warsaw },
    from: '2030-01-10T15:00:00Z',
    expected: [
      'Thu 2030-01-10 00:00',
      'Fri 2030-01-11 00:00',
      'Sat 2030-01-12 00:00',
      'Sun 2030-01-13 00:00',
      'Mon 2030-01-14 00:00',
    ],
    hasEnded: false,
  },
  {
    name: 'nothing before the start, whatever the first day asked for',
    options: { rule: 'daily', interval: 7, startDate: start, timezone: warsaw },
    from: '2029-06-01T00:00:00Z',
    expected: [
      'Tue 2030-01-01 00:00',
      'Tue 2030-01-08 00:00',
      'Tue 2030-01-15 00:00',
      'Tue 2030-01-22 00:00',
      'Tue 2030-01-29 00:00',
    ],
    hasEnded: false,
  },
  {
    name: 'a count shorter than the preview ends it',
    options: { rule: 'daily', count: 3, startDate: start, timezone: warsaw },
    from: '2029-12-31T23:00:00Z',
    expected: ['Tue 2030-01-01 00:00', 'Wed 2030-01-02 00:00', 'Thu 2030-01-03 00:00'],
    hasEnded: true,
  },
  {
    name: 'a count of exactly five ends with the fifth',
    options: { rule: 'daily', count: 5, startDate: start, timezone: warsaw },
    from: '2029-12-31T23:00:00Z',
    expected: [
      'Tue 2030-01-01 00:00',
      'Wed 2030-01-02 00:00',
      'Thu 2030-01-03 00:00',
      'Fri 2030-01-04 00:00',
      'Sat 2030-01-05 00:00',
    ],
    hasEnded: true,
  },
  {
    name: 'an end date includes its day',
    options: {
      rule: 'weekly',
      startDate: start,
      timezone: warsaw,
      endDate: new Date('2030-01-08T12:00:00Z'),
    },
    from: '2029-12-31T23:00:00Z',
    expected: ['Tue 2030-01-01 00:00', 'Tue 2030-01-08 00:00'],
    hasEnded: true,
  },
  {
    name: 'the 31st, skipping shorter months',
    options: { rule: 'monthly', monthDay: 31, monthDayMode: 'skip', startDate: start, timezone: warsaw },
    from: '2029-12-31T23:00:00Z',
    expected: [
      'Thu 2030-01-31 00:00',
      'Sun 2030-03-31 00:00',
      'Fri 2030-05-31 00:00',
      'Wed 2030-07-31 00:00',
      'Sat 2030-08-31 00:00',
    ],
    hasEnded: false,
  },
  {
    name: 'the last Friday, without excluded days',
    options: {
      rule: 'monthly',
      nthWeekdayOfMonth: { weekday: 5, nth: 'last' },
      excludeDates: [new Date('2030-02-21T23:00:00Z')],
      startDate: start,
      timezone: warsaw,
    },
    from: '2029-12-31T23:00:00Z',
    expected: [
      'Fri 2030-01-25 00:00',
      'Fri 2030-03-29 00:00',
      'Fri 2030-04-26 00:00',
      'Fri 2030-05-31 00:00',
      'Fri 2030-06-28 00:00',
    ],
    hasEnded: false,
  },
  {
    name: 'a timed due keeps its wall-clock time across a daylight-saving change',
    options: { rule: 'daily', startDate: new Date('2030-03-08T05:00:00Z'), timezone: 'America/New_York' },
    from: '2030-03-08T14:00:00Z',
    time: '2030-03-08T14:00:00Z',
    expected: [
      'Fri 2030-03-08 09:00',
      'Sat 2030-03-09 09:00',
      'Sun 2030-03-10 09:00',
      'Mon 2030-03-11 09:00',
      'Tue 2030-03-12 09:00',
    ],
    hasEnded: false,
  },
];

describe('listUpcomingOccurrences', () => {
  it.each(cases)('$name', ({ options, from, time, expected, hasEnded }) => {
    const preview = listUpcomingOccurrences(options, {
      from: new Date(from),
      limit: 5,
      time: time ? new Date(time) : null,
    });
    expect(preview.dates.map((date) => read(date, options.timezone ?? 'UTC'))).toEqual(expected);
    expect(preview.hasEnded).toBe(hasEnded);
  });
});
