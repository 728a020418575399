import {
  type Tracker,
  type TrackerLog,
  type TrackerLogPage,
  trackerLogSchema,
  type UpdateTrackerLogBody,
} from '@cairn/contracts/trackers';
import {
  type InfiniteData,
  type QueryClient,
  type QueryKey,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { TrackerLogFilters } from '../utils/tracker-logs-search';
import { invalidateTrackers } from './invalidate-trackers';
import { trackerKeys } from './tracker-keys';

export function updateTrackerLog({ id, body }: { id: string; body: UpdateTrackerLogBody }) {
  return apiRequest(`/api/v1/tracker-logs/${id}`, { method: 'PATCH', body, schema: trackerLogSchema });
}

type LogListData = InfiniteData<TrackerLogPage, string | null>;

/**
 * Whether the saved log keeps its place among the loaded ones, newest first: its moment is unchanged,
 * or still falls strictly between its neighbours' (the edit form keeps minutes, so saving a value
 * alone drops the seconds of a logged moment).
 */
function staysInPlace(logs: readonly TrackerLog[], log: TrackerLog): boolean {
  const index = logs.findIndex((item) => item.id === log.id);
  const previous = logs[index];
  if (!previous) return false;
  const moment = log.logDate.getTime();
  if (previous.logDate.getTime() === moment) return true;
  const newer = logs[index - 1];
  const older = logs[index + 1];
  return (
    (newer === undefined || newer.logDate.getTime() > moment) &&
    (older === undefined || older.logDate.getTime() < moment)
  );
}

const sameKey = (a: QueryKey, b: QueryKey) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Puts the saved log in place in each listing of one hand-logged tracker where it keeps its place;
 * listings that may hold calculated logs (which follow from this one) or
 * whose order changed are read again, as is the rest of the area (values, sparklines, charts).
 */
function settleEdit(queryClient: QueryClient, log: TrackerLog): Promise<void> {
  const trackers = queryClient.getQueryData<{ items: Tracker[] }>(trackerKeys.trackers())?.items ?? [];
  const isPlain = (trackerId: string | undefined) => {
    const tracker = trackers.find((entry) => entry.id === trackerId);
    return tracker !== undefined && !tracker.isCalculated && !tracker.isSystem;
  };
  const kept: QueryKey[] = [];
  for (const [queryKey, data] of queryClient.getQueriesData<LogListData>({
    queryKey: trackerKeys.logLists(),
  })) {
    const filters = (queryKey[2] ?? {}) as TrackerLogFilters;
    if (!data || !isPlain(filters.trackerId)) continue;
    if (
      !staysInPlace(
        data.pages.flatMap((page) => page.items),
        log,
      )
    )
      continue;
    queryClient.setQueryData<LogListData>(queryKey, {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.map((item) => (item.id === log.id ? log : item)),
      })),
    });
    kept.push(queryKey);
  }
  return queryClient.invalidateQueries({
    queryKey: trackerKeys.all,
    predicate: (query) => !kept.some((key) => sameKey(key, query.queryKey)),
  });
}

export function useUpdateTrackerLogMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTrackerLog,
    // The row shows what the server refused beside its fields, or toasts it.
    meta: { isErrorToastHidden: true },
    onSuccess: (log) => settleEdit(queryClient, log),
    onError: () => invalidateTrackers(queryClient),
  });
}
