import type { Task, TaskDetail, TaskPage } from '@cairn/contracts/tasks';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { taskKeys } from '../task-keys';

/** What a paginated task listing holds in the cache. */
export type TaskListData = InfiniteData<TaskPage, string | null>;

/** The cached listings and details as they were before an optimistic change, to put back on failure. */
export type TaskCacheSnapshot = [QueryKey, unknown][];

function mapListItems(data: TaskListData | undefined, map: (items: Task[]) => Task[]) {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: map(page.items) })) };
}

/** Stops refetches that would overwrite an optimistic change, and remembers what the cache held. */
export async function snapshotTaskCaches(queryClient: QueryClient): Promise<TaskCacheSnapshot> {
  await Promise.all([
    queryClient.cancelQueries({ queryKey: taskKeys.taskLists() }),
    queryClient.cancelQueries({ queryKey: taskKeys.details() }),
  ]);
  return [
    ...queryClient.getQueriesData({ queryKey: taskKeys.taskLists() }),
    ...queryClient.getQueriesData({ queryKey: taskKeys.details() }),
  ];
}

export function restoreTaskCaches(queryClient: QueryClient, snapshot: TaskCacheSnapshot | undefined): void {
  for (const [queryKey, data] of snapshot ?? []) queryClient.setQueryData(queryKey, data);
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
