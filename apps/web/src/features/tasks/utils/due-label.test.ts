import { describe, expect, it } from 'vitest';
import { getDueLabel } from './due-label';

const now = new Date('2026-05-06T10:00:00Z'); // a Wednesday

describe('getDueLabel', () => {
  it.each([
    ['2026-05-06T00:00:00Z', 'UTC', 'Today', false],
    ['2026-05-06T15:30:00Z', 'UTC', 'Today 15:30', false],
    ['2026-05-07T00:00:00Z', 'UTC', 'Tomorrow', false],
    ['2026-05-05T00:00:00Z', 'UTC', 'Yesterday', true],
    ['2026-05-09T00:00:00Z', 'UTC', 'Sat', false],
    ['2026-05-20T00:00:00Z', 'UTC', '20 May', false],
    ['2027-01-02T00:00:00Z', 'UTC', '2 Jan 2027', false],
    ['2026-04-01T00:00:00Z', 'UTC', '1 Apr', true],
    // 22:00 UTC on the 6th is already the 7th in Warsaw (UTC+2 in May).
    ['2026-05-06T22:00:00Z', 'Europe/Warsaw', 'Tomorrow', false],
  ])('%s in %s → %s', (due, timeZone, text, isOverdue) => {
    const label = getDueLabel(new Date(due), { now, timeZone });
    expect(label.text).toBe(text);
    expect(label.isOverdue).toBe(isOverdue);
  });
});
