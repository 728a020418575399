import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { worklogKeys } from './worklog-keys';

export function getTaskWorklogTotals(taskId: string, { signal }: { signal?: AbortSignal } = {}) {
  const schema = import('@cairn/contracts/worklogs').then((contract) => contract.taskWorklogTotalsSchema);
  return apiRequest(`/api/v1/tasks/${taskId}/worklog-totals`, { schema, signal });
}

/** Time logged on a task, and on it with all its subtasks. */
export function taskWorklogTotalsQueryOptions(taskId: string) {
  return queryOptions({
    queryKey: worklogKeys.taskTotals(taskId),
    queryFn: ({ signal }) => getTaskWorklogTotals(taskId, { signal }),
    // The panel shows its own failure; the task page around it is what matters.
    meta: { isErrorToastHidden: true },
  });
}
