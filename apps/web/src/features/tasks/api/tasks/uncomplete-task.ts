import { taskSchema } from '@cairn/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { invalidateTaskData } from '../task-keys';
import { patchCachedTask, restoreTaskCaches, snapshotTaskCaches } from './task-cache';

export function uncompleteTask(taskId: string) {
  return apiRequest(`/api/v1/tasks/${taskId}/uncomplete`, { method: 'POST', schema: taskSchema });
}

/** Unticks the task at once and ticks it again if the server refuses. */
export function useUncompleteTaskMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uncompleteTask,
    meta: { errorMessage: 'Could not reopen the task' },
    onMutate: async (taskId) => {
      const snapshot = await snapshotTaskCaches(queryClient);
      patchCachedTask(queryClient, taskId, { completedAt: null });
      return { snapshot };
    },
    onError: (_error, _taskId, context) => restoreTaskCaches(queryClient, context?.snapshot),
    onSettled: () => invalidateTaskData(queryClient),
  });
}
