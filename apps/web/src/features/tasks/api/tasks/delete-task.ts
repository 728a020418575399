import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, noContentSchema } from '../../../../lib/api-client';
import { invalidateTaskData } from '../task-keys';
import { removeCachedTasks, restoreTaskCaches, snapshotTaskCaches } from './task-cache';

export function deleteTask(taskId: string) {
  return apiRequest(`/api/v1/tasks/${taskId}`, { method: 'DELETE', schema: noContentSchema });
}

/** Moves the task and its subtasks to the trash; it leaves the listing at once and comes back if the server refuses. */
export function useDeleteTaskMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTask,
    meta: { errorMessage: 'Could not move the task to the trash' },
    onMutate: async (taskId) => {
      const snapshot = await snapshotTaskCaches(queryClient);
      removeCachedTasks(queryClient, [taskId]);
      return { snapshot };
    },
    onError: (_error, _taskId, context) => restoreTaskCaches(queryClient, context?.snapshot),
    onSettled: () => invalidateTaskData(queryClient),
  });
}
