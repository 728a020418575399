import { levels, smartViews, taskSorts, taskStatuses } from '@cairn/contracts/tasks';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { boardSearchSchema } from './board-search';
import { classicListSearchSchema } from './task-search';

const LIST_ID = '0190a5c4-1111-7000-8000-000000000001';

/** The zod schemas these checks replace, built from the contract: the URL must read exactly as before. */
const filtersReference = z.object({
  view: z.enum(smartViews).optional().catch(undefined),
  listId: z.uuid().optional().catch(undefined),
  urgency: z.enum(levels).optional().catch(undefined),
  importance: z.enum(levels).optional().catch(undefined),
  status: z.enum(taskStatuses).optional().catch(undefined),
  q: z.string().trim().min(1).max(200).optional().catch(undefined),
});
const classicListReference = filtersReference.extend({
  sort: z.enum(taskSorts).optional().catch(undefined),
  order: z.enum(['asc', 'desc']).optional().catch(undefined),
  group: z.enum(['list', 'due', 'none']).optional().catch(undefined),
});
const boardReference = filtersReference.extend({ subtasks: z.boolean().optional().catch(undefined) });

/** A key holding undefined is not written to the URL, so it counts as absent. */
function definedOnly(search: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined));
}

// Search values as TanStack Router parses them from the URL: strings, numbers, booleans, objects.
const searches: Record<string, unknown>[] = [
  {},
  { view: 'today', listId: LIST_ID, urgency: 'high', importance: 'low', status: 'completed', q: 'milk' },
  { sort: 'title', order: 'desc', group: 'due', subtasks: true },
  { subtasks: false },
  { subtasks: 'true' },
  { subtasks: 1 },
  { view: 'someday', urgency: 'extreme', status: 'done', sort: 'random', order: 'up', group: 'week' },
  { view: 7, listId: 42, urgency: null, importance: [], status: {}, q: 123 },
  { listId: LIST_ID.toUpperCase() },
  { listId: '00000000-0000-0000-0000-000000000000' },
  { listId: 'ffffffff-ffff-ffff-ffff-ffffffffffff' },
  { listId: '0190a5c4-1111-9000-8000-000000000001' },
  { listId: 'not-a-uuid' },
  { q: '  milk  ' },
  { q: '   ' },
  { q: '' },
  { q: 'x'.repeat(200) },
  { q: 'x'.repeat(201) },
  { q: ` ${'x'.repeat(200)} ` },
  { redirect: '/elsewhere', unknown: 'dropped' },
  ...smartViews.map((view) => ({ view })),
  ...levels.map((level) => ({ urgency: level, importance: level })),
  ...taskStatuses.map((status) => ({ status })),
  ...taskSorts.map((sort) => ({ sort })),
];

describe('task screens search params', () => {
  it.each(searches)('the classic list reads %o as before', (search) => {
    expect(classicListSearchSchema(search)).toEqual(definedOnly(classicListReference.parse(search)));
  });

  it.each(searches)('the board and the grid read %o as before', (search) => {
    expect(boardSearchSchema(search)).toEqual(definedOnly(boardReference.parse(search)));
  });

  it('keeps valid values and drops invalid ones', () => {
    expect(
      classicListSearchSchema({ view: 'overdue', q: '  milk ', sort: 'nope', listId: 'x', extra: 1 }),
    ).toEqual({ view: 'overdue', q: 'milk' });
    expect(boardSearchSchema({ status: 'open', subtasks: true, group: 'list' })).toEqual({
      status: 'open',
      subtasks: true,
    });
  });
});
