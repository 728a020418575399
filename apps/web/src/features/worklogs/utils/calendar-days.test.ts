import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  countDays,
  daysBetween,
  daysOfWeek,
  endOfMonth,
  formatDayRange,
  isCalendarDay,
  startOfWeek,
} from './calendar-days';

describe('startOfWeek', () => {
  it.each([
    ['2026-11-16', '2026-11-16'], // a Monday
    ['2026-11-22', '2026-11-16'], // its Sunday
    ['2026-11-18', '2026-11-16'],
    ['2027-01-01', '2026-12-28'], // across a new year
    ['2026-03-29', '2026-03-23'], // the Sunday clocks change in Europe
  ])('%s is in the week of %s', (day, monday) => expect(startOfWeek(day)).toBe(monday));
});

describe('days', () => {
  it('lists Monday to Sunday', () => {
    expect(daysOfWeek('2026-12-28')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
  });

  it('counts and lists a range through a leap day', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(countDays('2028-02-28', '2028-03-01')).toBe(3);
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('finds month ends and moves by months', () => {
    expect(endOfMonth('2028-02-10')).toBe('2028-02-29');
    expect(endOfMonth('2026-12-31')).toBe('2026-12-31');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-01');
    expect(addMonths('2026-01-31', -1)).toBe('2025-12-01');
  });

  it('tells real days from look-alikes', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2027-02-29')).toBe(false);
    expect(isCalendarDay('2026-1-05')).toBe(false);
    expect(isCalendarDay(20260105)).toBe(false);
  });

  it('writes a range once for what both ends share', () => {
    // ICU versions differ in the spaces around the dash.
    expect(formatDayRange('2026-11-16', '2026-11-22')).toMatch(/^16\s?–\s?22 Nov 2026$/);
    expect(formatDayRange('2026-12-28', '2027-01-03')).toMatch(/^28 Dec 2026\s?–\s?3 Jan 2027$/);
  });
});
