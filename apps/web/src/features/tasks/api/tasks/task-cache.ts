import type { ListSummary } from '@cairn/contracts/lists';
import type { Task, TaskDetail, TaskPage, TaskTreeNode } from '@cairn/contracts/tasks';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { getBrowserTimeZone } from '../../../../lib/api-client';
import {
  type ListingRules,
  listingItems,
  markQueriesStale,
  patchCachedItems,
  placeCachedItem,
  removeCachedItems,
} from '../../../../lib/cache-updates';
import { type QuerySnapshot, restoreQueries, snapshotQueries } from '../../../../lib/optimistic-removal';
import { compareTasksForListing, taskMatchesListing } from '../../utils/task-matches-listing';
import { type TaskListParams, taskKeys } from '../task-keys';

/** What a paginated task listing holds in the cache. */
export type TaskListData = InfiniteData<TaskPage, string | null>;

/** The cached task data as it was before an optimistic change, to put back on failure. */
export type TaskCacheSnapshot = QuerySnapshot;

/**
 * Where a task change shows: every listing, every detail (a parent's too), the trees, and the lists'
 * counts, all held still while the change is pending and put back together if it fails.
 */
const taskCacheKeys = [taskKeys.taskLists(), taskKeys.details(), taskKeys.trees(), taskKeys.lists()] as const;

const paramsOf = (queryKey: QueryKey) => queryKey[2] as TaskListParams;

/** The API's filters and order, with "today" read in the zone every request sends. */
const taskListingRules: ListingRules<Task> = {
  isInListing: (task, queryKey) =>
    taskMatchesListing(task, paramsOf(queryKey), { now: new Date(), timeZone: getBrowserTimeZone() }),
  compare: (queryKey) => compareTasksForListing(paramsOf(queryKey)),
};

/** Stops refetches that would overwrite an optimistic change, and remembers what the cache held. */
export function snapshotTaskCaches(queryClient: QueryClient): Promise<TaskCacheSnapshot> {
  return snapshotQueries(queryClient, taskCacheKeys);
}

export function restoreTaskCaches(queryClient: QueryClient, snapshot: TaskCacheSnapshot | undefined): void {
  restoreQueries(queryClient, snapshot);
}

/** A task's detail without what only the detail has, so it can stand in a listing. */
function toTask({ children: _c, breadcrumbs: _b, checklistItems: _i, level: _l, ...task }: TaskDetail): Task {
  return task;
}

/** The task as the cache has it: from any listing, else from its detail. */
export function findCachedTask(queryClient: QueryClient, taskId: string): Task | undefined {
  for (const [, data] of queryClient.getQueriesData<TaskListData>({ queryKey: taskKeys.taskLists() })) {
    const task = listingItems(data).find((entry) => entry.id === taskId);
    if (task) return task;
  }
  const detail = queryClient.getQueryData<TaskDetail>(taskKeys.detail(taskId));
  return detail && toTask(detail);
}

/** Applies a change to one task wherever it is cached, leaving it where it is: every listing and its detail. */
export function patchCachedTask(
  queryClient: QueryClient,
  taskId: string,
  patch: Partial<Task> | ((task: Task) => Partial<Task>),
): void {
  const apply = <Value extends Task>(task: Value): Value => ({
    ...task,
    ...(typeof patch === 'function' ? patch(task) : patch),
  });
  patchCachedItems<Task>(queryClient, {
    queryKey: taskKeys.taskLists(),
    isMatch: (task) => task.id === taskId,
    update: apply,
  });
  queryClient.setQueryData<TaskDetail>(taskKeys.detail(taskId), (detail) => detail && apply(detail));
}

function mapTree(nodes: TaskTreeNode[], map: (node: TaskTreeNode) => TaskTreeNode | null): TaskTreeNode[] {
  return nodes.flatMap((node) => {
    const mapped = map(node);
    return mapped ? [{ ...mapped, children: mapTree(mapped.children, map) }] : [];
  });
}

/** A task's fields as the trees show them; a task put in the trash leaves them. */
function patchCachedTrees(queryClient: QueryClient, task: Task) {
  queryClient.setQueriesData<TaskTreeNode[]>({ queryKey: taskKeys.trees() }, (forest) =>
    Array.isArray(forest)
      ? mapTree(forest, (node) => {
          if (node.id !== task.id) return node;
          if (task.deletedAt) return null;
          const { title, listId, completedAt, archivedAt, dueDate, dueDateHasTime } = task;
          return { ...node, title, listId, completedAt, archivedAt, dueDate, dueDateHasTime };
        })
      : forest,
  );
}

