import { apiRequest, noContentSchema } from '../../../../lib/api-client';
import { useOptimisticRemovalMutation } from '../../../../lib/optimistic-removal';
import { taskKeys } from '../task-keys';
import { taskRemovalFromCache } from '../tasks/task-cache';

export function purgeTask(taskId: string) {
  return apiRequest(`/api/v1/tasks/${taskId}/permanent`, { method: 'DELETE', schema: noContentSchema });
}

/** Deletes a task in the trash for good, with its subtasks; it leaves the trash listing at once. */
export function usePurgeTaskMutation() {
  return useOptimisticRemovalMutation({
    mutationFn: purgeTask,
    errorMessage: 'Could not delete the task',
    ...taskRemovalFromCache,
    // The deleted task's own page is being left; refetching it would only flash "not found".
    invalidate: (queryClient, taskId) =>
      queryClient.invalidateQueries({
        queryKey: taskKeys.all,
        predicate: (query) =>
          query.queryKey[1] !== 'columns' &&
          !(query.queryKey[1] === 'detail' && query.queryKey[2] === taskId),
      }),
  });
}
