import { describe, expect, it } from 'vitest';
import { DAY_MS, getCivilFromDay, getDayFromCivil, getWeekday } from './calendar-day';

describe('calendar days', () => {
  it('agree with Date for every day from 1600 to 2400', () => {
    const first = Date.UTC(1600, 0, 1) / DAY_MS;
    const last = Date.UTC(2400, 11, 31) / DAY_MS;
    for (let day = first; day <= last; day++) {
      const date = new Date(day * DAY_MS);
      const civil = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
      const found = getCivilFromDay(day);
      if (found.year !== civil.year || found.month !== civil.month || found.day !== civil.day) {
        expect(found).toEqual(civil);
      }
      if (getDayFromCivil(civil.year, civil.month, civil.day) !== day) {
        expect(getDayFromCivil(civil.year, civil.month, civil.day)).toBe(day);
      }
      if (getWeekday(day) !== date.getUTCDay()) expect(getWeekday(day)).toBe(date.getUTCDay());
    }
  });

  it('round-trip far outside the range of Date', () => {
    for (const day of [-1e9, -719_468, -1, 0, 1, 1e9]) {
      const { year, month, day: dayOfMonth } = getCivilFromDay(day);
      expect(getDayFromCivil(year, month, dayOfMonth)).toBe(day);
    }
  });
});
