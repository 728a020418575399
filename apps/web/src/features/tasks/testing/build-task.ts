import type { Task } from '@cairn/contracts/tasks';

/**
 * A task as the API sends it, for unit tests: an open, undated, medium task in no list, with what the
 * test sets on top.
 */
export function buildTask(patch: Partial<Task> = {}): Task {
  return {
    id: '0190a5c4-1111-7000-8000-000000000001',
    title: 'Write the report',
    dueDate: null,
    dueDateHasTime: true,
    remindAt: null,
    estimatedTime: null,
    parentId: null,
    columnId: '0190a5c4-1111-7000-8000-0000000000c1',
    listId: null,
    urgency: 'medium',
    importance: 'medium',
    priority: 0,
    isAdhoc: false,
    note: null,
    rrule: null,
    quickurrence: null,
    recurrenceId: null,
    reward: null,
    addedToToday: null,
    addedToNew: null,
    rewardedAt: null,
    completedAt: null,
    deletedAt: null,
    archivedAt: null,
    createdAt: new Date('2026-01-01T10:00:00Z'),
    updatedAt: new Date('2026-01-01T10:00:00Z'),
    checklistProgress: { completed: 0, total: 0 },
    childrenCount: 0,
    subtaskProgress: { completed: 0, total: 0 },
    ...patch,
  };
}
