import { taskSchema } from '@cairn/contracts/tasks';
import { apiRequest } from '../../../../lib/api-client';
import { useOptimisticRemovalMutation } from '../../../../lib/optimistic-removal';
import { placeReturnedTask, refreshTaskCounts, taskRemovalFromCache } from './task-cache';

export function unarchiveTask(taskId: string) {
  return apiRequest(`/api/v1/tasks/${taskId}/unarchive`, { method: 'POST', schema: taskSchema });
}

/** The task leaves the archive listing at once and comes back if the server refuses. */
export function useUnarchiveTaskMutation() {
  return useOptimisticRemovalMutation({
    mutationFn: unarchiveTask,
    errorMessage: 'Could not bring the task back from the archive',
    ...taskRemovalFromCache,
    onRemoved: placeReturnedTask,
    invalidate: (queryClient) => refreshTaskCounts(queryClient),
  });
}
