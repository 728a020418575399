import type { Task, TaskGroups } from '@cairn/contracts/tasks';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { type TaskGroupsParams, taskKeys } from '../task-keys';
import { groupListParams, seedGroupListings } from './get-task-groups';
import type { TaskListData } from './task-cache';

const todo = '00000000-0000-4000-8000-000000000001';
const done = '00000000-0000-4000-8000-000000000002';
const doneSince = '2026-03-09T23:00:00.000Z';
const params: TaskGroupsParams = { groupBy: 'column', status: 'all', sort: 'position', doneSince };

const task = (id: string) => ({ id, title: id }) as Task;

function groups(todoCursor: string | null): TaskGroups {
  return {
    groups: [
      { columnId: todo, items: [task('a'), task('b')], nextCursor: todoCursor, total: 7 },
      { columnId: done, items: [task('c')], nextCursor: null, total: 1, hiddenCount: 4 },
    ],
  };
}

let queryClient: QueryClient;
afterEach(() => queryClient?.clear());

describe('seeding each group’s listing from the groups answer', () => {
  it('writes each first page, with its total, under the key its column reads', () => {
    queryClient = new QueryClient();
    seedGroupListings(queryClient, params, groups('cursor-1'));

    const todoKey = taskKeys.taskList(groupListParams(params, { columnId: todo }));
    expect(todoKey[2]).toEqual({ status: 'all', sort: 'position', columnId: todo });
    expect(queryClient.getQueryData<TaskListData>(todoKey)).toEqual({
      pages: [{ items: [task('a'), task('b')], nextCursor: 'cursor-1', total: 7 }],
      pageParams: [null],
    });
    // The completion column hides earlier completions, so its listing keeps doneSince.
    const doneKey = taskKeys.taskList(groupListParams(params, { columnId: done }, { isHidingEarlier: true }));
    expect(doneKey[2]).toMatchObject({ columnId: done, doneSince });
    expect(queryClient.getQueryData<TaskListData>(doneKey)?.pages[0]?.total).toBe(1);
    // Showing every completion is another listing, left for the column to load.
    expect(queryClient.getQueryData(taskKeys.taskList(groupListParams(params, { columnId: done })))).toBe(
      undefined,
    );
  });

  it('keeps a scrolled column’s later pages when its first page still ends where it did', () => {
    queryClient = new QueryClient();
    const key = taskKeys.taskList(groupListParams(params, { columnId: todo }));
    const scrolled: TaskListData = {
      pages: [
        { items: [task('a'), task('b')], nextCursor: 'cursor-1', total: 7 },
        { items: [task('d'), task('e')], nextCursor: 'cursor-2' },
      ],
      pageParams: [null, 'cursor-1'],
    };
    queryClient.setQueryData(key, scrolled);
    seedGroupListings(queryClient, params, groups('cursor-1'));
    expect(queryClient.getQueryData<TaskListData>(key)?.pages.map((page) => page.items.length)).toEqual([
      2, 2,
    ]);

    // A first page that now ends elsewhere starts the column over.
    seedGroupListings(queryClient, params, groups('cursor-9'));
    expect(queryClient.getQueryData<TaskListData>(key)).toEqual({
      pages: [{ items: [task('a'), task('b')], nextCursor: 'cursor-9', total: 7 }],
      pageParams: [null],
    });
  });

  it('continues a cell with its urgency and importance in place of the filters’', () => {
    const cellParams: TaskGroupsParams = { groupBy: 'cell', status: 'open', sort: 'dueDate', q: 'tax' };
    expect(groupListParams(cellParams, { urgency: 'high', importance: 'low' })).toEqual({
      status: 'open',
      sort: 'dueDate',
      q: 'tax',
      urgency: 'high',
      importance: 'low',
    });
  });
});
