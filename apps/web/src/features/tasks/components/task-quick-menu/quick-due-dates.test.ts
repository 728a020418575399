import { describe, expect, it } from 'vitest';
import { getQuickDueDay } from './quick-due-dates';

describe('getQuickDueDay', () => {
  it.each([
    // 23:30 UTC on Wednesday 1 May is already Thursday 2 May in Tokyo.
    { now: '2024-05-01T23:30:00Z', timeZone: 'Asia/Tokyo', choice: 'today', day: '2024-05-02' },
    { now: '2024-05-01T23:30:00Z', timeZone: 'UTC', choice: 'today', day: '2024-05-01' },
    // 03:00 UTC is still the evening before in New York.
    { now: '2024-05-02T03:00:00Z', timeZone: 'America/New_York', choice: 'today', day: '2024-05-01' },
    { now: '2024-05-02T03:00:00Z', timeZone: 'America/New_York', choice: 'tomorrow', day: '2024-05-02' },
    // Month and year ends roll over.
    { now: '2024-12-31T12:00:00Z', timeZone: 'Europe/Paris', choice: 'tomorrow', day: '2025-01-01' },
    // Next week starts on the coming Monday, a full week ahead when today is Monday.
    { now: '2024-05-01T12:00:00Z', timeZone: 'UTC', choice: 'nextWeek', day: '2024-05-06' },
    { now: '2024-05-06T12:00:00Z', timeZone: 'UTC', choice: 'nextWeek', day: '2024-05-13' },
    { now: '2024-05-05T23:30:00Z', timeZone: 'Europe/Berlin', choice: 'nextWeek', day: '2024-05-13' },
  ] as const)('$choice at $now in $timeZone is $day', ({ now, timeZone, choice, day }) => {
    expect(getQuickDueDay(choice, { now: new Date(now), timeZone })).toBe(day);
  });
});
