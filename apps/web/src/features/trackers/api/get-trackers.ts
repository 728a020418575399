import { trackerListSchema } from '@cairn/contracts/trackers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { trackerKeys } from './tracker-keys';

export function getTrackers({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/v1/trackers', { schema: trackerListSchema, signal });
}

/** The user's trackers, every group's, in the user's order. */
export function trackersQueryOptions() {
  return queryOptions({
    queryKey: trackerKeys.trackers(),
    queryFn: getTrackers,
    select: (data) => data.items,
    meta: { errorMessage: 'Could not load your trackers' },
  });
}

export function useTrackers() {
  return useQuery(trackersQueryOptions());
}
