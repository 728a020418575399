import { apiRequest, noContentSchema } from '../../../../lib/api-client';
import { useOptimisticRemovalMutation } from '../../../../lib/optimistic-removal';
import { taskRemovalFromCache } from '../tasks/task-cache';

export function purgeTask(taskId: string) {
  return apiRequest(`/api/v1/tasks/${taskId}/permanent`, { method: 'DELETE', schema: noContentSchema });
}

/**
 * Deletes a task in the trash for good, with its subtasks; it leaves the trash listing at once. Tasks in
 * the trash count nowhere, so nothing else needs refreshing (and refetching the deleted task's own page,
 * being left, would only flash "not found").
 */
export function usePurgeTaskMutation() {
  return useOptimisticRemovalMutation({
    mutationFn: purgeTask,
    errorMessage: 'Could not delete the task',
    ...taskRemovalFromCache,
    invalidate: () => Promise.resolve(),
  });
}
