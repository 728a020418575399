import type { ChecklistItem } from '@cairn/contracts/tasks';
import { describe, expect, it } from 'vitest';
import { getChecklistProgress } from './checklist-cache';

function item(isOptional: boolean, isDone: boolean): ChecklistItem {
  return {
    id: crypto.randomUUID(),
    taskId: crypto.randomUUID(),
    title: 'Item',
    priority: 0,
    isOptional,
    completedAt: isDone ? new Date() : null,
    archivedAt: null,
    deletedAt: null,
  };
}

describe('getChecklistProgress', () => {
  it.each([
    [[], 0, 0],
    [[item(false, false), item(false, true)], 1, 2],
    [[item(false, true), item(true, true), item(true, false)], 1, 1],
    [[item(true, false)], 0, 0],
  ])('counts only the items that are not optional (%#)', (items, completed, total) => {
    expect(getChecklistProgress(items)).toEqual({ completed, total });
  });
});
