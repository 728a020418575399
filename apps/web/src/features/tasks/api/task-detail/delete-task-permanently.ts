import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, noContentSchema } from '../../../../lib/api-client';
import { taskKeys } from '../task-keys';
import { removeCachedTasks, restoreTaskCaches, snapshotTaskCaches } from '../tasks/task-cache';

export function deleteTaskPermanently(taskId: string) {
  return apiRequest(`/api/v1/tasks/${taskId}/permanent`, { method: 'DELETE', schema: noContentSchema });
}

/** Deletes a task in the trash for good, with its subtasks; it leaves the trash listing at once. */
export function useDeleteTaskPermanentlyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTaskPermanently,
    meta: { errorMessage: 'Could not delete the task' },
    onMutate: async (taskId) => {
      const snapshot = await snapshotTaskCaches(queryClient);
      removeCachedTasks(queryClient, [taskId]);
      return { snapshot };
    },
    onError: (_error, _taskId, context) => restoreTaskCaches(queryClient, context?.snapshot),
    // The deleted task's own page is being left; refetching it would only flash "not found".
    onSettled: (_data, _error, taskId) =>
      queryClient.invalidateQueries({
        queryKey: taskKeys.all,
        predicate: (query) =>
          query.queryKey[1] !== 'columns' &&
          !(query.queryKey[1] === 'detail' && query.queryKey[2] === taskId),
      }),
  });
}
