import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { formatTimeOfDay, parseTimeOfDay, resolveEntryTiming, toTimerEntry } from './entry-times';

describe('times of day', () => {
  it.each([
    ['00:00', 0],
    ['09:05', 545],
    ['22:30', 1350],
    ['23:59', 1439],
  ])('%s is minute %i', (text, minute) => {
    expect(parseTimeOfDay(text)).toBe(minute);
    expect(formatTimeOfDay(minute)).toBe(text);
  });
});

describe('resolveEntryTiming', () => {
  const timed = (start: string, end: string, crossesMidnight = false, sentDuration?: number) =>
    resolveEntryTiming({
      startMinute: parseTimeOfDay(start),
      endMinute: parseTimeOfDay(end),
      crossesMidnight,
      sentDuration,
      previousDuration: undefined,
    });

  it.each([
    ['09:00', '17:30', false, 510],
    ['22:30', '01:15', true, 165],
    ['23:59', '00:00', true, 1],
    ['00:00', '23:59', false, 1439],
    // Marked as crossing midnight with an end after the start: a day and an hour.
    ['09:00', '10:00', true, 1500],
  ])('%s to %s (past midnight: %s) lasts %i minutes', (start, end, crossesMidnight, duration) => {
    expect(timed(start, end, crossesMidnight).duration).toBe(duration);
  });

  const refusal = (work: () => unknown) => {
    try {
      work();
    } catch (error) {
      if (error instanceof AppError)
        return { status: error.status, message: error.message, path: error.issues?.[0]?.path };
      throw error;
    }
    throw new Error('expected a refusal');
  };

  it('refuses an end before the start unless the entry crosses midnight', () => {
    expect(refusal(() => timed('22:30', '01:15'))).toEqual({
      status: 400,
      message: 'End time is before start time; mark the entry as crossing midnight',
      path: ['body', 'endTime'],
    });
  });

  it('refuses an end equal to the start, even across midnight', () => {
    expect(refusal(() => timed('10:00', '10:00')).status).toBe(400);
    expect(refusal(() => timed('10:00', '10:00', true)).status).toBe(400);
  });

  it('accepts a duration that agrees with the times and refuses one that does not', () => {
    expect(timed('10:00', '11:00', false, 60).duration).toBe(60);
    expect(refusal(() => timed('10:00', '11:00', false, 61)).path).toEqual(['body', 'duration']);
  });

  it('without both times takes the duration sent, else the one the entry had, and never crosses midnight', () => {
    const untimed = (sentDuration: number | undefined, previousDuration: number | undefined) =>
      resolveEntryTiming({
        startMinute: 600,
        endMinute: null,
        crossesMidnight: true,
        sentDuration,
        previousDuration,
      });
    expect(untimed(45, 30)).toEqual({
      startMinute: 600,
      endMinute: null,
      crossesMidnight: false,
      duration: 45,
    });
    expect(untimed(undefined, 30).duration).toBe(30);
    expect(refusal(() => untimed(undefined, undefined)).path).toEqual(['body', 'duration']);
  });
});

describe('toTimerEntry', () => {
  const entry = (startedAt: string, stoppedAt: string, timeZone = 'UTC') =>
    toTimerEntry({ startedAt: new Date(startedAt), stoppedAt: new Date(stoppedAt), timeZone });

  it("logs on the start's day in the user's time zone", () => {
    // 23:00 UTC is already midnight in Warsaw (UTC+1 in March).
    expect(entry('2026-03-10T23:00:00Z', '2026-03-10T23:30:00Z', 'Europe/Warsaw')).toEqual({
      workDate: '2026-03-11',
      startMinute: 0,
      endMinute: 30,
      crossesMidnight: false,
      duration: 30,
    });
    expect(entry('2026-03-10T23:00:00Z', '2026-03-10T23:30:00Z', 'America/New_York').workDate).toBe(
      '2026-03-10',
    );
  });

  it('rounds both ends to the nearest minute', () => {
    expect(entry('2026-03-10T09:00:29Z', '2026-03-10T09:10:30Z')).toMatchObject({
      startMinute: 540,
      endMinute: 551,
      duration: 11,
    });
  });

  it('crosses midnight when it ran past it', () => {
    expect(entry('2026-03-10T22:30:00Z', '2026-03-11T01:15:00Z')).toMatchObject({
      workDate: '2026-03-10',
      endMinute: 75,
      crossesMidnight: true,
      duration: 165,
    });
  });

  it('counts at least one minute', () => {
    expect(entry('2026-03-10T09:00:00Z', '2026-03-10T09:00:10Z')).toMatchObject({
      startMinute: 540,
      endMinute: 541,
      duration: 1,
    });
    // A wall clock set back: still one minute from the start.
    expect(entry('2026-03-10T09:05:00Z', '2026-03-10T09:00:00Z').duration).toBe(1);
  });

  it('reads the wall clock across a DST change, so the entry agrees with its own times', () => {
    // Warsaw springs forward at 02:00 on 2026-03-29: 01:30 to 03:30 on the wall is one real hour.
    expect(entry('2026-03-29T00:30:00Z', '2026-03-29T01:30:00Z', 'Europe/Warsaw')).toMatchObject({
      startMinute: 90,
      endMinute: 210,
      duration: 120,
    });
  });

  it('refuses a timer that ran for a day or more', () => {
    expect(() => entry('2026-03-10T09:00:00Z', '2026-03-11T09:00:00Z')).toThrow(/a day or more/);
    expect(entry('2026-03-10T09:00:00Z', '2026-03-11T08:59:00Z').duration).toBe(1439);
  });
});
