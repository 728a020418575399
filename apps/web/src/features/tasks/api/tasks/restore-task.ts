import { taskSchema } from '@cairn/contracts/tasks';
import { apiRequest } from '../../../../lib/api-client';
import { useOptimisticRemovalMutation } from '../../../../lib/optimistic-removal';
import { taskKeys } from '../task-keys';
import { placeReturnedTask, refreshTaskCounts, taskRemovalFromCache } from './task-cache';

export function restoreTask(taskId: string) {
  return apiRequest(`/api/v1/tasks/${taskId}/restore`, { method: 'POST', schema: taskSchema });
}

/** The task (with its subtasks) leaves the trash listing at once and comes back if the server refuses. */
export function useRestoreTaskMutation() {
  return useOptimisticRemovalMutation({
    mutationFn: restoreTask,
    errorMessage: 'Could not restore the task',
    ...taskRemovalFromCache,
    onRemoved: (queryClient, task, context) => {
      placeReturnedTask(queryClient, task, context);
      // Its subtasks came back too, and the cache does not know where they go: the listings on
      // screen ask (the trash itself, usually, where they are gone already).
      if (task.childrenCount > 0) void queryClient.invalidateQueries({ queryKey: taskKeys.taskLists() });
    },
    // The subtree's share of the lists' counts is only known to the server.
    invalidate: (queryClient) => refreshTaskCounts(queryClient, { withLists: true }),
  });
}
