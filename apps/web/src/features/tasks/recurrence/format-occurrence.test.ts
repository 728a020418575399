import { describe, expect, it } from 'vitest';
import { formatOccurrence, formatShortOccurrence } from './format-occurrence';

const now = new Date('2026-11-24T09:00:00Z');

describe('formatOccurrence', () => {
  it.each([
    ['2026-12-01T23:00:00Z', 'Europe/Warsaw', false, 'Wed 2 Dec 2026'],
    ['2026-12-02T08:00:00Z', 'Europe/Warsaw', true, 'Wed 2 Dec 2026, 09:00'],
    ['2026-12-02T03:00:00Z', 'America/New_York', true, 'Tue 1 Dec 2026, 22:00'],
  ])('%s in %s (timed: %s) reads %s', (iso, timeZone, hasTime, expected) => {
    expect(formatOccurrence(new Date(iso), { timeZone, hasTime })).toBe(expected);
  });
});

describe('formatShortOccurrence', () => {
  it.each([
    ['2026-12-01T23:00:00Z', 'Europe/Warsaw', false, 'Wed 2 Dec'],
    ['2026-12-02T08:00:00Z', 'Europe/Warsaw', true, 'Wed 2 Dec, 09:00'],
    ['2027-01-04T23:00:00Z', 'Europe/Warsaw', false, 'Tue 5 Jan 2027'],
    // Still 2026 in New York when it is already 2027 in UTC.
    ['2027-01-01T03:00:00Z', 'America/New_York', false, 'Thu 31 Dec'],
  ])('%s in %s (timed: %s) reads %s', (iso, timeZone, hasTime, expected) => {
    expect(formatShortOccurrence(new Date(iso), { timeZone, hasTime, now })).toBe(expected);
  });
});
