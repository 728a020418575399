import { completeTaskResponseSchema } from '@cairn/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { showErrorToast } from '../../../../lib/error-toast';
import { isHttpError } from '../../../../lib/errors';
import { taskKeys } from '../task-keys';
import {
  findCachedTask,
  patchCachedTask,
  placeCachedTask,
  refreshTaskCounts,
  restoreTaskCaches,
  snapshotTaskCaches,
} from './task-cache';

export interface CompleteTaskVariables {
  taskId: string;
  /** Completes the open subtasks too; without it, a task that has some answers HAS_OPEN_SUBTASKS. */
  withChildren?: boolean;
}

export function completeTask({ taskId, withChildren }: CompleteTaskVariables) {
  return apiRequest(`/api/v1/tasks/${taskId}/complete`, {
    method: 'POST',
    body: withChildren ? { withChildren } : {},
    schema: completeTaskResponseSchema,
  });
}

/** The API's refusal to complete a parent whose subtasks are open, so the user can be asked first. */
export function isOpenSubtasksError(error: unknown): boolean {
  return isHttpError(error) && error.code === 'HAS_OPEN_SUBTASKS';
}

/**
 * Ticks the task at once, where it is; the server's answer then moves it where it now belongs (out of
 * open listings, into the completion column). A refusal because of open subtasks shows no toast: the
 * caller asks the user (see useCompleteTask) and sends it again with withChildren.
 */
export function useCompleteTaskMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeTask,
    meta: { isErrorToastHidden: true },
    onMutate: async ({ taskId }) => {
      const snapshot = await snapshotTaskCaches(queryClient);
      const previous = findCachedTask(queryClient, taskId);
      patchCachedTask(queryClient, taskId, { completedAt: new Date() });
      return { snapshot, previous };
    },
    onSuccess: ({ nextOccurrence, ...task }, { withChildren }, context) => {
      placeCachedTask(queryClient, task, { previous: context.previous });
      // A recurring task's next occurrence joins the listings it belongs to, as a new task would.
      if (nextOccurrence) placeCachedTask(queryClient, nextOccurrence, { isNew: true });
      // Subtasks were completed and moved, or re-created under the next occurrence, which only the
      // server knows: what is on screen asks.
      if ((withChildren && task.childrenCount > 0) || (nextOccurrence?.childrenCount ?? 0) > 0) {
        void queryClient.invalidateQueries({
          queryKey: taskKeys.all,
          predicate: ({ queryKey }) => queryKey[1] !== 'columns',
        });
      }
    },
    onError: (error, _variables, context) => {
      restoreTaskCaches(queryClient, context?.snapshot);
      if (!isOpenSubtasksError(error)) showErrorToast(error, 'Could not complete the task');
    },
    onSettled: () => refreshTaskCounts(queryClient),
  });
}
