import { TZDate } from '@date-fns/tz';
import { differenceInCalendarDays } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { calendarDayNumber, monthName, toCalendarDay, toClockTime, weekdayName } from './zoned-date-text';

describe('zoned date text', () => {
  it.each([
    // 23:05 UTC on New Year's Eve is already the next year in Warsaw.
    ['2026-12-31T23:05:00Z', 'Europe/Warsaw', '2027-01-01', '00:05', 'Friday', 'Jan'],
    ['2026-12-31T23:05:00Z', 'UTC', '2026-12-31', '23:05', 'Thursday', 'Dec'],
    ['2024-02-29T04:00:00Z', 'America/New_York', '2024-02-28', '23:00', 'Wednesday', 'Feb'],
  ])('%s in %s', (iso, zone, day, time, weekday, month) => {
    const zoned = new TZDate(new Date(iso), zone);
    expect(toCalendarDay(zoned)).toBe(day);
    expect(toClockTime(zoned)).toBe(time);
    expect(weekdayName(zoned)).toBe(weekday);
    expect(weekdayName(zoned, { isShort: true })).toBe(weekday.slice(0, 3));
    expect(monthName(zoned, { isShort: true })).toBe(month);
  });
});

describe('calendarDayNumber', () => {
  it('counts the days between two instants in the zone as date-fns does, across DST and years', () => {
    const start = Date.UTC(2025, 11, 20);
    for (const zone of ['UTC', 'Europe/Warsaw', 'America/New_York', 'Pacific/Auckland', 'Asia/Kolkata']) {
      const today = new TZDate(Date.UTC(2026, 2, 29, 1, 30), zone);
      // Every 7 hours for over a year: every hour of the day, both DST changes, a new year.
      for (let at = start; at < start + 400 * 24 * 3_600_000; at += 7 * 3_600_000) {
        const day = new TZDate(at, zone);
        expect(calendarDayNumber(day) - calendarDayNumber(today)).toBe(differenceInCalendarDays(day, today));
      }
    }
  });
});
