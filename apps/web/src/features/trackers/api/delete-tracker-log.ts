import type { TrackerLogPage } from '@cairn/contracts/trackers';
import type { InfiniteData } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, noContentSchema } from '../../../lib/api-client';
import { restoreQueries, snapshotQueries } from '../../../lib/optimistic-removal';
import { invalidateTrackers } from './invalidate-trackers';
import { trackerKeys } from './tracker-keys';

export function deleteTrackerLog(id: string) {
  return apiRequest(`/api/v1/tracker-logs/${id}`, { method: 'DELETE', schema: noContentSchema });
}

/** The log leaves the list at once, and comes back if the server refuses. */
export function useDeleteTrackerLogMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTrackerLog,
    meta: { errorMessage: 'Could not delete the log' },
    onMutate: async (id: string) => {
      const snapshot = await snapshotQueries(queryClient, [trackerKeys.logLists()]);
      queryClient.setQueriesData<InfiniteData<TrackerLogPage>>(
        { queryKey: trackerKeys.logLists() },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.filter((log) => log.id !== id),
            })),
          },
      );
      return { snapshot };
    },
    onError: (_error, _id, context) => restoreQueries(queryClient, context?.snapshot),
    onSettled: () => invalidateTrackers(queryClient),
  });
}