/** How a task counts in its parent's subtask progress: archived and trashed subtasks do not. */
function subtaskShare(task: Task | undefined): { completed: number; total: number } {
  if (!task || task.archivedAt || task.deletedAt) return { completed: 0, total: 0 };
  return { completed: task.completedAt ? 1 : 0, total: 1 };
}

/** Keeps the parent's "2/5" and its task page's subtask list in step with the subtask's change. */
function updateCachedParent(queryClient: QueryClient, task: Task, previous: Task | undefined) {
  if (!task.parentId) return;
  if (!previous || previous.parentId !== task.parentId) {
    // A new or re-parented subtask: the parent's own answer is the one to trust.
    void queryClient.invalidateQueries({ queryKey: taskKeys.detail(task.parentId), exact: true });
    return;
  }
  const before = subtaskShare(previous);
  const after = subtaskShare(task);
  const completed = after.completed - before.completed;
  const total = after.total - before.total;
  if (completed !== 0 || total !== 0) {
    patchCachedTask(queryClient, task.parentId, (parent) => ({
      subtaskProgress: {
        completed: parent.subtaskProgress.completed + completed,
        total: parent.subtaskProgress.total + total,
      },
    }));
  }
  queryClient.setQueryData<TaskDetail>(taskKeys.detail(task.parentId), (detail) => {
    if (!detail) return detail;
    const { id, title, completedAt, archivedAt, dueDate, dueDateHasTime } = task;
    const children = task.deletedAt
      ? detail.children.filter((child) => child.id !== id)
      : detail.children.map((child) =>
          child.id === id ? { id, title, completedAt, archivedAt, dueDate, dueDateHasTime } : child,
        );
    return { ...detail, children };
  });
}

/** How a task counts in its list's open and completed counts: live, unarchived tasks only. */
function listShare(task: Task | undefined) {
  if (!task?.listId || task.archivedAt || task.deletedAt) return null;
  return { listId: task.listId, isCompleted: task.completedAt !== null };
}

/** The sidebar's list counts, moved from what the task counted for to what it counts for now. */
function updateCachedListCounts(queryClient: QueryClient, task: Task, previous: Task | undefined) {
  const before = listShare(previous);
  const after = listShare(task);
  if (before?.listId === after?.listId && before?.isCompleted === after?.isCompleted) return;
  const shift = (list: ListSummary, share: ReturnType<typeof listShare>, by: number): ListSummary => {
    if (share?.listId !== list.id) return list;
    return share.isCompleted
      ? { ...list, completedTasksCount: Math.max(0, list.completedTasksCount + by) }
      : { ...list, openTasksCount: Math.max(0, list.openTasksCount + by) };
  };
  queryClient.setQueryData<{ items: ListSummary[] }>(
    taskKeys.lists(),
    (data) => data && { ...data, items: data.items.map((list) => shift(shift(list, before, -1), after, 1)) },
  );
}

/**
 * The task queries no change here keeps exactly right (a single list's page, other tasks' details, the
 * board's groups): marked stale, so they refresh when next shown rather than now.
 */
function markOtherTaskQueriesStale(queryClient: QueryClient, taskId: string) {
  const kept = new Set(['task-list', 'columns', 'smart-view-counts']);
  return markQueriesStale(queryClient, {
    queryKey: taskKeys.all,
    predicate: ({ queryKey }) => {
      const [, kind, id] = queryKey;
      if (typeof kind === 'string' && kept.has(kind)) return false;
      if (kind === 'lists' && queryKey.length === 2) return false;
      return !(kind === 'detail' && id === taskId);
    },
  });
}

export interface PlaceCachedTaskOptions {
  /** The task as the cache had it before this change; found in the cache when left out. */
  previous?: Task | undefined;
  /** A task just created: no listing or count held it before. */
  isNew?: boolean;
  /** The change already took the task out of every listing (see removeCachedTasks); counts still held it. */
  isOutOfListings?: boolean;
}

