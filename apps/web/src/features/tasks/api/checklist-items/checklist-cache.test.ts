import type { ChecklistItem } from '@cairn/contracts/tasks';
import { describe, expect, it } from 'vitest';
import { getChecklistProgress, toSavedId, trackDraft } from './checklist-cache';

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

describe('items edited before they are saved', () => {
  it('wait for the saved id, or keep their own when the save failed', async () => {
    const finishSaved = trackDraft('draft-1');
    const finishRefused = trackDraft('draft-2');
    const saved = toSavedId('draft-1');
    const refused = toSavedId('draft-2');
    finishSaved('server-id');
    finishRefused();
    expect(await saved).toBe('server-id');
    expect(await refused).toBe('draft-2');
    expect(await toSavedId('already-saved')).toBe('already-saved');
  });
});
