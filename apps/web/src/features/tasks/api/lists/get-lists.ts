import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { freshOnThisPageFor } from '../../../../lib/query-client';
import { taskKeys } from '../task-keys';

export function getLists({ signal }: { signal?: AbortSignal } = {}) {
  // Imported lazily: route loaders use this, and the contract would bring its schema library to every page.
  const schema = import('@cairn/contracts/lists').then((contract) => contract.listSummariesSchema);
  return apiRequest('/api/v1/lists', { schema, signal });
}

/** The user's lists in their order, each with its open and completed task counts. */
export function listsQueryOptions() {
  return queryOptions({
    queryKey: taskKeys.lists(),
    queryFn: getLists,
    // Changed only through this app, whose mutations refresh them; the loader's copy serves the screen.
    staleTime: freshOnThisPageFor(60_000),
    select: (data) => data.items,
    meta: { errorMessage: 'Could not load your lists' },
  });
}
