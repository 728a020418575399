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

interface OptimisticRemovalOptions<Id, Result, Removed> {
  /** The request that moves the item away (archive, trash, delete…). */
  mutationFn: (id: Id) => Promise<Result>;
  /** Every cached query the item may be shown in: held still, and put back if the server refuses. */
  queryKeys: readonly QueryKey[];
  /** Takes the item out of the cached queries; what it answers (say, the item as it was) reaches onRemoved. */
  removeFromCache: (queryClient: QueryClient, id: Id) => Removed;
  /**
   * Once the server has agreed: puts its answer where the item now belongs (the archive's listing,
   * the list it came back to), in the cache, without refetching.
   */
  onRemoved?: (queryClient: QueryClient, result: Result, context: { id: Id; removed: Removed }) => void;
  /** Refreshes what only the server can tell (counts), once it has answered either way; keep it small. */
  invalidate: (queryClient: QueryClient, id: Id) => Promise<unknown>;
  /** The toast's text when the server refuses. */
  errorMessage: string;
}

/**
 * A mutation whose item leaves the screen at once, before the server answers, and comes back if the
 * server refuses: the shape of archiving, unarchiving, trashing, restoring and deleting. The cache is
 * updated in place (see lib/cache-updates.ts), so no listing is refetched page by page.
 */
export function useOptimisticRemovalMutation<Id, Result, Removed>({
  mutationFn,
  queryKeys,
  removeFromCache,
  onRemoved,
  invalidate,
  errorMessage,
}: OptimisticRemovalOptions<Id, Result, Removed>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { errorMessage },
    onMutate: async (id: Id) => {
      const snapshot = await snapshotQueries(queryClient, queryKeys);
      const removed = removeFromCache(queryClient, id);
      return { snapshot, removed };
    },
    onSuccess: (result, id, context) => onRemoved?.(queryClient, result, { id, removed: context.removed }),
    onError: (_error, _id, context) => restoreQueries(queryClient, context?.snapshot),
    onSettled: (_data, _error, id) => invalidate(queryClient, id),
  });
}
