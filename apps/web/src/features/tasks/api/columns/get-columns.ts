import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { freshOnThisPageFor } from '../../../../lib/query-client';
import { taskKeys } from '../task-keys';

export function getColumns({ signal }: { signal?: AbortSignal } = {}) {
  // Imported lazily: route loaders use this, and the contract would bring its schema library to every page.
  const schema = import('@cairn/contracts/columns').then((contract) => contract.columnListSchema);
  return apiRequest('/api/v1/columns', { schema, signal });
}

/** The board's columns, left to right. */
export function columnsQueryOptions() {
  return queryOptions({
    queryKey: taskKeys.columns(),
    queryFn: getColumns,
    // Changed only through this app, whose mutations refresh them; the loader's copy serves the screen.
    staleTime: freshOnThisPageFor(60_000),
    select: (data) => data.items,
    meta: { errorMessage: 'Could not load the board columns' },
  });
}
