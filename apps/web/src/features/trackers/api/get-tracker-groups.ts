import { trackerGroupListSchema } from '@cairn/contracts/trackers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { trackerKeys } from './tracker-keys';

export function getTrackerGroups({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/v1/tracker-groups', { schema: trackerGroupListSchema, signal });
}

/** The user's tracker groups, in the user's order. */
export function trackerGroupsQueryOptions() {
  return queryOptions({
    queryKey: trackerKeys.groups(),
    queryFn: getTrackerGroups,
    select: (data) => data.items,
    meta: { errorMessage: 'Could not load your tracker groups' },
  });
}

export function useTrackerGroups() {
  return useQuery(trackerGroupsQueryOptions());
}
