import fc from 'fast-check';
import rrule, { type Options as RRuleOptions } from 'rrule';
import { describe, expect, it } from 'vitest';
import { Recurrence } from './recurrence';
import { NTH_WEEKDAY_POSITIONS, type RecurrenceOptions } from './recurrence-options';

// rrule.js is an independent implementation of RFC 5545; on the subset both express, in UTC, the two
// must produce the same calendar days. rrule ships CommonJS, hence the default import.
const { RRule, RRuleSet, Weekday } = rrule;

const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(1970, 0, 1) / DAY_MS;
const LAST_DAY = Date.UTC(2100, 0, 1) / DAY_MS;

const toIsoDay = (date: Date) => date.toISOString().slice(0, 10);
const toMidnight = (day: number) => new Date(day * DAY_MS);
/** 0 = Sunday in ours, 0 = Monday in rrule's. */
const toRRuleWeekday = (weekday: number) => (weekday + 6) % 7;

interface OracleCase {
  options: RecurrenceOptions;
  rruleOptions: Partial<RRuleOptions>;
  excludedDays: number[];
  windowStartDay: number;
  windowLength: number;
  afterDay: number;
}

const weekdaysArbitrary = fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 });

/** The rule-specific options of ours and the rrule options that mean the same. */
const ruleArbitrary = (startDay: number) => {
  const start = toMidnight(startDay);
  const startDayOfMonth = start.getUTCDate();
  return fc.oneof(
    fc.integer({ min: 1, max: 40 }).map((interval) => ({
      ours: { rule: 'daily', interval } satisfies Partial<RecurrenceOptions>,
      theirs: { freq: RRule.DAILY, interval } satisfies Partial<RRuleOptions>,
    })),
    fc
      .record({
        interval: fc.integer({ min: 1, max: 8 }),
        weekStartsOn: fc.integer({ min: 0, max: 6 }),
        weekDays: fc.option(weekdaysArbitrary, { nil: undefined }),
      })
      .map(({ interval, weekStartsOn, weekDays }) => ({
        ours: { rule: 'weekly', interval, weekStartsOn, weekDays } satisfies Partial<RecurrenceOptions>,
        theirs: {
          freq: RRule.WEEKLY,
          interval,
          wkst: toRRuleWeekday(weekStartsOn),
          byweekday: (weekDays ?? [start.getUTCDay()]).map(toRRuleWeekday),
        } satisfies Partial<RRuleOptions>,
      })),
    fc
      .record({
        interval: fc.integer({ min: 1, max: 6 }),
        weekStartsOn: fc.integer({ min: 0, max: 6 }),
        preset: fc.constantFrom('businessDays', 'weekends'),
      })
      .map(({ interval, weekStartsOn, preset }) => ({
        ours: { preset, interval, weekStartsOn } satisfies Partial<RecurrenceOptions>,
        theirs: {
          freq: RRule.WEEKLY,
          interval,
          wkst: toRRuleWeekday(weekStartsOn),
          byweekday: (preset === 'businessDays' ? [1, 2, 3, 4, 5] : [0, 6]).map(toRRuleWeekday),
        } satisfies Partial<RRuleOptions>,
      })),
    fc
      .record({
        interval: fc.oneof(fc.integer({ min: 1, max: 30 }), fc.constantFrom(12, 24, 48)),
        monthDay: fc.option(fc.integer({ min: 1, max: 31 }), { nil: undefined }),
        monthDayMode: fc.option(fc.constantFrom('skip', 'last'), { nil: undefined }),
      })
      .map(({ interval, monthDay, monthDayMode }) => {
        const day = monthDay ?? startDayOfMonth;
        // Mode last is "the latest of the days 28…monthDay that the month has".
        const isLast = monthDayMode !== 'skip' && day > 28;
        return {
          ours: { rule: 'monthly', interval, monthDay, monthDayMode } satisfies Partial<RecurrenceOptions>,
          theirs: {
            freq: RRule.MONTHLY,
            interval,
            bymonthday: isLast ? Array.from({ length: day - 27 }, (_, index) => 28 + index) : day,
            bysetpos: isLast ? -1 : null,
          } satisfies Partial<RRuleOptions>,
        };
      }),
    fc
      .record({
        interval: fc.oneof(fc.integer({ min: 1, max: 30 }), fc.constantFrom(12, 24)),
        weekday: fc.integer({ min: 0, max: 6 }),
        nth: fc.constantFrom(...NTH_WEEKDAY_POSITIONS),
      })
      .map(({ interval, weekday, nth }) => ({
        ours: {
          rule: 'monthly',
          interval,
          nthWeekdayOfMonth: { weekday, nth },
        } satisfies Partial<RecurrenceOptions>,
        theirs: {
          freq: RRule.MONTHLY,
          interval,
          byweekday: new Weekday(toRRuleWeekday(weekday), nth === 'last' ? -1 : nth),
        } satisfies Partial<RRuleOptions>,
      })),
    fc.integer({ min: 1, max: 8 }).map((interval) => {
      const isLeapDay = start.getUTCMonth() === 1 && startDayOfMonth === 29;
      return {
        ours: { rule: 'yearly', interval } satisfies Partial<RecurrenceOptions>,
        theirs: {
          freq: RRule.YEARLY,
          interval,
          bymonth: start.getUTCMonth() + 1,
          // A 29 February start falls on 28 February in other years.
          bymonthday: isLeapDay ? [28, 29] : startDayOfMonth,
          bysetpos: isLeapDay ? -1 : null,
        } satisfies Partial<RRuleOptions>,
      };
    }),
  );
};

