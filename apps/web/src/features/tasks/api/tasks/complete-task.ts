import { taskSchema } from '@cairn/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { showErrorToast } from '../../../../lib/error-toast';
import { isHttpError } from '../../../../lib/errors';
import { invalidateTaskData } from '../task-keys';
import { patchCachedTask, restoreTaskCaches, snapshotTaskCaches } from './task-cache';

export interface CompleteTaskVariables {
  taskId: string;
  /** Completes the open subtasks too; without it, a task that has some answers HAS_OPEN_SUBTASKS. */
  withChildren?: boolean;
}

export function completeTask({ taskId, withChildren }: CompleteTaskVariables) {
  return apiRequest(`/api/v1/tasks/${taskId}/complete`, {
    method: 'POST',
    body: withChildren ? { withChildren } : {},
    schema: taskSchema,
  });
}

/** The API's refusal to complete a parent whose subtasks are open, so the user can be asked first. */
export function isOpenSubtasksError(error: unknown): boolean {
  return isHttpError(error) && error.code === 'HAS_OPEN_SUBTASKS';
}

/**
 * Ticks the task at once. A refusal because of open subtasks shows no toast: the caller asks the user
 * (see useCompleteTask) and sends it again with withChildren.
 */
export function useCompleteTaskMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeTask,
    meta: { isErrorToastHidden: true },
    onMutate: async ({ taskId }) => {
      const snapshot = await snapshotTaskCaches(queryClient);
      patchCachedTask(queryClient, taskId, { completedAt: new Date() });
      return { snapshot };
    },
    onError: (error, _variables, context) => {
      restoreTaskCaches(queryClient, context?.snapshot);
      if (!isOpenSubtasksError(error)) showErrorToast(error, 'Could not complete the task');
    },
    onSettled: () => invalidateTaskData(queryClient),
  });
}
