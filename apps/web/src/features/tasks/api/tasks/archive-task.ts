import { taskSchema } from '@cairn/contracts/tasks';
import { apiRequest } from '../../../../lib/api-client';
import { useOptimisticRemovalMutation } from '../../../../lib/optimistic-removal';
import { placeReturnedTask, refreshTaskCounts, taskRemovalFromCache } from './task-cache';

export function archiveTask(taskId: string) {
  return apiRequest(`/api/v1/tasks/${taskId}/archive`, { method: 'POST', schema: taskSchema });
}

/** The task leaves the current listing at once and comes back if the server refuses. */
export function useArchiveTaskMutation() {
  return useOptimisticRemovalMutation({
    mutationFn: archiveTask,
    errorMessage: 'Could not archive the task',
    ...taskRemovalFromCache,
    onRemoved: placeReturnedTask,
    invalidate: (queryClient) => refreshTaskCounts(queryClient),
  });
}
