import rrule from 'rrule';
import { describe, expect, it } from 'vitest';
import { Recurrence } from './recurrence';
import type { RecurrenceOptions } from './recurrence-options';
import { canonicalizeRecurrenceOptions, formatRRule, parseRRule, RRuleError } from './rrule';

// rrule.js ships CommonJS, hence the default import; it reads the RRULEs as an independent RFC 5545 oracle.
const { RRule } = rrule;

const startDate = new Date('2026-01-31T00:00:00Z'); // a Saturday
const anchor = { startDate, timezone: 'UTC' };
const toIsoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Options (without their anchor) and the RRULE they are written as. */
const ruleCases: [Omit<RecurrenceOptions, 'startDate'>, string][] = [
  [{ rule: 'daily' }, 'FREQ=DAILY'],
  [{ rule: 'daily', interval: 3, count: 5 }, 'FREQ=DAILY;INTERVAL=3;COUNT=5'],
  [{ rule: 'daily', endDate: new Date('2026-03-01T00:00:00Z') }, 'FREQ=DAILY;UNTIL=20260301T000000Z'],
  [{ rule: 'weekly' }, 'FREQ=WEEKLY'],
  [{ rule: 'weekly', interval: 2, weekDays: [1, 3] }, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE'],
  [{ rule: 'weekly', weekDays: [0, 2, 6], weekStartsOn: 0 }, 'FREQ=WEEKLY;BYDAY=SU,TU,SA;WKST=SU'],
  [{ rule: 'weekly', preset: 'businessDays' }, 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
  [{ rule: 'weekly', preset: 'weekends', interval: 2 }, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,SA'],
  [{ rule: 'monthly', monthDay: 15 }, 'FREQ=MONTHLY;BYMONTHDAY=15'],
  [{ rule: 'monthly', monthDay: 31 }, 'FREQ=MONTHLY;BYMONTHDAY=-1'],
  [{ rule: 'monthly', monthDay: 31, monthDayMode: 'skip' }, 'FREQ=MONTHLY;BYMONTHDAY=31'],
  [{ rule: 'monthly', monthDay: 30 }, 'FREQ=MONTHLY;BYMONTHDAY=30;RSCALE=GREGORIAN;SKIP=BACKWARD'],
  [{ rule: 'monthly' }, 'FREQ=MONTHLY;RSCALE=GREGORIAN;SKIP=BACKWARD'],
  [{ rule: 'monthly', monthDayMode: 'skip' }, 'FREQ=MONTHLY'],
  [{ rule: 'monthly', nthWeekdayOfMonth: { weekday: 1, nth: 1 } }, 'FREQ=MONTHLY;BYDAY=1MO'],
  [
    { rule: 'monthly', nthWeekdayOfMonth: { weekday: 5, nth: 'last' }, count: 3 },
    'FREQ=MONTHLY;BYDAY=-1FR;COUNT=3',
  ],
  [{ rule: 'yearly', interval: 2 }, 'FREQ=YEARLY;INTERVAL=2'],
];

describe('formatRRule and parseRRule', () => {
  it.each(ruleCases)('writes %j as %s and reads it back exactly', (rule, text) => {
    const options = { ...anchor, ...rule };
    expect(canonicalizeRecurrenceOptions(options)).toEqual(options);
    expect(formatRRule(options)).toBe(text);
    expect(parseRRule(text, anchor)).toEqual(options);
  });

  it.each(ruleCases.filter(([, text]) => !text.includes('SKIP')))(
    'means what RFC 5545 means for %j',
    (rule, text) => {
      const options = { ...anchor, ...rule };
      const oracle = RRule.fromString(`DTSTART:20260131T000000Z\nRRULE:${text}`);
      const until = new Date('2028-06-30T00:00:00Z'); // under the engine's 1000-occurrence cap
      const expected = oracle.between(startDate, until, true).map(toIsoDay);
      expect(new Recurrence(options).between(startDate, until).map(toIsoDay)).toEqual(expected);
    },
  );

  it('takes the month-day mode from SKIP, as RFC 7529 does', () => {
    const last = new Recurrence(parseRRule('FREQ=MONTHLY;RSCALE=GREGORIAN;SKIP=BACKWARD', anchor));
    const skip = new Recurrence(parseRRule('FREQ=MONTHLY;RSCALE=GREGORIAN;SKIP=OMIT', anchor));
    const until = new Date('2026-04-30T00:00:00Z');
    expect(last.between(startDate, until).map(toIsoDay)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
    expect(skip.between(startDate, until).map(toIsoDay)).toEqual(['2026-01-31', '2026-03-31']);
  });

  it('reads input forms beyond the written one', () => {
    expect(parseRRule('rrule:freq=weekly;byday=we,mo;interval=1', anchor)).toEqual({
      ...anchor,
      rule: 'weekly',
      weekDays: [1, 3],
    });
    expect(parseRRule('FREQ=DAILY;UNTIL=20260301', { ...anchor, timezone: 'Europe/Paris' })).toEqual({
      ...anchor,
      timezone: 'Europe/Paris',
      rule: 'daily',
      endDate: new Date('2026-02-28T23:00:00Z'),
    });
    expect(parseRRule('FREQ=WEEKLY;BYDAY=SA,SU', anchor)).toMatchObject({ preset: 'weekends' });
  });

  it('leaves numbers out of range to the engine, which names them', () => {
    const issues = Recurrence.validate(parseRRule('FREQ=DAILY;COUNT=0;UNTIL=20260301T000000Z', anchor));
    expect(issues.map((issue) => issue.code)).toEqual(['INVALID_COUNT', 'CONFLICTING_OPTIONS']);
  });

  it.each([
    ['FREQ=HOURLY', 'FREQ'],
    ['INTERVAL=2', 'FREQ'],
    ['', 'FREQ'],
    ['FREQ=MONTHLY;BYSETPOS=-1;BYMONTHDAY=28,29,30', 'BYSETPOS'],
    ['FREQ=YEARLY;BYMONTH=3', 'BYMONTH'],
    ['FREQ=DAILY;FREQ=DAILY', 'FREQ'],
    ['FREQ=DAILY;COUNT=two', 'COUNT'],
    ['FREQ=DAILY;BYDAY=MO', 'BYDAY'],
    ['FREQ=WEEKLY;BYDAY=1MO', 'BYDAY'],
    ['FREQ=WEEKLY;BYDAY=MO,MO', 'BYDAY'],
    ['FREQ=WEEKLY;BYDAY=XX', 'BYDAY'],
    ['FREQ=MONTHLY;BYDAY=5MO', 'BYDAY'],
    ['FREQ=MONTHLY;BYDAY=1MO,2TU', 'BYDAY'],
    ['FREQ=MONTHLY;BYMONTHDAY=-2', 'BYMONTHDAY'],
    ['FREQ=MONTHLY;BYMONTHDAY=1,15', 'BYMONTHDAY'],
    ['FREQ=MONTHLY;BYMONTHDAY=1;BYDAY=1MO', 'BYMONTHDAY'],
    ['FREQ=WEEKLY;BYMONTHDAY=1', 'BYMONTHDAY'],
    ['FREQ=MONTHLY;SKIP=BACKWARD', 'SKIP'],
    ['FREQ=MONTHLY;RSCALE=HEBREW', 'RSCALE'],
    ['FREQ=DAILY;UNTIL=2026-03-01', 'UNTIL'],
    ['FREQ=DAILY;UNTIL=20260301T000000', 'UNTIL'],
    ['FREQ=DAILY;UNTIL=20260231', 'UNTIL'],
    ['FREQ=DAILY;WKST=XY', 'WKST'],
  ])('refuses %s, naming %s', (text, part) => {
    let error: unknown;
    try {
      parseRRule(text, anchor);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RRuleError);
    expect((error as RRuleError).part).toBe(part);
  });
});

describe('canonicalizeRecurrenceOptions', () => {
  it('names a preset, sorts weekdays, drops a mode that changes nothing and starts endDate at its day', () => {
    expect(
      canonicalizeRecurrenceOptions({
        startDate,
        timezone: 'Europe/Paris',
        weekDays: [5, 4, 3, 2, 1],
        rule: 'weekly',
        endDate: new Date('2026-03-01T18:30:00Z'),
      }),
    ).toEqual({
      startDate,
      timezone: 'Europe/Paris',
      rule: 'weekly',
      preset: 'businessDays',
      endDate: new Date('2026-02-28T23:00:00Z'),
    });
    expect(canonicalizeRecurrenceOptions({ startDate, weekDays: [3, 1], rule: 'weekly' }).weekDays).toEqual([
      1, 3,
    ]);
    expect(
      canonicalizeRecurrenceOptions({ startDate, rule: 'monthly', monthDay: 10, monthDayMode: 'skip' }),
    ).toEqual({ startDate, rule: 'monthly', monthDay: 10 });
    expect(canonicalizeRecurrenceOptions({ startDate })).toEqual({ startDate, rule: 'daily' });
  });
});
