import { describe, expect, it } from 'vitest';
import { addCalendarDays, getToday, resolveChartRange } from './chart-range';

describe('getToday', () => {
  it.each([
    ['2026-03-10T12:00:00Z', 'UTC', '2026-03-10'],
    // UTC+14: already the next day.
    ['2026-03-10T12:00:00Z', 'Pacific/Kiritimati', '2026-03-11'],
    // UTC-11: still the day before.
    ['2026-03-10T09:00:00Z', 'Pacific/Pago_Pago', '2026-03-09'],
    ['2026-03-10T11:00:00Z', 'Pacific/Pago_Pago', '2026-03-10'],
  ])('%s in %s is %s', (instant, zone, day) => {
    expect(getToday(new Date(instant), zone)).toBe(day);
  });
});

describe('addCalendarDays', () => {
  it.each([
    ['2026-03-01', -1, '2026-02-28'],
    ['2024-03-01', -1, '2024-02-29'],
    ['2025-12-31', 1, '2026-01-01'],
    // The day Europe moves its clocks changes nothing: days are counted, not hours.
    ['2026-03-29', 1, '2026-03-30'],
    ['2026-03-10', 0, '2026-03-10'],
  ])('%s %i → %s', (day, days, expected) => {
    expect(addCalendarDays(day, days)).toBe(expected);
  });
});

describe('resolveChartRange', () => {
  it.each([
    ['7d', '2026-03-10', '2026-03-04'],
    ['30d', '2026-03-10', '2026-02-09'],
    ['90d', '2026-03-10', '2025-12-11'],
    ['1y', '2026-03-10', '2025-03-11'],
    // A leap year's last day of February: from the first of March last year (366 days).
    ['1y', '2024-02-29', '2023-03-01'],
    // 29 February 2024 falls in the range: 366 days.
    ['1y', '2024-03-10', '2023-03-11'],
    ['1y', '2026-01-01', '2025-01-02'],
  ] as const)('%s up to %s starts on %s', (timeRange, today, from) => {
    expect(resolveChartRange({ timeRange, today })).toEqual({ from, to: today });
  });

  it('counts N days for Nd ranges, today included', () => {
    for (const [timeRange, days] of [
      ['7d', 7],
      ['30d', 30],
      ['90d', 90],
    ] as const) {
      const { from, to } = resolveChartRange({ timeRange, today: '2026-01-05' });
      expect((Date.parse(to) - Date.parse(from ?? '')) / 86_400_000 + 1).toBe(days);
    }
  });

  it("starts 'all' on the first log's day, and nowhere without logs", () => {
    expect(resolveChartRange({ timeRange: 'all', today: '2026-03-10', firstLogDay: '2023-01-05' })).toEqual({
      from: '2023-01-05',
      to: '2026-03-10',
    });
    expect(resolveChartRange({ timeRange: 'all', today: '2026-03-10', firstLogDay: null })).toEqual({
      from: null,
      to: '2026-03-10',
    });
  });
});
