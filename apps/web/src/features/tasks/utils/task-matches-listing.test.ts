import type { Task } from '@cairn/contracts/tasks';
import { describe, expect, it } from 'vitest';
import type { TaskListParams } from '../api/task-keys';
import { buildTask } from '../testing/build-task';
import { compareTasksForListing, taskMatchesListing } from './task-matches-listing';

const LIST = '0190a5c4-1111-7000-8000-0000000000a1';
const COLUMN = '0190a5c4-1111-7000-8000-0000000000c1';
const PARENT = '0190a5c4-1111-7000-8000-0000000000f1';

function task(patch: Partial<Task> = {}): Task {
  return buildTask({ title: 'Water the plants', columnId: COLUMN, ...patch });
}

// 23:30 in Warsaw on 14 March; the Warsaw day ends in half an hour.
const clock = { now: new Date('2026-03-14T22:30:00Z'), timeZone: 'Europe/Warsaw' };
const at = (iso: string) => new Date(iso);

describe('taskMatchesListing', () => {
  it.each<[string, Partial<Task>, TaskListParams, boolean]>([
    ['an open task in the open list', {}, { status: 'open' }, true],
    [
      'a completed task leaves the open list',
      { completedAt: at('2026-03-14T08:00:00Z') },
      { status: 'open' },
      false,
    ],
    [
      'a completed task in the completed list',
      { completedAt: at('2026-03-14T08:00:00Z') },
      { status: 'completed' },
      true,
    ],
    ['any task in status all', { completedAt: at('2026-03-14T08:00:00Z') }, { status: 'all' }, true],
    [
      'a trashed task leaves every listing but the trash',
      { deletedAt: at('2026-03-14T08:00:00Z') },
      {},
      false,
    ],
    [
      'a trashed task is in the trash',
      { deletedAt: at('2026-03-14T08:00:00Z') },
      { isDeleted: 'true' },
      true,
    ],
    ['a live task is not in the trash', {}, { isDeleted: 'true' }, false],
    ['an archived task leaves plain listings', { archivedAt: at('2026-03-14T08:00:00Z') }, {}, false],
    [
      'an archived task is in the archived view',
      { archivedAt: at('2026-03-14T08:00:00Z') },
      { view: 'archived' },
      true,
    ],
    [
      'an archived task is in no other view',
      { archivedAt: at('2026-03-14T08:00:00Z'), urgency: 'high' },
      { view: 'urgent' },
      false,
    ],
    ['the task in its column', {}, { columnId: COLUMN }, true],
    ['the task not in another column', {}, { columnId: PARENT }, false],
    ['the task in its list', { listId: LIST }, { listId: LIST }, true],
    ['a task without a list is not in a list', {}, { listId: LIST }, false],
    ['a top-level task under parentId none', {}, { parentId: 'none' }, true],
    ['a subtask is not top level', { parentId: PARENT }, { parentId: 'none' }, false],
    ['a subtask under its parent', { parentId: PARENT }, { parentId: PARENT }, true],
    [
      'the cell of its urgency and importance',
      { urgency: 'high', importance: 'low' },
      { urgency: 'high', importance: 'low' },
      true,
    ],
    [
      'not another cell',
      { urgency: 'high', importance: 'low' },
      { urgency: 'high', importance: 'high' },
      false,
    ],
    ['a search that the title contains, whatever the case', {}, { q: 'PLANT' }, true],
    ['a search that the note contains', { note: 'Use rain water' }, { q: 'rain' }, true],
    ['a search found nowhere', {}, { q: 'garage' }, false],
    ['due today (Warsaw) is in Today', { dueDate: at('2026-03-14T22:00:00Z') }, { view: 'today' }, true],
    [
      'due after midnight (Warsaw) is Tomorrow, not Today',
      { dueDate: at('2026-03-14T23:10:00Z') },
      { view: 'today' },
      false,
    ],
    [
      'due after midnight (Warsaw) is in Tomorrow',
      { dueDate: at('2026-03-14T23:10:00Z') },
      { view: 'tomorrow' },
      true,
    ],
    [
      'taken out of Today by hand',
      { dueDate: at('2026-03-14T20:00:00Z'), addedToToday: false },
      { view: 'today' },
      false,
    ],
    ['put in Today by hand', { addedToToday: true }, { view: 'today' }, true],
    ['overdue from yesterday', { dueDate: at('2026-03-13T12:00:00Z') }, { view: 'overdue' }, true],
    ['earlier today is not overdue', { dueDate: at('2026-03-14T08:00:00Z') }, { view: 'overdue' }, false],
    ['created this week is new', { createdAt: at('2026-03-10T08:00:00Z') }, { view: 'new' }, true],
    ['created long ago is not new', {}, { view: 'new' }, false],
    ['planned has a due date', {}, { view: 'planned' }, false],
    [
      'top priority needs both levels high',
      { urgency: 'high', importance: 'high' },
      { view: 'top-priority' },
      true,
    ],
    ['recurrent has a rule', { rrule: 'FREQ=DAILY' }, { view: 'recurrent' }, true],
    ['due from', { dueDate: at('2026-03-20T00:00:00Z') }, { dueFrom: '2026-03-21T00:00:00Z' }, false],
    ['due to', { dueDate: at('2026-03-20T00:00:00Z') }, { dueTo: '2026-03-21T00:00:00Z' }, true],
    [
      'completed from',
      { completedAt: at('2026-03-14T08:00:00Z') },
      { completedFrom: '2026-03-14T00:00:00Z' },
      true,
    ],
    ['done since keeps open tasks', {}, { doneSince: '2026-03-14T00:00:00Z' }, true],
    [
      'done since leaves out earlier completions',
      { completedAt: at('2026-03-13T08:00:00Z') },
      { doneSince: '2026-03-14T00:00:00Z' },
      false,
    ],
  ])('%s', (_name, patch, params, expected) => {
    expect(taskMatchesListing(task(patch), params, clock)).toBe(expected);
  });

  it('cannot decide for a filter it does not know', () => {
    const params = { status: 'open', groupBy: 'column' } as TaskListParams;
    expect(taskMatchesListing(task(), params, clock)).toBeUndefined();
  });
});

describe('compareTasksForListing', () => {
  const a = task({ id: '0190a5c4-1111-7000-8000-00000000000a', priority: 2048, dueDate: null, title: 'b' });
  const b = task({
    id: '0190a5c4-1111-7000-8000-00000000000b',
    priority: 1024,
    dueDate: at('2026-03-20T00:00:00Z'),
    title: 'A',
  });
  const c = task({
    id: '0190a5c4-1111-7000-8000-00000000000c',
    priority: 1024,
    dueDate: at('2026-03-19T00:00:00Z'),
    title: 'c',
  });
  const sortIds = (params: TaskListParams) =>
    [a, b, c].sort(compareTasksForListing(params)).map((entry) => entry.id.at(-1));

  it.each<[TaskListParams, (string | undefined)[]]>([
    [{}, ['b', 'c', 'a']],
    [{ sort: 'position', order: 'desc' }, ['a', 'c', 'b']],
    [{ sort: 'dueDate' }, ['c', 'b', 'a']],
    [{ sort: 'dueDate', order: 'desc' }, ['a', 'b', 'c']],
    [{ sort: 'title' }, ['b', 'a', 'c']],
  ])('orders by %j, then by id', (params, expected) => {
    expect(sortIds(params)).toEqual(expected);
  });
});
