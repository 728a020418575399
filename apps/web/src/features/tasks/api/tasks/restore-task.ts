import { taskSchema } from '@cairn/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { invalidateTaskData } from '../task-keys';
import { removeCachedTasks, restoreTaskCaches, snapshotTaskCaches } from './task-cache';

export function restoreTask(taskId: string) {
  return apiRequest(`/api/v1/tasks/${taskId}/restore`, { method: 'POST', schema: taskSchema });
}

/** The task (with its subtasks) leaves the trash listing at once and comes back if the server refuses. */
export function useRestoreTaskMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreTask,
    meta: { errorMessage: 'Could not restore the task' },
    onMutate: async (taskId) => {
      const snapshot = await snapshotTaskCaches(queryClient);
      removeCachedTasks(queryClient, [taskId]);
      return { snapshot };
    },
    onError: (_error, _taskId, context) => restoreTaskCaches(queryClient, context?.snapshot),
    onSettled: () => invalidateTaskData(queryClient),
  });
}
