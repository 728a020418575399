import { describe, expect, it } from 'vitest';
import { fromReminderInput, reminderBefore, toReminderInput } from './reminder';

describe('toReminderInput', () => {
  it.each([
    ['2026-12-01T08:30:00.000Z', 'Europe/Paris', '2026-12-01T09:30'],
    ['2026-12-01T08:30:00.000Z', 'America/New_York', '2026-12-01T03:30'],
    ['2026-07-01T23:15:00.000Z', 'Asia/Tokyo', '2026-07-02T08:15'],
  ])('%s in %s reads %s', (instant, timeZone, expected) => {
    expect(toReminderInput(new Date(instant), timeZone)).toBe(expected);
  });

  it('takes the string an optimistic update leaves in the cache', () => {
    expect(toReminderInput('2026-12-01T08:30:00.000Z', 'UTC')).toBe('2026-12-01T08:30');
  });

  it('is empty without a reminder or with a broken one', () => {
    expect(toReminderInput(null, 'UTC')).toBe('');
    expect(toReminderInput('not a date', 'UTC')).toBe('');
  });
});

describe('fromReminderInput', () => {
  it.each([
    ['2026-12-01T09:30', 'Europe/Paris', '2026-12-01T08:30:00.000Z'],
    ['2026-03-29T03:30', 'Europe/Paris', '2026-03-29T01:30:00.000Z'],
    ['2026-12-01T09:30:45', 'UTC', '2026-12-01T09:30:00.000Z'],
    ['2026-07-02T08:15', 'Asia/Tokyo', '2026-07-01T23:15:00.000Z'],
  ])('%s in %s is %s', (value, timeZone, expected) => {
    expect(fromReminderInput(value, timeZone)).toBe(expected);
  });

  it('is null when cleared', () => {
    expect(fromReminderInput('', 'UTC')).toBeNull();
  });

  it.each(['2026-02-31T09:00', '2026-12-01', '09:30', 'tomorrow'])('refuses %s', (value) => {
    expect(fromReminderInput(value, 'UTC')).toBeUndefined();
  });

  it('round-trips through the input', () => {
    const instant = fromReminderInput('2026-11-05T18:45', 'Australia/Sydney');
    expect(instant).toBeDefined();
    expect(toReminderInput(instant ?? null, 'Australia/Sydney')).toBe('2026-11-05T18:45');
  });
});

describe('reminderBefore', () => {
  it.each([
    [0, '2026-12-01T09:30:00.000Z'],
    [10, '2026-12-01T09:20:00.000Z'],
    [60, '2026-12-01T08:30:00.000Z'],
    [24 * 60, '2026-11-30T09:30:00.000Z'],
  ])('%i minutes before a 09:30 due time is %s', (minutes, expected) => {
    expect(reminderBefore('2026-12-01T09:30:00.000Z', minutes)).toBe(expected);
    expect(reminderBefore(new Date('2026-12-01T09:30:00.000Z'), minutes)).toBe(expected);
  });
});
