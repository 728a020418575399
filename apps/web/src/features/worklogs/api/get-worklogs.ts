import type { ListWorklogsQuery } from '@cairn/contracts/worklogs';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { addDays } from '../utils/calendar-days';
import type { WorklogFilters } from '../utils/worklogs-search';
import { worklogKeys } from './worklog-keys';

/** The list loads this many entries at a time. */
export const WORKLOG_PAGE_SIZE = 100;
/** A week in one answer: more entries than this in seven days is not a timesheet. */
export const WEEK_PAGE_SIZE = 500;

export function getWorklogs(query: ListWorklogsQuery, { signal }: { signal?: AbortSignal } = {}) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const suffix = search.size > 0 ? `?${search}` : '';
  // Imported lazily: route loaders use this, and the contract would bring its schema library to every page.
  const schema = import('@cairn/contracts/worklogs').then((contract) => contract.worklogPageSchema);
  return apiRequest(`/api/v1/worklogs${suffix}`, { schema, signal });
}

/** Monday to Sunday of one week, every entry, with the week's totals. */
export function worklogWeekQueryOptions(monday: string) {
  return queryOptions({
    queryKey: worklogKeys.week(monday),
    queryFn: ({ signal }) =>
      getWorklogs({ from: monday, to: addDays(monday, 6), limit: WEEK_PAGE_SIZE }, { signal }),
    // The week before stays on screen, dimmed, while the next one loads.
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Could not load the week' },
  });
}

/** The filtered list, page by page (`fetchNextPage` follows the cursor); totals cover every match. */
export function worklogListInfiniteQueryOptions(filters: WorklogFilters) {
  return infiniteQueryOptions({
    queryKey: worklogKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      getWorklogs(
        { ...filters, limit: WORKLOG_PAGE_SIZE, ...(pageParam && { cursor: pageParam }) },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Could not load your work log' },
  });
}
