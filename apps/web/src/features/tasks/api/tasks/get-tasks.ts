import type { ListTasksQuery } from '@cairn/contracts/tasks';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { type TaskListParams, taskKeys } from '../task-keys';

/** Listings load this many tasks at a time; the classic list pages through thousands this way. */
export const TASK_PAGE_SIZE = 200;

export function getTasks(query: ListTasksQuery, { signal }: { signal?: AbortSignal } = {}) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const suffix = search.size > 0 ? `?${search}` : '';
  // Imported lazily: route loaders use this, and the contract would bring its schema library to every page.
  const schema = import('@cairn/contracts/tasks').then((contract) => contract.taskPageSchema);
  return apiRequest(`/api/v1/tasks${suffix}`, { schema, signal });
}

/** A listing loaded page by page (`fetchNextPage` follows the cursor). */
export function tasksInfiniteQueryOptions(params: TaskListParams, pageSize: number = TASK_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: taskKeys.taskList(params),
    queryFn: ({ pageParam, signal }) =>
      getTasks({ ...params, limit: pageSize, ...(pageParam && { cursor: pageParam }) }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    meta: { errorMessage: 'Could not load your tasks' },
  });
}
