import { taskForestSchema } from '@cairn/contracts/tasks';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { taskKeys } from '../task-keys';

export function getListTree(listId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/api/v1/lists/${listId}/tree`, { schema: taskForestSchema, signal });
}

/** The list's top-level tasks with their subtasks nested below them. */
export function listTreeQueryOptions(listId: string) {
  return queryOptions({
    queryKey: taskKeys.listTree(listId),
    queryFn: async ({ signal }) => (await getListTree(listId, { signal })).items,
    meta: { isErrorToastHidden: true },
  });
}
