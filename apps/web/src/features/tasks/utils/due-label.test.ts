import { describe, expect, it } from 'vitest';
import { getDueLabel } from './due-label';

const now = new Date('2026-05-06T10:00:00Z'); // a Wednesday

describe('getDueLabel', () => {
  it.each([
    ['2026-05-06T00:00:00Z', 'UTC', false, 'Today', false],
    ['2026-05-06T15:30:00Z', 'UTC', true, 'Today 15:30', false],
    // A timed due earlier today is not overdue yet: the Overdue view counts whole days.
    ['2026-05-06T08:00:00Z', 'UTC', true, 'Today 08:00', false],
    ['2026-05-06T00:00:00Z', 'UTC', true, 'Today 00:00', false],
    ['2026-05-07T00:00:00Z', 'UTC', false, 'Tomorrow', false],
    ['2026-05-05T00:00:00Z', 'UTC', false, 'Yesterday', true],
    ['2026-05-05T19:00:00Z', 'UTC', true, 'Yesterday 19:00', true],
    ['2026-05-09T00:00:00Z', 'UTC', false, 'Sat', false],
    ['2026-05-20T00:00:00Z', 'UTC', false, '20 May', false],
    ['2027-01-02T00:00:00Z', 'UTC', false, '2 Jan 2027', false],
    ['2026-04-01T00:00:00Z', 'UTC', false, '1 Apr', true],
    // 22:00 UTC on the 6th is already the 7th in Warsaw (UTC+2 in May).
    ['2026-05-06T22:00:00Z', 'Europe/Warsaw', false, 'Tomorrow', false],
    // The start of the 6th in New York: a whole day there, never "Yesterday 20:00" or a time.
    ['2026-05-06T04:00:00Z', 'America/New_York', false, 'Today', false],
    ['2026-05-06T04:00:00Z', 'America/New_York', true, 'Today 00:00', false],
  ])('%s in %s (timed: %s) → %s', (due, timeZone, hasTime, text, isOverdue) => {
    const label = getDueLabel(new Date(due), { now, timeZone, hasTime });
    expect(label.text).toBe(text);
    expect(label.isOverdue).toBe(isOverdue);
  });

  it('titles a whole day without a time', () => {
    const label = getDueLabel(new Date('2026-05-06T04:00:00Z'), {
      now,
      timeZone: 'America/New_York',
      hasTime: false,
    });
    expect(label.title).toBe('Wednesday 6 May 2026');
  });

  it('titles a timed due with its time in the zone', () => {
    const label = getDueLabel(new Date('2026-12-31T23:05:00Z'), {
      now,
      timeZone: 'Europe/Warsaw',
      hasTime: true,
    });
    expect(label.title).toBe('Friday 1 January 2027, 00:05');
    expect(label.text).toBe('1 Jan 2027');
  });
});
