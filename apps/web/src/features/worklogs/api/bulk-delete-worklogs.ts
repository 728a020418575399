import { bulkDeleteWorklogsResultSchema } from '@cairn/contracts/worklogs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { restoreQueries, snapshotQueries } from '../../../lib/optimistic-removal';
import { entryListKeys, refreshWorklogEntries, removeCachedWorklogs } from './worklog-cache';

export function bulkDeleteWorklogs(ids: readonly string[]) {
  return apiRequest('/api/v1/worklogs/bulk-delete', {
    method: 'POST',
    body: { ids },
    schema: bulkDeleteWorklogsResultSchema,
  });
}

/** The chosen entries leave at once and come back if the server refuses. */
export function useBulkDeleteWorklogsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteWorklogs,
    meta: { errorMessage: 'Could not delete the entries' },
    onMutate: async (ids: readonly string[]) => {
      const snapshot = await snapshotQueries(queryClient, entryListKeys);
      removeCachedWorklogs(queryClient, new Set(ids));
      return { snapshot };
    },
    onError: (_error, _ids, context) => restoreQueries(queryClient, context?.snapshot),
    onSettled: () => refreshWorklogEntries(queryClient),
  });
}
