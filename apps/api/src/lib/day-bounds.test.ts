import { describe, expect, it } from 'vitest';
import { getDayBounds } from './day-bounds';

describe('getDayBounds', () => {
  const instant = new Date('2026-03-10T20:00:00Z');

  it.each([
    ['UTC', '2026-03-10T00:00:00.000Z', '2026-03-11T00:00:00.000Z'],
    // Already the 11th in Auckland (UTC+13), still the 10th in Los Angeles (UTC-7 after the March change).
    ['Pacific/Auckland', '2026-03-10T11:00:00.000Z', '2026-03-11T11:00:00.000Z'],
    ['America/Los_Angeles', '2026-03-10T07:00:00.000Z', '2026-03-11T07:00:00.000Z'],
  ])('in %s today starts at %s', (zone, startOfToday, startOfTomorrow) => {
    const bounds = getDayBounds(instant, zone);
    expect(bounds.startOfToday.toISOString()).toBe(startOfToday);
    expect(bounds.startOfTomorrow.toISOString()).toBe(startOfTomorrow);
  });

  it('gives a 23-hour day on the spring-forward date', () => {
    const bounds = getDayBounds(new Date('2026-03-29T10:00:00Z'), 'Europe/Warsaw');
    expect(bounds.startOfTomorrow.getTime() - bounds.startOfToday.getTime()).toBe(23 * 3_600_000);
  });
});
