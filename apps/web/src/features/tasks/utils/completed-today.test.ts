import { describe, expect, it } from 'vitest';
import { isSameDayInZone, keepCompletedToday } from './completed-today';

describe('isSameDayInZone', () => {
  it.each([
    // now, instant, zone, expected
    ['2026-03-10T12:00:00Z', '2026-03-10T00:00:00Z', 'UTC', true],
    ['2026-03-10T12:00:00Z', '2026-03-09T23:59:59Z', 'UTC', false],
    ['2026-03-10T12:00:00Z', '2026-03-11T00:00:00Z', 'UTC', false],
    // Warsaw's 10 March runs from 23:00 UTC on the 9th to 23:00 UTC on the 10th.
    ['2026-03-10T22:30:00Z', '2026-03-09T23:30:00Z', 'Europe/Warsaw', true],
    ['2026-03-10T22:30:00Z', '2026-03-09T22:30:00Z', 'Europe/Warsaw', false],
    ['2026-03-10T22:30:00Z', '2026-03-10T23:30:00Z', 'Europe/Warsaw', false],
    // New York is behind: at 03:00 UTC on the 11th it is still the 10th there.
    ['2026-03-11T03:00:00Z', '2026-03-10T14:00:00Z', 'America/New_York', true],
    ['2026-03-11T03:00:00Z', '2026-03-11T05:00:00Z', 'America/New_York', false],
    // A 23-hour day: the spring-forward Sunday in Warsaw.
    ['2026-03-29T20:00:00Z', '2026-03-28T23:00:00Z', 'Europe/Warsaw', true],
    ['2026-03-29T20:00:00Z', '2026-03-28T22:59:59Z', 'Europe/Warsaw', false],
    ['2026-03-29T20:00:00Z', '2026-03-29T21:59:59Z', 'Europe/Warsaw', true],
    ['2026-03-29T20:00:00Z', '2026-03-29T22:00:00Z', 'Europe/Warsaw', false],
  ])('now %s, instant %s in %s → %s', (now, instant, zone, expected) => {
    expect(isSameDayInZone(new Date(instant), new Date(now), zone)).toBe(expected);
  });
});

describe('keepCompletedToday', () => {
  it('keeps tasks completed today and open tasks, drops earlier completions', () => {
    const tasks = [
      { id: 'today', completedAt: new Date('2026-05-02T08:00:00Z') },
      { id: 'yesterday', completedAt: new Date('2026-05-01T20:00:00Z') },
      { id: 'open', completedAt: null },
    ];
    const kept = keepCompletedToday(tasks, { now: new Date('2026-05-02T10:00:00Z'), timeZone: 'UTC' });
    expect(kept.map((task) => task.id)).toEqual(['today', 'open']);
  });

  it('judges "today" in the given zone', () => {
    const tasks = [{ id: 'late evening', completedAt: new Date('2026-05-01T23:30:00Z') }];
    const now = new Date('2026-05-02T06:00:00Z');
    expect(keepCompletedToday(tasks, { now, timeZone: 'UTC' })).toEqual([]);
    // In Los Angeles both instants fall on 1 May.
    expect(keepCompletedToday(tasks, { now, timeZone: 'America/Los_Angeles' })).toHaveLength(1);
  });
});
