import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Recurrence } from './recurrence';
import { recurrenceOptionsSchema, type StoredRecurrenceOptions } from './recurrence-options-schema';

describe('recurrenceOptionsSchema', () => {
  it('decodes the stored form into options the engine accepts, and encodes it back', () => {
    const stored = {
      rule: 'monthly',
      startDate: '2024-01-31T00:00:00.000Z',
      timezone: 'Europe/Warsaw',
      interval: 2,
      nthWeekdayOfMonth: { weekday: 5, nth: 'last' },
      excludeDates: ['2024-03-29T00:00:00.000Z'],
    } satisfies StoredRecurrenceOptions;
    const options = recurrenceOptionsSchema.parse(stored);
    expect(options.startDate).toEqual(new Date('2024-01-31T00:00:00Z'));
    expect(new Recurrence(options).toText()).toBe('Every 2 months on the last Friday, except 1 day');
    expect(z.encode(recurrenceOptionsSchema, options)).toEqual(stored);
  });

  it('drops a condition, which is never stored', () => {
    const parsed = recurrenceOptionsSchema.parse({ startDate: '2024-01-01T00:00:00Z', condition: 'x' });
    expect(parsed).toEqual({ startDate: new Date('2024-01-01T00:00:00Z') });
  });

  it.each([
    [{ startDate: '2024-01-01' }, 'startDate'],
    [{ startDate: '2024-01-01T00:00:00Z', rule: 'hourly' }, 'rule'],
    [{ startDate: '2024-01-01T00:00:00Z', interval: 0 }, 'interval'],
    [
      { startDate: '2024-01-01T00:00:00Z', rule: 'monthly', nthWeekdayOfMonth: { weekday: 1, nth: 5 } },
      'nthWeekdayOfMonth',
    ],
  ])('rejects a malformed %j', (input, option) => {
    const result = recurrenceOptionsSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0])).toContain(option);
  });

  it.each([
    [{ startDate: '2024-01-01T00:00:00Z', timezone: 'Mars/Olympus' }, 'INVALID_TIMEZONE'],
    [{ startDate: '2024-01-01T00:00:00Z', weekDays: [1] }, 'INCOMPATIBLE_OPTIONS'],
    [{ startDate: '2024-01-01T00:00:00Z', count: 2, endDate: '2024-02-01T00:00:00Z' }, 'CONFLICTING_OPTIONS'],
    [{ startDate: '2024-01-02T00:00:00Z', endDate: '2024-01-01T00:00:00Z' }, 'DATE_BEFORE_START'],
  ])('applies the recurrence rules to %j', (input, code) => {
    const result = recurrenceOptionsSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(expect.objectContaining({ params: { code } }));
  });
});
