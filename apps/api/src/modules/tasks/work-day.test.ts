import { describe, expect, it } from 'vitest';
import { minutesLeftInWorkDay } from './work-day';

const at = (iso: string) => new Date(iso);

describe('minutesLeftInWorkDay', () => {
  it.each([
    ['before the day starts: all of it', '2026-11-25T07:00:00Z', '09:00', '17:00', 480],
    ['during the day: up to the end', '2026-11-25T13:15:00Z', '09:00', '17:00', 225],
    ['at the end: nothing', '2026-11-25T17:00:00Z', '09:00', '17:00', 0],
    ['after the end: nothing', '2026-11-25T21:00:00Z', '09:00', '17:00', 0],
  ])('%s', (_name, now, workDayStart, workDayEnd, expected) => {
    expect(minutesLeftInWorkDay({ now: at(now), timeZone: 'UTC', workDayStart, workDayEnd })).toBe(expected);
  });

  it("reads the clock in the user's zone", () => {
    // 15:00 UTC is 10:00 in New York (EST): seven hours left of a 9-to-5 day.
    const left = minutesLeftInWorkDay({
      now: at('2026-11-25T15:00:00Z'),
      timeZone: 'America/New_York',
      workDayStart: '09:00',
      workDayEnd: '17:00',
    });
    expect(left).toBe(420);
  });

  it('is null when the hours are not set', () => {
    const now = at('2026-11-25T12:00:00Z');
    expect(
      minutesLeftInWorkDay({ now, timeZone: 'UTC', workDayStart: null, workDayEnd: '17:00' }),
    ).toBeNull();
    expect(
      minutesLeftInWorkDay({ now, timeZone: 'UTC', workDayStart: '09:00', workDayEnd: null }),
    ).toBeNull();
  });
});
