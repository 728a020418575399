import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { flattenTaskPages, type TaskListData } from '../../api/tasks/task-cache';

/**
 * How many tasks the cached listings hold in all (each first page's total, else what is loaded), plus
 * `extra`; kept current as the cache changes, so an empty board notices its first card.
 */
export function useCachedTotal(keys: readonly QueryKey[], extra = 0): number {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  return useSyncExternalStore(subscribe, () => {
    let total = extra;
    for (const key of keys) {
      const data = queryClient.getQueryData<TaskListData>(key);
      total += data?.pages[0]?.total ?? flattenTaskPages(data).length;
    }
    return total;
  });
}
