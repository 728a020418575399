import { type ListTrackerLogsQuery, trackerLogPageSchema } from '@cairn/contracts/trackers';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { TrackerLogFilters } from '../utils/tracker-logs-search';
import { trackerKeys } from './tracker-keys';

/** The list loads this many logs at a time. */
export const TRACKER_LOG_PAGE_SIZE = 50;

export function getTrackerLogs(query: ListTrackerLogsQuery, { signal }: { signal?: AbortSignal } = {}) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const suffix = search.size > 0 ? `?${search}` : '';
  return apiRequest(`/api/v1/tracker-logs${suffix}`, { schema: trackerLogPageSchema, signal });
}

/** Newest first, page by page (`fetchNextPage` follows the cursor). */
export function trackerLogsInfiniteQueryOptions(filters: TrackerLogFilters) {
  return infiniteQueryOptions({
    queryKey: trackerKeys.logList(filters),
    queryFn: ({ pageParam, signal }) =>
      getTrackerLogs(
        { ...filters, limit: TRACKER_LOG_PAGE_SIZE, ...(pageParam && { cursor: pageParam }) },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Could not load your logs' },
  });
}