const oracleCaseArbitrary: fc.Arbitrary<OracleCase> = fc
  .record({
    startDay: fc.oneof(
      fc.integer({ min: FIRST_DAY, max: LAST_DAY }),
      // Month ends and leap days, where the rules disagree most easily.
      fc
        .record({ year: fc.integer({ min: 1970, max: 2099 }), month: fc.integer({ min: 0, max: 11 }) })
        .chain(({ year, month }) =>
          fc.integer({ min: -3, max: 0 }).map((back) => Date.UTC(year, month + 1, back) / DAY_MS),
        ),
    ),
    startTime: fc.integer({ min: 0, max: DAY_MS - 1 }),
  })
  .chain(({ startDay, startTime }) =>
    fc.record({
      startDay: fc.constant(startDay),
      startTime: fc.constant(startTime),
      rule: ruleArbitrary(startDay),
      limit: fc.oneof(
        fc.constant({}),
        fc.integer({ min: 1, max: 60 }).map((count) => ({ count })),
        fc.integer({ min: 0, max: 1500 }).map((length) => ({ endDay: startDay + length })),
      ),
      excludedOffsets: fc.uniqueArray(fc.integer({ min: 0, max: 400 }), { maxLength: 4 }),
      windowOffset: fc.integer({ min: -60, max: 1200 }),
      windowLength: fc.integer({ min: 0, max: 900 }),
      afterOffset: fc.integer({ min: -10, max: 1500 }),
    }),
  )
  .map(({ startDay, startTime, rule, limit, excludedOffsets, windowOffset, windowLength, afterOffset }) => {
    const excludedDays = excludedOffsets.map((offset) => startDay + offset);
    const options: RecurrenceOptions = {
      ...rule.ours,
      startDate: new Date(startDay * DAY_MS + startTime),
      ...('count' in limit ? { count: limit.count } : {}),
      // Any time on the end day includes the whole day.
      ...('endDay' in limit ? { endDate: new Date(limit.endDay * DAY_MS + startTime) } : {}),
      ...(excludedDays.length > 0
        ? { excludeDates: excludedDays.map((day) => new Date(day * DAY_MS + 3_600_000)) }
        : {}),
    };
    const rruleOptions: Partial<RRuleOptions> = {
      ...rule.theirs,
      dtstart: toMidnight(startDay),
      count: 'count' in limit ? limit.count : null,
      until: 'endDay' in limit ? toMidnight(limit.endDay) : null,
    };
    return {
      options,
      rruleOptions,
      excludedDays,
      windowStartDay: startDay + windowOffset,
      windowLength,
      afterDay: startDay + afterOffset,
    };
  });

function createOracle({ rruleOptions, excludedDays }: OracleCase) {
  const set = new RRuleSet(true);
  set.rrule(new RRule(rruleOptions, true));
  for (const day of excludedDays) set.exdate(toMidnight(day));
  return set;
}

// Each property runs thousands of rules through both engines; allow more than the default timeout.
describe('against rrule.js', () => {
  it('produces the same calendar days in a window', () => {
    fc.assert(
      fc.property(oracleCaseArbitrary, (oracleCase) => {
        const { windowStartDay, windowLength } = oracleCase;
        const windowEnd = windowStartDay + windowLength;
        const expected = createOracle(oracleCase)
          .between(toMidnight(windowStartDay), toMidnight(windowEnd), true)
          .map(toIsoDay);
        // Any time on the window's first and last days covers those whole days.
        const found = new Recurrence(oracleCase.options)
          .between(new Date(windowStartDay * DAY_MS + 43_200_000), new Date(windowEnd * DAY_MS + 1))
          .map(toIsoDay);
        expect(found).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  }, 30_000);

  it('finds the same next day, or none', () => {
    fc.assert(
      fc.property(oracleCaseArbitrary, (oracleCase) => {
        const { afterDay, options } = oracleCase;
        const expected = createOracle(oracleCase).after(toMidnight(afterDay), false);
        const recurrence = new Recurrence(options);
        const after = new Date(afterDay * DAY_MS + 50_000_000);
        if (expected) {
          expect(toIsoDay(recurrence.next(after))).toBe(toIsoDay(expected));
        } else {
          // A rule that can never produce another day reports that, whatever its limit.
          const unbounded = new RRule({ ...oracleCase.rruleOptions, count: null, until: null }, true);
          const isExhausted = unbounded.after(toMidnight(afterDay), false) === null;
          const code = isExhausted
            ? 'NO_MORE_OCCURRENCES'
            : options.count
              ? 'COUNT_LIMIT_EXCEEDED'
              : 'END_DATE_EXCEEDED';
          expect(() => recurrence.next(after)).toThrow(expect.objectContaining({ code }));
        }
      }),
      { numRuns: 3000 },
    );
  }, 30_000);
});
