import { listSchema } from '@cairn/contracts/lists';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { taskKeys } from '../task-keys';

export function getList(listId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/api/v1/lists/${listId}`, { schema: listSchema, signal });
}

export function listQueryOptions(listId: string) {
  return queryOptions({
    queryKey: taskKeys.list(listId),
    queryFn: ({ signal }) => getList(listId, { signal }),
    meta: { errorMessage: 'Could not load the list' },
  });
}
