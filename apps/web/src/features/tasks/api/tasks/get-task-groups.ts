import type { TaskGroup, TaskGroups } from '@cairn/contracts/tasks';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { type TaskGroupsParams, type TaskListParams, taskKeys } from '../task-keys';
import { tasksInfiniteQueryOptions } from './get-tasks';
import type { TaskListData } from './task-cache';

/** A board column or grid cell loads this many cards at a time: a screenful or two, never the whole set. */
export const TASK_GROUP_PAGE_SIZE = 50;

export function getTaskGroups(params: TaskGroupsParams, { signal }: { signal?: AbortSignal } = {}) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...params, limit: TASK_GROUP_PAGE_SIZE })) {
    if (value !== undefined) search.set(name, String(value));
  }
  // Imported lazily: route loaders use this, and the contract would bring its schema library to every page.
  const schema = import('@cairn/contracts/tasks').then((contract) => contract.taskGroupsSchema);
  return apiRequest(`/api/v1/tasks/groups?${search}`, { schema, signal });
}

/**
 * The listing a group continues: the groups' filters plus the group's column or cell. A completion
 * column keeps doneSince only while it hides earlier completions (`isHidingEarlier`).
 */
export function groupListParams(
  params: TaskGroupsParams,
  group: Pick<TaskGroup, 'columnId' | 'urgency' | 'importance'>,
  options: { isHidingEarlier?: boolean } = {},
): TaskListParams {
  const { groupBy: _groupBy, doneSince, ...filters } = params;
  if (group.columnId !== undefined) {
    return {
      ...filters,
      columnId: group.columnId,
      ...(options.isHidingEarlier && doneSince !== undefined && { doneSince }),
    };
  }
  return { ...filters, urgency: group.urgency, importance: group.importance };
}

/** The listing whose first page the group is, as the API pages it (hiddenCount tells which). */
function seededListParams(params: TaskGroupsParams, group: TaskGroup): TaskListParams {
  return groupListParams(params, group, { isHidingEarlier: group.hiddenCount !== undefined });
}

/**
 * Puts each group's first page into the cache of the listing it continues, so each column or cell
 * reads (and pages on through) its own listing without asking for its first page again.
 */
export function seedGroupListings(
  queryClient: QueryClient,
  params: TaskGroupsParams,
  data: TaskGroups,
): void {
  for (const group of data.groups) {
    const page = { items: group.items, nextCursor: group.nextCursor, total: group.total };
    queryClient.setQueryData<TaskListData>(taskKeys.taskList(seededListParams(params, group)), (cached) =>
      // A first page ending where the cached one did leaves the later pages' cursors valid: a column
      // scrolled far keeps its place when the board refreshes.
      cached && page.nextCursor !== null && cached.pages[0]?.nextCursor === page.nextCursor
        ? { pages: [page, ...cached.pages.slice(1)], pageParams: cached.pageParams }
        : { pages: [page], pageParams: [null] },
    );
  }
}

/** One request for the whole board (or grid): every group's first page and total. */
export function taskGroupsQueryOptions(params: TaskGroupsParams) {
  return queryOptions({
    queryKey: taskKeys.taskGroups(params),
    queryFn: async ({ signal, client }) => {
      const data = await getTaskGroups(params, { signal });
      seedGroupListings(client, params, data);
      return data;
    },
    meta: { errorMessage: 'Could not load your tasks' },
  });
}

/**
 * One column's or cell's listing: its first page comes from the groups request (seeded above), later
 * pages from the listing endpoint as it scrolls. It does not refetch on its own when shown or on focus:
 * the groups request refreshes every first page at once.
 */
export function groupListingQueryOptions(listParams: TaskListParams) {
  return {
    ...tasksInfiniteQueryOptions(listParams, TASK_GROUP_PAGE_SIZE),
    refetchOnMount: false,
    refetchOnWindowFocus: false,
  } as const;
}
