import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, noContentSchema } from '../../../lib/api-client';
import { restoreQueries, snapshotQueries } from '../../../lib/optimistic-removal';
import { entryListKeys, refreshWorklogEntries, removeCachedWorklogs } from './worklog-cache';

export function deleteWorklog(worklogId: string) {
  return apiRequest(`/api/v1/worklogs/${worklogId}`, { method: 'DELETE', schema: noContentSchema });
}

/** The entry leaves the week and the list at once, and comes back if the server refuses. */
export function useDeleteWorklogMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorklog,
    meta: { errorMessage: 'Could not delete the entry' },
    onMutate: async (worklogId: string) => {
      const snapshot = await snapshotQueries(queryClient, entryListKeys);
      removeCachedWorklogs(queryClient, new Set([worklogId]));
      return { snapshot };
    },
    onError: (_error, _worklogId, context) => restoreQueries(queryClient, context?.snapshot),
    onSettled: () => refreshWorklogEntries(queryClient),
  });
}