/**
 * Puts a changed (or new) task wherever the cache shows tasks, as a refetch would: every listing (it
 * leaves those it no longer matches and joins, at its sorted place, those it now matches, totals
 * adjusted), its detail, its parent's progress, the trees and the lists' counts. Nothing is refetched
 * but what only the server knows: see refreshTaskCounts.
 */
export function placeCachedTask(queryClient: QueryClient, task: Task, options: PlaceCachedTaskOptions = {}) {
  const isNew = options.isNew ?? false;
  const previous = isNew ? undefined : (options.previous ?? findCachedTask(queryClient, task.id));
  placeCachedItem(queryClient, {
    queryKey: taskKeys.taskLists(),
    item: task,
    previous,
    isNew: isNew || options.isOutOfListings === true,
    rules: taskListingRules,
  });
  queryClient.setQueryData<TaskDetail>(
    taskKeys.detail(task.id),
    (detail) => detail && { ...detail, ...task },
  );
  patchCachedTrees(queryClient, task);
  updateCachedParent(queryClient, task, previous);
  if (previous || isNew) updateCachedListCounts(queryClient, task, previous);
  else void queryClient.invalidateQueries({ queryKey: taskKeys.lists(), exact: true });
  void markOtherTaskQueriesStale(queryClient, task.id);
}

/**
 * Takes tasks, and the subtasks the cache knows under them, out of every cached listing and tree, for
 * changes that send a whole subtree elsewhere (trash, deleted for good). Answers the ids taken out.
 */
export function removeCachedTasks(queryClient: QueryClient, taskIds: readonly string[]): string[] {
  const ids = new Set(taskIds);
  const cached = queryClient
    .getQueriesData<TaskListData>({ queryKey: taskKeys.taskLists() })
    .flatMap(([, data]) => listingItems(data));
  // Subtasks whose parent leaves, to any depth, as far as the cache knows them.
  let isGrowing = true;
  while (isGrowing) {
    isGrowing = false;
    for (const task of cached) {
      if (task.parentId && ids.has(task.parentId) && !ids.has(task.id)) {
        ids.add(task.id);
        isGrowing = true;
      }
    }
  }
  const incomplete = removeCachedItems<Task>(queryClient, { queryKey: taskKeys.taskLists(), ids });
  // A listing not fully loaded may hold more of the subtree further down.
  for (const queryKey of incomplete) void markQueriesStale(queryClient, { queryKey, exact: true });
  queryClient.setQueriesData<TaskTreeNode[]>({ queryKey: taskKeys.trees() }, (forest) =>
    Array.isArray(forest) ? mapTree(forest, (node) => (ids.has(node.id) ? null : node)) : forest,
  );
  return [...ids];
}

/** Every task of a cached listing, page after page. */
export function flattenTaskPages(data: { pages: readonly TaskPage[] } | undefined): Task[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}

/**
 * After a task change, what only the server can count: the smart views' counts and Today's plan, which
 * depend on the day (small requests, made only while they are on screen). `withLists` refetches the
 * lists' counts too, for changes whose effect on them the cache cannot work out (a subtree trashed or
 * restored).
 */
export function refreshTaskCounts(queryClient: QueryClient, { withLists = false } = {}): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: taskKeys.smartViewCounts() }),
    queryClient.invalidateQueries({ queryKey: taskKeys.todayPlan() }),
    withLists && queryClient.invalidateQueries({ queryKey: taskKeys.lists(), exact: true }),
  ]);
}

/**
 * For useOptimisticRemovalMutation: a task that moves elsewhere (archive, trash, back out of them)
 * leaves every cached listing at once, with the subtasks the cache knows under it.
 */
export const taskRemovalFromCache = {
  queryKeys: taskCacheKeys,
  /** Answers the task as it was, for placing the server's answer afterwards. */
  removeFromCache: (queryClient: QueryClient, taskId: string): Task | undefined => {
    const previous = findCachedTask(queryClient, taskId);
    removeCachedTasks(queryClient, [taskId]);
    return previous;
  },
};

/** The server's answer to archiving, unarchiving or restoring: the task joins the listings it now matches. */
export function placeReturnedTask(
  queryClient: QueryClient,
  task: Task,
  { removed }: { removed: Task | undefined },
) {
  placeCachedTask(queryClient, task, { previous: removed, isOutOfListings: true });
}
