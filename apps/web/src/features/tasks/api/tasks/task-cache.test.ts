import type { ListSummary } from '@cairn/contracts/lists';
import type { Task, TaskDetail } from '@cairn/contracts/tasks';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listingItems } from '../../../../lib/cache-updates';
import { buildTask } from '../../testing/build-task';
import { type TaskListParams, taskKeys } from '../task-keys';
import { placeCachedTask, removeCachedTasks, type TaskListData } from './task-cache';

const TODO = '0190a5c4-1111-7000-8000-0000000000c1';
const DOING = '0190a5c4-1111-7000-8000-0000000000c2';
const LIST = '0190a5c4-1111-7000-8000-0000000000a1';

let sequence = 0;
function task(patch: Partial<Task> = {}): Task {
  sequence += 1;
  return buildTask({
    id: `0190a5c4-1111-7000-8000-${String(sequence).padStart(12, '0')}`,
    title: `Task ${sequence}`,
    columnId: TODO,
    priority: sequence * 1024,
    ...patch,
  });
}

function listing(items: Task[], nextCursor: string | null, total?: number): TaskListData {
  return { pages: [{ items, nextCursor, ...(total !== undefined && { total }) }], pageParams: [null] };
}

let queryClient: QueryClient;
beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
});
afterEach(() => queryClient.clear());

const titlesIn = (params: TaskListParams) =>
  listingItems<Task>(queryClient.getQueryData(taskKeys.taskList(params))).map((entry) => entry.title);
const totalOf = (params: TaskListParams) =>
  queryClient.getQueryData<TaskListData>(taskKeys.taskList(params))?.pages[0]?.total;

describe('placeCachedTask', () => {
  it('a completed task leaves the open listing and joins the completed one; the list counts follow', () => {
    const done = task({ title: 'Done one', listId: LIST });
    const open = task({ title: 'Open one', listId: LIST });
    queryClient.setQueryData(taskKeys.taskList({ status: 'open' }), listing([done, open], 'more', 10));
    queryClient.setQueryData(taskKeys.taskList({ status: 'completed' }), listing([], null, 0));
    queryClient.setQueryData(taskKeys.lists(), {
      items: [{ id: LIST, openTasksCount: 2, completedTasksCount: 0 } as ListSummary],
    });

    placeCachedTask(queryClient, { ...done, completedAt: new Date() }, { previous: done });

    expect(titlesIn({ status: 'open' })).toEqual(['Open one']);
    expect(totalOf({ status: 'open' })).toBe(9);
    expect(titlesIn({ status: 'completed' })).toEqual(['Done one']);
    expect(totalOf({ status: 'completed' })).toBe(1);
    expect(queryClient.getQueryData<{ items: ListSummary[] }>(taskKeys.lists())?.items[0]).toMatchObject({
      openTasksCount: 1,
      completedTasksCount: 1,
    });
  });

  it('a card moved between per-column caches leaves one and lands in the other at its place', () => {
    const moving = task({ title: 'Moving' });
    const stays = task({ title: 'Stays' });
    const first = task({ title: 'First', columnId: DOING, priority: 0 });
    const last = task({ title: 'Last', columnId: DOING, priority: 90_000 });
    const board = { status: 'all', sort: 'position' } as const;
    queryClient.setQueryData(
      taskKeys.taskList({ ...board, columnId: TODO }),
      listing([moving, stays], null, 2),
    );
    queryClient.setQueryData(
      taskKeys.taskList({ ...board, columnId: DOING }),
      listing([first, last], null, 2),
    );

    placeCachedTask(queryClient, { ...moving, columnId: DOING, priority: 500 }, { previous: moving });

    expect(titlesIn({ ...board, columnId: TODO })).toEqual(['Stays']);
    expect(totalOf({ ...board, columnId: TODO })).toBe(1);
    expect(titlesIn({ ...board, columnId: DOING })).toEqual(['First', 'Moving', 'Last']);
    expect(totalOf({ ...board, columnId: DOING })).toBe(3);
  });

  it('keeps the detail and the parent’s subtask progress in step', () => {
    const parent = task({ title: 'Parent', subtaskProgress: { completed: 0, total: 2 }, childrenCount: 2 });
    const child = task({ title: 'Child', parentId: parent.id });
    queryClient.setQueryData(taskKeys.taskList({}), listing([parent, child], null));
    queryClient.setQueryData<TaskDetail>(taskKeys.detail(child.id), {
      ...child,
      children: [],
      breadcrumbs: [],
      checklistItems: [],
      level: 1,
    });
    const renamed = { ...child, title: 'Child, renamed', completedAt: new Date() };

    placeCachedTask(queryClient, renamed, { previous: child });

    const [cachedParent] = listingItems<Task>(queryClient.getQueryData(taskKeys.taskList({})));
    expect(cachedParent?.subtaskProgress).toEqual({ completed: 1, total: 2 });
    expect(queryClient.getQueryData<TaskDetail>(taskKeys.detail(child.id))?.title).toBe('Child, renamed');
  });

  it('a new task joins the listings it matches, at its place, and counts in their totals', () => {
    const early = task({ title: 'Early', dueDate: new Date('2026-03-01T00:00:00Z') });
    const late = task({ title: 'Late', dueDate: new Date('2026-03-09T00:00:00Z') });
    const params = { status: 'open', sort: 'dueDate' } as const;
    queryClient.setQueryData(taskKeys.taskList(params), listing([early, late], 'more', 30));
    queryClient.setQueryData(taskKeys.taskList({ ...params, urgency: 'high' }), listing([], null, 0));

    placeCachedTask(queryClient, task({ title: 'Middle', dueDate: new Date('2026-03-05T00:00:00Z') }), {
      isNew: true,
    });

    expect(titlesIn(params)).toEqual(['Early', 'Middle', 'Late']);
    expect(totalOf(params)).toBe(31);
    expect(titlesIn({ ...params, urgency: 'high' })).toEqual([]);
    expect(totalOf({ ...params, urgency: 'high' })).toBe(0);
  });
});

describe('removeCachedTasks', () => {
  it('takes the task and the subtasks cached under it out of every listing', () => {
    const parent = task({ title: 'Parent' });
    const child = task({ title: 'Child', parentId: parent.id });
    const grandchild = task({ title: 'Grandchild', parentId: child.id });
    const other = task({ title: 'Other' });
    queryClient.setQueryData(taskKeys.taskList({}), listing([parent, other, grandchild], null, 3));
    queryClient.setQueryData(taskKeys.taskList({ parentId: parent.id }), listing([child], null, 1));

    expect(new Set(removeCachedTasks(queryClient, [parent.id]))).toEqual(
      new Set([parent.id, child.id, grandchild.id]),
    );
    expect(titlesIn({})).toEqual(['Other']);
    expect(totalOf({})).toBe(1);
    expect(titlesIn({ parentId: parent.id })).toEqual([]);
  });
});
