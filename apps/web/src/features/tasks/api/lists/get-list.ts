import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { taskKeys } from '../task-keys';

export function getList(listId: string, { signal }: { signal?: AbortSignal } = {}) {
  // Imported lazily: route loaders use this, and the contract would bring its schema library to every page.
  const schema = import('@cairn/contracts/lists').then((contract) => contract.listSchema);
  return apiRequest(`/api/v1/lists/${listId}`, { schema, signal });
}

export function listQueryOptions(listId: string) {
  return queryOptions({
    queryKey: taskKeys.list(listId),
    queryFn: ({ signal }) => getList(listId, { signal }),
    meta: { errorMessage: 'Could not load the list' },
  });
}
