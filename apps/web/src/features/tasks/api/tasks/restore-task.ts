import { taskSchema } from '@cairn/contracts/tasks';
import { apiRequest } from '../../../../lib/api-client';
import { useOptimisticRemovalMutation } from '../../../../lib/optimistic-removal';
import { taskRemovalFromCache } from './task-cache';

export function restoreTask(taskId: string) {
  return apiRequest(`/api/v1/tasks/${taskId}/restore`, { method: 'POST', schema: taskSchema });
}

/** The task (with its subtasks) leaves the trash listing at once and comes back if the server refuses. */
export function useRestoreTaskMutation() {
  return useOptimisticRemovalMutation({
    mutationFn: restoreTask,
    errorMessage: 'Could not restore the task',
    ...taskRemovalFromCache,
  });
}
