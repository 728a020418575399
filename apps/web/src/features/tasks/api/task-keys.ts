import type { ListRewardsQuery } from '@cairn/contracts/task-planning';
import type { ListTaskGroupsQuery, ListTasksQuery } from '@cairn/contracts/tasks';
import type { QueryClient } from '@tanstack/react-query';

/** A task listing's filters and sort; the cursor and page size belong to the query, not to its key. */
export type TaskListParams = Omit<ListTasksQuery, 'cursor' | 'limit'>;

/** The board's or the grid's groups: their filters, sort and grouping; the page size belongs to the query. */
export type TaskGroupsParams = Omit<ListTaskGroupsQuery, 'limit'>;

/** Which rewards a listing shows: waiting to be claimed, claimed, or both. */
export type RewardStatus = NonNullable<ListRewardsQuery['status']>;

/**
 * Every cache key of the tasks area, defined once. Everything lives under ['tasks'], so a change to tasks
 * can refresh the whole area without touching other features' data.
 */
export const taskKeys = {
  all: ['tasks'] as const,
  /** Every task listing (board, list, grid, trash, archive), whatever its filters. */
  taskLists: () => [...taskKeys.all, 'task-list'] as const,
  taskList: (params: TaskListParams) => [...taskKeys.taskLists(), params] as const,
  /** The first page of each board column or grid cell; each then lives on as its own taskList. */
  taskGroups: (params: TaskGroupsParams) => [...taskKeys.all, 'task-groups', params] as const,
  details: () => [...taskKeys.all, 'detail'] as const,
  detail: (taskId: string) => [...taskKeys.details(), taskId] as const,
  checklist: (taskId: string) => [...taskKeys.all, 'checklist', taskId] as const,
  trees: () => [...taskKeys.all, 'tree'] as const,
  taskTree: (taskId: string) => [...taskKeys.trees(), 'task', taskId] as const,
  listTree: (listId: string) => [...taskKeys.trees(), 'list', listId] as const,
  smartViewCounts: () => [...taskKeys.all, 'smart-view-counts'] as const,
  /** Today's load against the daily limit and the work day; refreshed with the counts (refreshTaskCounts). */
  todayPlan: () => [...taskKeys.all, 'today-plan'] as const,
  /** The rewards screen's listings, claimable and claimed. */
  rewards: () => [...taskKeys.all, 'rewards'] as const,
  rewardList: (status: RewardStatus) => [...taskKeys.rewards(), status] as const,
  /** The user's lists (with their task counts). */
  lists: () => [...taskKeys.all, 'lists'] as const,
  list: (listId: string) => [...taskKeys.lists(), listId] as const,
  columns: () => [...taskKeys.all, 'columns'] as const,
};

/**
 * After a change whose reach the cache cannot work out (a list or a column deleted, the trash emptied,
 * a batch that moves tasks with their subtrees): every listing, detail, tree and count may show it, so
 * the ones on screen refetch, every loaded page of them. A change to one task updates the cache in place
 * instead (placeCachedTask in tasks/task-cache.ts). Columns are left alone, since no task change alters them.
 */
export function invalidateTaskData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: taskKeys.all,
    predicate: (query) => query.queryKey[1] !== 'columns',
  });
}
