import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatDecimalClock,
  formatDurationWords,
  formatElapsed,
  hasBreaks,
  sumDecimalMinutes,
  sumEntries,
} from './durations';

describe('formatClock', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [90, '1:30'],
    [600, '10:00'],
    [1500, '25:00'],
  ])('%d minutes read %s', (minutes, text) => expect(formatClock(minutes)).toBe(text));
});

describe('formatDecimalClock', () => {
  it.each([
    ['8.05', '0:08'],
    ['8.5', '0:09'],
    ['103.5', '1:44'],
    ['59.499999', '0:59'],
  ])('%s minutes read %s', (minutes, text) => expect(formatDecimalClock(minutes)).toBe(text));
});

describe('sumDecimalMinutes', () => {
  it('adds without float drift', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004.
    expect(sumDecimalMinutes(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimalMinutes(['8.05', '69', '1.000001'])).toBe('78.050001');
    expect(sumDecimalMinutes([])).toBe('0');
  });
});

describe('sumEntries', () => {
  it('adds minutes and minutes with breaks, and tells whether breaks add anything', () => {
    const totals = sumEntries([
      { duration: 7, durationWithBreaks: '8.05' },
      { duration: 60, durationWithBreaks: '60' },
    ]);
    expect(totals).toEqual({ duration: 67, durationWithBreaks: '68.05' });
    expect(hasBreaks(totals)).toBe(true);
    expect(hasBreaks({ duration: 60, durationWithBreaks: '60.000000' })).toBe(false);
  });
});

describe('formatDurationWords', () => {
  it.each([
    [0, '0 min'],
    [45, '45 min'],
    [90, '1 h 30 min'],
    [185, '3 h 05 min'],
    [120, '2 h'],
  ])('%d minutes read %s', (minutes, text) => expect(formatDurationWords(minutes)).toBe(text));
});

describe('formatElapsed', () => {
  it.each([
    [0, '0:00:00'],
    [61_500, '0:01:01'],
    [3_723_000, '1:02:03'],
    [-5_000, '0:00:00'],
  ])('%d ms reads %s', (ms, text) => expect(formatElapsed(ms)).toBe(text));
});
