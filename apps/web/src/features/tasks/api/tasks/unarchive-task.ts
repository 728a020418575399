import { taskSchema } from '@cairn/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { invalidateTaskData } from '../task-keys';
import { removeCachedTasks, restoreTaskCaches, snapshotTaskCaches } from './task-cache';

export function unarchiveTask(taskId: string) {
  return apiRequest(`/api/v1/tasks/${taskId}/unarchive`, { method: 'POST', schema: taskSchema });
}

/** The task leaves the archive listing at once and comes back if the server refuses. */
export function useUnarchiveTaskMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unarchiveTask,
    meta: { errorMessage: 'Could not bring the task back from the archive' },
    onMutate: async (taskId) => {
      const snapshot = await snapshotTaskCaches(queryClient);
      removeCachedTasks(queryClient, [taskId]);
      return { snapshot };
    },
    onError: (_error, _taskId, context) => restoreTaskCaches(queryClient, context?.snapshot),
    onSettled: () => invalidateTaskData(queryClient),
  });
}
