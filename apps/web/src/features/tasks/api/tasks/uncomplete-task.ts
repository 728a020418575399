import { taskSchema } from '@cairn/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import {
  findCachedTask,
  patchCachedTask,
  placeCachedTask,
  refreshTaskCounts,
  restoreTaskCaches,
  snapshotTaskCaches,
} from './task-cache';

export function uncompleteTask(taskId: string) {
  return apiRequest(`/api/v1/tasks/${taskId}/uncomplete`, { method: 'POST', schema: taskSchema });
}

/**
 * Unticks the task at once and ticks it again if the server refuses; the server's answer moves it where
 * it now belongs (back into open listings, out of the completion column).
 */
export function useUncompleteTaskMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uncompleteTask,
    meta: { errorMessage: 'Could not reopen the task' },
    onMutate: async (taskId) => {
      const snapshot = await snapshotTaskCaches(queryClient);
      const previous = findCachedTask(queryClient, taskId);
      patchCachedTask(queryClient, taskId, { completedAt: null });
      return { snapshot, previous };
    },
    onSuccess: (task, _taskId, context) => placeCachedTask(queryClient, task, { previous: context.previous }),
    onError: (_error, _taskId, context) => restoreTaskCaches(queryClient, context?.snapshot),
    onSettled: () => refreshTaskCounts(queryClient),
  });
}
