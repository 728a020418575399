import { describe, expect, it } from 'vitest';
import { DAY_MS, getDayFromCivil } from './calendar-day';
import { getCalendarDayOfInstant, getStartOfDay, isValidTimeZone } from './time-zone';

// Zones with midnight transitions, half-hour and negative DST, skipped days and odd historical offsets.
const zones = [
  'Europe/Warsaw',
  'America/New_York',
  'Australia/Lord_Howe',
  'Pacific/Apia',
  'America/Sao_Paulo',
  'America/Havana',
  'America/Santiago',
  'Africa/Casablanca',
  'Europe/Dublin',
  'Pacific/Kiritimati',
  'Asia/Kolkata',
  'America/St_Johns',
  'Antarctica/Troll',
];

describe('getStartOfDay', () => {
  it.each(zones)('is the first second of every day from 1890 to 2050 in %s', (timeZone) => {
    const first = getDayFromCivil(1890, 1, 1);
    const last = getDayFromCivil(2050, 12, 31);
    for (let day = first; day <= last; day++) {
      const start = getStartOfDay(day, timeZone);
      if (start === null) {
        // The zone skipped this day: the day after begins right where the day before ends.
        const next = getStartOfDay(day + 1, timeZone) ?? Number.NaN;
        expect(getCalendarDayOfInstant(next - 1000, timeZone)).toBe(day - 1);
        continue;
      }
      const isFirstSecond =
        getCalendarDayOfInstant(start, timeZone) === day &&
        getCalendarDayOfInstant(start - 1000, timeZone) < day;
      if (!isFirstSecond)
        expect({ day, start: new Date(start).toISOString() }).toBe('the first second of the day');
    }
  });

  it('finds the one day Pacific/Apia skipped', () => {
    const skipped: string[] = [];
    for (let day = getDayFromCivil(1890, 1, 1); day <= getDayFromCivil(2050, 1, 1); day++) {
      if (getStartOfDay(day, 'Pacific/Apia') === null) skipped.push(new Date(day * DAY_MS).toISOString());
    }
    expect(skipped).toEqual(['2011-12-30T00:00:00.000Z']);
  });
});

describe('isValidTimeZone', () => {
  it.each([
    ['UTC', true],
    ['Europe/Warsaw', true],
    ['', false],
    [' ', false],
    ['Mars/Olympus', false],
  ])('%j is %s', (timeZone, expected) => {
    expect(isValidTimeZone(timeZone)).toBe(expected);
  });
});
