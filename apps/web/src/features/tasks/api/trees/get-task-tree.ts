import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { taskKeys } from '../task-keys';

export function getTaskTree(taskId: string, { signal }: { signal?: AbortSignal } = {}) {
  // Imported lazily: route loaders use this, and the contract would bring its schema library to every page.
  const schema = import('@cairn/contracts/tasks').then((contract) => contract.taskTreeNodeSchema);
  return apiRequest(`/api/v1/tasks/${taskId}/tree`, { schema, signal });
}

/** The task itself with its subtasks nested below it, as a forest of one so both trees render alike. */
export function taskTreeQueryOptions(taskId: string) {
  return queryOptions({
    queryKey: taskKeys.taskTree(taskId),
    queryFn: async ({ signal }) => [await getTaskTree(taskId, { signal })],
    meta: { isErrorToastHidden: true },
  });
}
