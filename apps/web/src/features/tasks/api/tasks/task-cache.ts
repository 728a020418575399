import type { Task, TaskDetail, TaskPage } from '@cairn/contracts/tasks';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { type QuerySnapshot, restoreQueries, snapshotQueries } from '../../../../lib/optimistic-removal';
import { invalidateTaskData, taskKeys } from '../task-keys';

/** What a paginated task listing holds in the cache. */
export type TaskListData = InfiniteData<TaskPage, string | null>;

/** The cached listings and details as they were before an optimistic change, to put back on failure. */
export type TaskCacheSnapshot = QuerySnapshot;

/** Where a task is cached: every listing and every detail. */
const taskCacheKeys = [taskKeys.taskLists(), taskKeys.details()] as const;

function mapListItems(data: TaskListData | undefined, map: (items: Task[]) => Task[]) {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: map(page.items) })) };
}

/** Stops refetches that would overwrite an optimistic change, and remembers what the cache held. */
export function snapshotTaskCaches(queryClient: QueryClient): Promise<TaskCacheSnapshot> {
  return snapshotQueries(queryClient, taskCacheKeys);
}

export function restoreTaskCaches(queryClient: QueryClient, snapshot: TaskCacheSnapshot | undefined): void {
  restoreQueries(queryClient, snapshot);
}

/** Applies a change to one task wherever it is cached: every listing and its detail. */
export function patchCachedTask(
  queryClient: QueryClient,
  taskId: string,
  patch: Partial<Task> | ((task: Task) => Partial<Task>),
): void {
  const apply = <Value extends Task>(task: Value): Value => ({
    ...task,
    ...(typeof patch === 'function' ? patch(task) : patch),
  });
  queryClient.setQueriesData<TaskListData>({ queryKey: taskKeys.taskLists() }, (data) =>
    mapListItems(data, (items) => items.map((task) => (task.id === taskId ? apply(task) : task))),
  );
  queryClient.setQueryData<TaskDetail>(taskKeys.detail(taskId), (detail) => detail && apply(detail));
}

/** Takes tasks out of every cached listing, for changes that move them elsewhere (trash, archive). */
export function removeCachedTasks(queryClient: QueryClient, taskIds: readonly string[]): void {
  const ids = new Set(taskIds);
  queryClient.setQueriesData<TaskListData>({ queryKey: taskKeys.taskLists() }, (data) =>
    mapListItems(data, (items) => items.filter((task) => !ids.has(task.id))),
  );
}

/** Every task of a cached listing, page after page. */
export function flattenTaskPages(data: { pages: readonly TaskPage[] } | undefined): Task[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}

/**
 * For useOptimisticRemovalMutation: a task that moves elsewhere (archive, trash, back out of them) leaves
 * every cached listing at once, and every task view is refreshed once the server has answered.
 */
export const taskRemovalFromCache = {
  queryKeys: taskCacheKeys,
  removeFromCache: (queryClient: QueryClient, taskId: string) => removeCachedTasks(queryClient, [taskId]),
  invalidate: invalidateTaskData,
};
