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

/** What an entry's place, overlaps, totals and filters follow from; anything else is only shown. */
const figureFields = [
  'projectId',
  'categoryId',
  'taskId',
  'workDate',
  'startTime',
  'endTime',
  'crossesMidnight',
  'duration',
  'breaksMultiplier',
  'durationWithBreaks',
] as const satisfies readonly (keyof Worklog)[];

/** The cached copy of an entry, from any week or list page. */
export function findCachedWorklog(queryClient: QueryClient, worklogId: string): Worklog | undefined {
  for (const [, page] of queryClient.getQueriesData<WorklogPage>({ queryKey: worklogKeys.weeks() })) {
    const found = page?.items.find((entry) => entry.id === worklogId);
    if (found) return found;
  }
  for (const [, data] of queryClient.getQueriesData<WorklogListData>({ queryKey: worklogKeys.lists() })) {
    const found = data?.pages.flatMap((page) => page.items).find((entry) => entry.id === worklogId);
    if (found) return found;
  }
  return undefined;
}

/**
 * After an edit: with the same figures (a new description or link), the entry replaced in place is
 * all the weeks and lists need, so only reports and totals are marked stale, and a list scrolled
 * through many pages is not read again page by page. A text filter may take the entry in or out, so
 * such lists are read again; so is everything when a figure changed.
 */
export function refreshAfterEdit(
  queryClient: QueryClient,
  previous: Worklog | undefined,
  saved: Worklog,
): Promise<void> {
  const isSameFigures =
    previous !== undefined && figureFields.every((field) => previous[field] === saved[field]);
  if (!isSameFigures) return refreshWorklogEntries(queryClient);
  return queryClient.invalidateQueries({
    queryKey: worklogKeys.entryData(),
    predicate: (query) => {
      const [, , kind, filters] = query.queryKey;
      if (kind === 'week') return false;
      if (kind === 'list')
        return typeof filters === 'object' && filters !== null && 'q' in filters && filters.q !== undefined;
      return true;
    },
  });
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
