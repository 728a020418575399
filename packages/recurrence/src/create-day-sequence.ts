import {
  getCivilFromDay,
  getDayFromCivil,
  getDaysInMonth,
  getGreatestCommonDivisor,
  getModulo,
  getMonthIndex,
  getWeekday,
  getYearMonthFromIndex,
} from './calendar-day';
import { MONTHS_IN_CALENDAR_CYCLE } from './limits';
import type { ResolvedRecurrence } from './resolve-recurrence';

/**
 * The days a rule produces before exclusions, conditions, count and end date: the rule's periods
 * (every interval-th day, week, month or year from the start's) and the days each period holds,
 * never before the start day. Both lookups are arithmetic, so their cost does not grow with distance.
 */
export interface DaySequence {
  /** The first day on or after `day`, or null when the rule never produces another day. */
  findFirstOnOrAfter(day: number): number | null;
  /** The day with 0-based ordinal `n` counted from the start, or null when there are not that many. */
  findNth(n: number): number | null;
}

function createDailySequence({ startDay, interval }: ResolvedRecurrence): DaySequence {
  return {
    findFirstOnOrAfter: (day) =>
      day <= startDay ? startDay : startDay + Math.ceil((day - startDay) / interval) * interval,
    findNth: (n) => startDay + n * interval,
  };
}

function createWeeklySequence({
  startDay,
  interval,
  weekStartsOn,
  weekOffsets,
}: ResolvedRecurrence): DaySequence {
  const firstWeekStart = startDay - getModulo(getWeekday(startDay) - weekStartsOn, 7);
  const periodLength = 7 * interval;
  const startOffset = startDay - firstWeekStart;
  // Weekdays of the first week that fall before the start day are not occurrences.
  const skippedInFirstWeek = weekOffsets.filter((offset) => offset < startOffset).length;
  const firstOffset = weekOffsets[0] ?? 0;

  return {
    findFirstOnOrAfter(day) {
      const relative = Math.max(day, startDay) - firstWeekStart;
      const period = Math.floor(relative / periodLength);
      const offsetInPeriod = relative - period * periodLength;
      // Only the first week of a period holds occurrences; the other interval - 1 weeks are skipped.
      if (offsetInPeriod < 7) {
        for (const offset of weekOffsets) {
          if (offset >= offsetInPeriod) return firstWeekStart + period * periodLength + offset;
        }
      }
      return firstWeekStart + (period + 1) * periodLength + firstOffset;
    },
    findNth(n) {
      const position = n + skippedInFirstWeek;
      const period = Math.floor(position / weekOffsets.length);
      const offset = weekOffsets[position - period * weekOffsets.length] ?? firstOffset;
      return firstWeekStart + period * periodLength + offset;
    },
  };
}

function createMonthlySequence(resolved: ResolvedRecurrence): DaySequence {
  const { startDay, interval, monthDay, monthDayMode, nthWeekdayOfMonth } = resolved;
  const start = getCivilFromDay(startDay);
  const firstMonth = getMonthIndex(start.year, start.month);

  const getDayInMonth = (monthIndex: number): number | null => {
    const { year, month } = getYearMonthFromIndex(monthIndex);
    const length = getDaysInMonth(year, month);
    if (nthWeekdayOfMonth) {
      const { weekday, nth } = nthWeekdayOfMonth;
      if (nth === 'last') {
        const lastDay = getDayFromCivil(year, month, length);
        return lastDay - getModulo(getWeekday(lastDay) - weekday, 7);
      }
      const firstDay = getDayFromCivil(year, month, 1);
      return firstDay + getModulo(weekday - getWeekday(firstDay), 7) + (nth - 1) * 7;
    }
    const wanted = monthDay ?? start.day;
    if (wanted <= length) return getDayFromCivil(year, month, wanted);
    return monthDayMode === 'last' ? getDayFromCivil(year, month, length) : null;
  };
  const getPeriodDay = (period: number): number | null => {
    const day = getDayInMonth(firstMonth + period * interval);
    return day !== null && day >= startDay ? day : null;
  };

  // Month lengths and weekdays repeat every 4800 months, so the months this rule visits repeat
  // after cyclePeriods periods: a full cycle without a day proves the rule never produces one.
  const cyclePeriods =
    MONTHS_IN_CALENDAR_CYCLE / getGreatestCommonDivisor(interval, MONTHS_IN_CALENDAR_CYCLE);
  const isEveryPeriodHit =
    nthWeekdayOfMonth !== undefined || monthDayMode === 'last' || (monthDay ?? start.day) <= 28;
  const isFirstPeriodHit = getPeriodDay(0) !== null;

  // Skip mode with a day some months lack: the periods 1…cyclePeriods that hold a day, built on demand.
  let hitPeriods: number[] | undefined;
  const getHitPeriods = (): number[] => {
    if (!hitPeriods) {
      hitPeriods = [];
      for (let period = 1; period <= cyclePeriods; period++) {
        if (getPeriodDay(period) !== null) hitPeriods.push(period);
      }
    }
    return hitPeriods;
  };

  return {
    findFirstOnOrAfter(day) {
      const from = Math.max(day, startDay);
      const { year, month } = getCivilFromDay(from);
      let period = Math.max(0, Math.ceil((getMonthIndex(year, month) - firstMonth) / interval));
      for (let scanned = 0; scanned <= cyclePeriods; scanned++, period++) {
        const found = getPeriodDay(period);
        if (found !== null && found >= from) return found;
      }
      return null;
    },
    findNth(n) {
      if (isFirstPeriodHit && n === 0) return getPeriodDay(0);
      // Ordinal among the periods after the first, which all lie past the start day.
      const index = isFirstPeriodHit ? n - 1 : n;
      if (isEveryPeriodHit) return getPeriodDay(index + 1);
      const hits = getHitPeriods();
      if (hits.length === 0) return null;
      const cycles = Math.floor(index / hits.length);
      const hit = hits[index - cycles * hits.length] ?? 0;
      return getPeriodDay(cycles * cyclePeriods + hit);
    },
  };
}

function createYearlySequence({ startDay, interval }: ResolvedRecurrence): DaySequence {
  const start = getCivilFromDay(startDay);
  // A 29 February start falls on 28 February in other years.
  const getPeriodDay = (period: number): number => {
    const year = start.year + period * interval;
    return getDayFromCivil(year, start.month, Math.min(start.day, getDaysInMonth(year, start.month)));
  };
  return {
    findFirstOnOrAfter(day) {
      if (day <= startDay) return startDay;
      const period = Math.ceil((getCivilFromDay(day).year - start.year) / interval);
      const found = getPeriodDay(period);
      return found >= day ? found : getPeriodDay(period + 1);
    },
    findNth: getPeriodDay,
  };
}

export function createDaySequence(resolved: ResolvedRecurrence): DaySequence {
  switch (resolved.rule) {
    case 'daily':
      return createDailySequence(resolved);
    case 'weekly':
      return createWeeklySequence(resolved);
    case 'monthly':
      return createMonthlySequence(resolved);
    case 'yearly':
      return createYearlySequence(resolved);
  }
}
