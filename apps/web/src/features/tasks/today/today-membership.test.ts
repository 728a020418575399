import type { TodayPlan } from '@cairn/contracts/task-planning';
import type { Task } from '@cairn/contracts/tasks';
import { describe, expect, it } from 'vitest';
import { buildTask } from '../testing/build-task';
import { isInToday, shiftTodayPlan } from './today-membership';

const clock = { now: new Date('2026-11-25T15:00:00Z'), timeZone: 'Europe/Paris' };

function task(patch: Partial<Task> = {}): Task {
  return buildTask({
    columnId: '0190a5c4-1111-7000-8000-0000000000c1',
    priority: 1024,
    createdAt: new Date('2026-11-01T10:00:00Z'),
    updatedAt: new Date('2026-11-01T10:00:00Z'),
    ...patch,
  });
}

describe('isInToday', () => {
  it.each([
    ['added to Today', { addedToToday: true }, true],
    [
      'kept out although due today',
      { addedToToday: false, dueDate: new Date('2026-11-25T08:00:00Z') },
      false,
    ],
    ['due later today, left to its due date', { dueDate: new Date('2026-11-25T20:00:00Z') }, true],
    ['overdue', { dueDate: new Date('2026-11-20T08:00:00Z') }, true],
    // 23:30 UTC is already tomorrow in Paris.
    ['due tomorrow in the zone', { dueDate: new Date('2026-11-25T23:30:00Z') }, false],
    ['without a due date', {}, false],
    ['archived, though added', { addedToToday: true, archivedAt: new Date('2026-11-24T08:00:00Z') }, false],
    [
      'in the trash, though added',
      { addedToToday: true, deletedAt: new Date('2026-11-24T08:00:00Z') },
      false,
    ],
    ['completed and added', { addedToToday: true, completedAt: new Date('2026-11-25T09:00:00Z') }, true],
  ] satisfies [string, Partial<Task>, boolean][])('%s: %s', (_name, patch, expected) => {
    expect(isInToday(task(patch), clock)).toBe(expected);
  });
});

describe('shiftTodayPlan', () => {
  const plan: TodayPlan = {
    openCount: 2,
    dailyLimit: 5,
    plannedMinutes: 90,
    unestimatedCount: 1,
    workDayStart: null,
    workDayEnd: null,
    minutesLeftInWorkDay: null,
  };

  it.each([
    ['an estimated task joins', { estimatedTime: 30 }, false, true, { openCount: 3, plannedMinutes: 120 }],
    ['an estimated task leaves', { estimatedTime: 30 }, true, false, { openCount: 1, plannedMinutes: 60 }],
    ['a task without an estimate joins', {}, false, true, { openCount: 3, unestimatedCount: 2 }],
    ['a task without an estimate leaves', {}, true, false, { openCount: 1, unestimatedCount: 0 }],
    ['a task already in stays', { estimatedTime: 30 }, true, true, {}],
    [
      'a completed task does not count',
      { estimatedTime: 30, completedAt: new Date('2026-11-25T09:00:00Z') },
      false,
      true,
      {},
    ],
  ] satisfies [string, Partial<Task>, boolean, boolean, Partial<TodayPlan>][])(
    '%s',
    (_name, patch, wasIn, isIn, expected) => {
      expect(shiftTodayPlan(plan, { task: task(patch), wasIn, isIn })).toEqual({ ...plan, ...expected });
    },
  );
});
