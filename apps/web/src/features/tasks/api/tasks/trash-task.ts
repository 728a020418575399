import { apiRequest, noContentSchema } from '../../../../lib/api-client';
import { useOptimisticRemovalMutation } from '../../../../lib/optimistic-removal';
import { taskRemovalFromCache } from './task-cache';

export function trashTask(taskId: string) {
  return apiRequest(`/api/v1/tasks/${taskId}`, { method: 'DELETE', schema: noContentSchema });
}

/** Moves the task and its subtasks to the trash; it leaves the listing at once and comes back if the server refuses. */
export function useTrashTaskMutation() {
  return useOptimisticRemovalMutation({
    mutationFn: trashTask,
    errorMessage: 'Could not move the task to the trash',
    ...taskRemovalFromCache,
  });
}
