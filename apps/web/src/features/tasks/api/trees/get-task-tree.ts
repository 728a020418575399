import { taskTreeNodeSchema } from '@cairn/contracts/tasks';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { taskKeys } from '../task-keys';

export function getTaskTree(taskId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/api/v1/tasks/${taskId}/tree`, { schema: taskTreeNodeSchema, signal });
}

/** The task itself with its subtasks nested below it, as a forest of one so both trees render alike. */
export function taskTreeQueryOptions(taskId: string) {
  return queryOptions({
    queryKey: taskKeys.taskTree(taskId),
    queryFn: async ({ signal }) => [await getTaskTree(taskId, { signal })],
    meta: { isErrorToastHidden: true },
  });
}
