import { taskSchema } from '@cairn/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { invalidateTaskData } from '../task-keys';

export function duplicateTask(taskId: string) {
  return apiRequest(`/api/v1/tasks/${taskId}/duplicate`, { method: 'POST', schema: taskSchema });
}

/** Copies the task with its checklist and subtasks; the copy lands right after the original. */
export function useDuplicateTaskMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateTask,
    meta: { errorMessage: 'Could not duplicate the task' },
    onSettled: () => invalidateTaskData(queryClient),
  });
}
