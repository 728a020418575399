import { recentTrackerValuesSchema } from '@cairn/contracts/trackers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { trackerKeys } from './tracker-keys';

/** The sparklines' window. */
export const SPARKLINE_DAYS = 30;

export function getRecentValues(days: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/api/v1/trackers/recent-values?days=${days}`, {
    schema: recentTrackerValuesSchema,
    signal,
  });
}

/** Each tracker's value per day over the last `days` days, by tracker id. */
export function recentValuesQueryOptions(days: number = SPARKLINE_DAYS) {
  return queryOptions({
    queryKey: trackerKeys.recentValues(days),
    queryFn: ({ signal }) => getRecentValues(days, { signal }),
    select: (data) => new Map(data.items.map((item) => [item.trackerId, item.points])),
    // A sparkline missing is no reason to interrupt: the rows still show their values.
    meta: { isErrorToastHidden: true },
  });
}

export function useRecentValues(days: number = SPARKLINE_DAYS) {
  return useQuery(recentValuesQueryOptions(days));
}
