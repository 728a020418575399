import { taskSchema } from '@cairn/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { invalidateTaskData } from '../task-keys';
import { removeCachedTasks, restoreTaskCaches, snapshotTaskCaches } from './task-cache';

export function archiveTask(taskId: string) {
  return apiRequest(`/api/v1/tasks/${taskId}/archive`, { method: 'POST', schema: taskSchema });
}

/** The task leaves the current listing at once and comes back if the server refuses. */
export function useArchiveTaskMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveTask,
    meta: { errorMessage: 'Could not archive the task' },
    onMutate: async (taskId) => {
      const snapshot = await snapshotTaskCaches(queryClient);
      removeCachedTasks(queryClient, [taskId]);
      return { snapshot };
    },
    onError: (_error, _taskId, context) => restoreTaskCaches(queryClient, context?.snapshot),
    onSettled: () => invalidateTaskData(queryClient),
  });
}
