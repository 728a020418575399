import { trackerListWithGroupsSchema } from '@cairn/contracts/trackers';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getTrackerGroups, trackerGroupsQueryOptions } from './get-tracker-groups';
import { trackersQueryOptions } from './get-trackers';

export function getTrackersWithGroups({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/v1/trackers?include=groups', { schema: trackerListWithGroupsSchema, signal });
}

/**
 * The trackers and their groups, which the trackers screen lists together, for its loader: when both
 * are missing, in one request, each part under its own key in the shape its own endpoint answers, so
 * refetches later go to that endpoint.
 */
export function ensureTrackersAndGroups(queryClient: QueryClient): Promise<unknown> {
  const trackers = trackersQueryOptions();
  const groups = trackerGroupsQueryOptions();
  const isMissing = (queryKey: readonly unknown[]) => queryClient.getQueryData(queryKey) === undefined;
  if (!isMissing(trackers.queryKey) || !isMissing(groups.queryKey)) {
    return Promise.all([queryClient.ensureQueryData(trackers), queryClient.ensureQueryData(groups)]);
  }
  // Sent by the first part that fetches, so nothing goes out while queries are paused offline.
  let shared: ReturnType<typeof getTrackersWithGroups> | undefined;
  const both = () => (shared ??= getTrackersWithGroups());
  return Promise.all([
    queryClient.ensureQueryData({
      queryKey: trackers.queryKey,
      meta: trackers.meta,
      queryFn: () => both().then(({ items }) => ({ items })),
    }),
    queryClient.ensureQueryData({
      queryKey: groups.queryKey,
      meta: groups.meta,
      // Only a server that does not know include=groups leaves them out.
      queryFn: ({ signal }) => both().then((answer) => answer.groups ?? getTrackerGroups({ signal })),
    }),
  ]);
}
