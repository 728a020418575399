import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { taskKeys } from '../task-keys';

export function getTaskDetail(taskId: string, { signal }: { signal?: AbortSignal } = {}) {
  // Imported lazily: route loaders use this, and the contract would bring its schema library to every page.
  const schema = import('@cairn/contracts/tasks').then((contract) => contract.taskDetailSchema);
  return apiRequest(`/api/v1/tasks/${taskId}`, { schema, signal });
}

export function taskDetailQueryOptions(taskId: string) {
  return queryOptions({
    queryKey: taskKeys.detail(taskId),
    queryFn: ({ signal }) => getTaskDetail(taskId, { signal }),
    // The page shows "not found" and other failures itself.
    meta: { isErrorToastHidden: true },
  });
}
