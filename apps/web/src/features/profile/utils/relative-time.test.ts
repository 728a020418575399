import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = new Date('2026-03-10T12:00:00Z');

function ago(seconds: number): Date {
  return new Date(now.getTime() - seconds * 1000);
}

describe('formatRelativeTime', () => {
  it.each([
    [ago(0), 'just now'],
    [ago(59), 'just now'],
    [ago(-90), 'just now'],
    [ago(60), '1 minute ago'],
    [ago(5 * 60 + 30), '5 minutes ago'],
    [ago(3 * 3600), '3 hours ago'],
    [ago(24 * 3600), 'yesterday'],
    [ago(3 * 24 * 3600), '3 days ago'],
    [ago(14 * 24 * 3600), '2 weeks ago'],
    [ago(65 * 24 * 3600), '2 months ago'],
    [ago(400 * 24 * 3600), 'last year'],
  ])('%s reads %s', (date, text) => {
    expect(formatRelativeTime(date, now, 'en-US')).toBe(text);
  });
});
