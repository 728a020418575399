import { describe, expect, it } from 'vitest';
import { atTimeOfDay, fromZonedDay, getNoonOfDayBefore, toZonedDay } from './zoned-day';

describe('toZonedDay and fromZonedDay', () => {
  it.each([
    ['2030-01-01', 'Europe/Warsaw', '2029-12-31T23:00:00.000Z'],
    ['2030-07-01', 'Europe/Warsaw', '2030-06-30T22:00:00.000Z'],
    ['2030-03-10', 'America/New_York', '2030-03-10T05:00:00.000Z'],
    ['2030-02-28', 'UTC', '2030-02-28T00:00:00.000Z'],
  ])('%s in %s starts at %s and reads back', (day, zone, instant) => {
    expect(fromZonedDay(day, zone).toISOString()).toBe(instant);
    expect(toZonedDay(new Date(instant), zone)).toBe(day);
  });

  it.each([[''], ['2030-02-31'], ['2030-13-01'], ['01/02/2030']])('%j is no day', (day) => {
    expect(Number.isNaN(fromZonedDay(day, 'UTC').getTime())).toBe(true);
  });
});

describe('getNoonOfDayBefore', () => {
  it.each([
    ['2030-01-01T00:30:00+01:00', 'Europe/Warsaw', '2029-12-31T11:00:00.000Z'],
    // The day after the autumn change has 25 hours before it: still the day before, not two.
    ['2030-10-28T00:30:00+01:00', 'Europe/Warsaw', '2030-10-27T11:00:00.000Z'],
    ['2030-03-11T00:30:00-04:00', 'America/New_York', '2030-03-10T16:00:00.000Z'],
  ])('of %s in %s is %s', (instant, zone, expected) => {
    expect(getNoonOfDayBefore(new Date(instant), zone).toISOString()).toBe(expected);
  });
});

describe('atTimeOfDay', () => {
  it.each([
    ['2030-01-07T23:00:00Z', '2030-01-01T08:30:00Z', 'Europe/Warsaw', '2030-01-08T08:30:00.000Z'],
    // 09:00 in winter is 09:00 in summer too.
    ['2030-07-07T22:00:00Z', '2030-01-01T08:00:00Z', 'Europe/Warsaw', '2030-07-08T07:00:00.000Z'],
  ])('%s at the time of %s in %s is %s', (occurrence, time, zone, expected) => {
    expect(atTimeOfDay(new Date(occurrence), new Date(time), zone).toISOString()).toBe(expected);
  });

  it('leaves a whole-day occurrence at its start', () => {
    const occurrence = new Date('2030-01-07T23:00:00Z');
    expect(atTimeOfDay(occurrence, null, 'Europe/Warsaw')).toBe(occurrence);
  });
});
