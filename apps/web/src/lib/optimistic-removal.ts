import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/** The cached data under some keys as it was before an optimistic change, to put back on failure. */
export type QuerySnapshot = [QueryKey, unknown][];

/** Stops refetches that would overwrite an optimistic change, and remembers what the cache held. */
export async function snapshotQueries(
  queryClient: QueryClient,
  queryKeys: readonly QueryKey[],
): Promise<QuerySnapshot> {
  await Promise.all(queryKeys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  return queryKeys.flatMap((queryKey) => queryClient.getQueriesData({ queryKey }));
}

export function restoreQueries(queryClient: QueryClient, snapshot: QuerySnapshot | undefined): void {
  for (const [queryKey, data] of snapshot ?? []) queryClient.setQueryData(queryKey, data);
}

interface OptimisticRemovalOptions<Id> {
  /** The request that moves the item away (archive, trash, delete…). */
  mutationFn: (id: Id) => Promise<unknown>;
  /** Every cached query the item may be shown in: held still, and put back if the server refuses. */
  queryKeys: readonly QueryKey[];
  /** Takes the item out of the cached queries. */
  removeFromCache: (queryClient: QueryClient, id: Id) => void;
  /** Refetches what the change affects, once the server has answered either way. */
  invalidate: (queryClient: QueryClient, id: Id) => Promise<unknown>;
  /** The toast's text when the server refuses. */
  errorMessage: string;
}

/**
 * A mutation whose item leaves the screen at once, before the server answers, and comes back if the
 * server refuses: the shape of archiving, unarchiving, trashing, restoring and deleting.
 */
export function useOptimisticRemovalMutation<Id>({
  mutationFn,
  queryKeys,
  removeFromCache,
  invalidate,
  errorMessage,
}: OptimisticRemovalOptions<Id>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { errorMessage },
    onMutate: async (id: Id) => {
      const snapshot = await snapshotQueries(queryClient, queryKeys);
      removeFromCache(queryClient, id);
      return { snapshot };
    },
    onError: (_error, _id, context) => restoreQueries(queryClient, context?.snapshot),
    onSettled: (_data, _error, id) => invalidate(queryClient, id),
  });
}
