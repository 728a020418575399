import { describe, expect, it } from 'vitest';
import { formatLogDateTime, fromDateTimeInput, logDateForDay, toDateTimeInput, zonedToday } from './log-date';

// One instant, three calendar days: March 2 in Kiritimati (UTC+14), February 28 in Pago Pago (UTC−11).
const NOW = new Date('2025-03-01T10:30:00Z');

describe('zonedToday', () => {
  it.each([
    ['UTC', '2025-03-01'],
    ['Pacific/Kiritimati', '2025-03-02'],
    ['Pacific/Pago_Pago', '2025-02-28'],
  ])('in %s', (zone, expected) => {
    expect(zonedToday(zone, NOW)).toBe(expected);
  });
});

describe('logDateForDay', () => {
  it('logs today at the present instant', () => {
    expect(logDateForDay('2025-03-02', 'Pacific/Kiritimati', NOW)).toBe(NOW.toISOString());
  });

  it('logs another day at noon in the zone, with its offset', () => {
    expect(logDateForDay('2025-03-01', 'Pacific/Kiritimati', NOW)).toBe('2025-03-01T12:00:00.000+14:00');
    expect(logDateForDay('2025-03-01', 'Pacific/Pago_Pago', NOW)).toBe('2025-03-01T12:00:00.000-11:00');
  });

  it('keeps noon across a daylight saving change', () => {
    // Clocks went forward in New York at 02:00 on 2025-03-09.
    expect(logDateForDay('2025-03-09', 'America/New_York', NOW)).toBe('2025-03-09T12:00:00.000-04:00');
  });
});

describe('date-time fields', () => {
  it('shows an instant in the zone and reads it back', () => {
    const shown = toDateTimeInput(NOW, 'Pacific/Kiritimati');
    expect(shown).toBe('2025-03-02T00:30');
    expect(new Date(fromDateTimeInput(shown, 'Pacific/Kiritimati') ?? '').getTime()).toBe(NOW.getTime());
  });

  it('reads a blank field as nothing', () => {
    expect(fromDateTimeInput('', 'UTC')).toBeUndefined();
  });

  it('formats a log’s moment in the zone', () => {
    expect(formatLogDateTime(NOW, 'Pacific/Pago_Pago')).toBe('Feb 28, 2025, 11:30 PM');
  });
});
