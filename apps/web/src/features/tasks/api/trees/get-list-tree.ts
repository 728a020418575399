import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { taskKeys } from '../task-keys';

export function getListTree(listId: string, { signal }: { signal?: AbortSignal } = {}) {
  // Imported lazily: route loaders use this, and the contract would bring its schema library to every page.
  const schema = import('@cairn/contracts/tasks').then((contract) => contract.taskForestSchema);
  return apiRequest(`/api/v1/lists/${listId}/tree`, { schema, signal });
}

/** The list's top-level tasks with their subtasks nested below them. */
export function listTreeQueryOptions(listId: string) {
  return queryOptions({
    queryKey: taskKeys.listTree(listId),
    queryFn: async ({ signal }) => (await getListTree(listId, { signal })).items,
    meta: { isErrorToastHidden: true },
  });
}
