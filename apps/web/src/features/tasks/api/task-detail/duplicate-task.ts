import { taskSchema } from '@cairn/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { taskKeys } from '../task-keys';
import { placeCachedTask, refreshTaskCounts } from '../tasks/task-cache';

export function duplicateTask(taskId: string) {
  return apiRequest(`/api/v1/tasks/${taskId}/duplicate`, { method: 'POST', schema: taskSchema });
}

/** Copies the task with its checklist and subtasks; the copy lands right after the original. */
export function useDuplicateTaskMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateTask,
    meta: { errorMessage: 'Could not duplicate the task' },
    onSuccess: (copy) => {
      placeCachedTask(queryClient, copy, { isNew: true });
      // The copies of its subtasks are only known to the server: the listings on screen ask.
      if (copy.childrenCount > 0) void queryClient.invalidateQueries({ queryKey: taskKeys.taskLists() });
    },
    onSettled: (copy) => refreshTaskCounts(queryClient, { withLists: (copy?.childrenCount ?? 0) > 0 }),
  });
}
