import { describe, expect, it } from 'vitest';
import {
  addMinutesToTime,
  parseDuration,
  parseTimeOfDay,
  spanBetween,
  subtractMinutesFromTime,
} from './time-input';

describe('parseTimeOfDay', () => {
  it.each([
    ['8:30', '08:30'],
    ['08:30', '08:30'],
    ['8.30', '08:30'],
    ['8h30', '08:30'],
    ['830', '08:30'],
    ['0830', '08:30'],
    ['1745', '17:45'],
    ['8', '08:00'],
    ['17', '17:00'],
    ['0', '00:00'],
    [' 9:05 ', '09:05'],
    ['8:30 pm', '20:30'],
    ['12am', '00:00'],
    ['12pm', '12:00'],
    ['7a', '07:00'],
  ])('%j is %s', (text, time) => expect(parseTimeOfDay(text)).toBe(time));

  it.each(['', '24', '24:00', '8:60', '8:5', '12345', 'noon', '13pm', '0am', '8::30'])(
    '%j is not a time',
    (text) => expect(parseTimeOfDay(text)).toBeNull(),
  );
});

describe('parseDuration', () => {
  it.each([
    ['1h30', 90],
    ['1h30m', 90],
    ['1h 30m', 90],
    ['1 h 30 min', 90],
    ['2h', 120],
    ['2 hours', 120],
    ['90', 90],
    ['90m', 90],
    ['45 min', 45],
    ['1:30', 90],
    ['0:05', 5],
    ['1.5h', 90],
    ['1,5 h', 90],
    ['1.5', 90],
    ['.25h', 15],
    ['48h', 2880],
  ])('%j is %d minutes', (text, minutes) => expect(parseDuration(text)).toBe(minutes));

  it.each(['', '0', '0:00', '1h60', '1:75', '48h1', '2881', 'abc', '-30', '1.5.2'])(
    '%j is not a duration',
    (text) => expect(parseDuration(text)).toBeNull(),
  );
});

describe('spanBetween', () => {
  it('counts the minutes from start to end', () => {
    expect(spanBetween('08:30', '10:00')).toEqual({ minutes: 90, crossesMidnight: false });
  });

  it('takes an end before the start as past midnight', () => {
    expect(spanBetween('22:30', '01:15')).toEqual({ minutes: 165, crossesMidnight: true });
  });

  it('makes no span of equal times', () => {
    expect(spanBetween('09:00', '09:00')).toBeNull();
  });
});

describe('adding and subtracting minutes', () => {
  it('finds the end from a start and a duration, past midnight too', () => {
    expect(addMinutesToTime('08:30', 90)).toEqual({ time: '10:00', crossesMidnight: false });
    expect(addMinutesToTime('23:00', 90)).toEqual({ time: '00:30', crossesMidnight: true });
  });

  it('finds the start from an end and a duration, from the day before too', () => {
    expect(subtractMinutesFromTime('10:00', 90)).toEqual({ time: '08:30', crossesMidnight: false });
    expect(subtractMinutesFromTime('00:30', 90)).toEqual({ time: '23:00', crossesMidnight: true });
  });
});
