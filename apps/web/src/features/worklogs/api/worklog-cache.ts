import type { Worklog, WorklogPage } from '@cairn/contracts/worklogs';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { worklogKeys } from './worklog-keys';

export type WorklogListData = InfiniteData<WorklogPage, string | null>;

/**
 * Refreshes everything entries make. Overlap flags, totals and reports are the server's to compute,
 * so after any change they are asked for again rather than patched by hand.
 */
export function refreshWorklogEntries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: worklogKeys.entryData() });
}

/** Every cached week and list page, to hold still and restore around an optimistic change. */
export const entryListKeys = [worklogKeys.weeks(), worklogKeys.lists()] as const;

/** Takes entries out of every cached week and list at once, totals included. */
export function removeCachedWorklogs(queryClient: QueryClient, ids: ReadonlySet<string>): void {
  const keep = (entry: Worklog) => !ids.has(entry.id);
  queryClient.setQueriesData<WorklogPage>(
    { queryKey: worklogKeys.weeks() },
    (page) => page && { ...page, items: page.items.filter(keep) },
  );
  queryClient.setQueriesData<WorklogListData>(
    { queryKey: worklogKeys.lists() },
    (data) =>
      data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter(keep) })) },
  );
}

/** Puts the server's copy of an entry wherever it is cached already. */
export function replaceCachedWorklog(queryClient: QueryClient, worklog: Worklog): void {
  const swap = (entry: Worklog) => (entry.id === worklog.id ? worklog : entry);
  queryClient.setQueriesData<WorklogPage>(
    { queryKey: worklogKeys.weeks() },
    (page) => page && { ...page, items: page.items.map(swap) },
  );
  queryClient.setQueriesData<WorklogListData>(
    { queryKey: worklogKeys.lists() },
    (data) =>
      data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(swap) })) },
  );
}

/** Adds a new entry to the cached week it falls in, so it shows before the refresh answers. */
export function addCachedWorklog(queryClient: QueryClient, worklog: Worklog, monday: string): void {
  queryClient.setQueryData<WorklogPage>(worklogKeys.week(monday), (page) =>
    page && !page.items.some((entry) => entry.id === worklog.id)
      ? { ...page, items: [...page.items, worklog] }
      : page,
  );
}
