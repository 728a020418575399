import { describe, expect, it } from 'vitest';
import { formatDueDate, fromDueDateInputs, toDueDateChange, toDueDateInputs } from './due-date';

describe('toDueDateInputs', () => {
  it.each([
    ['2024-03-12T13:30:00Z', 'Europe/Warsaw', '2024-03-12', '14:30'],
    ['2024-03-12T23:30:00Z', 'Europe/Warsaw', '2024-03-13', '00:30'],
    ['2024-03-12T03:00:00Z', 'America/New_York', '2024-03-11', '23:00'],
    ['2024-07-01T10:05:00Z', 'UTC', '2024-07-01', '10:05'],
  ])('%s in %s reads %s %s', (iso, zone, date, time) => {
    expect(toDueDateInputs(new Date(iso), zone)).toEqual({ date, time });
  });

  it('leaves both inputs empty without a due date', () => {
    expect(toDueDateInputs(null, 'UTC')).toEqual({ date: '', time: '' });
  });
});

describe('fromDueDateInputs', () => {
  it.each([
    ['2024-03-12', '14:30', 'Europe/Warsaw', '2024-03-12T13:30:00.000Z'],
    ['2024-07-12', '14:30', 'Europe/Warsaw', '2024-07-12T12:30:00.000Z'],
    ['2024-03-12', '', 'Europe/Warsaw', '2024-03-11T23:00:00.000Z'],
    ['2024-03-10', '12:00', 'America/New_York', '2024-03-10T16:00:00.000Z'],
    ['2024-02-29', '08:00', 'UTC', '2024-02-29T08:00:00.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, expected) => {
    expect(fromDueDateInputs({ date, time }, zone)).toBe(expected);
  });

  it('clears the due date when the date is empty', () => {
    expect(fromDueDateInputs({ date: '', time: '10:00' }, 'UTC')).toBeNull();
  });

  it.each([
    ['2023-02-29', '10:00'],
    ['2024-13-01', '10:00'],
    ['12/03/2024', '10:00'],
    ['2024-03-12', '7pm'],
  ])('refuses %s %s', (date, time) => {
    expect(fromDueDateInputs({ date, time }, 'UTC')).toBeUndefined();
  });

  it('reads back what it wrote, across a daylight-saving change', () => {
    for (const inputs of [
      { date: '2024-03-31', time: '01:30' },
      { date: '2024-03-31', time: '03:30' },
      { date: '2024-10-27', time: '01:30' },
    ]) {
      const iso = fromDueDateInputs(inputs, 'Europe/Warsaw');
      expect(toDueDateInputs(new Date(iso as string), 'Europe/Warsaw')).toEqual(inputs);
    }
  });
});

describe('whole-day dues', () => {
  it('are a date without a time, kept as the start of that day in the zone', () => {
    expect(toDueDateChange({ date: '2026-11-23', time: '' }, 'America/New_York')).toEqual({
      dueDate: '2026-11-23T05:00:00.000Z',
      dueDateHasTime: false,
    });
    expect(toDueDateChange({ date: '2026-11-23', time: '00:00' }, 'America/New_York')).toEqual({
      dueDate: '2026-11-23T05:00:00.000Z',
      dueDateHasTime: true,
    });
    expect(toDueDateChange({ date: '', time: '' }, 'UTC')).toEqual({ dueDate: null, dueDateHasTime: false });
    expect(toDueDateChange({ date: '2026-02-31', time: '' }, 'UTC')).toBeUndefined();
  });

  it('fill the date input only, and a timed due at midnight keeps its time', () => {
    const startOfDay = new Date('2026-11-22T23:00:00Z');
    expect(toDueDateInputs(startOfDay, 'Europe/Berlin', false)).toEqual({ date: '2026-11-23', time: '' });
    expect(toDueDateInputs(startOfDay, 'Europe/Berlin', true)).toEqual({ date: '2026-11-23', time: '00:00' });
  });
});

describe('formatDueDate', () => {
  it('shows the time of a timed due, even at midnight, and none for a whole day', () => {
    expect(formatDueDate(new Date('2024-03-12T13:30:00Z'), 'Europe/Warsaw')).toBe('Tue 12 Mar 2024, 14:30');
    expect(formatDueDate(new Date('2024-03-11T23:00:00Z'), 'Europe/Warsaw')).toBe('Tue 12 Mar 2024, 00:00');
    expect(formatDueDate(new Date('2024-03-11T23:00:00Z'), 'Europe/Warsaw', { hasTime: false })).toBe(
      'Tue 12 Mar 2024',
    );
  });
});
