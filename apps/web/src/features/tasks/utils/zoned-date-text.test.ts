import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import { monthName, toCalendarDay, toClockTime, weekdayName } from './zoned-date-text';

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
