import type { TodayPlan } from '@cairn/contracts/task-planning';
import { describe, expect, it } from 'vitest';
import { findTodayFullReason, summarizeTodayPlan } from './today-plan-summary';

function plan(patch: Partial<TodayPlan> = {}): TodayPlan {
  return {
    openCount: 3,
    dailyLimit: 5,
    plannedMinutes: 150,
    unestimatedCount: 0,
    workDayStart: '09:00',
    workDayEnd: '17:00',
    minutesLeftInWorkDay: 190,
    ...patch,
  };
}

describe('summarizeTodayPlan', () => {
  it.each([
    [{ openCount: 3, dailyLimit: 5 }, '3 of 5', false],
    [{ openCount: 5, dailyLimit: 5 }, '5 of 5', true],
    // Tasks due today join by themselves, so Today may hold more than the limit.
    [{ openCount: 7, dailyLimit: 5 }, '7 of 5', true],
    [{ openCount: 3, dailyLimit: 0 }, '3 tasks', false],
    [{ openCount: 1, dailyLimit: 0 }, '1 task', false],
    [{ openCount: 0, dailyLimit: 0 }, '0 tasks', false],
  ])('%o reads %s (full: %s)', (patch, load, isFull) => {
    const summary = summarizeTodayPlan(plan(patch));
    expect(summary.load).toBe(load);
    expect(summary.isFull).toBe(isFull);
  });

  it.each([
    [{ plannedMinutes: 150, minutesLeftInWorkDay: 190 }, '2 h 30 min planned', '3 h 10 min left today', null],
    [{ plannedMinutes: 240, minutesLeftInWorkDay: 195 }, '4 h planned', '3 h 15 min left today', '45 min'],
    [{ plannedMinutes: 60, minutesLeftInWorkDay: 60 }, '1 h planned', '1 h left today', null],
    [{ plannedMinutes: 30, minutesLeftInWorkDay: 0 }, '30 min planned', '0 min left today', '30 min'],
    [{ plannedMinutes: 0, minutesLeftInWorkDay: 0 }, '0 min planned', '0 min left today', null],
    // Without work-day hours there is nothing to compare against.
    [{ plannedMinutes: 900, minutesLeftInWorkDay: null }, '15 h planned', null, null],
  ])('%o: %s, %s, over by %s', (patch, planned, left, overBy) => {
    const summary = summarizeTodayPlan(plan(patch));
    expect(summary.planned).toBe(planned);
    expect(summary.left).toBe(left);
    expect(summary.overBy).toBe(overBy);
  });

  it.each([
    [0, null],
    [1, '1 without an estimate'],
    [4, '4 without an estimate'],
  ])('%d unestimated tasks read %s', (unestimatedCount, expected) => {
    expect(summarizeTodayPlan(plan({ unestimatedCount })).unestimated).toBe(expected);
  });
});

describe('findTodayFullReason', () => {
  it.each([
    [{ openCount: 4, dailyLimit: 5 }, undefined],
    [{ openCount: 5, dailyLimit: 5 }, 'Today is full: 5 of 5, your daily limit'],
    [{ openCount: 6, dailyLimit: 5 }, 'Today is full: 6 of 5, your daily limit'],
    [{ openCount: 2, dailyLimit: 2 }, 'Today is full: 2 of 2, your daily limit'],
    [{ openCount: 40, dailyLimit: 0 }, undefined],
  ])('%o: %s', (counts, expected) => {
    expect(findTodayFullReason(counts)).toBe(expected);
  });
});
