import { describe, expect, it } from 'vitest';
import { getNewTaskDefaults } from './new-task-defaults';

const listId = '0b5e0f39-6a7b-4b1e-9a53-3d2f1f8f6d21';

describe('getNewTaskDefaults', () => {
  it.each([
    [{}, {}],
    [{ listId }, { listId }],
    [
      { urgency: 'low' as const, importance: 'high' as const },
      { urgency: 'low', importance: 'high' },
    ],
    [{ view: 'today' as const }, { addedToToday: true }],
    [{ view: 'urgent' as const }, { urgency: 'high' }],
    [{ view: 'important' as const }, { importance: 'high' }],
    [
      { view: 'top-priority' as const, listId },
      { listId, urgency: 'high', importance: 'high' },
    ],
    // Views a new task cannot be made to match on its own add nothing.
    [{ view: 'overdue' as const }, {}],
    [{ view: 'archived' as const }, {}],
  ])('%j → %j', (search, expected) => {
    expect(getNewTaskDefaults(search)).toEqual(expected);
  });
});
