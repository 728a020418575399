import { describe, expect, it } from 'vitest';
import { formatNoteDate } from './format-note-date';

// The runtime's own locale formats the visible text; the tests run in en-US.
const now = new Date('2026-03-05T12:00:00Z');

describe('formatNoteDate', () => {
  it.each([
    ['earlier today shows the time', '2026-03-05T08:15:00Z', 'Europe/Berlin', '9:15 AM'],
    ['a day this year shows day and month', '2026-01-20T10:00:00Z', 'Europe/Berlin', 'Jan 20'],
    ['a day of an earlier year shows the year too', '2025-12-31T10:00:00Z', 'Europe/Berlin', 'Dec 31, 2025'],
    // 23:30 UTC on the 4th is already the 5th in Berlin: today there, so the time.
    ['the day is the user’s, not UTC’s', '2026-03-04T23:30:00Z', 'Europe/Berlin', '12:30 AM'],
    ['the same instant is yesterday in New York', '2026-03-04T23:30:00Z', 'America/New_York', 'Mar 4'],
    // New Year's Eve in Los Angeles while it is already the new year in UTC.
    ['the year is the user’s too', '2026-01-01T03:00:00Z', 'America/Los_Angeles', 'Dec 31, 2025'],
  ])('%s', (_, instant, timeZone, expected) => {
    expect(formatNoteDate(new Date(instant), { now, timeZone })).toBe(expected);
  });

  it('keeps zones apart when formatting the same kind of date for both', () => {
    const instant = new Date('2026-03-05T08:15:00Z');
    expect(formatNoteDate(instant, { now, timeZone: 'Europe/Berlin' })).toBe('9:15 AM');
    expect(formatNoteDate(instant, { now, timeZone: 'Asia/Tokyo' })).toBe('5:15 PM');
  });
});
